package org.vramsheet.core.engine.ollama;

/**
 * What decides Ollama's runner settings: the release, the model's and the request's options, the server's environment
 * and the machine. Null means "not set" (Ollama's default applies) or "not known".
 *
 * @param version            Ollama's version ("0.12.3"); blank: the newest release known
 * @param requestNumCtx      num_ctx of the request (API options), or null
 * @param modelNumCtx        num_ctx of the model (its params blob or Modelfile PARAMETER), or null
 * @param contextLength      OLLAMA_CONTEXT_LENGTH, or null when unset
 * @param numParallel        OLLAMA_NUM_PARALLEL, or null when unset
 * @param kvCacheType        OLLAMA_KV_CACHE_TYPE ("f16", "q8_0", "q4_0"), or null when unset
 * @param flashAttention     OLLAMA_FLASH_ATTENTION, or null when unset
 * @param numBatch           num_batch (request or model), or null
 * @param numGpu             num_gpu (request or model): layers to offload, or null
 * @param totalVramBytes     the GPUs' total memory less OLLAMA_GPU_OVERHEAD each (server/routes.go sums them), or null
 * @param trainContext       the model's context_length, or null
 * @param architecture       general.architecture of the GGUF ("llama", "gemma3", "gptoss"), or null
 * @param family             the model family in Ollama's config blob (usually the architecture), or null
 * @param projector          whether the model has a vision projector
 * @param embedding          whether it is an embedding model (no completion)
 * @param ollamaEngine       whether the model runs on Ollama's own engine rather than its llama.cpp runner (0.6 to 0.29)
 * @param gpusSupportFlashAttention whether every GPU supports flash attention
 */
public record OllamaSetup(String version, Long requestNumCtx, Long modelNumCtx, Long contextLength, Long numParallel,
                          String kvCacheType, Boolean flashAttention, Long numBatch, Long numGpu, Long totalVramBytes,
                          Long trainContext, String architecture, String family, boolean projector, boolean embedding,
                          boolean ollamaEngine, boolean gpusSupportFlashAttention) {
    /** Nothing set, on GPUs that support flash attention: the defaults of a release. */
    public static OllamaSetup of(String version) {
        return new Builder().version(version).build();
    }

    public Builder toBuilder() {
        return new Builder().version(version).requestNumCtx(requestNumCtx).modelNumCtx(modelNumCtx).contextLength(contextLength)
                .numParallel(numParallel).kvCacheType(kvCacheType).flashAttention(flashAttention).numBatch(numBatch)
                .numGpu(numGpu).totalVramBytes(totalVramBytes).trainContext(trainContext).architecture(architecture)
                .family(family).projector(projector).embedding(embedding).ollamaEngine(ollamaEngine)
                .gpusSupportFlashAttention(gpusSupportFlashAttention);
    }

    /** The family Ollama's exceptions look at: the config's, else the architecture. */
    String familyOrArchitecture() {
        return family != null ? family : architecture;
    }

    /** One line per change. */
    public static final class Builder {
        private String version;
        private Long requestNumCtx;
        private Long modelNumCtx;
        private Long contextLength;
        private Long numParallel;
        private String kvCacheType;
        private Boolean flashAttention;
        private Long numBatch;
        private Long numGpu;
        private Long totalVramBytes;
        private Long trainContext;
        private String architecture;
        private String family;
        private boolean projector;
        private boolean embedding;
        private boolean ollamaEngine;
        private boolean gpusSupportFlashAttention = true;

        public Builder version(String v) { version = v; return this; }

        public Builder requestNumCtx(Long v) { requestNumCtx = v; return this; }

        public Builder modelNumCtx(Long v) { modelNumCtx = v; return this; }

        public Builder contextLength(Long v) { contextLength = v; return this; }

        public Builder numParallel(Long v) { numParallel = v; return this; }

        public Builder kvCacheType(String v) { kvCacheType = v; return this; }

        public Builder flashAttention(Boolean v) { flashAttention = v; return this; }

        public Builder numBatch(Long v) { numBatch = v; return this; }

        public Builder numGpu(Long v) { numGpu = v; return this; }

        public Builder totalVramBytes(Long v) { totalVramBytes = v; return this; }

        public Builder trainContext(Long v) { trainContext = v; return this; }

        public Builder architecture(String v) { architecture = v; return this; }

        public Builder family(String v) { family = v; return this; }

        public Builder projector(boolean v) { projector = v; return this; }

        public Builder embedding(boolean v) { embedding = v; return this; }

        public Builder ollamaEngine(boolean v) { ollamaEngine = v; return this; }

        public Builder gpusSupportFlashAttention(boolean v) { gpusSupportFlashAttention = v; return this; }

        public OllamaSetup build() {
            return new OllamaSetup(version, requestNumCtx, modelNumCtx, contextLength, numParallel, kvCacheType, flashAttention,
                    numBatch, numGpu, totalVramBytes, trainContext, architecture, family, projector, embedding, ollamaEngine,
                    gpusSupportFlashAttention);
        }
    }
}
