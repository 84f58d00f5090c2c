package org.vramsheet.core.engine.spi;

import java.util.Set;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.SpeculativeMethod;

/**
 * How an engine holds a speculative draft ({@link EngineModule#speculativeRule}): which methods it runs, whether the draft's
 * weights are loaded before the engine measures its memory (then they come out of the KV pool), whether the draft's KV
 * layers share the target's pool (tokens per pool = pool / (target + draft bytes per token)) or the draft allocates a context
 * of its own, and in which dtype the draft caches.
 *
 * @param methods         the methods the engine runs
 * @param weightsBeforePool whether the draft's weights are resident when the pool is sized (vLLM's profile; SGLang: no,
 *                        they load after the target's pool, into 1 - mem_fraction_static)
 * @param kvInPool        whether the draft's KV layers are sized in the target's pool
 * @param byLayers        whether the pool charges the draft's layers at the target's per-layer KV (SGLang scales its cell
 *                        size by 1 + draft layers / target layers); else the draft's layers must match the target's
 *                        geometry to be sized (vLLM keeps them in one KV-cache group)
 * @param draftKvDtype    the draft's cache dtype when the engine fixes one (llama.cpp: -ctkd / -ctvd, f16), else null:
 *                        the target's KV-cache dtype
 * @param source          where the engine does it, for the provenance
 */
public record SpeculativeRule(Set<SpeculativeMethod> methods, boolean weightsBeforePool, boolean kvInPool, boolean byLayers,
                              KvDtype draftKvDtype,
                              String source) {
    public SpeculativeRule {
        methods = Set.copyOf(methods);
    }
}
