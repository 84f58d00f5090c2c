package org.vramsheet.core.calc;

import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.perf.Utilizations;

/**
 * A calculated sheet's latency estimate at any load (issue 29): what RUNTIME › Latency estimate computes for its three
 * scenarios, for the Latency tab's curves, predicted-against-measured and the calibration to use at other concurrencies,
 * prompt lengths and utilizations. Unavailable with the reason when the sheet has no estimate (no GPU performance data,
 * a bad input).
 */
public final class PerfSweep {
    private final PerfBasis basis;

    PerfSweep(PerfBasis basis) { this.basis = basis; }

    /** Whether the sheet has an estimate at all. */
    public boolean available() { return basis.available(); }

    /** Why there is no estimate ("" when there is one). */
    public String reason() { return basis.reason(); }

    /** The utilizations the estimate uses (null when unavailable). */
    public Utilizations utilizations() { return basis.utilizations(); }

    /** The estimate at {@code concurrency} sequences of these lengths, or null when the load or the sheet stops it. */
    public PerfEstimator.Times at(double concurrency, long prompt, long output) {
        if (!available()) {
            return null;
        }
        return PerfEstimator.times(basis.inputs(concurrency, prompt, output));
    }

    /** The same sheet's estimate with other memory-bandwidth and compute utilizations (the rest as they are). */
    public PerfSweep withUtilizations(double memoryBandwidth, double compute) {
        if (!available()) {
            return this;
        }
        Utilizations u = basis.utilizations();
        return new PerfSweep(new PerfBasis(basis.model(), basis.gpu(), new Utilizations(memoryBandwidth, compute,
                u.allReduceLatencyUs(), u.prefillOverheadMs(), u.stepOverheadMs(), u.prefillAllReduceLatencyUs(), u.source()),
                basis.chunkTokens(), basis.tensorParallel(), basis.notes(), ""));
    }

    /**
     * The TTFT p95 the estimate gives: 1.9 x the wait plus the prefill batch and the first-token overhead (as
     * {@code performance.*.ttftP95Ms}).
     */
    public static double ttftP95(PerfEstimator.Times t) {
        return t.ttftMs() + (PerfStep.P95_OF_WAIT - 1) * t.waitMs();
    }
}
