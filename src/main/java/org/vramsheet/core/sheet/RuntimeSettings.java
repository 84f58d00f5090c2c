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
 */
public record RuntimeSettings(Engine engine, String engineVersion, CacheImplementation cacheImplementation,
                      Integer tensorParallel, Integer pipelineParallel, Double utilization, Integer blockSize,
                      Long maxModelLen, Boolean prefixCaching, Long maxNumBatchedTokens, Integer maxNumSeqs,
                      Long activationPeakBytes, Long nonTorchBytes, Long cudaGraphBytes,
                      Double fragmentationPercent, Boolean cudaGraphsInPool,
                      Long kvCacheMemoryBytes, Integer dataParallel, Integer nodes) {
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
    }


    /** A copy with another layout. */
    public RuntimeSettings withParallel(int tp, int pp, int dp) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tp, pp, utilization, blockSize, maxModelLen,
                prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes,
                fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dp, nodes);
    }

    public static RuntimeSettings defaults() {
        return new RuntimeSettings(Engine.byDefault(), "", CacheImplementation.DEFAULT, 1, 1, null, null, null, false, null, null,
                null, null, null, 0.0, null, null, 1, 1);
    }

    /** GPUs one replica spans. */
    public int ranks() { return tensorParallel * pipelineParallel; }

    // copy methods: an edit changes only the field it names

    public RuntimeSettings withEngine(Engine engine) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withEngineVersion(String engineVersion) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withCacheImplementation(CacheImplementation cacheImplementation) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withTensorParallel(Integer tensorParallel) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withPipelineParallel(Integer pipelineParallel) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withUtilization(Double utilization) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withBlockSize(Integer blockSize) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withMaxModelLen(Long maxModelLen) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withPrefixCaching(Boolean prefixCaching) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withMaxNumBatchedTokens(Long maxNumBatchedTokens) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withMaxNumSeqs(Integer maxNumSeqs) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withActivationPeakBytes(Long activationPeakBytes) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withNonTorchBytes(Long nonTorchBytes) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withCudaGraphBytes(Long cudaGraphBytes) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withFragmentationPercent(Double fragmentationPercent) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withCudaGraphsInPool(Boolean cudaGraphsInPool) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withKvCacheMemoryBytes(Long kvCacheMemoryBytes) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withDataParallel(Integer dataParallel) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }

    public RuntimeSettings withNodes(Integer nodes) {
        return new RuntimeSettings(engine, engineVersion, cacheImplementation, tensorParallel, pipelineParallel, utilization, blockSize, maxModelLen, prefixCaching, maxNumBatchedTokens, maxNumSeqs, activationPeakBytes, nonTorchBytes, cudaGraphBytes, fragmentationPercent, cudaGraphsInPool, kvCacheMemoryBytes, dataParallel, nodes);
    }
}
