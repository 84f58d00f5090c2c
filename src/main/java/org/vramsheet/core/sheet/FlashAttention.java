package org.vramsheet.core.sheet;

/**
 * llama.cpp's flash attention setting ({@code -fa on|off|auto}; common.h {@code flash_attn_type}, default auto). Auto is
 * enabled when every layer's device runs flash attention (llama-context.cpp: "Flash Attention was auto, set to enabled"),
 * as CUDA and Metal do.
 */
public enum FlashAttention {
    AUTO("auto"), ON("on"), OFF("off");

    private final String label;

    FlashAttention(String label) { this.label = label; }

    public String label() { return label; }

    /** Whether attention runs as flash attention (auto: yes, as on the GPUs the sheet sizes). */
    public boolean enabled() { return this != OFF; }
}
