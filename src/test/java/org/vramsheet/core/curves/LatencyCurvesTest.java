package org.vramsheet.core.curves;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.PerfSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.TtftPercentile;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The Latency tab's series: Llama 3.1 70B BF16 on one H200 (the sample) with round utilizations (0.8 of the bandwidth,
 * half the tensor rate, 10 us per all-reduce, no prefill overhead), every scenario 1,000 + 1,000 tokens, RESULT's context
 * 2,000: one sequence's decode step reads 141,107,412,992 B of weights + 1,500 x 327,680 B of KV = 141,598,932,992 B at
 * 4,800 GB/s x 0.8, 36.8747 ms (PerfStepTest's working); its throughput 1000 / 36.8747 = 27.12 tokens/s.
 */
class LatencyCurvesTest {
    static Worksheet sheet(long context) throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        return ws.withRuntime(ws.runtime().toBuilder().performance(new PerfSettings(0.8, 0.5, 10.0, 0.0, null, null)).build())
                .withWorkloads(new Workloads(Scenario.of(1000, 1000, 1), Scenario.of(1000, 1000, 4), Scenario.of(1000, 1000, 8)))
                .withResult(ws.result().withContextLength((Long) context));
    }

    @Test
    void theCurvesAreTheEstimateAtEachLoad() throws Exception {
        Worksheet ws = sheet(2000);
        SizingCalculator.Outcome o = SizingCalculator.compute(ws);
        LatencyCurves.Charts c = LatencyCurves.of(ws, o);
        assertNotNull(c, LatencyCurves.unavailable(o));
        assertEquals(1000, c.prompt());
        assertEquals(1000, c.output());
        assertEquals(1, c.itl().get(0).x());
        // PerfStepTest's 36.8747 ms + the decode step's fixed 0.75 ms
        assertEquals(37.6247, c.itl().get(0).y(), 1e-3, "one sequence: the decode step alone (no other prompt to prefill)");
        assertEquals(1000 / 37.6247, c.throughput().get(0).y(), 1e-2);
        SizingResult r = o.result();
        // the sizing scenario (Limit, 8 sequences) at the same shape: the TTFT curve passes through RESULT's Limit TTFT
        double limitTtft = r.get(FigureKey.performance(ScenarioId.LIMIT, LatencyFigure.TTFT)).ratio();
        assertEquals(8, c.ttftConcurrency());
        LatencyCurves.Point at1000 = c.ttft().stream().filter(p -> p.x() == 1000).findFirst().orElseThrow();
        assertEquals(limitTtft, at1000.y(), 1e-9);
        for (int i = 0; i < c.itl().size(); i++) {
            LatencyCurves.Point p = c.itl().get(i);
            assertEquals(p.x() / p.y() * 1000, c.throughput().get(i).y(), 1e-6, "tokens/s = concurrency / ITL");
            if (i > 0) {
                assertTrue(p.y() >= c.itl().get(i - 1).y(), "ITL grows with the concurrency");
            }
        }
        assertEquals(r.get(FigureKey.POOL_MAX_CONCURRENCY).value(), c.memoryLimit());
        assertTrue(c.maxConcurrency() >= c.memoryLimit(), "the axis reaches past the memory limit");
        assertEquals(c.maxConcurrency(), (long) c.itl().get(c.itl().size() - 1).x());
        assertNull(c.latencyLimit(), "no target, no latency limit");
        assertNull(c.measured());
    }

    /** Llama 3.1 8B BF16 on the H200 (room for a pool): 32 layers, 32 heads, 8 KV heads, 16,060,522,496 B. */
    static Worksheet small(long context) throws Exception {
        Worksheet ws = sheet(context);
        return ws.withKv(ws.kv().toBuilder().layers(32).attentionHeads(32).kvHeads(8).hiddenSize(4096).build())
                .withWeights(ws.weights().toBuilder().totalParams(8_030_261_248L).checkpointBytes(16_060_522_496L).build());
    }

    @Test
    void theContextSliderMovesThePromptAndTheMemoryLimit() throws Exception {
        LatencyCurves.Charts shortCtx = LatencyCurves.of(small(2000), SizingCalculator.compute(small(2000)));
        LatencyCurves.Charts longCtx = LatencyCurves.of(small(32_000), SizingCalculator.compute(small(32_000)));
        assertEquals(31_000, longCtx.prompt());
        assertTrue(longCtx.memoryLimit() < shortCtx.memoryLimit(), longCtx.memoryLimit() + " vs " + shortCtx.memoryLimit());
        assertTrue(longCtx.itl().get(0).y() > shortCtx.itl().get(0).y(), "a longer context reads more KV per step");
    }

    @Test
    void targetsAndTheLatencyLimitAreLines() throws Exception {
        Worksheet ws = sheet(2000);
        ws = ws.withResult(ws.result().withSla(new SlaTargets(2000.0, TtftPercentile.P95, 60.0, 20.0)));
        SizingCalculator.Outcome o = SizingCalculator.compute(ws);
        LatencyCurves.Charts c = LatencyCurves.of(ws, o);
        assertEquals(50.0, c.itlTargetMs(), 1e-9, "20 tokens/s per user is 50 ms, tighter than the 60 ms ITL target");
        assertEquals(2000.0, c.ttftTargetMs());
        assertEquals("p95", c.ttftPercentile());
        assertEquals(o.result().get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY).value(), c.latencyLimit());
    }

    @Test
    void measuredPointsAreDrawnOnlyForThisSetup() throws Exception {
        Worksheet ws = sheet(2000);
        LatencyStep s1 = new LatencyStep(1, 300.0, 320.0, 330.0, 40.0, 41.0, 42.0, 25.0, 2, 0);
        LatencyStep s8 = new LatencyStep(8, 700.0, 900.0, 950.0, 45.0, 60.0, 80.0, 170.0, 8, 0);
        MeasuredLatency m = new MeasuredLatency(ws.model().modelId(), ws.runtime().engine(), "", ws.gpu().name(),
                ws.runtime().ranks(), ws.weights().format(), ws.kv().kvDtype(), "2026-12-02T01:23:45Z", "ramp", 1000L, 1000L,
                List.of(s1, s8));
        Worksheet own = ws.withValidation(ws.validation().toBuilder().latency(m).build());
        LatencyCurves.Measured got = LatencyCurves.of(own, SizingCalculator.compute(own)).measured();
        assertEquals(List.of(new LatencyCurves.Point(1, 40.0), new LatencyCurves.Point(8, 45.0)), got.itl());
        assertEquals(List.of(new LatencyCurves.Point(1, 25.0), new LatencyCurves.Point(8, 170.0)), got.throughput());
        assertEquals(List.of(new LatencyCurves.Point(1000, 700.0)), got.ttft(), "the step nearest the curve's 8 sequences");
        Worksheet other = own.withGpu(new Gpu("Some other GPU", 1, own.gpu().totalBytes(), own.gpu().performance()));
        assertNull(LatencyCurves.of(other, SizingCalculator.compute(other)).measured(), "another GPU's run is not drawn");
    }

    @Test
    void withoutGpuPerformanceThereAreNoCurvesAndItSaysWhy() throws Exception {
        Worksheet ws = sheet(2000);
        ws = ws.withGpu(new Gpu(ws.gpu().name(), 1, ws.gpu().totalBytes(), null));
        SizingCalculator.Outcome o = SizingCalculator.compute(ws);
        assertNull(LatencyCurves.of(ws, o));
        assertTrue(LatencyCurves.unavailable(o).contains("no performance data for this GPU"), LatencyCurves.unavailable(o));
    }
}
