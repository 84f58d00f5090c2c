package org.vramsheet.core.perf;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fits the utilizations to published runs: the set with the smallest mean of |ln(predicted / measured)| over each run's
 * mean TPOT and median TTFT, by coordinate search on a grid (each value in turn over its whole grid, the others held,
 * until no change lowers the cost), from one fixed start. Grids: memory utilization 0.40 to 1.00 and compute 0.10 to
 * 1.00 (steps of 0.05), decode all-reduce latency 0 to 100 us (steps of 5), decode step overhead 0 to 4 ms (steps of
 * 0.25), prefill all-reduce latency 0 to 800 us (steps of 20), and each engine's first-token overhead 0 to 150 ms (steps
 * of 5), one per engine that has runs in the set; an engine without runs gets the mean of the others'.
 */
final class PerfCalibration {
    private PerfCalibration() { }

    /** The fitted values: the shared ones, and each engine's first-token overhead (ms) by the runs' engine name. */
    record Fit(double memory, double compute, double allReduceUs, double stepMs, double prefillAllReduceUs,
               Map<String, Double> overheadMs) {
        /** The utilizations a run of {@code engine} is estimated with. */
        Utilizations forEngine(String engine) {
            return new Utilizations(memory, compute, allReduceUs, overheadMs.getOrDefault(engine, meanOverheadMs()), stepMs,
                    prefillAllReduceUs, "fit");
        }

        /** The first-token overhead of an engine without fitted runs: the fitted engines' mean. */
        double meanOverheadMs() { return overheadMs.values().stream().mapToDouble(Double::doubleValue).average().orElse(0); }
    }

    private static final int PARAMS = 5;

    static Fit fit(List<PublishedRuns.Run> runs) {
        List<String> engines = runs.stream().map(PublishedRuns.Run::engine).distinct().sorted().toList();
        double[] x = {0.80, 0.75, 50, 1.0, 200};
        double[] over = new double[engines.size()];
        java.util.Arrays.fill(over, 50);
        double best = cost(runs, fit(x, engines, over));
        boolean improved = true;
        while (improved) {
            improved = false;
            for (int k = 0; k < PARAMS + engines.size(); k++) {
                for (double v : grid(k)) {
                    double[] tx = x.clone();
                    double[] to = over.clone();
                    if (k < PARAMS) {
                        tx[k] = v;
                    } else {
                        to[k - PARAMS] = v;
                    }
                    double c = cost(runs, fit(tx, engines, to));
                    if (c < best - 1e-12) {
                        best = c;
                        x = tx;
                        over = to;
                        improved = true;
                    }
                }
            }
        }
        return fit(x, engines, over);
    }

    private static Fit fit(double[] x, List<String> engines, double[] over) {
        Map<String, Double> m = new TreeMap<>();
        for (int i = 0; i < engines.size(); i++) {
            m.put(engines.get(i), over[i]);
        }
        return new Fit(x[0], x[1], x[2], x[3], x[4], m);
    }

    private static List<Double> grid(int k) {
        List<Double> g = new ArrayList<>();
        switch (k) {
            case 0 -> range(g, 8, 20, 0.05);
            case 1 -> range(g, 2, 20, 0.05);
            case 2 -> range(g, 0, 20, 5);
            case 3 -> range(g, 0, 16, 0.25);
            case 4 -> range(g, 0, 40, 20);
            default -> range(g, 0, 30, 5);
        }
        return g;
    }

    private static void range(List<Double> g, int from, int to, double step) {
        for (int i = from; i <= to; i++) {
            g.add(i * step);
        }
    }

    static double cost(List<PublishedRuns.Run> runs, Fit f) {
        double sum = 0;
        for (PublishedRuns.Run r : runs) {
            PerfEstimator.Times t = PerfEstimator.times(r.with(f.forEngine(r.engine())));
            if (t == null) {
                return Double.MAX_VALUE;
            }
            sum += Math.abs(Math.log(t.itlMs() / r.tpotMs())) + Math.abs(Math.log(t.ttftMs() / r.ttftMs()));
        }
        return sum / runs.size();
    }
}
