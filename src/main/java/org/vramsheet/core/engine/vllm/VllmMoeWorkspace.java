package org.vramsheet.core.engine.vllm;

import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;

/**
 * vLLM's fused-MoE workspace in the profiling run, from the kernel's own buffer shapes, nothing fitted
 * (vllm/model_executor/layers/fused_moe/fused_moe.py, {@code fused_experts_impl}; the same shapes in
 * fused_marlin_moe.py): for a chunk of M = min(T, VLLM_FUSED_MOE_CHUNK_SIZE) tokens, with N = 2 x I / TP (the gate and
 * up projections of one expert's partition) and K the hidden size,
 *
 * <ul>
 * <li>intermediate_cache13 = M x top-k x max(N, K) (the w13 output, reused for the w2 output), and</li>
 * <li>intermediate_cache2 = M x top-k x N / 2 (the activation's output),</li>
 * </ul>
 * in the compute dtype. The chunk size is 16,384 in vllm/envs.py (larger before), above the default batched tokens, so it
 * binds only when max_num_batched_tokens is set above it. The dense part of the profile (attention, the shared expert,
 * the sampler) stays in the fitted terms. Checked on five MoE logs (docs/accuracy.md, section 4): the torch peak above the
 * dense fit is 0.673 GiB for Mixtral at TP 2 (workspace 0.656), 0.418 for DeepSeek-V2-Lite (0.387), 0.272 for
 * Qwen1.5-MoE-A2.7B (0.258), 0.482 for Qwen3-30B-A3B (0.344). MXFP4 checkpoints (gpt-oss) run other kernels
 * (triton_kernels' matmul_ogs, no such caches: their logs sit on the dense fit), so they get none.
 */
public final class VllmMoeWorkspace {
    /** VLLM_FUSED_MOE_CHUNK_SIZE's default (vllm/envs.py: 16 * 1024). */
    public static final long CHUNK = 16 * 1024;

    private VllmMoeWorkspace() { }

    /** The workspace bytes per GPU for T batched tokens at this TP; 0 for a dense model or an MXFP4 checkpoint. */
    public static long bytes(Weights w, Integer hidden, long batchedTokens, int tp, int dtypeBytes) {
        if (!applies(w) || hidden == null || hidden <= 0) {
            return 0;
        }
        long m = Math.min(batchedTokens, CHUNK);
        long n = Math.max(1, 2L * w.expertIntermediateSize() / Math.max(1, tp));
        long perRow = Math.addExact(Math.max(n, hidden), n / 2);
        return Math.multiplyExact(Math.multiplyExact(Math.multiplyExact(m, (long) w.expertsPerToken()), perRow), dtypeBytes);
    }

    /** Whether the sheet's model routes through vLLM's fused-MoE caches (a MoE shape known, not MXFP4). */
    public static boolean applies(Weights w) {
        return w != null && w.expertsPerToken() != null && w.expertIntermediateSize() != null && w.expertsPerToken() > 0
                && w.expertIntermediateSize() > 0 && w.format() != WeightFormat.MXFP4;
    }
}
