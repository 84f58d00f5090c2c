package org.vramsheet.ui.model;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The undo history in plain Java: steps at checkpoints, undo and redo, and boundaries no step crosses. */
class UndoHistoryTest {
    @Test
    void aChangeBetweenCheckpointsIsOneStep() {
        UndoHistory<String> h = new UndoHistory<>();
        h.restart("a");
        assertFalse(h.canUndo());
        h.checkpoint("a");
        assertFalse(h.canUndo(), "no change, no step");
        h.checkpoint("b");
        h.checkpoint("c");
        assertTrue(h.canUndo());
        assertFalse(h.canRedo());
        assertEquals(Optional.of("b"), h.undo("c"));
        assertEquals(Optional.of("a"), h.undo("b"));
        assertEquals(Optional.empty(), h.undo("a"), "the start");
        assertEquals(Optional.of("b"), h.redo("a"));
        assertEquals(Optional.of("c"), h.redo("b"));
        assertEquals(Optional.empty(), h.redo("c"), "nothing more undone");
    }

    @Test
    void undoEndsTheEditInProgressFirst() {
        UndoHistory<String> h = new UndoHistory<>();
        h.restart("a");
        assertEquals(Optional.of("a"), h.undo("typed"), "the typing not checkpointed yet is one step");
        assertEquals(Optional.of("typed"), h.redo("a"));
    }

    @Test
    void aNewEditForgetsTheRedoSteps() {
        UndoHistory<String> h = new UndoHistory<>();
        h.restart("a");
        h.checkpoint("b");
        assertEquals(Optional.of("a"), h.undo("b"));
        assertTrue(h.canRedo());
        h.checkpoint("x");
        assertFalse(h.canRedo());
        assertEquals(Optional.of("a"), h.undo("x"));
        assertEquals(Optional.of("x"), h.redo("a"), "redo goes to the new edit, not the forgotten one");
    }

    @Test
    void undoNeverCrossesABoundary() {
        UndoHistory<String> h = new UndoHistory<>();
        h.restart("draft");
        h.checkpoint("edited");
        h.restart("approved");
        assertFalse(h.canUndo(), "approving is a boundary");
        assertFalse(h.canRedo());
        assertEquals(Optional.empty(), h.undo("approved"));
        h.restart("reopened");
        h.checkpoint("edited again");
        assertEquals(Optional.of("reopened"), h.undo("edited again"));
        assertEquals(Optional.empty(), h.undo("reopened"), "nor is reopening crossed: the approved sheet never comes back");
        assertTrue(h.canRedo());
        h.restart("opened");
        assertFalse(h.canRedo(), "a boundary forgets the redo steps too");
    }

    @Test
    void thePartsSplitFromTheSheetModelUseNoToolkitAndNeverCallItBack() {
        var parts = new ClassFileImporter().importClasses(UndoHistory.class, VariantEdits.class, Approval.class, FieldToFix.class);
        noClasses().should().dependOnClassesThat().resideInAPackage("javafx..").check(parts);
        noClasses().should().dependOnClassesThat().belongToAnyOf(SheetViewModel.class).check(parts);
    }
}
