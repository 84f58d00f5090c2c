package org.vramsheet.core.engine.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.WindowKind;

/**
 * The engine's KV pool on one GPU rank: how big it is, how it is cut into blocks, and how many
 * blocks a sequence of n tokens takes. Built by each engine's {@link EngineModule#pool}; the engine's module answers
 * how many sequences it admits.
 */
public final class PoolLayout implements Capacity {
    /** One layer kind: its layers, window, groups in the block table, and its tokens per block (0: the layout's). */
    public record Kind(int layers, long window, WindowKind windowKind, boolean state, int groups, int blockSize) { }

    public final EngineModule module;
    public final KvGeometry g;
    public final int blockSize;
    public final long pageBytes;          // one block, one layer (or one block ID covering groupSize layers for vLLM)
    public final long poolBytes;          // per rank
    public final long blocks;             // per rank (vLLM: block IDs; others: pages)
    public final long capacityTokens;
    public final int ranks;
    public final long maxBatched;
    public final List<Kind> kinds;
    public final int groupSize;           // vLLM layers sharing one block ID
    public final long slots;              // llama.cpp / transformers static: sequences the engine admits
    public final long maxLen;

    /** How the pool on one rank is cut: block size, page bytes, pool bytes, blocks and the tokens they hold. */
    public record Shape(int blockSize, long pageBytes, long poolBytes, long blocks, long capacityTokens) { }

    /** What bounds admission: ranks, vLLM's batched tokens, layer kinds and group size, static slots, max length. */
    public record Admission(int ranks, long maxBatched, List<Kind> kinds, int groupSize, long slots, long maxLen) { }

    public PoolLayout(EngineModule module, KvGeometry g, Shape shape, Admission adm) {
        this.module = module;
        this.g = g;
        this.blockSize = shape.blockSize();
        this.pageBytes = shape.pageBytes();
        this.poolBytes = shape.poolBytes();
        this.blocks = shape.blocks();
        this.capacityTokens = shape.capacityTokens();
        this.ranks = adm.ranks();
        this.maxBatched = adm.maxBatched();
        this.kinds = List.copyOf(adm.kinds());
        this.groupSize = adm.groupSize();
        this.slots = adm.slots();
        this.maxLen = adm.maxLen();
    }

    /** Layer kinds of a geometry on one rank, with vLLM's group counts for a given group size. */
    public static List<Kind> kinds(KvGeometry g, int groupSize) {
        return kinds(g, groupSize, null);
    }

    /** The kinds, each with its own tokens per block when {@code blockSizes} (one per rank group) is given. */
    public static List<Kind> kinds(KvGeometry g, int groupSize, int[] blockSizes) {
        List<Kind> out = new ArrayList<>();
        for (int i = 0; i < g.groupsRank.size(); i++) {
            KvGeometry.Group gr = g.groupsRank.get(i);
            out.add(new Kind(gr.layers(), gr.window(), gr.kind(), false, KvGeometry.ceilDiv(gr.layers(), groupSize),
                    blockSizes == null ? 0 : blockSizes[i]));
        }
        if (g.stateLayers > 0) {
            int sl = KvGeometry.ceilDiv(g.stateLayers, g.pp);
            out.add(new Kind(sl, Long.MAX_VALUE, null, true, KvGeometry.ceilDiv(sl, groupSize), 0));
        }
        return out;
    }

    /** A kind's tokens per block (its own, else the layout's). */
    public int blockOf(Kind k) { return k.blockSize() > 0 ? k.blockSize() : blockSize; }

    /** Sum over layer kinds of (blocks per group) x (groups of that kind). */
    public long sumOverKinds(ToLongFunction<Kind> perGroup) {
        long total = 0;
        for (Kind k : kinds) {
            total = Math.addExact(total, Math.multiplyExact(perGroup.applyAsLong(k), (long) k.groups()));
        }
        return total;
    }

    /** Physical bytes of one sequence of n tokens on one rank, at this engine's granularity. */
    public long sequenceBytesRank(long n) { return module.sequenceBytesRank(this, n); }

    @Override
    public long maxContext() { return maxLen; }

    @Override
    public long sequenceBytesAt(long n) {
        return Math.multiplyExact(sequenceBytesRank(n), (long) ranks);
    }

    @Override
    public double ratioAt(long n) {
        if (n <= 0 || (maxLen > 0 && n > maxLen)) {
            return 0;
        }
        return module.ratioAt(this, n);
    }
}
