package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.ollama.OllamaRunnerSetup.Setting;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * A sheet whose engine is Ollama as the llama.cpp runner Ollama starts for it: {@link OllamaDefaults} turns RUNTIME ›
 * Ollama settings (and the release, RUNTIME › Version) into the runner's launch, which becomes the sheet's llama.cpp
 * launch: {@code -c} = num_ctx x parallel (RUNTIME › Max model length), {@code -np} = parallel (Max sequences), the cache
 * type K and V (KV ARCHITECTURE › KV-cache dtype, {@code -ctv}), flash attention, {@code -ngl} = num_gpu (unset: every
 * layer, as when they fit), and the batch as llama/llama.go {@code NewContextParams} sets it: {@code n_batch} = num_batch x
 * parallel, {@code n_ubatch} = num_batch. The runner does not set {@code kv_unified}: llama.cpp's default (off).
 */
public final class OllamaSheet {
    private OllamaSheet() { }

    /** What the sheet says of Ollama's setup: its settings, the release, the GPUs' memory and the model. */
    public static OllamaSetup setup(Worksheet ws) {
        OllamaSettings o = ws.runtime().ollama();
        Gpu g = ws.gpu();
        long overhead = o.gpuOverheadBytes() == null ? 0 : o.gpuOverheadBytes();
        Long vram = g.totalBytes() == null ? null
                : multiply(Math.max(0, g.totalBytes() - overhead), g.count() == null ? 1 : g.count());
        return new OllamaSetup.Builder().version(ws.runtime().engineVersion()).modelNumCtx(o.numCtx())
                .contextLength(o.contextLength()).numParallel(o.numParallel() == null ? null : o.numParallel().longValue())
                .kvCacheType(cacheName(o.kvCacheType())).flashAttention(o.flashAttention())
                .numGpu(o.numGpu() == null ? null : o.numGpu().longValue()).totalVramBytes(vram)
                .trainContext(ws.model().maxContextTokens()).architecture(lower(ws.model().architecture()))
                .projector(ws.weights().encoderParams() != null && ws.weights().encoderParams() > 0).build();
    }

    /** The runner Ollama starts for this sheet. */
    public static OllamaRunnerSetup runnerSetup(Worksheet ws) {
        return OllamaDefaults.runner(setup(ws));
    }

    /** The sheet with the runner's launch as its llama.cpp launch (the engine stays Ollama); the same sheet run twice. */
    public static Worksheet runner(Worksheet ws) {
        OllamaRunnerSetup s = runnerSetup(ws);
        RuntimeSettings r = ws.runtime();
        int parallel = s.parallel().value();
        long batch = s.batch().value();
        LlamaCppSettings l = LlamaCppSettings.builder().gpuLayers(gpuLayers(s.gpuLayers())).flashAttention(flash(s))
                .ubatch(batch).batch(Math.multiplyExact(batch, (long) parallel)).build();
        RuntimeSettings nr = r.toBuilder().maxModelLen(s.runnerContext().value()).maxNumSeqs(parallel).llamaCpp(l)
                .blockSize(null).build();
        return ws.withRuntime(nr).withKv(ws.kv().toBuilder().kvDtype(kvDtype(s)).build());
    }

    /** Whether Ollama's planner decides the runner's GPU layers: num_gpu unset on a release before llama-server (0.30.0). */
    public static boolean plannerPlacesLayers(Worksheet ws) {
        return OllamaDefaults.PLANNER.equals(runnerSetup(ws).gpuLayers().value());
    }

    /**
     * The runner's launch with {@code -ngl} = the planner's {@code layers.offload}: num_gpu unset, Ollama passes the layers
     * its planner fits (llm/memory.go EstimateGPULayers) to the runner as {@code --n-gpu-layers} (llm/server.go).
     */
    public static Worksheet withPlannedLayers(Worksheet launched, int layersOffload) {
        RuntimeSettings r = launched.runtime();
        return launched.withRuntime(r.toBuilder().llamaCpp(r.llamaCpp().withGpuLayers(layersOffload)).build());
    }

    /**
     * The sheet run by Ollama with these settings: the engine Ollama, laid out as its llama.cpp runner places layers (TP 1,
     * PP = the sheet's GPUs), KV ARCHITECTURE › KV-cache dtype auto (the runner's cache type is OLLAMA_KV_CACHE_TYPE's).
     */
    public static Worksheet runBy(Worksheet ws, OllamaSettings settings) {
        int gpus = ws.gpu().count() == null || ws.gpu().count() < 1 ? 1 : ws.gpu().count();
        return ws.withRuntime(ws.runtime().toBuilder().engine(Engine.OLLAMA).ollama(settings).tensorParallel(1)
                .pipelineParallel(gpus).build()).withKv(ws.kv().toBuilder().kvDtype(KvDtype.AUTO).build());
    }

    /** Every setting of the runner by the rule that gave it (each rule's own sentence), then what Ollama refused or ignored. */
    public static List<String> notes(OllamaRunnerSetup s) {
        List<String> out = new ArrayList<>();
        out.add("Ollama " + s.release() + " starts a llama.cpp runner; its settings, each by the rule of Ollama:");
        for (Setting<?> x : List.of(s.numCtx(), s.parallel(), s.runnerContext(), s.cacheTypeK(), s.flashAttention(), s.batch(),
                s.gpuLayers(), s.projector())) {
            out.addAll(x.provenance());
        }
        out.addAll(s.problems());
        return out;
    }

    /** num_gpu when set; else every layer (the planner's fit is Placement's "layers that fit" when they do not all fit). */
    static Integer gpuLayers(Setting<String> g) {
        String v = g.value();
        return v.matches("[0-9]{1,6}") ? Integer.valueOf(v) : null;
    }

    static FlashAttention flash(OllamaRunnerSetup s) {
        return switch (s.flashAttention().value()) {
            case "on" -> FlashAttention.ON;
            case "off" -> FlashAttention.OFF;
            default -> FlashAttention.AUTO;
        };
    }

    static KvDtype kvDtype(OllamaRunnerSetup s) {
        LlamaCppCacheType t = LlamaCppCacheType.of(s.cacheTypeK().value());
        return t == null ? KvDtype.FP16 : t.kvDtype();
    }

    /** OLLAMA_KV_CACHE_TYPE's text for a sheet dtype: ggml's name ("f16", "q8_0"), or the dtype's label if ggml has none. */
    static String cacheName(KvDtype d) {
        if (d == null) {
            return null;
        }
        if (d == KvDtype.AUTO) {
            return null;
        }
        LlamaCppCacheType t = LlamaCppCacheType.of(d);
        return t == null ? d.label() : t.ggmlName();
    }

    private static String lower(String s) {
        return s == null || s.isBlank() ? null : s.strip().toLowerCase(Locale.ROOT);
    }

    private static Long multiply(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return null;
        }
    }
}
