package org.vramsheet.core.sheet;

/**
 * A group of attention layers whose cache is capped at {@code window} tokens per sequence, with its own KV
 * geometry where it differs from the model's (Gemma-4-style sliding layers with other KV heads and head size
 * than the global ones). Null geometry takes KV ARCHITECTURE's.
 *
 * @param kvHeads  this group's KV heads, or null for the model's
 * @param headDim  this group's head dimension, or null for the model's
 * @param kvDtype  this group's cache dtype, or null for the model's
 */
public record LayerWindow(Integer layers, Long window, WindowKind kind, Integer kvHeads, Integer headDim, KvDtype kvDtype) {
    public LayerWindow {
        kind = kind == null ? WindowKind.SLIDING : kind;
    }

    /** A window group with the model's geometry. */
    public LayerWindow(Integer layers, Long window, WindowKind kind) {
        this(layers, window, kind, null, null, null);
    }

    /** Whether this group's heads, head size or dtype differ from the model's. */
    public boolean ownGeometry() {
        return kvHeads != null || headDim != null || kvDtype != null;
    }
}
