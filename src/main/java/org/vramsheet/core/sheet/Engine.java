package org.vramsheet.core.sheet;

/** Inference engines whose KV pool sizing VRAM Sheet follows (see docs/engines.md). */
public enum Engine {
    VLLM("vLLM"), SGLANG("SGLang"), TENSORRT_LLM("TensorRT-LLM"), LLAMA_CPP("llama.cpp"), TRANSFORMERS("transformers"),
    OLLAMA("Ollama");

    private final String label;

    Engine(String label) { this.label = label; }

    public String label() { return label; }

    /** The engine a new sheet starts with. */
    public static Engine byDefault() { return VLLM; }
}
