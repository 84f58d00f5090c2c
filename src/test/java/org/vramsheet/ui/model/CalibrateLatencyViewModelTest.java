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
import org.vramsheet.core.result.Figure;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.ui.text.FigureText;
import org.vramsheet.ui.text.Texts;

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

    /**
     * Issue 29's leftover: the "calibrated from probe run ..." source in the latency figures' explanations (hover, the
     * pinned panel) stayed English in the Russian window; so did the default and the typed sources. Every assumption of
     * every latency figure now translates whole, the setup's names kept.
     */
    @Test
    void theUtilizationSourceIsRussianInTheRussianWindow() throws Exception {
        Texts ru = Texts.of("ru");
        SheetViewModel vm = new SheetViewModel(sheet(null));
        assertLatencyRussian(vm, ru, "('откалибровано на 22 опубликованных прогонах (SGLang: Llama 3.1 70B, 8 x A100; "
                + "Qwen3 235B A22B, 8 x B200; vLLM, SGLang, TensorRT-LLM: Qwen3 8B, 1 x H100; средний TPOT, медианный TTFT), "
                + "docs/accuracy.md; накладные расходы первого токена подобраны по опубликованным прогонам vLLM");
        vm.runtime.prefillOverhead.textProperty().set("90");
        assertLatencyRussian(vm, ru,
                "('введено в разделе СРЕДА ВЫПОЛНЕНИЯ: накладные расходы первого токена (мс) 90,0; остальное: откалибровано");
        assertNull(vm.calibrateLatency());
        String shown = assertLatencyRussian(vm, ru, "откалибровано по прогону probe 2026-12-02T01:23:45Z на "
                + "meta-llama/Llama-3.1-70B-Instruct (vLLM, 1 x NVIDIA H200 SXM 141GB, BF16, KV auto (model dtype)): доля "
                + "полосы памяти 0,");
        assertTrue(shown.contains("(наименьшие квадраты логарифмов ошибок; промпт 1000, вывод 200 токенов на запрос); остальное: "
                + "введено в разделе СРЕДА ВЫПОЛНЕНИЯ: доля полосы памяти 0,"), shown);
        assertTrue(shown.contains("накладные расходы первого токена (мс) 90,0; остальное: откалибровано на 22 опубликованных прогонах "
                + "(SGLang: Llama 3.1 70B"), shown);
    }

    /** Checks each latency figure's explanation in Russian; returns the first, which must contain {@code expected}. */
    private static String assertLatencyRussian(SheetViewModel vm, Texts ru, String expected) {
        String first = null;
        for (Figure f : vm.computed().outcome().result().figures().values()) {
            if (!f.key().startsWith("performance.") || !f.available()) {
                continue;
            }
            for (String a : f.provenance().assumptions()) {
                assertEquals(List.of(), ru.untranslated(a), a);
            }
            String e = FigureText.explain(f, ru);
            for (String english : List.of("calibrated", "fits the measured", "the rest", "used for", "typed in", "least squares")) {
                assertTrue(!e.contains(english), english + " in\n" + e);
            }
            first = first == null ? e : first;
        }
        assertNotNull(first, "latency figures");
        assertTrue(first.contains(expected), first);
        return first;
    }
}
