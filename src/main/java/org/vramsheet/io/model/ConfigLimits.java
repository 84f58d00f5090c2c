package org.vramsheet.io.model;

/** The bounds a config.json's numbers must keep (docs/limits.md); beyond them it is refused, not read. */
final class ConfigLimits {
    /** Layers: the largest released models have under 200. */
    static final long MAX_LAYERS = 10_000;
    /** Attention heads and KV heads. */
    static final long MAX_HEADS = 100_000;
    /** hidden_size, intermediate sizes. */
    static final long MAX_WIDTH = 10_000_000;
    /** head_dim, kv_lora_rank, qk_rope_head_dim. */
    static final long MAX_HEAD_DIM = 1_000_000;

    private ConfigLimits() { }
}
