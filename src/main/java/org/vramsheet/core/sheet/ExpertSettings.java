package org.vramsheet.core.sheet;

/**
 * RUNTIME › Expert parallel (schemaVersion 10): a mixture of experts served by D attention data-parallel ranks of the
 * sheet's TP each (vLLM {@code --data-parallel-size}, SGLang {@code --dp-size} with {@code --enable-dp-attention}), its
 * routed experts shared by all TP x D GPUs of the engine, whole with expert parallel (vLLM
 * {@code --enable-expert-parallel}, SGLang {@code --ep-size}). Each DP rank holds only its own sequences' KV. Not the
 * sheet's Data parallel size, which counts independent replicas (engines) of the whole layout.
 *
 * @param enabled      expert parallel: whole experts, E / (TP x D) per GPU; false: each expert split over the TP x D GPUs
 * @param dataParallel attention data-parallel ranks D in one engine; null: 1
 */
public record ExpertSettings(Boolean enabled, Integer dataParallel) {
    public ExpertSettings {
        enabled = enabled != null && enabled;
    }

    /** Expert parallel off, one attention rank. */
    public static ExpertSettings defaults() { return new ExpertSettings(false, null); }

    /** The attention data-parallel ranks D (1 when not set). */
    public int ranks() { return dataParallel == null ? 1 : dataParallel; }

    /** Whether the sheet asks for a MoE layout of its own (expert parallel or more than one attention rank). */
    public boolean on() { return enabled || ranks() > 1; }

    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link ExpertSettings}: one setter per component. */
    public static final class Builder {
        private Boolean enabled;
        private Integer dataParallel;

        private Builder() { }

        private Builder(ExpertSettings s) {
            enabled = s.enabled;
            dataParallel = s.dataParallel;
        }

        public Builder enabled(Boolean v) { enabled = v; return this; }
        public Builder dataParallel(Integer v) { dataParallel = v; return this; }

        public ExpertSettings build() { return new ExpertSettings(enabled, dataParallel); }
    }
}
