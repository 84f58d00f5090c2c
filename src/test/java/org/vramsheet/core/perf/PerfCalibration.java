package org.vramsheet.core.perf;

import java.util.List;

/**
 * Fits the three utilizations to published runs on a grid: the set with the smallest mean of |ln(predicted / measured)|
 * over each run's mean TPOT and mean TTFT. Memory utilization 0.40 to 1.00, compute 0.10 to 1.00 (steps of 0.05),
 * all-reduce latency 0 to 100 us (steps of 5), prefill overhead 0 to 150 ms (steps of 10).
 */
final class PerfCalibration {
    private PerfCalibration() { }

    static Utilizations fit(List<PublishedRuns.Run> runs) {
        double best = Double.MAX_VALUE;
        Utilizations bestU = null;
        for (int m = 8; m <= 20; m++) {
            for (int c = 2; c <= 20; c++) {
                for (int lat = 0; lat <= 100; lat += 5) {
                    for (int o = 0; o <= 150; o += 10) {
                        Utilizations u = new Utilizations(m * 0.05, c * 0.05, lat, o, "fit");
                        double cost = cost(runs, u);
                        if (cost < best) {
                            best = cost;
                            bestU = u;
                        }
                    }
                }
            }
        }
        return bestU;
    }

    static double cost(List<PublishedRuns.Run> runs, Utilizations u) {
        double sum = 0;
        for (PublishedRuns.Run r : runs) {
            PerfEstimator.Times t = PerfEstimator.times(r.with(u));
            if (t == null) {
                return Double.MAX_VALUE;
            }
            sum += Math.abs(Math.log(t.itlMs() / r.tpotMs())) + Math.abs(Math.log(t.ttftMs() / r.ttftMs()));
        }
        return sum / runs.size();
    }
}
