package org.vramsheet.core;

/** MODEL: the exact checkpoint being sized. */
public record ModelInfo(String modelId, String revision, String architecture, Long maxContextTokens) {
    public ModelInfo {
        modelId = modelId == null ? "" : modelId;
        revision = revision == null ? "" : revision;
        architecture = architecture == null ? "" : architecture;
    }

    public static ModelInfo empty() { return new ModelInfo("", "", "", null); }
}
