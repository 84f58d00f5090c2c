package org.vramsheet.core.input;

import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.ollama.OllamaSheet;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * RUNTIME › Ollama settings, checked when the engine is Ollama: ranges, a cache type llama.cpp has, the runner's context
 * within a long, KV ARCHITECTURE › KV-cache dtype agreeing with the runner's (Ollama's cache type is
 * OLLAMA_KV_CACHE_TYPE, not the sheet's), and whole layers per GPU as llama.cpp places them.
 */
final class OllamaValidator {
    private static final String P = "runtime.ollama.";

    private OllamaValidator() { }

    static void validate(Worksheet ws, Issues out) {
        if (!Engines.of(ws.runtime().engine()).usesOllamaSettings()) {
            return;
        }
        OllamaSettings o = ws.runtime().ollama();
        boolean ok = out.inDeclaredRange(P + "numCtx", o.numCtx()) & out.inDeclaredRange(P + "contextLength", o.contextLength())
                & out.inDeclaredRange(P + "numParallel", o.numParallel()) & out.inDeclaredRange(P + "numGpu", o.numGpu())
                & out.inDeclaredRange(P + "gpuOverheadBytes", o.gpuOverheadBytes());
        KvDtype t = o.kvCacheType();
        if (t != null && t != KvDtype.AUTO && LlamaCppCacheType.of(t) == null) {
            out.add(P + "kvCacheType", "inconsistent: the runner of Ollama has no '" + t.label() + "' cache (f16, q8_0, q4_0)");
            ok = false;
        }
        LlamaCppValidator.layout(ws, out);
        if (!ok || out.get("runtime.engineVersion") != null) {
            return;
        }
        try {
            KvDtype runs = OllamaSheet.runner(ws).kv().kvDtype();
            KvDtype sheet = ws.kv().kvDtype();
            if (sheet != KvDtype.AUTO && sheet != runs) {
                String name = LlamaCppCacheType.of(runs).ggmlName();
                out.add("kv.kvDtype", "inconsistent: the runner of Ollama caches '" + name + "' (RUNTIME › OLLAMA_KV_CACHE_TYPE"
                        + " and flash attention decide it): set auto or '" + name + "'");
            }
        } catch (ArithmeticException e) {
            out.add(P + "numCtx", "too large: num_ctx x parallel does not fit in a 64-bit count");
        }
    }

}
