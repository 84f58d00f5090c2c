package org.vramsheet.cli;

import java.util.Locale;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import picocli.CommandLine.Option;

/**
 * {@code --engine NAME [--engine-version V]} and RUNTIME › Ollama settings as options ({@code --num-ctx},
 * {@code --ollama-num-parallel}, ...): each sets the sheet's field before it is calculated, read as the field is.
 */
final class EngineOptions {
    @Option(names = "--engine", paramLabel = "NAME", description = "RUNTIME › Engine: vllm, sglang, tensorrt-llm, llama.cpp, "
            + "transformers or ollama")
    String engine;
    @Option(names = "--engine-version", paramLabel = "V", description = "RUNTIME › Version (Ollama: its release, e.g. 0.12.3)")
    String version;
    @Option(names = "--num-ctx", paramLabel = "N", description = "Ollama num_ctx (Modelfile / request)")
    String numCtx;
    @Option(names = "--ollama-context-length", paramLabel = "N", description = "OLLAMA_CONTEXT_LENGTH")
    String contextLength;
    @Option(names = "--ollama-num-parallel", paramLabel = "N", description = "OLLAMA_NUM_PARALLEL")
    String numParallel;
    @Option(names = "--ollama-kv-cache-type", paramLabel = "TYPE", description = "OLLAMA_KV_CACHE_TYPE: f16, q8_0, q4_0")
    String kvCacheType;
    @Option(names = "--ollama-flash-attention", paramLabel = "BOOL", description = "OLLAMA_FLASH_ATTENTION: true or false")
    String flashAttention;
    @Option(names = "--num-gpu", paramLabel = "N", description = "Ollama num_gpu: layers on the GPUs")
    String numGpu;
    @Option(names = "--ollama-gpu-overhead", paramLabel = "BYTES", description = "OLLAMA_GPU_OVERHEAD: bytes kept free on "
            + "each GPU (a bare number is bytes, as Ollama reads it; 512MiB, 1GiB)")
    String gpuOverhead;

    /** Whether any option was given. */
    boolean any() {
        return engine != null || version != null || ollamaAny();
    }

    private boolean ollamaAny() {
        return numCtx != null || contextLength != null || numParallel != null || kvCacheType != null || flashAttention != null
                || numGpu != null || gpuOverhead != null;
    }

    /** The sheet with the options' values; bad input names the option and why. */
    Worksheet apply(Worksheet ws) {
        var r = ws.runtime().toBuilder();
        Engine e = engine == null ? ws.runtime().engine() : engine(engine);
        r.engine(e);
        if (version != null) {
            r.engineVersion(version.strip());
        }
        if (ollamaAny() && !Engines.of(e).usesOllamaSettings()) {
            throw new Subcommand.BadInput(first() + ": an Ollama setting, and the engine is " + e.label() + " (add --engine ollama)");
        }
        OllamaSettings.Builder o = ws.runtime().ollama().toBuilder();
        if (numCtx != null) {
            o.numCtx(NumberOptions.read("--num-ctx", numCtx, NumberGrammar.Kind.TOKENS));
        }
        if (contextLength != null) {
            o.contextLength(NumberOptions.read("--ollama-context-length", contextLength, NumberGrammar.Kind.TOKENS));
        }
        if (numParallel != null) {
            o.numParallel(NumberOptions.readInt("--ollama-num-parallel", numParallel, NumberGrammar.Kind.COUNT));
        }
        if (numGpu != null) {
            o.numGpu(NumberOptions.readInt("--num-gpu", numGpu, NumberGrammar.Kind.COUNT));
        }
        if (gpuOverhead != null) {
            o.gpuOverheadBytes(NumberOptions.read("--ollama-gpu-overhead", gpuOverhead, NumberGrammar.Kind.BYTES));
        }
        if (kvCacheType != null) {
            LlamaCppCacheType t = LlamaCppCacheType.of(kvCacheType);
            if (t == null) {
                throw new Subcommand.BadInput("--ollama-kv-cache-type: not a cache type: '" + kvCacheType.strip()
                        + "' (f16, q8_0, q4_0)");
            }
            o.kvCacheType(t.kvDtype());
        }
        if (flashAttention != null) {
            o.flashAttention(bool(flashAttention));
        }
        return ws.withRuntime(r.ollama(o.build()).build());
    }

    private String first() {
        return numCtx != null ? "--num-ctx" : contextLength != null ? "--ollama-context-length" : numParallel != null
                ? "--ollama-num-parallel" : kvCacheType != null ? "--ollama-kv-cache-type" : flashAttention != null
                ? "--ollama-flash-attention" : numGpu != null ? "--num-gpu" : "--ollama-gpu-overhead";
    }

    /** An engine by its label ("llama.cpp", "Ollama") or name ("LLAMA_CPP"), any case. */
    static Engine engine(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (Engine e : Engine.values()) {
            if (e.label().toLowerCase(Locale.ROOT).equals(t) || e.name().toLowerCase(Locale.ROOT).equals(t.replace('-', '_'))) {
                return e;
            }
        }
        throw new Subcommand.BadInput("--engine: not an engine: '" + text.strip() + "' (vllm, sglang, tensorrt-llm, llama.cpp, "
                + "transformers, ollama)");
    }

    private static Boolean bool(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("true") || t.equals("1")) {
            return true;
        }
        if (t.equals("false") || t.equals("0")) {
            return false;
        }
        throw new Subcommand.BadInput("--ollama-flash-attention: not true or false: '" + text.strip() + "'");
    }
}
