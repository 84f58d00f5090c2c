/**
 * The application: start-up, the main window and its menus, files (open, save, autosave, recent). Uses
 * every other {@code ui} room.
 */
package org.vramsheet.ui.app;
