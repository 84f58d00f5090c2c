package org.vramsheet.core.engine.trtllm;

/**
 * trtllm-bench's own engine settings ({@code tensorrt_llm/bench/build/tuning.py}, {@code calc_engine_setting} and
 * {@code finetune_setting}): from the model, the GPUs and the dataset's mean input / output lengths it estimates the
 * requests the KV cache holds and picks a slightly optimistic max_batch_size and max_num_tokens, which then size the
 * PyTorch backend's dry run. Checked on TR08 (4096 and 23552, {@code TrtLlmDryRunTest}) and on the two published build
 * outputs that print its estimate ({@code TrtLlmBenchTuningTest}: TB01 Llama-3.1-8B TP 1, 8048.16 requests; TB02
 * Llama-3.1-405B TP 8, 11076.91).
 */
public final class TrtLlmBenchTuning {
    private TrtLlmBenchTuning() { }

    /** {@code calc_engine_setting}'s default {@code kv_cache_gpu_mem_fraction} (TB01 and TB02 print 0.95 of "available"). */
    public static final double BUILD_FRACTION = 0.95;

    /** The settings trtllm-bench passes to the engine. */
    public record Settings(long maxBatchSize, long maxNumTokens) { }

    /**
     * What {@code calc_engine_setting} reads of the model ({@code ModelConfig} and the quantization's bytes per element).
     *
     * @param params          parameters (the engine size is params x bytes per element)
     * @param bytesPerElem    weight bytes per element: 2, FP8 1, NVFP4 0.5
     * @param kvBytesPerElem  KV cache bytes per element: 2, FP8 1
     * @param attentionLayers layers with attention
     * @param kvHeads         KV heads
     * @param headSize        head size
     */
    public record Model(long params, double bytesPerElem, double kvBytesPerElem, int attentionLayers, int kvHeads, int headSize) { }

    /**
     * {@code calc_engine_setting}'s requests in the KV cache: {@code (tp x pp x device GiB - params x bytes / 2^30) x fraction
     * / (2 x layers x max(tp, KV heads) x head size x KV bytes / 2^30 x (ISL + OSL))}.
     */
    public static double kvCacheMaxRequests(Model m, int tp, int pp, double deviceGib, double fraction, long seqLen) {
        double available = (double) tp * pp * deviceGib - m.params() * m.bytesPerElem() / (1L << 30);
        return requests(m, tp, available * fraction, seqLen);
    }

    /**
     * The requests of {@code seqLen} tokens that {@code cacheGib} of KV cache (over all the GPUs) holds: the KV bytes of a token
     * count every layer and {@code max(tp, KV heads)} heads, since each GPU of the TP group holds at least one KV head.
     */
    public static double requests(Model m, int tp, double cacheGib, long seqLen) {
        double perToken = 2.0 * m.attentionLayers() * Math.max(tp, m.kvHeads()) * m.headSize() * m.kvBytesPerElem() / (1L << 30);
        return cacheGib / (perToken * seqLen);
    }

    /** {@code finetune_setting} with optimistic tuning (every model but the Mamba-attention hybrids). */
    public static Settings finetune(double kvCacheMaxRequests, long inputLen, long outputLen, int pp) {
        double rawBs = Math.min(kvCacheMaxRequests, 4096) / pp;
        double rawToken = Math.min(rawBs * (1 + inputLen / (double) outputLen), 32768);
        long bs = rawBs < 256 ? Math.max(64, 32 * (long) Math.ceil(rawBs / 32))
                : rawBs < 1024 ? 128 * (long) Math.ceil(rawBs / 128) : 256 * (long) Math.ceil(rawBs / 256);
        long tokens = rawToken < 4096 ? Math.max(2048, 256 * (long) Math.ceil(rawToken / 256))
                : rawToken < 8192 ? 512 * (long) Math.ceil(rawToken / 512) : 1024 * (long) Math.ceil(rawToken / 1024);
        return new Settings(bs, tokens);
    }
}
