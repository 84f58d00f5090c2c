package org.vramsheet.core.engine.trtllm;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.vramsheet.core.kv.KvGeometry;

/**
 * The PyTorch backend's KV sizing around its dry run, as the engine computes it ({@code tensorrt_llm/_torch/pyexecutor/
 * _util.py}, {@code KvCacheCreator}; {@code TrtLlmDryRunTest} checks each rule on the real logs TR07, TR08, TR11, TR12).
 * A temporary KV cache is created for dummy context requests that fill {@code max_num_tokens}; they run once (with the
 * autotuner and CUDA graph warm-up before them); then the budget is {@code (total - peak + temporary KV) x fraction}, where
 * the peak is the torch peak plus what is used outside torch; {@code max_tokens = budget // bytes per token}; the C++
 * manager allocates whole blocks. The temporary KV is part of the peak and is added back, so the pool is the fraction of
 * the total less the weights, the dry run's activations and the memory outside torch.
 */
public final class TrtLlmDryRun {
    private TrtLlmDryRun() { }

    /** One dummy request's prompt: {@code min(max_num_tokens, max_seq_len - 1)} tokens ({@code _create_dummy_context_requests}). */
    public static long requestTokens(long maxNumTokens, long maxSeqLen) {
        return Math.max(1, Math.min(maxNumTokens, maxSeqLen - 1));
    }

    /** The dummy requests: prompts of {@link #requestTokens} until {@code max_num_tokens} are filled (the last one shorter). */
    public static long requests(long maxNumTokens, long maxSeqLen) {
        return KvGeometry.ceilDiv(maxNumTokens, requestTokens(maxNumTokens, maxSeqLen));
    }

    /**
     * The temporary cache's tokens ({@code _get_token_num_for_estimation}, 1.1 and 1.2): each dummy request and its one
     * generated token in whole blocks (requests share no block). Later main adds at least max_seq_len blocks plus the CUDA
     * graph batch and max_batch_size blocks; no log of that release is here.
     */
    public static long temporaryTokens(long maxNumTokens, long maxSeqLen, int tokensPerBlock) {
        long each = requestTokens(maxNumTokens, maxSeqLen);
        long full = maxNumTokens / each;
        long rest = maxNumTokens - full * each;
        long blocks = Math.addExact(Math.multiplyExact(full, KvGeometry.ceilDiv(each + 1, tokensPerBlock)),
                rest > 0 ? KvGeometry.ceilDiv(rest + 1, tokensPerBlock) : 0);
        return Math.multiplyExact(blocks, (long) tokensPerBlock);
    }

    /** {@code _cal_max_memory}: {@code int((total - peak + temporary KV) x fraction)}, 0 when nothing is left. */
    public static long budget(long totalBytes, long peakBytes, long temporaryBytes, double fraction) {
        long free = Math.addExact(totalBytes - peakBytes, temporaryBytes);
        return free <= 0 ? 0 : new BigDecimal(free).multiply(BigDecimal.valueOf(fraction)).setScale(0, RoundingMode.FLOOR)
                .longValueExact();
    }

    /** {@code max_tokens = budget // kv size per token} (the V1 KV cache manager is still sized by tokens). */
    public static long maxTokens(long budgetBytes, long bytesPerToken) { return budgetBytes / bytesPerToken; }

    /** The C++ manager allocates whole blocks: {@code ceil(max_tokens / tokens_per_block)} blocks of tokens. */
    public static long allocatedTokens(long maxTokens, int tokensPerBlock) {
        return Math.multiplyExact(KvGeometry.ceilDiv(maxTokens, tokensPerBlock), (long) tokensPerBlock);
    }
}
