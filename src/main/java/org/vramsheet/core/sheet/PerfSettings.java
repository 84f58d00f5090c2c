package org.vramsheet.core.sheet;

/**
 * RUNTIME › Latency estimate: the utilizations the estimate assumes (issue 29). Empty: the calibrated defaults
 * ({@code core.perf.Utilizations.CALIBRATED}, shown as assumptions).
 *
 * @param memoryBandwidthUtilization share of the memory bandwidth a decode step reaches (0 to 1]
 * @param computeUtilization         share of the dense tensor rate the matrix multiplies reach (0 to 1]
 * @param allReduceLatencyUs         fixed cost of one tensor-parallel all-reduce, microseconds
 * @param prefillOverheadMs          fixed cost of one prefill batch, milliseconds
 */
public record PerfSettings(Double memoryBandwidthUtilization, Double computeUtilization, Double allReduceLatencyUs,
                           Double prefillOverheadMs) {
    public static PerfSettings defaults() { return new PerfSettings(null, null, null, null); }
}
