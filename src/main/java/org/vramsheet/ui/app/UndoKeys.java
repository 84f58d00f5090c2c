package org.vramsheet.ui.app;

import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * Ctrl+Z / Ctrl+Y: a text field with its own typing history undoes that first; otherwise the sheet steps back through
 * its edits.
 */
final class UndoKeys {
    private static final KeyCombination UNDO = KeyCombination.keyCombination("Shortcut+Z");
    private static final KeyCombination REDO = KeyCombination.keyCombination("Shortcut+Y");
    private static final KeyCombination REDO_2 = KeyCombination.keyCombination("Shortcut+Shift+Z");

    private UndoKeys() { }

    static void install(Scene scene, SheetViewModel vm) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            boolean undo = UNDO.match(e);
            boolean redo = REDO.match(e) || REDO_2.match(e);
            if (!undo && !redo) {
                return;
            }
            if (scene.getFocusOwner() instanceof TextInputControl t && (undo ? t.isUndoable() : t.isRedoable())) {
                return;
            }
            if (undo) {
                vm.undo();
            } else {
                vm.redo();
            }
            e.consume();
        });
    }
}
