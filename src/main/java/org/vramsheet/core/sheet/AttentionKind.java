package org.vramsheet.core.sheet;

/** How the attention layers store their cache: K and V per KV head, or one MLA latent. */
public enum AttentionKind {
    MHA("MHA (every query head has its own K/V)"),
    GQA("GQA (query heads share KV heads)"),
    MQA("MQA (one KV head)"),
    MLA("MLA (one compressed latent per token)");

    private final String label;

    AttentionKind(String label) { this.label = label; }

    public String label() { return label; }
}
