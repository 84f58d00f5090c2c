package org.vramsheet.core.engine.vllm;

import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * vLLM's rotary-embedding cache, loaded with the weights and added to the non-KV estimate (not to the weights per GPU:
 * a saved sheet's weights, and the reports made from it, stay as they were; a measured non-KV figure holds it anyway).
 * {@code RotaryEmbedding} (vllm/model_executor/layers/rotary_embedding) precomputes cos and sin for every position up
 * to the config's max_position_embeddings, a [max positions x rotary dim] buffer in the model dtype, one per GPU
 * (get_rope shares it between layers), allocated while the model loads and so counted in "Model loading took".
 * Negligible for most models (Llama-3.1-8B: 131,072 x 128 x 2 B = 32 MiB, which is why its 8.03 B parameters print
 * 14.9889 GiB and not 14.9576), 2.5 GiB per GPU for Llama 4 Scout's 10,485,760 positions. The rotary dim is the head
 * dim (MLA: the rope part of the head); a partial rotary factor is not on the sheet, so such models are counted at the
 * full head dim.
 */
final class VllmRopeCache {
    private VllmRopeCache() { }

    /** The head dim, or hidden size / attention heads when the config gives none (as the KV geometry derives it). */
    private static Integer headDim(KvArchitecture k) {
        if (k.headDim() != null) {
            return k.headDim();
        }
        return k.hiddenSize() != null && k.attentionHeads() != null && k.attentionHeads() > 0
                ? k.hiddenSize() / k.attentionHeads() : null;
    }

    /** The cache's bytes per GPU and how they were computed (0 when the sheet lacks the max positions or the head dim). */
    static Choice<Long> perGpu(Worksheet ws) {
        Long positions = ws.model() == null ? null : ws.model().maxContextTokens();
        KvArchitecture k = ws.kv();
        Integer dim = k == null ? null : k.kind() == AttentionKind.MLA ? k.qkRopeHeadDim() : headDim(k);
        if (positions == null || positions <= 0 || dim == null || dim <= 0 || ws.weights() == null) {
            return new Choice<>(0L, null);
        }
        int bytes = ws.weights().computeDtype().bytes();
        long b;
        try {
            b = Math.multiplyExact(Math.multiplyExact(positions, (long) dim), (long) bytes);
        } catch (ArithmeticException e) {
            // a hostile sheet's max positions (MODEL › Maximum context names its own range problem): no figure, never a crash
            return new Choice<>(0L, null);
        }
        return new Choice<>(b, "vLLM RoPE cos/sin cache, loaded with the weights: " + Units.grouped(positions)
                + " max positions x " + dim + " rotary dims x " + bytes + " B = " + Units.bytesText(b)
                + " per GPU (vLLM counts it in \"Model loading took\"; the sheet adds it to the non-torch estimate)");
    }
}
