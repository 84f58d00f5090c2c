package org.vramsheet.core.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Typed GPU figures: each problem names the field and the reason. */
class GpuPerformanceTest {
    @Test
    void eachBadValueIsNamed() {
        GpuPerformance g = new GpuPerformance(null, Double.NaN, 0.0, -1.0, 1e6, "", "");
        assertEquals(List.of("GPU › Memory bandwidth (GB/s): needed for the latency estimate",
                "GPU › BF16 dense TFLOPS: not a number",
                "GPU › FP8 dense TFLOPS: must be more than 0, not 0",
                "GPU › FP4 dense TFLOPS: must be more than 0, not -1",
                "GPU › Interconnect (GB/s): 1000000 is more than any GPU has (at most 100000)"), g.problems());
    }

    @Test
    void optionalRatesMayBeEmpty() {
        assertEquals(List.of(), new GpuPerformance(864.0, 362.05, null, null, null, "", "").problems());
    }

    @Test
    void aMissingRateFallsBackToBf16AndSaysSo() {
        GpuPerformance l40s = new GpuPerformance(864.0, 362.05, 733.0, null, 32.0, "PCIe Gen4 x16", "");
        assertEquals(new GpuPerformance.Rate(733.0, TensorPrecision.FP8, ""), l40s.rate(TensorPrecision.FP8));
        assertEquals(new GpuPerformance.Rate(362.05, TensorPrecision.BF16,
                "no FP4 tensor cores on this GPU: the BF16 rate is used"), l40s.rate(TensorPrecision.FP4));
    }
}
