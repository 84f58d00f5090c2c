package org.vramsheet.core.sheet;

/**
 * RUNTIME's Ollama settings: what decides the llama.cpp runner Ollama starts (core.engine.ollama.OllamaDefaults). Null is
 * "not set": the release's default applies (the release is RUNTIME › Version). The runner's context, slots, cache type,
 * flash attention and GPU layers follow from these; RUNTIME › Max model length, Max sequences and the llama.cpp flags are
 * not read for Ollama.
 *
 * @param numCtx         num_ctx of the model (Modelfile {@code PARAMETER num_ctx}, its params blob) or the request
 * @param contextLength  {@code OLLAMA_CONTEXT_LENGTH} (envconfig/config.go, from 0.5.13)
 * @param numParallel    {@code OLLAMA_NUM_PARALLEL}: sequences one runner serves at once
 * @param kvCacheType    {@code OLLAMA_KV_CACHE_TYPE}: FP16 (f16), Q8_0, Q4_0 (from 0.30.0 any llama.cpp cache type)
 * @param flashAttention {@code OLLAMA_FLASH_ATTENTION}
 * @param numGpu         num_gpu (model or request): layers offloaded; null: Ollama's planner or llama-server's fit
 * @param gpuOverheadBytes {@code OLLAMA_GPU_OVERHEAD} (version 9): bytes the server keeps free on each GPU
 *                       (envconfig/config.go, from 0.3.10: ollama commit b05c9e83d, PR #5922; default 0); null: unset
 */
public record OllamaSettings(Long numCtx, Long contextLength, Integer numParallel, KvDtype kvCacheType, Boolean flashAttention,
                             Integer numGpu, Long gpuOverheadBytes) {
    /** Nothing set: every value the release's default. */
    public static OllamaSettings defaults() { return builder().build(); }

    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link OllamaSettings}: one setter per component. */
    public static final class Builder {
        private Long numCtx;
        private Long contextLength;
        private Integer numParallel;
        private KvDtype kvCacheType;
        private Boolean flashAttention;
        private Integer numGpu;
        private Long gpuOverheadBytes;

        private Builder() { }

        private Builder(OllamaSettings s) {
            numCtx = s.numCtx;
            contextLength = s.contextLength;
            numParallel = s.numParallel;
            kvCacheType = s.kvCacheType;
            flashAttention = s.flashAttention;
            numGpu = s.numGpu;
            gpuOverheadBytes = s.gpuOverheadBytes;
        }

        public Builder numCtx(Long v) { numCtx = v; return this; }
        public Builder contextLength(Long v) { contextLength = v; return this; }
        public Builder numParallel(Integer v) { numParallel = v; return this; }
        public Builder kvCacheType(KvDtype v) { kvCacheType = v; return this; }
        public Builder flashAttention(Boolean v) { flashAttention = v; return this; }
        public Builder numGpu(Integer v) { numGpu = v; return this; }
        public Builder gpuOverheadBytes(Long v) { gpuOverheadBytes = v; return this; }

        public OllamaSettings build() {
            return new OllamaSettings(numCtx, contextLength, numParallel, kvCacheType, flashAttention, numGpu, gpuOverheadBytes);
        }
    }
}
