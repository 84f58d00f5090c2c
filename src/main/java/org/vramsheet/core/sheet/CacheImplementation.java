package org.vramsheet.core.sheet;

/** How the engine holds the KV cache; DEFAULT means the engine's own default. */
public enum CacheImplementation {
    DEFAULT("engine default"),
    PAGED("paged pool (blocks)"),
    CONTIGUOUS("preallocated context (llama.cpp)"),
    DYNAMIC("transformers DynamicCache (grows)"),
    STATIC("transformers StaticCache (preallocated)");

    private final String label;

    CacheImplementation(String label) { this.label = label; }

    public String label() { return label; }
}
