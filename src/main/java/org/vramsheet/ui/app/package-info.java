/**
 * The application: start-up, the main window (a shell wiring the menu bar, the dialog launcher with its one background
 * executor, the one autosave timer, theme and undo keys) and files (open, save, autosave, recent). Uses every other
 * {@code ui} room.
 */
package org.vramsheet.ui.app;
