package org.vramsheet.core.engine.vllm;

import org.vramsheet.core.sheet.Worksheet;

/**
 * The dense forward pass's live activations in vLLM's profiling run, from the model's shapes, nothing fitted
 * (gpu_model_runner.profile_run: {@code _dummy_run(max_num_tokens)} first, then {@code _dummy_sampler_run} on its hidden
 * states; the torch peak that gpu_worker.determine_available_memory reads, {@code allocated_bytes.all.peak}, is the larger
 * of the two phases, not their sum). At a decoder layer's MLP the forward holds the residual and the normalized input
 * (2 x H), the gate-up projection's output (2 x I) and its activation (I) for every one of the T batched tokens: T x (3 I +
 * 2 H) x the compute dtype's bytes. The sheet has no MLP width, so a layer's width W is taken from the parameter count:
 * (parameters - vocabulary x H) / layers / H / TP, which is 3 I plus the attention projections' width (q, k, v, o) and a
 * layer's share of an untied LM head: at least 3 I + 2 H for every model with at least as many query as KV heads, so the
 * term is T x W x dtype bytes, an upper bound of the MLP's live set.
 *
 * <p>The sampler's phase (S x V fp32 logits and the top-k / top-p sort, the fitted term of {@link VllmProfile}) is the
 * larger on every fitted H100 log (S = 1,024 sequences there); the forward's is the larger where few sequences meet many
 * batched tokens: an offline {@code LLM()} run on a GPU under 70 GiB (T = 8,192, S = 256; VC01, Llama-3.1-8B on an A100
 * 40GB). Mixture-of-experts models are left out: their expert MLPs run in the fused-MoE kernel, whose caches
 * ({@link VllmMoeWorkspace}) are counted apart.
 */
public final class VllmForwardPeak {
    private VllmForwardPeak() { }

    /** A dense layer's width per GPU, W = (P - V x H) / L / H / TP; null when the sheet lacks a shape or the model is MoE. */
    public static Double width(Worksheet ws) {
        if (ws.weights() == null || ws.kv() == null || ws.model() == null) {
            return null;
        }
        Long params = ws.weights().totalParams();
        Long active = ws.weights().activeParams();
        Integer hidden = ws.kv().hiddenSize();
        Integer layers = ws.kv().layers();
        Long vocab = ws.model().vocabSize();
        boolean moe = (active != null && params != null && active < params) || VllmMoeWorkspace.applies(ws.weights());
        if (moe || params == null || hidden == null || layers == null || vocab == null || hidden <= 0 || layers <= 0) {
            return null;
        }
        double body = params - vocab * (double) hidden;
        return body <= 0 ? null : body / layers / hidden / Math.max(1, ws.runtime().tensorParallel());
    }

    /** The forward phase's live activations per GPU for T batched tokens: T x W x dtype bytes; 0 when W is unknown. */
    public static long bytes(Worksheet ws, long batchedTokens) {
        Double w = width(ws);
        if (w == null) {
            return 0;
        }
        double b = batchedTokens * w * ws.weights().computeDtype().bytes();
        if (b >= Long.MAX_VALUE / 4.0) {
            throw new ArithmeticException("forward activations too large to compute exactly");
        }
        return Math.round(b);
    }
}
