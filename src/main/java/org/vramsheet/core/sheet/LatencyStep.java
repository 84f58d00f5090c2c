package org.vramsheet.core.sheet;

/**
 * One concurrency step of a measured workload run (VALIDATION's latency measurement, issue 29): n streamed requests at
 * once in the run's request shape, timed as vLLM's benchmark client times them. Milliseconds and tokens per second are
 * rounded to 0.01; null where the step measured nothing (no request finished, or no request streamed two tokens).
 *
 * @param concurrency           requests in flight at once
 * @param ttftP50Ms             time to first token, median (ms)
 * @param ttftP95Ms             time to first token, 95th percentile (ms)
 * @param ttftP99Ms             time to first token, 99th percentile (ms)
 * @param itlP50Ms              inter-token latency (the gaps between streamed tokens), median (ms)
 * @param itlP95Ms              inter-token latency, 95th percentile (ms)
 * @param itlP99Ms              inter-token latency, 99th percentile (ms)
 * @param outputTokensPerSecond output tokens of the finished requests / the step's wall time (all of them, the replica's)
 * @param completed             requests that finished
 * @param failed                requests that did not finish (cut short by the time limit or a cancel)
 */
public record LatencyStep(Integer concurrency, Double ttftP50Ms, Double ttftP95Ms, Double ttftP99Ms, Double itlP50Ms,
                          Double itlP95Ms, Double itlP99Ms, Double outputTokensPerSecond, Integer completed, Integer failed) {
    /** The largest time or rate stored: a day in ms, and far more tokens per second than any GPU serves. */
    public static final double MAX = 86_400_000;

    public LatencyStep {
        positive("concurrency", concurrency, 1);
        positive("completed", completed, 0);
        positive("failed", failed, 0);
        ttftP50Ms = finite("ttftP50Ms", ttftP50Ms);
        ttftP95Ms = finite("ttftP95Ms", ttftP95Ms);
        ttftP99Ms = finite("ttftP99Ms", ttftP99Ms);
        itlP50Ms = finite("itlP50Ms", itlP50Ms);
        itlP95Ms = finite("itlP95Ms", itlP95Ms);
        itlP99Ms = finite("itlP99Ms", itlP99Ms);
        outputTokensPerSecond = finite("outputTokensPerSecond", outputTokensPerSecond);
    }

    private static void positive(String field, Integer v, int min) {
        if (v != null && v < min) {
            throw new IllegalArgumentException(field + ": " + v + " is below " + min);
        }
    }

    /** A time or rate as stored: null, or from 0 to {@link #MAX}, rounded to 0.01; a message naming the field otherwise. */
    private static Double finite(String field, Double v) {
        if (v == null) {
            return null;
        }
        if (!Double.isFinite(v) || v < 0 || v > MAX) {
            throw new IllegalArgumentException(field + ": " + v + " is not a time or rate from 0 to " + (long) MAX);
        }
        return Math.round(v * 100) / 100.0;
    }
}
