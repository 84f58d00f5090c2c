package org.vramsheet.core.sheet;

/** Inference engines whose KV pool sizing VRAM Sheet follows (see docs/engines.md). */
public enum Engine {
    VLLM("vLLM"), SGLANG("SGLang"), TENSORRT_LLM("TensorRT-LLM"), LLAMA_CPP("llama.cpp"), TRANSFORMERS("transformers");

    private final String label;

    Engine(String label) { this.label = label; }

    public String label() { return label; }

    /** Whether the engine reserves its KV pool as a fraction of memory (and so reads utilization). */
    public boolean usesFraction() {
        return this == VLLM || this == SGLANG || this == TENSORRT_LLM;
    }
}
