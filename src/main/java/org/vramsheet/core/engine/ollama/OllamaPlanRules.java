package org.vramsheet.core.engine.ollama;

/**
 * The releases in which Ollama's planner (llm/memory.go {@code EstimateGPULayers}) changed, found with
 * {@code git log -S} in ollama/ollama, each with the first release tag that holds the commit.
 */
final class OllamaPlanRules {
    /** 1bdab9fdb "introduce k/v context quantization": the first planner ported here (OLLAMA_KV_CACHE_TYPE). */
    static final OllamaRelease FIRST = OllamaRelease.of("0.5.0");
    /** f560bd077 "Use Ollama engine memory layouts for both old and new engines": llm/memory.go removed. */
    static final OllamaRelease REMOVED = OllamaRelease.of("0.12.11");
    /** 033cec232 "count gemma3 vision tensors": memory.weights sums the blocks' tensors only, not their KV. */
    static final OllamaRelease WEIGHTS_WITHOUT_KV = OllamaRelease.of("0.6.1");
    /** f4f0992b6 "Fix debug logging for memory estimates": weights.total adds the output layer, repeating is the blocks. */
    static final OllamaRelease TOTAL_WITH_OUTPUT = OllamaRelease.of("0.6.3");
    /** f66216e39 "Support heterogeneous KV cache layer sizes": KV per block (gemma3's sliding blocks). */
    static final OllamaRelease KV_PER_BLOCK = OllamaRelease.of("0.6.3");
    /** 1fdb351c3 "New engine: vision models": the vision tower in the model file (VisionGraphSize). */
    static final OllamaRelease VISION_IN_FILE = OllamaRelease.of("0.6.0");
    /** 0478d440f "Fixed over vram allocation": blocks placed from the last one down, each unplaced block to overflow; the
     * buffer layer is the largest tensor group. */
    static final OllamaRelease REVERSE = OllamaRelease.of("0.7.0");
    /** 3fe74fba4 "Use first layer as memory buffer", a2cc8571c "Consistently track unassigned model data", d75557747
     * "Estimate projector memory correctly for Ollama engine": blk.0 as buffer again, the in-file projector placed with
     * the output layer, the context at least 2048 for every model. */
    static final OllamaRelease BLK0_AGAIN = OllamaRelease.of("0.7.1");
    /** 6ed889859 "fix crash for array head counts": GQA as the most heads over the fewest KV heads. */
    static final OllamaRelease ARRAY_HEADS = OllamaRelease.of("0.9.3");
    /** 85ccf7354 "gptoss: enable flash attention by default": before it gptoss does not take flash attention. */
    static final OllamaRelease GPTOSS_FA = OllamaRelease.of("0.11.8");

    private OllamaPlanRules() { }
}
