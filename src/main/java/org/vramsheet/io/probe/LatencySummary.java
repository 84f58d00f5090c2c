package org.vramsheet.io.probe;

import java.util.Arrays;
import java.util.List;
import org.vramsheet.core.sheet.LatencyStep;

/**
 * One step's streamed requests summed up as vLLM's benchmark sums up a run ({@code vllm/benchmarks/serve.py},
 * {@code calculate_metrics}): TTFT percentiles over the requests, ITL percentiles over every gap of every request pooled,
 * percentiles interpolated linearly between the two nearest values ({@code np.percentile}'s default), output tokens per
 * second = the finished requests' output tokens / the step's wall time.
 */
final class LatencySummary {
    private LatencySummary() { }

    /**
     * The step at concurrency n: the finished requests' timings and how many did not finish; its wall time runs from the
     * first request sent to the last one's end.
     */
    static LatencyStep of(int n, List<StreamedCompletion.Timing> done, int failed) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (StreamedCompletion.Timing t : done) {
            first = Math.min(first, t.startNanos());
            last = Math.max(last, t.startNanos() + t.totalNanos());
        }
        long wallNanos = done.isEmpty() ? 0 : last - first;
        double[] ttft = new double[done.size()];
        int gaps = 0;
        long tokens = 0;
        for (int i = 0; i < done.size(); i++) {
            ttft[i] = done.get(i).ttftNanos() / 1e6;
            gaps += done.get(i).gapsNanos().length;
            tokens += Math.max(0, done.get(i).outputTokens());
        }
        double[] itl = new double[gaps];
        int k = 0;
        for (StreamedCompletion.Timing t : done) {
            for (long g : t.gapsNanos()) {
                itl[k++] = g / 1e6;
            }
        }
        Arrays.sort(ttft);
        Arrays.sort(itl);
        Double rate = done.isEmpty() || wallNanos <= 0 ? null : Math.min(LatencyStep.MAX, tokens / (wallNanos / 1e9));
        return new LatencyStep(n, percentile(ttft, 50), percentile(ttft, 95), percentile(ttft, 99), percentile(itl, 50),
                percentile(itl, 95), percentile(itl, 99), rate, done.size(), failed);
    }

    /** The p-th percentile of sorted values, linearly interpolated; null for none. */
    static Double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return null;
        }
        double rank = p / 100 * (sorted.length - 1);
        int lo = (int) Math.floor(rank);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return Math.min(LatencyStep.MAX, sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo));
    }
}
