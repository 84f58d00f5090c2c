package org.vramsheet.core.engine.transformers;

import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/** Hugging Face transformers: a DynamicCache that grows per token, or a StaticCache preallocated for a batch. */
public final class TransformersModule implements EngineModule {
    @Override
    public Engine engine() { return Engine.TRANSFORMERS; }

    @Override
    public String fractionName() { return null; }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return new Choice<>(1, "transformers caches grow or preallocate per token");
    }

    @Override
    public CacheImplementation defaultCache() { return CacheImplementation.DYNAMIC; }

    @Override
    public boolean runs(CacheImplementation c) {
        return c == CacheImplementation.DEFAULT || c == CacheImplementation.DYNAMIC || c == CacheImplementation.STATIC;
    }

    @Override
    public NonKvRule nonKvRule() { return new NonKvRule("weights + activation peak + non-torch + CUDA graphs", true, true, true); }

    private static CacheImplementation cache(RuntimeSettings r, CacheImplementation byDefault) {
        return r.cacheImplementation() != CacheImplementation.DEFAULT ? r.cacheImplementation() : byDefault;
    }

    @Override
    public PoolLayout pool(PoolInput in) {
        KvGeometry g = in.geometry();
        RuntimeSettings r = in.runtime();
        long maxLen = in.maxLen();
        if (cache(r, defaultCache()) == CacheImplementation.STATIC) {
            int batch = Choice.typedOr(r.maxNumSeqs(), defaultMaxNumSeqs(r)).value();
            long pool = Math.multiplyExact(g.sequenceBytesRank(maxLen), (long) batch);
            in.notes().add("StaticCache preallocates batch " + batch + " x max_cache_len " + Units.grouped(maxLen)
                    + " up front, used or not");
            return new PoolLayout(this, g, new PoolLayout.Shape(1, g.perLayerRank(), pool, Math.multiplyExact(maxLen,
                    (long) batch), Math.multiplyExact(maxLen, (long) batch)),
                    new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, batch, maxLen));
        }
        long pool = Math.max(0, in.totalBytes() - in.nonKvBytes());
        long cell = g.bytesPerTokenRank();
        in.notes().add("DynamicCache reserves nothing: it grows into whatever memory is left; each torch.cat briefly "
                + "holds two copies of a layer's cache");
        return new PoolLayout(this, g, new PoolLayout.Shape(1, g.perLayerRank(), pool, pool / cell, pool / cell),
                new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, 0, maxLen));
    }

    @Override
    public double ratioAt(PoolLayout pool, long n) {
        return pool.slots > 0 ? pool.slots : pool.poolBytes / (double) pool.g.sequenceBytesRank(n);
    }

    @Override
    public String poolFormula() { return "StaticCache: batch x max_cache_len x bytes per token; DynamicCache: total - non-KV"; }

    @Override
    public String blocksFormula() { return "tokens the cache holds"; }

    @Override
    public String capacityFormula() { return "pool / bytes per token"; }

    @Override
    public String ratioFormula() { return "KV pool / bytes of one sequence"; }
}
