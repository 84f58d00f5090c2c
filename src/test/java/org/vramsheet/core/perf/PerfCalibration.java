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
 * of 5), one per engine that has runs in the set; an engine without runs gets the mean of the others'. With {@code
 * computePerGpu} the compute utilization is one per GPU of the runs instead of one for all (the experiment of
 * docs/accuracy.md, not what the app ships).
 */
final class PerfCalibration {
    private PerfCalibration() { }

    /** The fitted values: the shared ones, and each engine's first-token overhead (ms) by the runs' engine name. */
    record Fit(double memory, double compute, double allReduceUs, double stepMs, double prefillAllReduceUs,
               Map<String, Double> overheadMs, Map<String, Double> computeByGpu) {
        /** The utilizations a run of {@code engine} is estimated with. */
        Utilizations forEngine(String engine) {
            return new Utilizations(memory, compute, allReduceUs, overheadMs.getOrDefault(engine, meanOverheadMs()), stepMs,
                    prefillAllReduceUs, "fit");
        }

        /** The utilizations a run is estimated with: its engine's, with its GPU's compute when fitted per GPU. */
        Utilizations forRun(PublishedRuns.Run r) {
            Utilizations u = forEngine(r.engine());
            Double c = computeByGpu.get(r.gpuName());
            return c == null ? u : new Utilizations(u.memoryBandwidth(), c, u.allReduceLatencyUs(), u.prefillOverheadMs(),
                    u.stepOverheadMs(), u.prefillAllReduceLatencyUs(), "fit");
        }

        /** The first-token overhead of an engine without fitted runs: the fitted engines' mean. */
        double meanOverheadMs() { return overheadMs.values().stream().mapToDouble(Double::doubleValue).average().orElse(0); }
    }

    private static final int PARAMS = 5;

    static Fit fit(List<PublishedRuns.Run> runs) { return fit(runs, false); }

    static Fit fit(List<PublishedRuns.Run> runs, boolean computePerGpu) {
        List<String> engines = runs.stream().map(PublishedRuns.Run::engine).distinct().sorted().toList();
        List<String> gpus = computePerGpu ? runs.stream().map(PublishedRuns.Run::gpuName).distinct().sorted().toList()
                : List.of();
        double[] x = {0.80, 0.75, 50, 1.0, 200};
        double[] over = new double[engines.size()];
        java.util.Arrays.fill(over, 50);
        double[] comp = new double[gpus.size()];
        java.util.Arrays.fill(comp, 0.75);
        double best = cost(runs, fit(x, engines, over, gpus, comp));
        boolean improved = true;
        while (improved) {
            improved = false;
            for (int k = 0; k < PARAMS + engines.size() + gpus.size(); k++) {
                if (k == 1 && computePerGpu) {
                    continue;
                }
                for (double v : grid(k < PARAMS + engines.size() ? k : 1)) {
                    double[] tx = x.clone();
                    double[] to = over.clone();
                    double[] tc = comp.clone();
                    if (k < PARAMS) {
                        tx[k] = v;
                    } else if (k < PARAMS + engines.size()) {
                        to[k - PARAMS] = v;
                    } else {
                        tc[k - PARAMS - engines.size()] = v;
                    }
                    double c = cost(runs, fit(tx, engines, to, gpus, tc));
                    if (c < best - 1e-12) {
                        best = c;
                        x = tx;
                        over = to;
                        comp = tc;
                        improved = true;
                    }
                }
            }
        }
        return fit(x, engines, over, gpus, comp);
    }

    private static Fit fit(double[] x, List<String> engines, double[] over, List<String> gpus, double[] comp) {
        Map<String, Double> m = new TreeMap<>();
        for (int i = 0; i < engines.size(); i++) {
            m.put(engines.get(i), over[i]);
        }
        Map<String, Double> c = new TreeMap<>();
        for (int i = 0; i < gpus.size(); i++) {
            c.put(gpus.get(i), comp[i]);
        }
        return new Fit(x[0], x[1], x[2], x[3], x[4], m, c);
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
            Utilizations u = f.forRun(r);
            PerfEstimator.Times t = PerfEstimator.times(r.with(u));
            if (t == null) {
                return Double.MAX_VALUE;
            }
            sum += Math.abs(Math.log(t.itlMs() / r.tpotMs())) + Math.abs(Math.log(r.medianTtft(u) / r.ttftMs()));
        }
        return sum / runs.size();
    }
}
