package org.vramsheet.ui.charts;

/**
 * The charts' tabs, in their order on the tab strip; the first three are charts drawn from the sheet's curves, the fourth
 * the latency estimate's.
 */
enum ChartTab {
    KV("KV vs context"),
    CONCURRENCY("Concurrency"),
    GPU_MEMORY("GPU memory"),
    LATENCY("Latency"),
    PLACEMENT("Placement"),
    GPU_FIT("Which GPUs fit");

    private final String label;

    ChartTab(String label) { this.label = label; }

    /** The tab's title (English; translated by {@code Texts}). */
    String label() { return label; }
}
