package org.vramsheet.core.sheet;

/**
 * RUNTIME › Latency estimate: the utilizations the estimate assumes (issue 29). Empty: the calibrated defaults
 * ({@code core.perf.Utilizations.CALIBRATED}, shown as assumptions).
 *
 * @param memoryBandwidthUtilization share of the memory bandwidth a decode step reaches (0 to 1]
 * @param computeUtilization         share of the dense tensor rate the matrix multiplies reach (0 to 1]
 * @param allReduceLatencyUs         fixed cost of one tensor-parallel all-reduce, microseconds
 * @param prefillOverheadMs          the engine's fixed cost of a request's first token, milliseconds (the key keeps its
 *                                   version-8 name)
 * @param stepOverheadMs             (version 10) fixed cost of one decode step, milliseconds
 * @param prefillAllReduceLatencyUs  (version 10) fixed cost of one all-reduce in a prefill pass, microseconds
 */
public record PerfSettings(Double memoryBandwidthUtilization, Double computeUtilization, Double allReduceLatencyUs,
                           Double prefillOverheadMs, Double stepOverheadMs, Double prefillAllReduceLatencyUs) {
    public static PerfSettings defaults() { return new PerfSettings(null, null, null, null, null, null); }

    /** The same settings with other memory-bandwidth and compute utilizations ("Calibrate from this run"). */
    public PerfSettings withUtilizations(Double memoryBandwidth, Double compute) {
        return new PerfSettings(memoryBandwidth, compute, allReduceLatencyUs, prefillOverheadMs, stepOverheadMs,
                prefillAllReduceLatencyUs);
    }
}
