package org.vramsheet.core.result;

/** The latency estimates every scenario has (issue 29); {@link FigureKey#performance} names one. */
public enum LatencyFigure {
    /** Time to first token, the estimate's mean (taken as the median). */
    TTFT("ttftMs"),
    /** Time to first token at the 95th percentile of the wait. */
    TTFT_P95("ttftP95Ms"),
    /** Mean time per output token of one sequence at the scenario's concurrency. */
    ITL("itlMs"),
    /** Output tokens per second of one replica. */
    THROUGHPUT("outputTokensPerSecond"),
    /** One decode step of the whole batch. */
    DECODE_STEP("decodeStepMs");

    private final String id;

    LatencyFigure(String id) { this.id = id; }

    /** The last part of the figure's key. */
    public String id() { return id; }
}
