package org.vramsheet.core.sheet;

/**
 * WEIGHTS: parameter counts and storage format.
 *
 * @param totalParams       all parameters (what memory pays for; MoE: every expert)
 * @param activeParams      parameters used per token (MoE), null when dense
 * @param format            storage format of the quantized part
 * @param computeDtype      dtype the model computes in; KV "auto" resolves to it
 * @param groupSize         grouped-quantization group size (null: none, or the format's own)
 * @param scaleBits         bits of the scale stored per group
 * @param zeroPointBits     bits of the zero point stored per group (0 for symmetric)
 * @param unquantizedParams parameters kept in the compute dtype (embeddings, LM head)
 * @param checkpointBytes   exact bytes of the checkpoint's weights when known; they win
 * @param checkpointFormat  free text: what the checkpoint actually contains
 * @param encoderParams     parameters of vision / audio encoders and their projectors (not in totalParams), kept in
 *                          the compute dtype; null or 0 when the model has none
 * @param expertsPerToken   mixture of experts: experts routed per token (config num_experts_per_tok), null when dense
 * @param expertIntermediateSize mixture of experts: one expert's intermediate width (config moe_intermediate_size, or
 *                          intermediate_size for Mixtral-style configs), null when dense; with expertsPerToken it sizes
 *                          vLLM's fused-MoE workspace in the profiling run
 * @param experts           mixture of experts (version 9): routed experts per layer, E (config num_experts,
 *                          n_routed_experts or num_local_experts), null when dense or unknown; with expertsPerToken it
 *                          gives the share of the expert weights a decode step reads, 1 - (1 - k/E)^batch
 */
public record Weights(Long totalParams, Long activeParams, WeightFormat format, ComputeDtype computeDtype,
                      Integer groupSize, Integer scaleBits, Integer zeroPointBits, Long unquantizedParams,
                      Long checkpointBytes, String checkpointFormat, Long encoderParams,
                      Integer expertsPerToken, Integer expertIntermediateSize, Integer experts) {
    public Weights {
        format = format == null ? WeightFormat.BF16 : format;
        computeDtype = computeDtype == null ? ComputeDtype.BF16 : computeDtype;
        checkpointFormat = checkpointFormat == null ? "" : checkpointFormat;
    }

    /** The quantization group actually used: 0 when not quantized, else the sheet's or the format's own. */
    public int resolvedGroupSize() {
        return !format.quantized() ? 0 : groupSize != null ? groupSize : format.nativeGroup();
    }

    /** Scale bits per group: the sheet's, else the format's native scale, else 16. */
    public int resolvedScaleBits() {
        return scaleBits != null ? scaleBits : format.nativeGroup() > 0 ? format.nativeScaleBits() : 16;
    }

    /** Zero-point bits per group: the sheet's, else 0 for formats with native groups (symmetric), else 16. */
    public int resolvedZeroPointBits() {
        return zeroPointBits != null ? zeroPointBits : format.nativeGroup() > 0 ? 0 : 16;
    }

    /** Weights with nothing known: BF16, no counts. */
    public static Weights empty() { return builder().build(); }

    /** A builder starting from {@link #empty()}. */
    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link Weights}: one setter per component; unset components take the constructor's defaults. */
    public static final class Builder {
        private Long totalParams;
        private Long activeParams;
        private WeightFormat format;
        private ComputeDtype computeDtype;
        private Integer groupSize;
        private Integer scaleBits;
        private Integer zeroPointBits;
        private Long unquantizedParams;
        private Long checkpointBytes;
        private String checkpointFormat;
        private Long encoderParams;
        private Integer expertsPerToken;
        private Integer expertIntermediateSize;
        private Integer experts;

        private Builder() { }

        private Builder(Weights r) {
            totalParams = r.totalParams;
            activeParams = r.activeParams;
            format = r.format;
            computeDtype = r.computeDtype;
            groupSize = r.groupSize;
            scaleBits = r.scaleBits;
            zeroPointBits = r.zeroPointBits;
            unquantizedParams = r.unquantizedParams;
            checkpointBytes = r.checkpointBytes;
            checkpointFormat = r.checkpointFormat;
            encoderParams = r.encoderParams;
            expertsPerToken = r.expertsPerToken;
            expertIntermediateSize = r.expertIntermediateSize;
            experts = r.experts;
        }

        public Builder totalParams(Long v) { totalParams = v; return this; }
        public Builder activeParams(Long v) { activeParams = v; return this; }
        public Builder format(WeightFormat v) { format = v; return this; }
        public Builder computeDtype(ComputeDtype v) { computeDtype = v; return this; }
        public Builder groupSize(Integer v) { groupSize = v; return this; }
        public Builder scaleBits(Integer v) { scaleBits = v; return this; }
        public Builder zeroPointBits(Integer v) { zeroPointBits = v; return this; }
        public Builder unquantizedParams(Long v) { unquantizedParams = v; return this; }
        public Builder checkpointBytes(Long v) { checkpointBytes = v; return this; }
        public Builder checkpointFormat(String v) { checkpointFormat = v; return this; }
        public Builder encoderParams(Long v) { encoderParams = v; return this; }
        public Builder expertsPerToken(Integer v) { expertsPerToken = v; return this; }
        public Builder expertIntermediateSize(Integer v) { expertIntermediateSize = v; return this; }
        public Builder experts(Integer v) { experts = v; return this; }

        public Weights build() {
            return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits,
                    unquantizedParams, checkpointBytes, checkpointFormat, encoderParams, expertsPerToken,
                    expertIntermediateSize, experts);
        }
    }
}
