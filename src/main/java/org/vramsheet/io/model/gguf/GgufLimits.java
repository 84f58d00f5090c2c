package org.vramsheet.io.model.gguf;

import org.vramsheet.core.input.Inputs;

/**
 * The bounds a GGUF file's counts must keep; beyond them it is refused, not read. They are the worksheet inputs' declared
 * ranges ({@link Inputs}), as for a config.json, so an import never accepts what the sheet's validation refuses.
 */
final class GgufLimits {
    /** Layers (block_count, and layer periods). */
    static final long MAX_LAYERS = Inputs.get("kv.layers").max();
    /** Attention heads and KV heads. */
    static final long MAX_HEADS = Inputs.get("kv.attentionHeads").max();
    /** embedding_length. */
    static final long MAX_WIDTH = Inputs.get("kv.hiddenSize").max();
    /** key_length, value_length and their variants, kv_lora_rank, rope dimensions, state sizes. */
    static final long MAX_HEAD_DIM = Inputs.get("kv.headDim").max();

    private GgufLimits() { }
}
