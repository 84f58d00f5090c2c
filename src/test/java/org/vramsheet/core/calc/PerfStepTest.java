package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.PerfSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The latency estimate wired to the sheet: the figures {@code performance.<scenario>.*} from a sheet's WEIGHTS, KV
 * ARCHITECTURE, workloads, RUNTIME and GPU › Performance, checked on numbers worked by hand. The utilizations are typed
 * in RUNTIME as round numbers (0.8 of the bandwidth, half the tensor rate, 10 us per all-reduce, no prefill overhead) so
 * the arithmetic can be followed; each expected value's working is in its comment. The decode step's fixed 0.75 ms
 * ({@code Utilizations.STEP_OVERHEAD_MS}, not a sheet input) is in every step.
 */
class PerfStepTest {
    static final PerfSettings HAND = new PerfSettings(0.8, 0.5, 10.0, 0.0, null, null);

    /** Llama 3.1 70B BF16 on one H200 (the sample), its typical scenario 1 x 1000 + 1000, heavy 64 x 1000 + 1000. */
    static Worksheet llama70b() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        Workloads w = ws.workloads();
        return ws.withRuntime(ws.runtime().toBuilder().performance(HAND).build()).withWorkloads(
                new Workloads(Scenario.of(1000, 1000, 1), Scenario.of(1000, 1000, 64), w.limit()));
    }

    static Worksheet onH100(Worksheet ws, int tp) {
        GpuCatalog.Entry e = GpuCatalog.named("NVIDIA H100 SXM 80GB");
        return ws.withGpu(new Gpu(e.name(), tp, e.cudaVisibleBytes(), GpuCatalog.speed(e)))
                .withRuntime(ws.runtime().withParallel(tp, 1, 1));
    }

    /** Llama 3.1 8B BF16: 32 layers, 32 heads, 8 KV heads, hidden 4096, 8,030,261,248 parameters, 16,060,522,496 B. */
    static Worksheet llama8b() throws Exception {
        Worksheet ws = onH100(llama70b(), 1);
        return ws.withKv(ws.kv().toBuilder().layers(32).attentionHeads(32).kvHeads(8).hiddenSize(4096).build())
                .withWeights(ws.weights().toBuilder().totalParams(8_030_261_248L).checkpointBytes(16_060_522_496L).build());
    }

    static double v(SizingResult r, ScenarioId id, LatencyFigure f) {
        Figure x = r.get(FigureKey.performance(id, f));
        assertTrue(x.available(), x.key() + ": " + x.reason());
        return x.ratio();
    }

    @Test
    void llama70bOnOneH200() throws Exception {
        SizingResult r = SizingCalculator.calculate(llama70b());
        // batch 1: 141,107,412,992 B of weights + 1 x (1000 + 1000/2) x 327,680 B of KV = 141,598,932,992 B
        // / (4800 GB/s x 0.8) = 36.8747 ms; FLOPs 1.4504e11 / (989 TFLOPS x 0.5) = 0.293 ms: memory-bound; + 0.75 ms
        assertEquals(37.6247, v(r, ScenarioId.TYPICAL, LatencyFigure.ITL), 1e-3);
        assertEquals(1000 / 37.6247, v(r, ScenarioId.TYPICAL, LatencyFigure.THROUGHPUT), 1e-2);
        // TTFT alone: prefill FLOPs 2 x 70,553,706,496 x 1000 + 2 x 1000^2 x 8192 x 80 = 1.424181e14 / 494.5e12 = 288.004 ms
        assertEquals(288.004, v(r, ScenarioId.TYPICAL, LatencyFigure.TTFT), 1e-2);
        // batch 64: 141,107,412,992 + 64 x 1500 x 327,680 = 172,564,692,992 B / 3.84e12 = 44.9387 ms (FLOPs: 18.77 ms)
        // + 0.75 ms
        assertEquals(45.6887, v(r, ScenarioId.HEAVY, LatencyFigure.DECODE_STEP), 1e-3);
        // + 63 / 1000 prompts a step x 288.004 ms = 18.1443 ms: ITL 63.833 ms, 64 / 63.833 ms = 1,002.6 tokens/s
        assertEquals(63.833, v(r, ScenarioId.HEAVY, LatencyFigure.ITL), 1e-2);
        assertEquals(1002.6, v(r, ScenarioId.HEAVY, LatencyFigure.THROUGHPUT), 0.5);
    }

    @Test
    void llama70bOnTwoH100() throws Exception {
        SizingResult r = SizingCalculator.calculate(onH100(llama70b(), 2));
        // per GPU (141,107,412,992 + 1500 x 327,680) / 2 = 70,799,466,496 B / (3350 GB/s x 0.8) = 26.4177 ms;
        // all-reduces 2 x 80 x (2 x 1/2 x 8192 x 2 B / 450 GB/s + 10 us) = 1.60583 ms: 28.0235 ms, + 0.75 ms
        assertEquals(28.7735, v(r, ScenarioId.TYPICAL, LatencyFigure.DECODE_STEP), 1e-3);
        // batch 64: 70,553,706,496 + 64 x 1500 x 327,680 / 2 = 86,282,346,496 B / 2.68e12 = 32.1949 ms; all-reduces
        // 160 x (64 x 16,384 B / 450 GB/s + 10 us) = 1.97283 ms: 34.1677 ms, + 0.75 ms
        assertEquals(34.9177, v(r, ScenarioId.HEAVY, LatencyFigure.DECODE_STEP), 1e-3);
    }

    @Test
    void llama8bOnOneH100AsTheEstimatorWorksIt() throws Exception {
        SizingResult r = SizingCalculator.calculate(llama8b());
        // the same numbers as PerfEstimatorTest's Llama 3.1 8B: 16,257,130,496 B / 2.68e12 = 6.06609 ms at batch 1, + 0.75
        assertEquals(6.81609, v(r, ScenarioId.TYPICAL, LatencyFigure.ITL), 1e-4);
        assertEquals(33.0084, v(r, ScenarioId.TYPICAL, LatencyFigure.TTFT), 1e-3);
        // batch 64: 28,643,434,496 B -> 10.68785 + 0.75 ms + 63/1000 x 33.0084 ms = 13.51738 ms; share 2.07953 / 13.51738
        // = 0.153841, wait 63/64 x ((1 - 0.153841) x 11.43785 + 0.153841 x 33.0084) / 2 = 7.26286 ms; TTFT + 33.0084 ms
        assertEquals(13.51738, v(r, ScenarioId.HEAVY, LatencyFigure.ITL), 1e-4);
        assertEquals(40.27126, v(r, ScenarioId.HEAVY, LatencyFigure.TTFT), 1e-3);
        // p95: 1.9 x the 7.26286 ms wait + 33.0084 ms
        assertEquals(1.9 * 7.26286 + 33.0084, v(r, ScenarioId.HEAVY, LatencyFigure.TTFT_P95), 1e-3);
    }

    /** Version 10: RUNTIME's decode step overhead and prefill all-reduce latency, empty the calibrated 0.75 ms / 340 us. */
    @Test
    void theStepOverheadAndThePrefillAllReduceLatencyAreTyped() throws Exception {
        Worksheet ws = onH100(llama70b(), 2);
        SizingResult calibrated = SizingCalculator.calculate(ws);
        SizingResult typed = SizingCalculator.calculate(ws.withRuntime(ws.runtime().toBuilder()
                .performance(new PerfSettings(0.8, 0.5, 10.0, 0.0, 2.0, 0.0)).build()));
        // the step: 28.0235 ms + 2 ms in place of + 0.75 ms (llama70bOnTwoH100)
        assertEquals(30.0235, v(typed, ScenarioId.TYPICAL, LatencyFigure.DECODE_STEP), 1e-3);
        // one request, one 1,000-token chunk: its 2 x 80 prefill all-reduces lose the calibrated 320 us each, 51.2 ms
        assertEquals(51.2, v(calibrated, ScenarioId.TYPICAL, LatencyFigure.TTFT) - v(typed, ScenarioId.TYPICAL,
                LatencyFigure.TTFT), 1e-6);
        String text = String.join("\n", typed.get(FigureKey.performance(ScenarioId.TYPICAL, LatencyFigure.TTFT))
                .provenance().assumptions());
        assertTrue(text.contains("decode step overhead (ms) 2.0") && text.contains("prefill all-reduce latency (us) 0.0"),
                text);
        Worksheet bad = ws.withRuntime(ws.runtime().toBuilder().performance(new PerfSettings(null, null, null, null, -1.0,
                200_000.0)).build());
        SizingResult r = SizingCalculator.calculate(bad);
        assertTrue(r.issues().stream().anyMatch(i -> i.field().equals("runtime.performance.stepOverheadMs")),
                "a negative overhead is named");
        assertTrue(r.issues().stream().anyMatch(i -> i.field()
                .equals("runtime.performance.prefillAllReduceLatencyUs")), "above the declared 100,000 us");
        Worksheet saved = WorksheetJson.parse(WorksheetJson.write(ws.withRuntime(ws.runtime().toBuilder()
                .performance(new PerfSettings(null, null, null, null, 1.25, 300.0)).build())), "t");
        assertEquals(new PerfSettings(null, null, null, null, 1.25, 300.0), saved.runtime().performance());
    }

    @Test
    void provenanceNamesTheInputsAndTheUtilizationsSource() throws Exception {
        Figure itl = SizingCalculator.calculate(llama70b()).get(FigureKey.performance(ScenarioId.HEAVY, LatencyFigure.ITL));
        String text = String.join("\n", itl.provenance().assumptions());
        assertTrue(text.contains("typed in RUNTIME: memory-bandwidth utilization 0.8"), text);
        assertTrue(text.contains("GPU catalog, NVIDIA H200 SXM 141GB"), text);
        assertFalse(itl.provenance().formula().isEmpty());
        Worksheet calibrated = llama70b().withRuntime(llama70b().runtime().toBuilder().performance(null).build());
        String c = String.join("\n", SizingCalculator.calculate(calibrated)
                .get(FigureKey.performance(ScenarioId.HEAVY, LatencyFigure.ITL)).provenance().assumptions());
        assertTrue(c.contains("calibrated on 22 published runs"), c);
        assertTrue(c.contains("first-token overhead fitted on the published runs of vLLM"), c);
    }

    @Test
    void withoutPerformanceDataEveryScenarioSaysWhy() throws Exception {
        Worksheet ws = llama70b();
        SizingResult r = SizingCalculator.calculate(ws.withGpu(ws.gpu().withPerformance(null)));
        for (ScenarioId id : ScenarioId.values()) {
            for (LatencyFigure f : LatencyFigure.values()) {
                Figure x = r.get(FigureKey.performance(id, f));
                assertFalse(x.available(), x.key());
                assertTrue(x.reason().contains("no performance data for this GPU"), x.reason());
            }
        }
        assertTrue(r.get(FigureKey.RESULT_FITS).available(), "the memory verdict does not need it");
    }

    @Test
    void aCustomGpuTakesTypedValuesAndBadOnesAreNamed() throws Exception {
        Worksheet ws = llama70b();
        GpuSpeed typed = new GpuSpeed(2400.0, 500.0, null, null, null, "", "");
        SizingResult r = SizingCalculator.calculate(ws.withGpu(new Gpu("my GPU", 1, ws.gpu().totalBytes(), typed)));
        // half the H200's bandwidth: 141,598,932,992 B / (2400 GB/s x 0.8) = 73.7494 ms, + 0.75 ms
        assertEquals(74.4994, v(r, ScenarioId.TYPICAL, LatencyFigure.ITL), 1e-3);
        assertTrue(String.join(" ", r.get(FigureKey.performance(ScenarioId.TYPICAL, LatencyFigure.ITL)).provenance()
                .assumptions()).contains("typed in GPU › Performance"));
        SizingResult bad = SizingCalculator.calculate(ws.withGpu(ws.gpu().withPerformance(
                new GpuSpeed(-5.0, 989.0, null, null, null, "", ""))));
        assertEquals("must be more than 0, not -5", bad.issues().stream()
                .filter(i -> i.field().equals("gpu.performance.bandwidthGbPerS")).findFirst().orElseThrow().message());
        Figure itl = bad.get(FigureKey.performance(ScenarioId.TYPICAL, LatencyFigure.ITL));
        assertFalse(itl.available());
        assertTrue(itl.reason().contains("Memory bandwidth (GB/s)"), itl.reason());
        SizingResult nan = SizingCalculator.calculate(ws.withRuntime(ws.runtime().toBuilder()
                .performance(new PerfSettings(Double.NaN, 1.5, null, null, null, null)).build()));
        assertTrue(nan.issues().stream().anyMatch(i -> i.field().equals("runtime.performance.memoryBandwidthUtilization")
                && i.message().equals("not a number")), nan.issues().toString());
        assertTrue(nan.issues().stream().anyMatch(i -> i.field().equals("runtime.performance.computeUtilization")),
                nan.issues().toString());
        assertFalse(nan.get(FigureKey.performance(ScenarioId.HEAVY, LatencyFigure.TTFT)).available());
    }

    @Test
    void tensorParallelWithoutALinkSaysSo() throws Exception {
        Worksheet ws = onH100(llama70b(), 2);
        GpuSpeed noLink = new GpuSpeed(3350.0, 989.0, null, null, null, "", "");
        Figure f = SizingCalculator.calculate(ws.withGpu(ws.gpu().withPerformance(noLink)))
                .get(FigureKey.performance(ScenarioId.TYPICAL, LatencyFigure.ITL));
        assertFalse(f.available());
        assertTrue(f.reason().contains("Interconnect (GB/s): needed for tensor parallel 2"), f.reason());
    }

    @Test
    void aScenarioWithoutOutputTokensSaysWhy() throws Exception {
        Worksheet ws = llama70b();
        Workloads w = ws.workloads();
        Figure f = SizingCalculator.calculate(ws.withWorkloads(new Workloads(Scenario.of(1000, 0, 4), w.heavy(), w.limit())))
                .get(FigureKey.performance(ScenarioId.TYPICAL, LatencyFigure.TTFT));
        assertFalse(f.available());
        assertTrue(f.reason().contains("expected generated tokens"), f.reason());
    }
}
