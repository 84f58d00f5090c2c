/**
 * The application: start-up, the main window and its menus, files (open, save, autosave, recent). Uses
 * {@code core}, {@code io}, {@code report}, {@code ui.charts}, {@code ui.dialogs}, {@code ui.model},
 * {@code ui.sections}, {@code ui.text}: every other {@code ui} room.
 */
package org.vramsheet.ui.app;
