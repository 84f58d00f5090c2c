package org.vramsheet.core.engine.ollama;

import java.util.List;

/**
 * The llama.cpp runner Ollama starts for a setup, each value with where it came from: the context per sequence, the
 * parallel sequences, the runner's context ({@code --ctx-size} / {@code -c} = num_ctx x parallel), the cache types, flash
 * attention, the batch, the layers on the GPU and the projector.
 *
 * @param release        the release whose rules were applied
 * @param numCtx         num_ctx: the context of one sequence
 * @param parallel       sequences the runner serves at once ({@code --parallel} / {@code -np})
 * @param runnerContext  the runner's context: cells of its KV cache, num_ctx x parallel
 * @param cacheTypeK     the K cache type ({@code --kv-cache-type}, {@code --cache-type-k})
 * @param cacheTypeV     the V cache type (the same setting)
 * @param flashAttention "on", "off" or "auto" (llama.cpp decides)
 * @param batch          {@code --batch-size} / {@code -b}
 * @param gpuLayers      "N" for num_gpu = N, else who decides ("the planner", "llama-server --fit")
 * @param projector      how the vision projector is loaded, or "none"
 * @param problems       settings Ollama refuses or ignores, each a sentence
 */
public record OllamaRunnerSetup(OllamaRelease release, Setting<Long> numCtx, Setting<Integer> parallel, Setting<Long> runnerContext,
                                Setting<String> cacheTypeK, Setting<String> cacheTypeV, Setting<String> flashAttention,
                                Setting<Long> batch, Setting<String> gpuLayers, Setting<String> projector, List<String> problems) {
    public OllamaRunnerSetup {
        problems = List.copyOf(problems);
    }

    /** One value and where it came from: one sentence per rule applied, in order (the rule, its releases, its file). */
    public record Setting<T>(T value, List<String> provenance) {
        public Setting {
            provenance = List.copyOf(provenance);
        }
    }
}
