package org.vramsheet.core.sheet;

/** Which time to first token an SLA target bounds: the median or the 95th percentile. */
public enum TtftPercentile {
    P50("p50"), P95("p95");

    private final String label;

    TtftPercentile(String label) { this.label = label; }

    public String label() { return label; }
}
