package org.vramsheet.core.engine.llamacpp;

import org.vramsheet.core.units.Units;

/**
 * An estimate of llama.cpp's compute buffer on one device: the peak of the graph llama-context.cpp reserves for a
 * micro-batch of T = min(n_ctx, n_ubatch) tokens with every token's logits ({@code graph_reserve(n_tokens, n_seqs,
 * n_tokens)}), which ggml-alloc lays out reusing memory, so the buffer is the largest of its moments, not their sum:
 * <ul>
 * <li>the output moment, on the device of the output layer: T x (n_vocab + n_embd) x 4 B (the f32 logits and the normed
 * hidden state);</li>
 * <li>the attention moment, on a device that runs attention (where the layer's KV is): without flash attention the f32
 * scores T x n_kv x n_head x 4 B and the f32 mask T x n_kv x 4 B; with flash attention only the f16 mask T x n_kv x 2
 * B; plus {@link #ACTIVATIONS} n_embd-wide f32 activations T x n_embd x 4 B each;</li>
 * <li>with layers left on the host, the first GPU also stages one host layer's weights to run a batch of 32 tokens or
 * more there (ggml-backend's op offload; ggml-cuda offloads from a batch of 32): partial offload grows the buffer.</li>
 * </ul>
 * Calibrated on the field logs that print the model (llamacpp/LC09 to LC12): LC09 and LC12 reproduced, LC10 0.7 % and
 * LC11 5.2 % under (LlamaCppComputeTest prints the table). Builds newer than the field logs' may keep the logits out of
 * the device's buffer (measurements in gpustack/gguf-parser-go's compute buffer sweep are far smaller): the estimate is
 * of the builds b5050 to b8164.
 */
public final class LlamaCppCompute {
    /**
     * f32 activations n_embd wide that are live beside the attention scores (the residual, the normed input, Q and the
     * attention output): four reproduce LC12's 1,160.00 MiB exactly, and LC10 within 0.7 %.
     */
    public static final int ACTIVATIONS = 4;
    /** ggml-cuda's smallest batch it runs a host layer's weights for (GGML_CUDA_MIN_BATCH_OFFLOAD). */
    public static final long OFFLOAD_BATCH = 32;

    /** What the estimate reads from the model. */
    public record Model(long vocab, long hidden, int heads) { }

    private LlamaCppCompute() { }

    /** The output moment: T x (n_vocab + n_embd) x 4 B. */
    public static long output(Model m, long tokens) {
        return Math.multiplyExact(Math.multiplyExact(tokens, Math.addExact(m.vocab(), m.hidden())), 4L);
    }

    /** The attention moment at n_kv cells. */
    public static long attention(Model m, long tokens, long nKv, boolean flashAttn) {
        long scores = flashAttn ? 0 : Math.multiplyExact(Math.multiplyExact(nKv, (long) m.heads()), 4L);
        long mask = Math.multiplyExact(nKv, flashAttn ? 2L : 4L);
        long act = Math.multiplyExact(Math.multiplyExact((long) ACTIVATIONS, m.hidden()), 4L);
        return Math.multiplyExact(tokens, Math.addExact(Math.addExact(scores, mask), act));
    }

    /** The formula of the attention moment, with or without flash attention. */
    static String attentionFormula(boolean flashAttn) {
        return flashAttn ? "T x (n_kv x 2 + " + ACTIVATIONS + " x n_embd x 4) B (flash attention: f16 mask)"
                : "T x (n_kv x n_head x 4 + n_kv x 4 + " + ACTIVATIONS + " x n_embd x 4) B";
    }

    /** The attention moment with this sheet's numbers. */
    static String attentionExpr(Model m, long tokens, long nKv, boolean flashAttn) {
        String body = flashAttn ? Units.grouped(nKv) + " x 2 + " + ACTIVATIONS + " x " + Units.grouped(m.hidden()) + " x 4"
                : Units.grouped(nKv) + " x " + m.heads() + " x 4 + " + Units.grouped(nKv) + " x 4 + " + ACTIVATIONS + " x "
                + Units.grouped(m.hidden()) + " x 4";
        return Units.grouped(tokens) + " x (" + body + ")";
    }
}
