/**
 * The application: start-up, the main window (a shell wiring the menu bar, the dialog launcher with its one background
 * executor, the one autosave timer, theme and undo keys) and files (open, save, autosave, recent). Uses
 * {@code core}, {@code io}, {@code report}, {@code ui.charts}, {@code ui.dialogs}, {@code ui.model},
 * {@code ui.sections}, {@code ui.text}: every other {@code ui} room.
 */
package org.vramsheet.ui.app;
