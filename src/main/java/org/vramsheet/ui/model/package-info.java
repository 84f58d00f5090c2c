/**
 * ViewModels: one per worksheet section plus the sheet's, with observable inputs, live results, undo / redo.
 * No controls. Uses {@code core}, {@code io}, {@code ui.text}.
 */
package org.vramsheet.ui.model;
