package org.vramsheet.core.engine.ollama;

import java.util.List;

/**
 * What Ollama's planner is given besides the model ({@code EstimateGPULayers(gpus, f, projectors, opts, numParallel)},
 * llm/memory.go): the release, the GPUs of one library with their free memory, {@code OLLAMA_GPU_OVERHEAD}, the context
 * in cells for all sequences ({@code num_ctx x parallel}, as the server passes it), {@code num_batch}, the sequences,
 * {@code num_gpu} (-1: as many layers as fit) and the cache type. The cache type counts only when flash attention is on
 * ({@code OLLAMA_FLASH_ATTENTION} and every GPU supports it) and the model takes it (key and value lengths equal and not
 * 0, not an embedding model; f16, q8_0 or q4_0); otherwise the planner sizes f16.
 *
 * @param library "cuda", "rocm", "metal", "cpu" (the planner's minimum per GPU: 457 MiB for cuda and rocm, 512 MiB
 *        for metal, discover/gpu.go and gpu_darwin.go; 0 for the CPU)
 * @param freeBytes each GPU's free memory ({@code memory.available})
 */
public record OllamaPlanSetup(OllamaRelease release, String library, List<Long> freeBytes, long gpuOverheadBytes,
        long numCtx, long numBatch, int parallel, int numGpu, boolean flashAttention, String kvCacheType) {

    public OllamaPlanSetup {
        freeBytes = freeBytes == null ? List.of() : List.copyOf(freeBytes);
        library = library == null ? "" : library;
    }

    /** One CUDA GPU, batch 512, every layer that fits, no overhead, f16. */
    public static OllamaPlanSetup cuda(OllamaRelease release, List<Long> freeBytes, long numCtx, int parallel) {
        return new OllamaPlanSetup(release, "cuda", freeBytes, 0, numCtx, 512, parallel, -1, false, "");
    }

    public OllamaPlanSetup withLibrary(String lib) {
        return new OllamaPlanSetup(release, lib, freeBytes, gpuOverheadBytes, numCtx, numBatch, parallel, numGpu,
                flashAttention, kvCacheType);
    }

    public OllamaPlanSetup withNumGpu(int n) {
        return new OllamaPlanSetup(release, library, freeBytes, gpuOverheadBytes, numCtx, numBatch, parallel, n,
                flashAttention, kvCacheType);
    }

    public OllamaPlanSetup withCache(boolean fa, String type) {
        return new OllamaPlanSetup(release, library, freeBytes, gpuOverheadBytes, numCtx, numBatch, parallel, numGpu, fa, type);
    }

    public OllamaPlanSetup withOverhead(long bytes) {
        return new OllamaPlanSetup(release, library, freeBytes, bytes, numCtx, numBatch, parallel, numGpu, flashAttention,
                kvCacheType);
    }

    /** The planner's per-GPU minimum for this library. */
    long minimumBytes() {
        return switch (library) {
            case "cuda", "rocm" -> 457L << 20;
            case "metal" -> 512L << 20;
            default -> 0;
        };
    }
}
