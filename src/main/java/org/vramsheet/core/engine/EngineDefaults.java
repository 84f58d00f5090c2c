package org.vramsheet.core.engine;

import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;

/**
 * The settings a sheet runs with: what RUNTIME sets, else its engine module's default for the engine's version. Each
 * returns the value and the sentence that explains it; the knowledge itself lives in the engine modules.
 */
public final class EngineDefaults {
    private EngineDefaults() { }

    public static EngineVersion version(String text) {
        return text == null || text.isBlank() ? null : EngineVersion.parse(text);
    }

    /** vLLM gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction. */
    public static Choice<Double> fraction(RuntimeSettings r, long totalBytes) {
        return Choice.typedOr(r.utilization(), Engines.of(r.engine()).defaultFraction(r, totalBytes));
    }

    /** Tokens per KV block or page. */
    public static Choice<Integer> blockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return Choice.typedOr(r.blockSize(), Engines.of(r.engine()).defaultBlockSize(r, k, gpu));
    }

    /** Tokens of one batched forward pass (vLLM max_num_batched_tokens; matters for sliding-window blocks). */
    public static Choice<Long> maxNumBatchedTokens(RuntimeSettings r, Gpu g) {
        return Choice.typedOr(r.maxNumBatchedTokens(), Engines.of(r.engine()).defaultMaxBatchedTokens(r, g));
    }

    /** Whether the engine takes its CUDA-graph estimate out of the KV pool. */
    public static Choice<Boolean> cudaGraphsInPool(RuntimeSettings r) {
        return Choice.typedOr(r.cudaGraphsInPool(), Engines.of(r.engine()).defaultCudaGraphsInPool(r));
    }

    /** llama.cpp slots / transformers static batch. */
    public static Choice<Integer> maxNumSeqs(RuntimeSettings r) {
        return Choice.typedOr(r.maxNumSeqs(), Engines.of(r.engine()).defaultMaxNumSeqs(r));
    }

    /** The cache implementation actually used. */
    public static CacheImplementation cache(RuntimeSettings r) {
        return r.cacheImplementation() != CacheImplementation.DEFAULT ? r.cacheImplementation()
                : Engines.of(r.engine()).defaultCache();
    }
}
