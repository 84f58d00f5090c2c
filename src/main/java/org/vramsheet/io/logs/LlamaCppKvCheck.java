package org.vramsheet.io.logs;

import org.vramsheet.core.engine.llamacpp.LlamaCppCache;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.engine.llamacpp.LlamaCppHparams;
import org.vramsheet.core.engine.llamacpp.LlamaCppKvPrediction;
import org.vramsheet.core.engine.llamacpp.LlamaCppLogCells;
import org.vramsheet.core.validation.Measurement;

/**
 * A llama.cpp log's KV buffers predicted from the log's own hyperparameters and context (not from its printed sizes),
 * to set against the buffers it printed. Null where the log lacks the geometry (n_layer, n_embd_k_gqa) or n_ctx.
 */
public final class LlamaCppKvCheck {
    /** The newest build with one cache for every layer of a sliding-window model ({@link LlamaCppLogCells}). */
    static final int NEWEST_BUILD_WITHOUT_SWA_CACHE = LlamaCppLogCells.NEWEST_BUILD_WITHOUT_SWA_CACHE;

    private LlamaCppKvCheck() { }

    /** The prediction for this log, or null. */
    public static LlamaCppKvPrediction.Prediction predict(Measurement m) {
        return predict(m, LlamaCppHparams.of(m.llamaParams()));
    }

    /** The prediction for this log's context with hyperparameters from elsewhere (a GGUF file's metadata), or null. */
    public static LlamaCppKvPrediction.Prediction predict(Measurement m, LlamaCppHparams hp) {
        if (hp.layers() == null || hp.embdK() == null || hp.embdV() == null || m.maxModelLen() == null) {
            return null;
        }
        Integer build = m.version() != null && m.version().matches("b[0-9]{1,7}") ? Integer.valueOf(m.version().substring(1)) : null;
        String fa = m.flashAttention();
        boolean flash = fa != null && !(fa.equals("0") || fa.equals("false") || fa.equals("disabled"));
        LlamaCppCacheType k = type(m.kvCacheDtype());
        LlamaCppCacheType v = type(m.kvCacheDtypeV() != null ? m.kvCacheDtypeV() : m.kvCacheDtype());
        int gpuLayers = m.gpuLayers() != null ? m.gpuLayers() : m.deviceFreeBytes().isEmpty() ? 0 : hp.layers() + 1;
        String unified = m.llamaParams().get("kv_unified");
        LlamaCppKvPrediction.Setup s = new LlamaCppKvPrediction.Setup(m.maxModelLen(), m.ctxPerSeq(),
                m.seqMax() == null ? 1 : m.seqMax(), unified == null || !unified.equals("false"),
                m.ubatchTokens() == null ? 512 : m.ubatchTokens(), flash,
                build != null && build <= LlamaCppLogCells.LAST_BUILD_PADDING_32 ? LlamaCppCache.Padding.B6840
                : LlamaCppCache.Padding.B7108, build == null || build > NEWEST_BUILD_WITHOUT_SWA_CACHE, gpuLayers, m.deviceFreeBytes(), k,
                v);
        return LlamaCppKvPrediction.of(hp, s);
    }

    private static LlamaCppCacheType type(String printed) {
        LlamaCppCacheType t = LlamaCppCacheType.of(printed);
        return t == null ? LlamaCppCacheType.F16 : t;
    }
}
