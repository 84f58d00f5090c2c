package org.vramsheet.core.validation;

import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * An Ollama log's runner as RUNTIME › Ollama settings, when Apply takes its setup: its command line or load request
 * ({@link OllamaLog.Runner}: {@code --ctx-size} = num_ctx x parallel, {@code --parallel}, {@code --kv-cache-type},
 * {@code --flash-attn}, {@code --n-gpu-layers}) gives num_ctx, OLLAMA_NUM_PARALLEL, OLLAMA_KV_CACHE_TYPE,
 * OLLAMA_FLASH_ATTENTION and num_gpu, so the sheet runs the runner the log started; what the log does not say is kept.
 * KV ARCHITECTURE › KV-cache dtype goes to auto: the runner's cache type is Ollama's setting.
 */
final class OllamaApply {
    private OllamaApply() { }

    static Worksheet settings(Worksheet setup, Measurement m) {
        if (m.engine() == null || !Engines.of(m.engine()).usesOllamaSettings() || m.ollama() == null
                || m.ollama().runner() == null) {
            return setup;
        }
        OllamaLog.Runner r = m.ollama().runner();
        OllamaSettings.Builder o = setup.runtime().ollama().toBuilder();
        int parallel = r.parallel() != null && r.parallel() >= 1 ? r.parallel() : 1;
        if (r.parallel() != null && r.parallel() >= 1) {
            o.numParallel(r.parallel());
        }
        if (r.contextCells() != null && r.contextCells() >= parallel) {
            o.numCtx(r.contextCells() / parallel);
        }
        LlamaCppCacheType t = r.kvCacheType() == null ? null : LlamaCppCacheType.of(r.kvCacheType());
        if (t != null) {
            o.kvCacheType(t.kvDtype());
        }
        if ("on".equals(r.flashAttention()) || "off".equals(r.flashAttention())) {
            o.flashAttention("on".equals(r.flashAttention()));
        }
        if (r.gpuLayers() != null && r.gpuLayers() >= 0) {
            o.numGpu(r.gpuLayers());
        }
        return setup.withRuntime(setup.runtime().toBuilder().ollama(o.build()).build())
                .withKv(setup.kv().toBuilder().kvDtype(KvDtype.AUTO).build());
    }
}
