package org.vramsheet.core.result;

/** The figures every scenario (Typical, Heavy, Limit) has; {@link FigureKey#scenario} names one. */
public enum ScenarioFigure {
    SEQUENCES("sequences"),
    ACTIVE_TOKENS_PER_SEQUENCE("activeTokensPerSequence"),
    ACTIVE_TOKENS("activeTokens"),
    UNIQUE_TOKENS("uniqueTokens"),
    KV_BYTES("kvBytes"),
    PHYSICAL_KV_BYTES("physicalKvBytes"),
    FITS("fits"),
    POOL_SHARE("poolShare"),
    KV_BYTES_PER_GPU("kvBytesPerGpu"),
    FREE_BYTES_PER_GPU("freeBytesPerGpu"),
    STORED_TOKENS("storedTokens"),
    CONCURRENCY_WITH_SHARING("maxConcurrencyWithSharing"),
    CONCURRENCY_WITHOUT_SHARING("maxConcurrencyWithoutSharing");

    private final String id;

    ScenarioFigure(String id) { this.id = id; }

    /** The last part of the figure's key. */
    public String id() { return id; }
}
