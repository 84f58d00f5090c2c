package org.vramsheet.core.sheet;

/**
 * RUNTIME: the engine and how it is launched. Null numbers take the engine's default for its version.
 *
 * @param utilization          vLLM gpu_memory_utilization, SGLang mem_fraction_static,
 *                             TensorRT-LLM free_gpu_memory_fraction; unused by llama.cpp and transformers
 * @param blockSize            tokens per KV block / page (vLLM block_size, TRT tokens_per_block, SGLang page_size)
 * @param maxModelLen          longest sequence the engine admits (vLLM max_model_len, llama.cpp n_ctx per slot,
 *                             transformers max_cache_len)
 * @param maxNumBatchedTokens  vLLM max_num_batched_tokens (affects sliding-window blocks per request)
 * @param maxNumSeqs           llama.cpp -np slots, transformers static batch size
 * @param activationPeakBytes  peak activation memory per GPU as typed; null: measured or the live estimate
 * @param nonTorchBytes        NCCL, backend buffers, framework fixed memory per GPU as typed; null: measured or estimated
 * @param cudaGraphBytes       CUDA graph memory per GPU as typed; null: measured or estimated
 * @param fragmentationPercent allocator slack on top of an estimated budget
 * @param cudaGraphsInPool     whether the engine takes its CUDA graph estimate out of the KV pool;
 *                             null: vLLM ≥ 0.21 yes, earlier no
 * @param kvCacheMemoryBytes   vLLM --kv-cache-memory: the pool per GPU, set directly (skips utilization)
 * @param dataParallel         replicas of the model (DP); each holds its own weights and KV pool
 * @param nodes                machines one replica spans (TP / PP across nodes, e.g. Ray); null: one
 * @param llamaCpp             llama.cpp's launch settings (-ngl, --tensor-split, -ctv, ...); used when the engine is llama.cpp
 * @param ollama               Ollama's settings (num_ctx, OLLAMA_NUM_PARALLEL, ...); used when the engine is Ollama
 * @param performance          the latency estimate's utilizations (version 8); null: the calibrated defaults
 * @param speculative          speculative decoding: method, K and the draft (schemaVersion 8); none by default
 * @param lora                 LoRA adapters: slots on the GPU, rank, target modules, dtype, host cache (schemaVersion 9)
 * @param offload              KV offload to CPU memory and the node's host RAM (schemaVersion 9)
 * @param expert               expert parallel and attention data-parallel ranks for a mixture of experts (schemaVersion 10)
 */
public record RuntimeSettings(Engine engine, String engineVersion, CacheImplementation cacheImplementation,
                      Integer tensorParallel, Integer pipelineParallel, Double utilization, Integer blockSize,
                      Long maxModelLen, Boolean prefixCaching, Long maxNumBatchedTokens, Integer maxNumSeqs,
                      Long activationPeakBytes, Long nonTorchBytes, Long cudaGraphBytes,
                      Double fragmentationPercent, Boolean cudaGraphsInPool,
                      Long kvCacheMemoryBytes, Integer dataParallel, Integer nodes, LlamaCppSettings llamaCpp,
                      OllamaSettings ollama, PerfSettings performance,
                      SpeculativeSettings speculative, LoraSettings lora, OffloadSettings offload,
                      ExpertSettings expert) {
    public RuntimeSettings {
        engine = engine == null ? Engine.byDefault() : engine;
        engineVersion = engineVersion == null ? "" : engineVersion.trim();
        cacheImplementation = cacheImplementation == null ? CacheImplementation.DEFAULT : cacheImplementation;
        tensorParallel = tensorParallel == null ? 1 : tensorParallel;
        pipelineParallel = pipelineParallel == null ? 1 : pipelineParallel;
        prefixCaching = prefixCaching != null && prefixCaching;
        fragmentationPercent = fragmentationPercent == null ? 0.0 : fragmentationPercent;
        dataParallel = dataParallel == null ? 1 : dataParallel;
        nodes = nodes == null ? 1 : nodes;
        llamaCpp = llamaCpp == null ? LlamaCppSettings.defaults() : llamaCpp;
        ollama = ollama == null ? OllamaSettings.defaults() : ollama;
        speculative = speculative == null ? SpeculativeSettings.defaults() : speculative;
        lora = lora == null ? LoraSettings.defaults() : lora;
        offload = offload == null ? OffloadSettings.defaults() : offload;
        expert = expert == null ? ExpertSettings.defaults() : expert;
    }

    /** A copy with another layout. */
    public RuntimeSettings withParallel(int tp, int pp, int dp) {
        return toBuilder().tensorParallel(tp).pipelineParallel(pp).dataParallel(dp).build();
    }

    /** The default engine with every number at the engine's default. */
    public static RuntimeSettings defaults() { return builder().build(); }

    /** GPUs one replica spans. */
    public int ranks() { return tensorParallel * pipelineParallel; }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link RuntimeSettings}: one setter per component; unset components take the constructor's defaults. */
    public static final class Builder {
        private Engine engine;
        private String engineVersion;
        private CacheImplementation cacheImplementation;
        private Integer tensorParallel;
        private Integer pipelineParallel;
        private Double utilization;
        private Integer blockSize;
        private Long maxModelLen;
        private Boolean prefixCaching;
        private Long maxNumBatchedTokens;
        private Integer maxNumSeqs;
        private Long activationPeakBytes;
        private Long nonTorchBytes;
        private Long cudaGraphBytes;
        private Double fragmentationPercent;
        private Boolean cudaGraphsInPool;
        private Long kvCacheMemoryBytes;
        private Integer dataParallel;
        private Integer nodes;
        private LlamaCppSettings llamaCpp;
        private OllamaSettings ollama;
        private PerfSettings performance;
        private SpeculativeSettings speculative;
        private LoraSettings lora;
        private OffloadSettings offload;
        private ExpertSettings expert;

        private Builder() { }

        private Builder(RuntimeSettings r) {
            engine = r.engine;
            engineVersion = r.engineVersion;
            cacheImplementation = r.cacheImplementation;
            tensorParallel = r.tensorParallel;
            pipelineParallel = r.pipelineParallel;
            utilization = r.utilization;
            blockSize = r.blockSize;
            maxModelLen = r.maxModelLen;
            prefixCaching = r.prefixCaching;
            maxNumBatchedTokens = r.maxNumBatchedTokens;
            maxNumSeqs = r.maxNumSeqs;
            activationPeakBytes = r.activationPeakBytes;
            nonTorchBytes = r.nonTorchBytes;
            cudaGraphBytes = r.cudaGraphBytes;
            fragmentationPercent = r.fragmentationPercent;
            cudaGraphsInPool = r.cudaGraphsInPool;
            kvCacheMemoryBytes = r.kvCacheMemoryBytes;
            dataParallel = r.dataParallel;
            nodes = r.nodes;
            llamaCpp = r.llamaCpp;
            ollama = r.ollama;
            performance = r.performance;
            speculative = r.speculative;
            lora = r.lora;
            offload = r.offload;
            expert = r.expert;
        }

        public Builder engine(Engine v) { engine = v; return this; }
        public Builder engineVersion(String v) { engineVersion = v; return this; }
        public Builder cacheImplementation(CacheImplementation v) { cacheImplementation = v; return this; }
        public Builder tensorParallel(Integer v) { tensorParallel = v; return this; }
        public Builder pipelineParallel(Integer v) { pipelineParallel = v; return this; }
        public Builder utilization(Double v) { utilization = v; return this; }
        public Builder blockSize(Integer v) { blockSize = v; return this; }
        public Builder maxModelLen(Long v) { maxModelLen = v; return this; }
        public Builder prefixCaching(Boolean v) { prefixCaching = v; return this; }
        public Builder maxNumBatchedTokens(Long v) { maxNumBatchedTokens = v; return this; }
        public Builder maxNumSeqs(Integer v) { maxNumSeqs = v; return this; }
        public Builder activationPeakBytes(Long v) { activationPeakBytes = v; return this; }
        public Builder nonTorchBytes(Long v) { nonTorchBytes = v; return this; }
        public Builder cudaGraphBytes(Long v) { cudaGraphBytes = v; return this; }
        public Builder fragmentationPercent(Double v) { fragmentationPercent = v; return this; }
        public Builder cudaGraphsInPool(Boolean v) { cudaGraphsInPool = v; return this; }
        public Builder kvCacheMemoryBytes(Long v) { kvCacheMemoryBytes = v; return this; }
        public Builder dataParallel(Integer v) { dataParallel = v; return this; }
        public Builder nodes(Integer v) { nodes = v; return this; }
        public Builder llamaCpp(LlamaCppSettings v) { llamaCpp = v; return this; }
        public Builder ollama(OllamaSettings v) { ollama = v; return this; }
        public Builder performance(PerfSettings v) { performance = v; return this; }
        public Builder speculative(SpeculativeSettings v) { speculative = v; return this; }
        public Builder lora(LoraSettings v) { lora = v; return this; }
        public Builder offload(OffloadSettings v) { offload = v; return this; }
        public Builder expert(ExpertSettings v) { expert = v; return this; }

        public RuntimeSettings build() {
            return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel,
                    utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs,
                    activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool,
                    kvCacheMemoryBytes, dataParallel, nodes, llamaCpp, ollama, performance, speculative, lora,
                    offload, expert);
        }
    }
}
