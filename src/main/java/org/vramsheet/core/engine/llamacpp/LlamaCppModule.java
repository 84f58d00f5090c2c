package org.vramsheet.core.engine.llamacpp;

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

/** llama.cpp: a preallocated cache of n_ctx cells padded to 256 for its slots (llama_kv_cache, llama-server -np). */
public final class LlamaCppModule implements EngineModule {
    @Override
    public Engine engine() { return Engine.LLAMA_CPP; }

    @Override
    public String fractionName() { return null; }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return new Choice<>(256, "llama.cpp pads n_ctx to a multiple of 256 cells");
    }

    @Override
    public Choice<Integer> defaultMaxNumSeqs(RuntimeSettings r) {
        return new Choice<>(1, "llama.cpp n_parallel 1 (llama-server sets 4 unified slots when left at 1)");
    }

    @Override
    public CacheImplementation defaultCache() { return CacheImplementation.CONTIGUOUS; }

    @Override
    public boolean runs(CacheImplementation c) { return c == CacheImplementation.DEFAULT || c == CacheImplementation.CONTIGUOUS; }

    @Override
    public boolean loadsGgml() { return true; }

    @Override
    public NonKvRule nonKvRule() { return new NonKvRule("weights + activation peak + non-torch + CUDA graphs", true, true, true); }

    @Override
    public PoolLayout pool(PoolInput in) {
        KvGeometry g = in.geometry();
        int pad = in.blockSize().value();
        long nCtx = in.maxLen();
        int slots = Choice.typedOr(in.runtime().maxNumSeqs(), defaultMaxNumSeqs(in.runtime())).value();
        long cells = KvGeometry.ceilDiv(nCtx, pad) * pad;
        long bytes = 0;
        for (KvGeometry.Group gr : g.groupsRank) {
            long held = gr.capped() ? Math.min(cells, KvGeometry.ceilDiv(Math.addExact(Math.multiplyExact(gr.window(),
                    (long) slots), 512), pad) * pad) : cells;
            bytes = Math.addExact(bytes, Math.multiplyExact(Math.multiplyExact(held, (long) gr.layers()), g.perLayer(gr, true)));
        }
        bytes = Math.addExact(bytes, Math.multiplyExact(g.stateBytesPerSeqRank, (long) slots));
        in.notes().add("llama.cpp preallocates n_ctx = " + Units.grouped(nCtx) + " padded to " + Units.grouped(cells)
                + " cells for " + slots + " slot(s); sliding-window layers get min(n_ctx, n_swa x slots + n_ubatch) cells");
        return new PoolLayout(this, g, new PoolLayout.Shape(pad, Math.multiplyExact(g.perLayerRank(), (long) pad), bytes,
                cells / pad, cells), new PoolLayout.Admission(in.runtime().ranks(), 0, PoolLayout.kinds(g, 1), 1, slots, cells));
    }

    @Override
    public double ratioAt(PoolLayout pool, long n) { return Math.min(pool.slots, pool.capacityTokens / (double) n); }

    /** Cells are not blocks: a sequence holds exactly its tokens. */
    @Override
    public long sequenceBytesRank(PoolLayout pool, long n) { return pool.g.sequenceBytesRank(n); }

    @Override
    public String poolFormula() { return "padded n_ctx x bytes per token (preallocated)"; }

    @Override
    public String blocksFormula() { return "padded n_ctx / 256"; }

    @Override
    public String capacityFormula() { return "padded n_ctx"; }

    @Override
    public String ratioFormula() { return "min(slots, n_ctx / context)"; }
}
