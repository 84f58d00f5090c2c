package org.vramsheet.core.perf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.vramsheet.Benchmark;

/** Three scenarios' estimates, texts included, fit in a keystroke's recompute: well under 0.1 ms each. */
@Benchmark
class PerfEstimateBenchmarkTest {
    @Test
    void anEstimateWithItsTextsTakesMicroseconds() {
        PerfModel m = PerfEstimatorTest.LLAMA_70B;
        for (int i = 0; i < 20_000; i++) {
            PerfEstimator.estimate(inputs(m, i));
        }
        long[] ns = new long[5000];
        for (int i = 0; i < ns.length; i++) {
            PerfEstimator.Inputs in = inputs(m, i);
            long t = System.nanoTime();
            PerfEstimator.estimate(in);
            ns[i] = System.nanoTime() - t;
        }
        Arrays.sort(ns);
        System.out.printf("PerfEstimator.estimate(): median %d ns, p99 %d ns%n", ns[ns.length / 2], ns[ns.length * 99 / 100]);
        assertTrue(ns[ns.length / 2] < 100_000, "median " + ns[ns.length / 2] + " ns");
    }

    private static PerfEstimator.Inputs inputs(PerfModel m, int i) {
        return new PerfEstimator.Inputs(m, new PerfLoad(1 + i % 64, 512 + i, 256 + i % 1000, 8192, 4),
                PerfEstimatorTest.H100, Utilizations.CALIBRATED);
    }
}
