package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup.Setting;

/**
 * What Ollama's release makes of a setup: the llama.cpp runner it starts, each value with the rule, release and source
 * file it comes from. The rules: {@link OllamaContextRule} (num_ctx), {@link OllamaParallelRule} (OLLAMA_NUM_PARALLEL),
 * {@link OllamaAttentionRule} (flash attention, KV cache type); here the runner's context (num_ctx x parallel since
 * 0.1.33: server/sched.go {@code pending.opts.NumCtx = pending.origNumCtx * numParallel}, later llm/server.go
 * {@code KvSize: opts.NumCtx * numParallel}, from 0.30.0 llama-server's {@code -c}), the batch and the GPU layers.
 */
public final class OllamaDefaults {
    private static final OllamaRelease LLAMA_SERVER = OllamaAttentionRule.LLAMA_SERVER;
    /** The GPU layers' value while Ollama's planner decides them (num_gpu unset, before 0.30.0). */
    static final String PLANNER = "the planner";

    private OllamaDefaults() { }

    /** The runner's setup; a version that is not one ("latest", "0.x") is named in the problems and the newest rules used. */
    public static OllamaRunnerSetup runner(OllamaSetup s) {
        List<String> problems = new ArrayList<>();
        OllamaRelease r = OllamaRelease.parse(s.version());
        if (r == null) {
            problems.add("Ollama version '" + s.version() + "' is not a release number: the rules of " + OllamaRelease.NEWEST
                    + " are used");
            r = OllamaRelease.NEWEST;
        }
        Setting<Long> ctx = OllamaContextRule.numCtx(s, r, problems);
        Setting<Integer> par = OllamaParallelRule.parallel(s, r, problems);
        long cells = Math.multiplyExact(ctx.value(), (long) par.value());
        Setting<Long> runnerCtx = new Setting<>(cells, List.of("the runner's context: num_ctx " + ctx.value() + " x " + par.value()
                + " parallel = " + cells + " cells (" + (r.atLeast(LLAMA_SERVER) ? "llama-server -c, llm/llama_server.go)"
                : "--ctx-size, server/sched.go and llm/server.go)")));
        Setting<String> fa = OllamaAttentionRule.flashAttention(s, r);
        Setting<String> kv = OllamaAttentionRule.cacheType(s, r, fa.value(), problems);
        return new OllamaRunnerSetup(r, ctx, par, runnerCtx, kv, kv, fa, batch(s, r, cells), gpuLayers(s, r), projector(s, r),
                problems);
    }

    /**
     * num_batch, default 512 (api/types.go DefaultOptions); from 0.30.0, when neither model nor request sets it, by the
     * runner's context (server/sched.go {@code generationBatchForContext}: above 32,768 cells 2048, above 4096 1024, else
     * 512; lower when the memory prediction leaves little headroom, and 512 on CUDA without flash attention), and an
     * embedding model's min(2048, num_ctx) (llm/llama_server.go).
     */
    static Setting<Long> batch(OllamaSetup s, OllamaRelease r, long cells) {
        if (s.numBatch() != null) {
            return new Setting<>(s.numBatch(), List.of("num_batch " + s.numBatch() + ", set by the model or the request"));
        }
        if (r.before(LLAMA_SERVER)) {
            return new Setting<>(512L, List.of("num_batch 512, Ollama's default (api/types.go DefaultOptions)"));
        }
        if (s.embedding()) {
            long b = Math.min(2048, cells);
            return new Setting<>(b, List.of("num_batch " + b + " for an embedding model: 2048 or the context if smaller"
                    + " (llm/llama_server.go, from 0.30.0)"));
        }
        long b = cells > 32_768 ? 2048 : cells > 4096 ? 1024 : 512;
        return new Setting<>(b, List.of("num_batch " + b + " for a context of " + cells + " cells (above 32768: 2048, above 4096:"
                + " 1024, else 512; lowered when GPU memory is tight; server/sched.go, from 0.30.0)"));
    }

    /** num_gpu when set; else Ollama's planner (to 0.29.x) or llama-server's own fit (from 0.30.0, no -ngl passed). */
    static Setting<String> gpuLayers(OllamaSetup s, OllamaRelease r) {
        if (s.numGpu() != null && s.numGpu() >= 0) {
            return new Setting<>(String.valueOf(s.numGpu()), List.of("num_gpu " + s.numGpu() + ": layers offloaded to the GPUs"
                    + (s.numGpu() == 0 ? " (none: CPU only)" : "")));
        }
        if (r.atLeast(LLAMA_SERVER)) {
            return new Setting<>("llama-server --fit", List.of("num_gpu unset: llama-server fits the layers to the free memory"
                    + " itself, no -ngl passed (llm/llama_server.go, from 0.30.0)"));
        }
        return new Setting<>(PLANNER, List.of("num_gpu unset: the planner of Ollama offloads the layers that fit in free GPU"
                + " memory; its log line ('offload to cuda', 'offload library=', from 0.11.5 'load request') gives the count"));
    }

    /** A vision projector: on the first GPU with its graph (the planner's projector.* lines); from 0.30.0 --mmproj. */
    static Setting<String> projector(OllamaSetup s, OllamaRelease r) {
        if (!s.projector()) {
            return new Setting<>("none", List.of("no vision projector"));
        }
        if (r.atLeast(LLAMA_SERVER)) {
            return new Setting<>("--mmproj", List.of("the projector goes to llama-server as --mmproj, its memory added to"
                    + " LLAMA_ARG_FIT_TARGET (llm/llama_server.go, from 0.30.0)"));
        }
        return new Setting<>("with the model", List.of("the weights and graph of the projector are planned on the first GPU"
                + " (projector.weights and projector.graph in the line of the planner)"));
    }
}
