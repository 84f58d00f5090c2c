package org.vramsheet.core.sheet;

/**
 * RUNTIME › Speculative decoding: the method, the speculative tokens K and the draft as it was imported (its weights and the
 * attention geometry its KV cache has). Null numbers are "not set": K defaults to 1, the draft's TP to the target's.
 * The draft's KV is kept in the target's KV-cache dtype unless the engine says otherwise (core.calc.SpeculativeStep).
 *
 * @param method              none / draft model / EAGLE / EAGLE-3 / MTP / n-gram
 * @param tokens              speculative tokens K per step (vLLM num_speculative_tokens, SGLang speculative_num_steps,
 *                            llama.cpp --draft-max); the target verifies K + 1 tokens per sequence per step
 * @param draftModel          what the draft was imported from (Hub ID, catalog entry, file), for the provenance
 * @param draftWeightsBytes   the draft's own weights, whole model (EAGLE-3: the heads; embeddings shared with the target
 *                            are not counted; MTP: the num_nextn_predict_layers layers)
 * @param draftLayers         the draft's attention layers (its KV-cache layers)
 * @param draftKvHeads        the draft's KV heads
 * @param draftHeadDim        the draft's head dimension
 * @param draftTensorParallel the draft's tensor parallel size; null: the target's
 */
public record SpeculativeSettings(SpeculativeMethod method, Integer tokens, String draftModel, Long draftWeightsBytes,
                                  Integer draftLayers, Integer draftKvHeads, Integer draftHeadDim,
                                  Integer draftTensorParallel) {
    public SpeculativeSettings {
        method = method == null ? SpeculativeMethod.NONE : method;
        draftModel = draftModel == null ? "" : draftModel.trim();
    }

    /** No speculative decoding. */
    public static SpeculativeSettings defaults() { return builder().build(); }

    /** Whether the sheet decodes speculatively. */
    public boolean on() { return method != SpeculativeMethod.NONE; }

    /** K as the engine runs it: the sheet's, else 1. */
    public int tokensOrDefault() { return tokens == null ? 1 : tokens; }

    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link SpeculativeSettings}: one setter per component. */
    public static final class Builder {
        private SpeculativeMethod method;
        private Integer tokens;
        private String draftModel;
        private Long draftWeightsBytes;
        private Integer draftLayers;
        private Integer draftKvHeads;
        private Integer draftHeadDim;
        private Integer draftTensorParallel;

        private Builder() { }

        private Builder(SpeculativeSettings s) {
            method = s.method;
            tokens = s.tokens;
            draftModel = s.draftModel;
            draftWeightsBytes = s.draftWeightsBytes;
            draftLayers = s.draftLayers;
            draftKvHeads = s.draftKvHeads;
            draftHeadDim = s.draftHeadDim;
            draftTensorParallel = s.draftTensorParallel;
        }

        public Builder method(SpeculativeMethod v) { method = v; return this; }
        public Builder tokens(Integer v) { tokens = v; return this; }
        public Builder draftModel(String v) { draftModel = v; return this; }
        public Builder draftWeightsBytes(Long v) { draftWeightsBytes = v; return this; }
        public Builder draftLayers(Integer v) { draftLayers = v; return this; }
        public Builder draftKvHeads(Integer v) { draftKvHeads = v; return this; }
        public Builder draftHeadDim(Integer v) { draftHeadDim = v; return this; }
        public Builder draftTensorParallel(Integer v) { draftTensorParallel = v; return this; }

        public SpeculativeSettings build() {
            return new SpeculativeSettings(method, tokens, draftModel, draftWeightsBytes, draftLayers, draftKvHeads,
                    draftHeadDim, draftTensorParallel);
        }
    }
}
