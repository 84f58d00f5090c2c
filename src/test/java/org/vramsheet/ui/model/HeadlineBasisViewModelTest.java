package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The summary strip's basis (estimated or measured, and on what) as the window's ViewModel gives it, without the toolkit. */
class HeadlineBasisViewModelTest {
    @Test
    void aSheetWithoutMeasurementsIsEstimated() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("llama-3.1-70b-bf16-h200.json");
        assertEquals("estimated before launch", vm.basis().mark());
        assertTrue(vm.basis().stale().isEmpty());
    }

    @Test
    void aMeasurementIsMarkedUntilTheSetupChanges() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        assertEquals("measured on vLLM 0.19.0", vm.basis().mark(), "the sample's measurement, taken as of the sheet as saved");
        AtomicInteger changes = new AtomicInteger();
        vm.basisProperty().addListener((o, a, b) -> changes.incrementAndGet());
        vm.result.contextLength.show(4096);
        assertEquals(0, changes.get(), "a change that leaves the basis as it was does not touch the strip");
        vm.runtime.engineVersion.set("0.21.0");
        assertEquals("estimated before launch", vm.basis().mark());
        assertEquals("VALIDATION holds measurements of another setup (not used): engine version: 0.19.0 → 0.21.0",
                vm.basis().staleNote());
        assertEquals(1, changes.get());
    }
}
