package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.io.probe.SimulatedEngine;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.model.SheetViewModelTest;

/** Issue 18: the window's measurement, against the simulated engine; updates arrive through the fx callback. */
class ProbeViewModelTest {
    @Test
    void measuresThePoolAndRecordsItInValidation() throws Exception {
        try (SimulatedEngine sim = new SimulatedEngine(100, 16)) {
            SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
            ProbeViewModel p = new ProbeViewModel(vm);
            p.url.set(sim.url());
            p.start(Runnable::run, Runnable::run);
            assertFalse(p.busy.get());
            assertTrue(p.measured.get(), p.status.get());
            assertTrue(p.result.get().contains("KV capacity 1,600 tokens"), p.result.get());
            assertTrue(p.result.get().startsWith("First finding: the server runs meta-llama/Llama-3.1-8B-Instruct"), p.result.get());
            p.apply();
            assertEquals(1600L, vm.snapshot().validation().kvCapacityTokens());
            assertTrue(vm.snapshot().validation().notes().contains("Measured at " + sim.url()));
            vm.undo();
            assertTrue(vm.snapshot().validation().kvCapacityTokens() == null || vm.snapshot().validation().kvCapacityTokens() != 1600L);
        }
    }

    @Test
    void anUnreachableServerSaysSoAndBadInputIsRefused() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        ProbeViewModel p = new ProbeViewModel(vm);
        p.url.set("http://127.0.0.1:9");
        p.start(Runnable::run, Runnable::run);
        assertTrue(p.status.get().contains("unreachable"), p.status.get());
        assertFalse(p.measured.get());
        p.maxRequests.set("-3");
        p.start(Runnable::run, Runnable::run);
        assertTrue(p.status.get().startsWith("Give an http(s) URL and positive limits"), p.status.get());
    }
}
