package org.vramsheet.core.engine.vllm;

import java.util.List;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.units.Units;

/** How vLLM sizes its blocks: hybrid attention blocks, equal pages across groups, layers per block-table group. */
final class VllmBlocks {
    private VllmBlocks() { }

    /** vLLM raises a hybrid model's attention block so its page holds at least one Mamba state page. */
    static int hybridBlockSize(KvGeometry g, int bs, List<String> notes) {
        if (g.stateLayers == 0) {
            return bs;
        }
        long attn1 = 0;
        for (KvGeometry.Group gr : g.groupsRank) {
            attn1 = Math.max(attn1, g.pageBytesRank(gr, 1));
        }
        long mambaPage = g.stateBytesPerSeqRank / Math.max(1, KvGeometry.ceilDiv(g.stateLayers, g.pp));
        int align = g.mla ? 64 : 16;
        long attnBlock = align * KvGeometry.ceilDiv(mambaPage, align * attn1);
        if (attnBlock <= bs) {
            return bs;
        }
        notes.add("Hybrid model: attention block raised to " + attnBlock + " tokens so its page is at least the "
                + "Mamba state page (vLLM \"Setting attention block size\")");
        return Math.toIntExact(attnBlock);
    }

    /**
     * vLLM makes every group's page the same size: a group whose page is smaller (fewer KV heads or a smaller head) holds
     * more tokens per block (unify_kv_cache_spec_page_size), so its blocks per request shrink by the same factor.
     */
    static int[] unifiedBlockSizes(KvGeometry g, int bs, long page, List<String> notes) {
        int[] out = new int[g.groupsRank.size()];
        for (int i = 0; i < out.length; i++) {
            KvGeometry.Group gr = g.groupsRank.get(i);
            long own = g.pageBytesRank(gr, bs);
            out[i] = own == page || page % own != 0 ? bs : Math.toIntExact(bs * (page / own));
            if (out[i] != bs) {
                notes.add("Group of " + gr.layers() + " layers (" + gr.kvHeads() + " KV heads x " + gr.headDim() + "): "
                        + out[i] + " tokens per block so its page equals the largest (" + Units.grouped(page) + " B)");
            }
        }
        return out;
    }

    /** vLLM's layers per block-table group: one kind, its layers; else the smaller, or the larger when within 1.5x. */
    static int groupSize(KvGeometry g) {
        List<PoolLayout.Kind> one = PoolLayout.kinds(g, 1);
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (PoolLayout.Kind k : one) {
            min = Math.min(min, k.layers());
            max = Math.max(max, k.layers());
        }
        return one.size() == 1 ? min : (max < 1.5 * min ? max : min);
    }

    /** The largest page of one block in one layer over the groups (the page every group is given). */
    static long largestPage(KvGeometry g, int bs) {
        long page = 0;
        for (KvGeometry.Group gr : g.groupsRank) {
            page = Math.max(page, g.pageBytesRank(gr, bs));
        }
        return page;
    }

    /** vLLM max_memory_usage blocks of one request at length n (the concurrency denominator). */
    static long blocksPerRequest(PoolLayout l, long n) {
        return l.sumOverKinds(k -> {
            if (k.state()) {
                return 1;
            }
            int b = l.blockOf(k);
            if (k.window() == Long.MAX_VALUE) {
                return KvGeometry.ceilDiv(n, b);
            }
            if (k.windowKind() == WindowKind.CHUNKED) {
                return KvGeometry.ceilDiv(Math.min(k.window() + l.maxBatched, n), b);
            }
            return KvGeometry.ceilDiv(Math.min(k.window() - 1 + l.maxBatched, n), b) + 1;
        });
    }

    /** Blocks a running sequence of n tokens occupies (vLLM: block IDs; steady state, windows freed). */
    static long blocksHeld(PoolLayout l, long n) {
        return l.sumOverKinds(k -> {
            if (k.state()) {
                return 1;
            }
            int b = l.blockOf(k);
            long full = KvGeometry.ceilDiv(n, b);
            return k.window() == Long.MAX_VALUE ? full
                    : Math.min(full, KvGeometry.ceilDiv(k.window() - 1, b) + 1);
        });
    }

}
