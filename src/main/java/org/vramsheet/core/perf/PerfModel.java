package org.vramsheet.core.perf;

/**
 * What one replica's model costs per token, for the estimate: the bytes a decode step reads and the FLOPs it does.
 * Bytes are the replica's totals in their stored dtypes (the WEIGHTS and KV ARCHITECTURE figures); the estimate
 * divides them over the tensor-parallel ranks.
 *
 * @param layers                decoder layers (two tensor-parallel all-reduces each: after attention, after the MLP)
 * @param hiddenSize            hidden size: the activation each all-reduce carries per token, in BF16
 * @param attentionDim          query heads x head dim: the width of attention's QK^T and AV products
 * @param attentionLayers       layers whose attention reads the whole context (full attention)
 * @param kvHeads               KV heads (1 for MLA's latent): TP above it replicates the KV instead of splitting it
 * @param denseWeightBytes      weights every token reads (attention, dense MLPs, shared experts, the LM head)
 * @param expertWeightBytes     routed experts' weights of all layers (0 for a dense model)
 * @param experts               routed experts per layer (0 for a dense model)
 * @param expertsPerToken       experts each token is routed to (k)
 * @param activeParams          parameters one token multiplies by (2 FLOPs each)
 * @param kvBytesPerToken       KV cache bytes one token of context holds over all layers
 * @param stateBytesPerSequence recurrent / fixed state each sequence holds (hybrid layers), 0 when none
 * @param precision             tensor precision the weights' matrix multiplies run in
 */
public record PerfModel(int layers, int hiddenSize, int attentionDim, int attentionLayers, int kvHeads,
                        long denseWeightBytes, long expertWeightBytes, int experts, int expertsPerToken,
                        long activeParams, long kvBytesPerToken, long stateBytesPerSequence, TensorPrecision precision) {
    public PerfModel {
        precision = precision == null ? TensorPrecision.BF16 : precision;
    }

    /** A dense model: every weight read by every token. */
    public static PerfModel dense(Shape s, long weightBytes, long params, long kvBytesPerToken, TensorPrecision p) {
        return new PerfModel(s.layers(), s.hiddenSize(), s.attentionDim(), s.layers(), s.kvHeads(), weightBytes, 0, 0, 0,
                params, kvBytesPerToken, 0, p);
    }

    /** The layer shape: layers, hidden size, query heads x head dim, KV heads. */
    public record Shape(int layers, int hiddenSize, int attentionDim, int kvHeads) { }

    /** What is wrong with the model's figures for the estimate, each naming the figure; empty when usable. */
    public String problem() {
        if (layers < 1 || hiddenSize < 1 || attentionDim < 1) {
            return "needs the model's layers, hidden size and attention heads";
        }
        if (attentionLayers < 0 || attentionLayers > layers || kvHeads < 0) {
            return "attention layers must be 0 to " + layers + " and KV heads at least 0";
        }
        if (denseWeightBytes < 0 || expertWeightBytes < 0 || denseWeightBytes + expertWeightBytes == 0) {
            return "needs the weights' bytes";
        }
        if (activeParams < 1) {
            return "needs the parameters used per token";
        }
        if (kvBytesPerToken < 0 || stateBytesPerSequence < 0) {
            return "needs the KV bytes per token";
        }
        if (expertWeightBytes > 0 && (experts < 1 || expertsPerToken < 1 || expertsPerToken > experts)) {
            return "a mixture of experts needs its experts and experts per token (1 to the experts)";
        }
        return "";
    }
}
