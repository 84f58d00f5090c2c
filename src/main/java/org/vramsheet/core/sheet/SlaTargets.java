package org.vramsheet.core.sheet;

/**
 * RESULT › Service-level targets (issue 29): the latency a deployment must meet. Each empty target is not checked; with
 * none set there is no SLA verdict.
 *
 * @param ttftMs                 time to first token, ms, at {@code ttftPercentile}
 * @param ttftPercentile         p50 or p95 (empty: p95)
 * @param itlMs                  inter-token latency, ms per output token of one sequence
 * @param tokensPerSecondPerUser output tokens per second each sequence must receive
 */
public record SlaTargets(Double ttftMs, TtftPercentile ttftPercentile, Double itlMs, Double tokensPerSecondPerUser) {
    public SlaTargets {
        ttftPercentile = ttftPercentile == null ? TtftPercentile.P95 : ttftPercentile;
    }

    public static SlaTargets none() { return new SlaTargets(null, null, null, null); }

    /** Whether any target is set. */
    public boolean any() { return ttftMs != null || itlMs != null || tokensPerSecondPerUser != null; }
}
