package org.vramsheet.core.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The roofline on numbers worked by hand (each expected value's arithmetic is in its comment). */
class PerfEstimatorTest {
    /** H100 SXM as aiconfigurator's h100_sxm.yaml lists it. */
    static final GpuPerformance H100 = new GpuPerformance(3350.0, 989.0, 1978.0, null, 450.0, "NVLink 4", "test");
    static final GpuPerformance H200 = new GpuPerformance(4800.0, 989.0, 1978.0, null, 450.0, "NVLink 4", "test");
    static final GpuPerformance A100 = new GpuPerformance(2039.0, 312.0, null, null, 300.0, "NVLink 3", "test");
    /**
     * Round utilizations for hand arithmetic: 0.8 of the bandwidth, half the tensor rate, 10 us per all-reduce in decode
     * and in prefill, no fixed step or first-token overhead.
     */
    static final Utilizations HAND = new Utilizations(0.8, 0.5, 10, 0, 0, 10, "hand");

    /** Llama 3.1 8B BF16: 16,060,522,496 bytes of weights, 8,030,261,248 parameters, 32 x 8 x 128 x 2 x 2 B of KV. */
    static final PerfModel LLAMA_8B = PerfModel.dense(new PerfModel.Shape(32, 4096, 4096, 8), 16_060_522_496L,
            8_030_261_248L, 131_072, TensorPrecision.BF16);
    /** Llama 3.1 70B BF16: 141,107,412,992 bytes (its safetensors index), 80 x 8 x 128 x 2 x 2 B of KV. */
    static final PerfModel LLAMA_70B = PerfModel.dense(new PerfModel.Shape(80, 8192, 8192, 8), 141_107_412_992L,
            70_553_706_496L, 327_680, TensorPrecision.BF16);

    static PerfEstimate run(PerfModel m, double b, int tp, GpuPerformance g) {
        return PerfEstimator.estimate(new PerfEstimator.Inputs(m, new PerfLoad(b, 1000, 1000, 8192, tp), g, HAND));
    }

    @Test
    void llama8bAtBatchOneIsMemoryBound() {
        PerfEstimate e = run(LLAMA_8B, 1, 1, H100);
        // bytes = 16,060,522,496 + 1 x (1000 + 1000/2) x 131,072 = 16,257,130,496
        assertEquals(16.257130496, e.get(PerfEstimator.BYTES).value(), 1e-9);
        // 16,257,130,496 / (3350e9 x 0.8) = 6.06609 ms; FLOPs 1.6847e10 / (989e12 x 0.5) = 0.034 ms
        assertEquals(6.06609, e.decodeStepMs(), 1e-4);
        assertEquals(6.06609, e.itlMs(), 1e-4);
        assertEquals(164.851, e.outputTokensPerSecond(), 1e-2);
        // prefill: (2 x 8,030,261,248 x 1000 + 2 x 1000^2 x 4096 x 32) / 494.5e12 = 33.0084 ms; alone: no wait
        assertEquals(33.0084, e.ttftMs(), 1e-3);
        assertTrue(e.get(PerfEstimator.STEP).provenance().expression().contains("memory-bound"));
    }

    @Test
    void llama8bAtBatch64AddsKvAndPrefillStalls() {
        PerfEstimate e = run(LLAMA_8B, 64, 1, H100);
        // bytes = 16,060,522,496 + 64 x 1500 x 131,072 = 28,643,434,496 -> 10.6878 ms (FLOPs: 2.18 ms)
        assertEquals(10.68785, e.decodeStepMs(), 1e-4);
        // 63 / 1000 prompts a step x 33.0084 ms = 2.0795 ms more per output token
        assertEquals(12.76738, e.itlMs(), 1e-4);
        assertEquals(5012.77, e.outputTokensPerSecond(), 1e-1);
        // wait 63/64 x ((1 - 0.16288) x 10.688 + 0.16288 x 33.008) / 2 = 7.0498 ms, then the 33.008 ms prefill
        assertEquals(40.0582, e.ttftMs(), 1e-3);
    }

    @Test
    void llama70bOnFourH100AndFourH200() {
        // per GPU 141,107,412,992 / 4 + 1500 x 327,680 / 4 = 35,399,733,248 B; all-reduces 160 x (1.5 x 16,384 B / 450 GB/s
        // + 10 us) = 1.60874 ms
        PerfEstimate h100 = run(LLAMA_70B, 1, 4, H100);
        assertEquals(13.20886 + 1.60874, h100.decodeStepMs(), 1e-4);
        PerfEstimate h200 = run(LLAMA_70B, 1, 4, H200);
        assertEquals(9.21868 + 1.60874, h200.decodeStepMs(), 1e-4);
    }

    @Test
    void theStepOverheadSlowsEveryTokenAndTheFirstTokenOverheadOnlyTheFirst() {
        // HAND with a 1 ms decode step overhead and 40 ms of first-token overhead, Llama 3.1 8B at batch 64 on one H100
        Utilizations u = new Utilizations(0.8, 0.5, 10, 40, 1.0, 10, "hand");
        PerfEstimate e = PerfEstimator.estimate(new PerfEstimator.Inputs(LLAMA_8B, new PerfLoad(64, 1000, 1000, 8192, 1),
                H100, u));
        // step 10.68785 + 1 = 11.68785 ms; the prefill pass 33.0084 ms alone stalls the batch: + 63/1000 x 33.0084
        assertEquals(11.68785, e.decodeStepMs(), 1e-4);
        assertEquals(13.76738, e.itlMs(), 1e-4);
        // share 2.07953 / 13.76738 = 0.151048; wait 63/64 x ((1 - 0.151048) x 11.68785 + 0.151048 x 33.0084) / 2
        // = 7.33766 ms; TTFT 7.33766 + 33.0084 + 40 = 80.34606 ms
        assertEquals(80.34606, e.ttftMs(), 1e-3);
        assertTrue(e.get(PerfEstimator.TTFT).provenance().expression().endsWith("+ 40 = 80.3 ms"),
                e.get(PerfEstimator.TTFT).provenance().expression());
    }

    @Test
    void aPrefillAllReduceHasItsOwnLatency() {
        // Llama 3.1 70B on four H100, one 1000-token prompt, 300 us per prefill all-reduce: compute (2 x 70,553,706,496
        // x 1000 + 2 x 1000^2 x 8192 x 80) / 4 = 3.56045e13 FLOPs / 494.5e12 = 72.0011 ms (weights 13.16 ms: compute-
        // bound); 160 all-reduces x (2 x 3/4 x 1000 x 8192 x 2 B / 450 GB/s = 54.613 us + 300 us) = 56.7381 ms
        Utilizations u = new Utilizations(0.8, 0.5, 10, 0, 0, 300, "hand");
        PerfEstimate e = PerfEstimator.estimate(new PerfEstimator.Inputs(LLAMA_70B, new PerfLoad(1, 1000, 1000, 8192, 4),
                H100, u));
        assertEquals(72.0011 + 56.7381, e.ttftMs(), 1e-3);
        // the decode step keeps its own 10 us: 13.20886 + 1.60874 ms, as with HAND
        assertEquals(13.20886 + 1.60874, e.decodeStepMs(), 1e-4);
    }

    @Test
    void aMixtureOfExpertsReadsTheUnionOfTheExpertsItsBatchTouches() {
        // DeepSeek-V2-Lite-like: 64 routed experts, 6 per token; 2 GB dense and 28 GB of experts, no KV, one GPU
        PerfModel moe = new PerfModel(27, 2048, 2048, 27, 1, 2_000_000_000L, 28_000_000_000L, 64, 6, 2_660_000_000L, 0, 0,
                TensorPrecision.BF16);
        // batch 1: 6/64 of the experts; batch 8: 1 - (58/64)^8 = 0.545029
        assertEquals(2 + 28 * 0.09375, run(moe, 1, 1, H100).get(PerfEstimator.BYTES).value(), 1e-9);
        assertEquals(2 + 28 * 0.54502853783, run(moe, 8, 1, H100).get(PerfEstimator.BYTES).value(), 1e-8);
        assertTrue(run(moe, 8, 1, H100).get(PerfEstimator.BYTES).provenance().expression().contains("(1 - (1 - 6/64)^8"));
    }

    @Test
    void fp8WeightsUseFp8TensorCoresOnlyWhereTheGpuHasThem() {
        PerfModel fp8 = PerfModel.dense(new PerfModel.Shape(32, 4096, 4096, 8), 8_030_261_248L, 8_030_261_248L, 131_072,
                TensorPrecision.FP8);
        double h100 = run(fp8, 1, 1, H100).ttftMs();
        double a100 = run(fp8, 1, 1, A100).ttftMs();
        // prefill is compute-bound: 1.6323e13 FLOPs / (1978e12 x 0.5) = 16.504 ms on H100; A100 has no FP8: 312 TFLOPS
        assertEquals(16.5042, h100, 1e-3);
        assertEquals(1.6322666496e13 / (312e12 * 0.5) * 1000, a100, 1e-3);
        String notes = String.join(" ", run(fp8, 1, 1, A100).get(PerfEstimator.STEP).provenance().assumptions());
        assertTrue(notes.contains("no FP8 tensor cores on this GPU: the BF16 rate is used"), notes);
        assertFalse(String.join(" ", run(fp8, 1, 1, H100).get(PerfEstimator.STEP).provenance().assumptions())
                .contains("no FP8"));
    }

    @Test
    void badInputNamesTheFieldAndNeverGivesNaN() {
        assertEquals("GPU › Interconnect (GB/s): needed for tensor parallel 2", run(LLAMA_8B, 1, 2,
                new GpuPerformance(3350.0, 989.0, null, null, null, "", "")).reason());
        assertEquals("concurrent sequences must be 1 to 10000000", run(LLAMA_8B, 0, 1, H100).reason());
        assertEquals("concurrent sequences must be 1 to 10000000", run(LLAMA_8B, Double.NaN, 1, H100).reason());
        assertEquals("GPU › Memory bandwidth (GB/s): must be more than 0, not -5",
                run(LLAMA_8B, 1, 1, new GpuPerformance(-5.0, 989.0, null, null, null, "", "")).reason());
        PerfEstimate badU = PerfEstimator.estimate(new PerfEstimator.Inputs(LLAMA_8B, new PerfLoad(1, 10, 10, 10, 1), H100,
                new Utilizations(1.5, 0.5, 0, 0, "")));
        assertEquals("RUNTIME › Memory-bandwidth utilization: must be more than 0 and at most 1, not 1.5", badU.reason());
        PerfEstimate huge = PerfEstimator.estimate(new PerfEstimator.Inputs(LLAMA_70B,
                new PerfLoad(1e7, 1_000_000_000L, 1_000_000_000L, 1, 8), H100, HAND));
        assertTrue(huge.available(), huge.reason());
        huge.figures().forEach(f -> assertTrue(Double.isFinite(f.value()), f.key()));
    }
}
