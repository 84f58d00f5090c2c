package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * "Calibrate from this run" in the window's model (issue 29): VALIDATION's measured latency survives loading into the
 * form; Calibrate fills RUNTIME's two utilizations as one undoable edit, and the Latency tab's table then predicts the
 * measured ITL p50 of the single step within rounding; a run of another GPU is refused with the reason, nothing changed.
 */
class CalibrateLatencyViewModelTest {
    static Worksheet sheet(String gpu) throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        MeasuredLatency m = new MeasuredLatency(ws.model().modelId(), ws.runtime().engine(), "", gpu == null ? ws.gpu().name()
                : gpu, ws.runtime().ranks(), ws.weights().format(), ws.kv().kvDtype(), "2026-12-02T01:23:45Z", "typical", 1000L,
                200L, List.of(new LatencyStep(1, 500.0, 520.0, 530.0, 50.0, 52.0, 55.0, 19.0, 2, 0)));
        return ws.withValidation(ws.validation().toBuilder().latency(m).build());
    }

    @Test
    void calibrateIsOneUndoableEditAndThenPredictsTheMeasuredStep() throws Exception {
        SheetViewModel vm = new SheetViewModel(sheet(null));
        assertNotNull(vm.computed().sheet().validation().latency(), "the form keeps the measured latency");
        assertTrue(vm.computed().measuredLatency().available(), vm.computed().measuredLatency().reason());
        assertNull(vm.calibrateLatency());
        String mem = vm.runtime.memoryBandwidthUtilization.textProperty().get();
        assertTrue(!mem.isBlank(), "RUNTIME's memory-bandwidth utilization is set");
        var row = vm.computed().measuredLatency().rows().get(0);
        assertEquals(0, row.get(org.vramsheet.core.calc.LatencyComparison.Quantity.ITL_P50).errorPercent(), 0.3);
        assertEquals(0, row.get(org.vramsheet.core.calc.LatencyComparison.Quantity.TTFT_P50).errorPercent(), 0.3);
        assertTrue(vm.computed().outcome().perf().utilizations().source().startsWith("calibrated from probe run"),
                vm.computed().outcome().perf().utilizations().source());
        vm.undo();
        assertEquals("", vm.runtime.memoryBandwidthUtilization.textProperty().get(), "undo takes it back");
        assertNotNull(vm.computed().sheet().validation().latency(), "the measurement stays");
    }

    @Test
    void aRunOfAnotherGpuIsRefusedAndNothingChanges() throws Exception {
        SheetViewModel vm = new SheetViewModel(sheet("NVIDIA A100 SXM4 80GB"));
        Worksheet before = vm.computed().sheet();
        String why = vm.calibrateLatency();
        assertNotNull(why);
        assertTrue(why.startsWith("measured on another setup: GPU model: NVIDIA A100 SXM4 80GB"), why);
        assertEquals(before, vm.computed().sheet());
        assertEquals(why, vm.computed().measuredLatency().reason());
        assertNull(vm.computed().latency().measured(), "the Latency tab draws no point of another GPU");
    }
}
