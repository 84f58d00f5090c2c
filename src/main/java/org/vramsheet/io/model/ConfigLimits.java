package org.vramsheet.io.model;

import org.vramsheet.core.input.Inputs;

/**
 * The bounds a config.json's numbers must keep (docs/limits.md); beyond them it is refused, not read. They are the
 * worksheet inputs' declared ranges ({@link Inputs}), so an import never accepts what the sheet's validation refuses.
 */
final class ConfigLimits {
    /** Layers (num_hidden_layers, and layer periods): the largest released models have under 200. */
    static final long MAX_LAYERS = Inputs.get("kv.layers").max();
    /** Attention heads and KV heads. */
    static final long MAX_HEADS = Inputs.get("kv.attentionHeads").max();
    /** hidden_size. */
    static final long MAX_WIDTH = Inputs.get("kv.hiddenSize").max();
    /** head_dim, global_head_dim, kv_lora_rank, qk_rope_head_dim. */
    static final long MAX_HEAD_DIM = Inputs.get("kv.headDim").max();

    private ConfigLimits() { }
}
