package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.perf.Utilizations;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Issue 29 point 2 / i29-rank point 4: a MoE's decode step reads the dense weights and the union of experts the batch
 * routes to, 1 - (1 - k/E)^batch of the routed experts' weights. The import sets E from the config (n_routed_experts,
 * num_experts); the step is checked by hand on DeepSeek-V2-Lite (64 routed + 2 shared, 6 per token) and Qwen3-30B-A3B
 * (128, 8 per token) on one H100 (TP 1, memory-bound at these batches).
 */
class MoeDecodeBytesTest {
    static final GpuSpeed H100 = new GpuSpeed(3350.0, 989.0, 1978.0, null, 450.0, "NVLink 4", "test");

    static Worksheet sheet(String config, long batch) throws Exception {
        ModelImport m = ConfigImporterTest.load(config).withEngine(Engine.VLLM);
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("H100", 1, 85_029_615_043L, H100), null,
                null, null, null));
        Scenario s = new Scenario(1000L, 200L, batch, java.util.List.of(), null, null);
        return ws.withWorkloads(new Workloads(s, s, s));
    }

    /**
     * By hand: bytes = dense + routed x (1 - (1 - k/E)^B) + B x (prompt + output / 2) x KV bytes per token, over the
     * calibrated bandwidth, plus the decode step's fixed overhead.
     */
    static double handStepMs(SizingResult r, int e, int k, long batch) {
        long total = r.get(FigureKey.WEIGHTS_TOTAL_PARAMS).value();
        long active = r.get(FigureKey.WEIGHTS_ACTIVE_PARAMS).value();
        long weights = r.get(FigureKey.WEIGHTS_BYTES).value();
        double routedBytes = weights * ((double) (total - active) * e / (e - k) / total);
        double read = weights - routedBytes + routedBytes * (1 - Math.pow(1 - (double) k / e, batch))
                + batch * (1000 + 100) * (double) r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value();
        return read / (3350e9 * Utilizations.CALIBRATED.memoryBandwidth()) * 1000 + Utilizations.STEP_OVERHEAD_MS;
    }

    static double stepMs(SizingResult r) {
        return r.get(FigureKey.performance(org.vramsheet.core.sheet.ScenarioId.TYPICAL, LatencyFigure.DECODE_STEP)).ratio();
    }

    @Test
    void deepSeekV2LiteReadsOnlyTheExpertsItsBatchRoutesTo() throws Exception {
        Worksheet one = sheet("deepseek-ai__DeepSeek-V2-Lite.json", 1);
        assertEquals(64, one.weights().experts(), "n_routed_experts");
        assertEquals(6, one.weights().expertsPerToken());
        for (long b : new long[] {1, 8, 64}) {
            SizingResult r = SizingCalculator.calculate(one.withWorkloads(sheet("deepseek-ai__DeepSeek-V2-Lite.json", b)
                    .workloads()));
            assertEquals(handStepMs(r, 64, 6, b), stepMs(r), 1e-6 * stepMs(r), "batch " + b);
        }
        // routed experts by hand from the config: 26 MoE layers x 64 x 3 x 2048 x 1408 parameters
        SizingResult r = SizingCalculator.calculate(one);
        long total = r.get(FigureKey.WEIGHTS_TOTAL_PARAMS).value();
        long active = r.get(FigureKey.WEIGHTS_ACTIVE_PARAMS).value();
        assertEquals(26L * 64 * 3 * 2048 * 1408, (total - active) * 64 / 58, 26L * 64 * 3 * 2048 * 1408 * 0.001,
                "(total - active) x E / (E - k) is the routed experts' parameters");
    }

    @Test
    void qwen3ThirtyBA3bAtBatchOneReadsAboutATenthOfItsWeights() throws Exception {
        Worksheet ws = sheet("Qwen__Qwen3-30B-A3B.json", 1);
        assertEquals(128, ws.weights().experts(), "num_experts");
        SizingResult one = SizingCalculator.calculate(ws);
        assertEquals(handStepMs(one, 128, 8, 1), stepMs(one), 1e-6 * stepMs(one));
        // 48 layers x 128 experts x 3 x 2048 x 768 routed parameters; 8 / 128 of them read at batch 1
        long total = one.get(FigureKey.WEIGHTS_TOTAL_PARAMS).value();
        long active = one.get(FigureKey.WEIGHTS_ACTIVE_PARAMS).value();
        assertEquals(48L * 128 * 3 * 2048 * 768, (total - active) * 128 / 120, 48L * 128 * 3 * 2048 * 768 * 0.001);
        SizingResult all = SizingCalculator.calculate(ws.withWeights(ws.weights().toBuilder().experts(null).build()));
        assertTrue(stepMs(one) < 0.2 * stepMs(all), "batch 1 reads 8 of 128 experts, not all: " + stepMs(one) + " vs "
                + stepMs(all) + " ms");
        SizingResult b256 = SizingCalculator.calculate(ws.withWorkloads(sheet("Qwen__Qwen3-30B-A3B.json", 256).workloads()));
        assertEquals(handStepMs(b256, 128, 8, 256), stepMs(b256), 1e-6 * stepMs(b256), "at 256 nearly every expert is read");
    }
}
