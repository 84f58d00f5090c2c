package org.vramsheet.core.sheet;

/** A group of attention layers whose cache is capped at {@code window} tokens per sequence. */
public record LayerWindow(Integer layers, Long window, WindowKind kind) {
    public LayerWindow {
        kind = kind == null ? WindowKind.SLIDING : kind;
    }
}
