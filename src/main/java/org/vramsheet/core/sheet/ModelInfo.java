package org.vramsheet.core.sheet;

/**
 * MODEL: the exact checkpoint being sized.
 *
 * @param vocabSize vocabulary size (optional); sizes the engine's logits buffers in the non-KV estimate
 */
public record ModelInfo(String modelId, String revision, String architecture, Long maxContextTokens, Long vocabSize) {
    public ModelInfo {
        modelId = modelId == null ? "" : modelId;
        revision = revision == null ? "" : revision;
        architecture = architecture == null ? "" : architecture;
    }


    public static ModelInfo empty() { return new ModelInfo("", "", "", null, null); }

    // copy methods: an edit changes only the field it names

    public ModelInfo withModelId(String modelId) {
        return new ModelInfo(modelId, revision, architecture, maxContextTokens, vocabSize);
    }

}
