package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;

/** Variant operations in the window's model: undoable, saved, never losing a variant's inputs or typed text. */
class VariantsViewModelTest {
    @Test
    void aNewVariantIsEditedWhileTheOtherKeepsItsInputsAndUndoTakesItBack() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("llama-3.1-70b-bf16-h200.json");
        long bf16Weights = SheetViewModelTest.fig(vm, FigureKey.WEIGHTS_ESTIMATED_BYTES).value();
        assertNull(vm.newVariant());
        assertEquals(List.of("A", "B"), vm.variantsProperty().getValue().names());
        assertTrue(vm.dirtyProperty().get(), "a new variant is a change to save");
        vm.weights.format.set(WeightFormat.FP8);
        vm.checkpointNow();
        assertEquals(bf16Weights / 2, SheetViewModelTest.fig(vm, FigureKey.WEIGHTS_ESTIMATED_BYTES).value());
        assertNull(vm.showVariant("A"));
        assertEquals(WeightFormat.BF16, vm.weights.format.get());
        assertEquals(bf16Weights, SheetViewModelTest.fig(vm, FigureKey.WEIGHTS_ESTIMATED_BYTES).value());
        assertNull(vm.showVariant("B"));
        assertEquals(WeightFormat.FP8, vm.weights.format.get(), "B kept its FP8 while A was shown");
        vm.undo();
        assertEquals("A", vm.variantsProperty().getValue().active(), "undo steps back over the switch");
        vm.undo();
        vm.undo();
        vm.undo();
        assertTrue(vm.variantsProperty().getValue().isEmpty(), "and over the new variant");
        assertFalse(vm.dirtyProperty().get());
    }

    @Test
    void textThatIsNotANumberIsNeverLostBySwitching() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("llama-3.1-70b-bf16-h200.json");
        assertNull(vm.newVariant());
        vm.kv.layers.textProperty().set("eighty");
        String why = vm.showVariant("A");
        assertTrue(why != null && why.contains("KV ARCHITECTURE › Attention layers"), why);
        assertEquals("B", vm.variantsProperty().getValue().active());
        assertEquals("eighty", vm.kv.layers.textProperty().get());
    }

    @Test
    void anApprovedSheetsVariantsCannotChangeAndSaveWithTheSheet() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        assertNull(vm.newVariant());
        assertNull(vm.renameVariant("B", "H200"));
        Worksheet ws = vm.computed().sheet().withSignOff(new SignOff("Ann", "2026-11-29", "Bo", "2026-11-29", "Cy",
                "2026-11-29", SignOffStatus.APPROVED, "", List.of()));
        vm.open(ws, null);
        assertTrue(vm.readOnlyProperty().get());
        assertTrue(vm.showVariant("A").contains("approved"));
        assertTrue(vm.newVariant().contains("approved"));
        assertEquals("H200", vm.variantsProperty().getValue().active());
        assertEquals(ws, vm.snapshot(), "the variants are part of the sheet the window holds");
    }

    @Test
    void renameAndDeleteReportTheirReason() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("llama-3.1-70b-bf16-h200.json");
        assertNull(vm.newVariant());
        assertTrue(vm.renameVariant("B", "A").contains("already named"));
        assertTrue(vm.renameVariant("B", "").contains("empty"));
        assertNull(vm.deleteVariant("B"));
        assertTrue(vm.variantsProperty().getValue().isEmpty());
    }
}
