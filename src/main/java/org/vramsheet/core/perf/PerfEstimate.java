package org.vramsheet.core.perf;

import java.util.List;

/**
 * The estimate for one scenario on one replica: its figures in a fixed order, or why there are none.
 *
 * @param figures the figures (empty when unavailable)
 * @param reason  why the estimate is unavailable, naming what is missing; empty when available
 */
public record PerfEstimate(List<PerfFigure> figures, String reason) {
    public PerfEstimate {
        figures = List.copyOf(figures);
        reason = reason == null ? "" : reason;
    }

    static PerfEstimate unavailable(String reason) { return new PerfEstimate(List.of(), reason); }

    public boolean available() { return reason.isEmpty(); }

    /** The figure named key; throws for an unavailable estimate or an unknown key. */
    public PerfFigure get(String key) {
        for (PerfFigure f : figures) {
            if (f.key().equals(key)) {
                return f;
            }
        }
        throw new IllegalArgumentException(available() ? "no figure " + key : "unavailable: " + reason);
    }

    /** Time to first token, ms. */
    public double ttftMs() { return get(PerfEstimator.TTFT).value(); }

    /** Mean time between one sequence's output tokens at the scenario's concurrency, ms. */
    public double itlMs() { return get(PerfEstimator.ITL).value(); }

    /** Output tokens per second of the replica. */
    public double outputTokensPerSecond() { return get(PerfEstimator.THROUGHPUT).value(); }

    /** One decode step of the whole batch, ms. */
    public double decodeStepMs() { return get(PerfEstimator.STEP).value(); }
}
