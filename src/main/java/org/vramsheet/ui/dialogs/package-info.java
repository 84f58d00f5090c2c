/**
 * Dialogs and their ViewModels: import a model, export a report, paste an engine log, about; the dialog
 * service interface that keeps ViewModels testable. Uses {@code core}, {@code io}, {@code report}, {@code ui.model},
 * {@code ui.sections}, {@code ui.text}.
 */
package org.vramsheet.ui.dialogs;
