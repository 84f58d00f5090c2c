package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Capacity;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.WindowKind;

/**
 * The engine's KV pool on one GPU rank: how big it is, how it is cut into blocks, and how many
 * blocks a sequence of n tokens takes. Built by {@link PoolStep} for each engine.
 */
final class PoolLayout implements Capacity {
    /** One kind of layer group as the engine sees it. */
    /** One layer kind: its layers, window, groups in the block table, and its tokens per block (0: the layout's). */
    record Kind(int layers, long window, WindowKind windowKind, boolean state, int groups, int blockSize) { }

    final Engine engine;
    final KvGeometry g;
    final int blockSize;
    final long pageBytes;          // one block, one layer (or one block ID covering groupSize layers for vLLM)
    final long poolBytes;          // per rank
    final long blocks;             // per rank (vLLM: block IDs; others: pages)
    final long capacityTokens;
    final int ranks;
    final long maxBatched;
    final List<Kind> kinds;
    final int groupSize;           // vLLM layers sharing one block ID
    final long slots;              // llama.cpp / transformers static: sequences the engine admits
    final long maxLen;

    /** How the pool on one rank is cut: block size, page bytes, pool bytes, blocks and the tokens they hold. */
    record Shape(int blockSize, long pageBytes, long poolBytes, long blocks, long capacityTokens) { }

    /** What bounds admission: ranks, vLLM's batched tokens, layer kinds and group size, static slots, max length. */
    record Admission(int ranks, long maxBatched, List<Kind> kinds, int groupSize, long slots, long maxLen) { }

    PoolLayout(Engine engine, KvGeometry g, Shape shape, Admission adm) {
        this.engine = engine;
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
    static List<Kind> kinds(KvGeometry g, int groupSize) {
        return kinds(g, groupSize, null);
    }

    /** The kinds, each with its own tokens per block when {@code blockSizes} (one per rank group) is given. */
    static List<Kind> kinds(KvGeometry g, int groupSize, int[] blockSizes) {
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

    private int blockOf(Kind k) { return k.blockSize() > 0 ? k.blockSize() : blockSize; }

    int totalGroups() {
        int n = 0;
        for (Kind k : kinds) {
            n += k.groups();
        }
        return n;
    }

    /** vLLM max_memory_usage blocks of one request at length n (the concurrency denominator). */
    long vllmBlocksPerRequest(long n) {
        return sumOverKinds(k -> {
            if (k.state()) {
                return 1;
            }
            int b = blockOf(k);
            if (k.window() == Long.MAX_VALUE) {
                return KvGeometry.ceilDiv(n, b);
            }
            if (k.windowKind() == WindowKind.CHUNKED) {
                return KvGeometry.ceilDiv(Math.min(k.window() + maxBatched, n), b);
            }
            return KvGeometry.ceilDiv(Math.min(k.window() - 1 + maxBatched, n), b) + 1;
        });
    }

    /** Blocks a running sequence of n tokens occupies (vLLM: block IDs; steady state, windows freed). */
    long vllmBlocksHeld(long n) {
        return sumOverKinds(k -> {
            if (k.state()) {
                return 1;
            }
            int b = blockOf(k);
            long full = KvGeometry.ceilDiv(n, b);
            return k.window() == Long.MAX_VALUE ? full
                    : Math.min(full, KvGeometry.ceilDiv(k.window() - 1, b) + 1);
        });
    }

    /** Sum over layer kinds of (blocks per group) x (groups of that kind). */
    private long sumOverKinds(java.util.function.ToLongFunction<Kind> perGroup) {
        long total = 0;
        for (Kind k : kinds) {
            total = Math.addExact(total, Math.multiplyExact(perGroup.applyAsLong(k), (long) k.groups()));
        }
        return total;
    }

    /** Physical bytes of one sequence of n tokens on one rank, at this engine's granularity. */
    long sequenceBytesRank(long n) {
        if (engine == Engine.VLLM) {
            return Math.multiplyExact(vllmBlocksHeld(n), Math.multiplyExact(pageBytes, (long) groupSize));
        }
        long tokens = blockSize > 1 && engine != Engine.LLAMA_CPP
                ? Math.multiplyExact(KvGeometry.ceilDiv(n, blockSize), (long) blockSize) : n;
        return g.sequenceBytesRank(tokens);
    }

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
        return switch (engine) {
            case VLLM -> blocks / (double) vllmBlocksPerRequest(n);
            case SGLANG -> capacityTokens / (double) n;
            case TENSORRT_LLM -> blocks / (double) KvGeometry.ceilDiv(n, blockSize);
            case LLAMA_CPP -> Math.min(slots, capacityTokens / (double) n);
            case TRANSFORMERS -> slots > 0 ? slots : poolBytes / (double) g.sequenceBytesRank(n);
        };
    }
}
