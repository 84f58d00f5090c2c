package org.vramsheet.core.kv;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The cache geometry of a valid KV ARCHITECTURE: elements per token per layer, the layer groups
 * (full, windowed, fixed-state), model-wide and per GPU rank. All arithmetic is exact and
 * overflow-checked ({@link ArithmeticException} on overflow).
 */
public final class KvGeometry {
    /**
     * A group of layers that grows to at most {@code window} tokens (Long.MAX_VALUE: never capped), with its KV heads
     * (model-wide and per rank), head size, K cache dtype and V cache dtype (llama.cpp's -ctv; else the K dtype).
     */
    public record Group(int layers, long window, WindowKind kind, int kvHeads, int kvHeadsRank, int headDim, KvDtype dtype,
                        KvDtype vDtype) {
        public boolean capped() { return window != Long.MAX_VALUE; }

        /** Cache elements per token per layer (per rank when {@code rank}). */
        long elems(boolean mla, boolean rank) {
            return mla ? headDim : Math.multiplyExact(2L * (rank ? kvHeadsRank : kvHeads), headDim);
        }
    }

    public final KvDtype dtype;
    /** The V cache's dtype: llama.cpp's -ctv (its type_v) when set, else {@link #dtype}; MLA caches one latent in K's. */
    public final KvDtype vDtype;
    public final boolean mla;
    public final int layers;
    public final int headDim;          // D (MLA: kv_lora_rank + qk_rope_head_dim)
    public final int kvHeads;          // model-wide KV heads (MLA: 1 latent)
    public final int kvHeadsRank;      // per TP rank: max(1, H_kv / TP); MLA: 1 (replicated)
    final long elemsPerLayer;   // per token per layer, model-wide
    final long elemsPerLayerRank;
    final List<Group> groups;   // model-wide
    public final List<Group> groupsRank; // per pipeline stage (largest stage)
    public final long stateBytesPerSeq;
    public final long stateBytesPerSeqRank;
    public final int stateLayers;
    public final int tp;
    public final int pp;
    /** MLA: kv_lora_rank and qk_rope_head_dim (0 otherwise), for the packed fp8_ds_mla layout. */
    public final int mlaRank;
    public final int mlaRope;
    /**
     * Bytes per token per layer of a sparse-attention indexer's key cache (DeepSeek V3.2's lightning indexer), as vLLM stores
     * it: index_head_dim fp8 values plus one fp32 scale per 128 of them ({@code DeepseekV32IndexerCache(head_dim=head_dim +
     * head_dim // quant_block_size * 4, dtype=uint8)}, quant_block_size 128, vllm/model_executor/models/deepseek_v2.py);
     * 0 without an indexer or without MLA.
     */
    public final long indexerPerLayer;

    /** vLLM's index-key quantization block (deepseek_v2.py {@code self.quant_block_size = 128}); also fp8_ds_mla's scale group. */
    public static final int FP8_SCALE_BLOCK = 128;

    /** The geometry with one dtype for K and V (KV ARCHITECTURE › KV-cache dtype). */
    public KvGeometry(Worksheet ws) { this(ws, null); }

    /**
     * The geometry with a V cache of its own type: llama.cpp sizes the V rows by type_v ({@code -ctv}), the K rows by type_k
     * ({@code -ctk}) in llama_kv_cache's constructor (llama-kv-cache.cpp, {@code ggml_new_tensor_3d(ctx, type_v, ...)}).
     *
     * @param vType the V cache dtype, or null for the K cache's
     */
    public KvGeometry(Worksheet ws, KvDtype vType) {
        KvArchitecture k = ws.kv();
        RuntimeSettings r = ws.runtime();
        this.dtype = k.kvDtype().resolve(ws.weights().computeDtype());
        this.mla = k.kind() == AttentionKind.MLA;
        this.vDtype = vType == null || mla ? dtype : vType.resolve(ws.weights().computeDtype());
        this.layers = k.layers();
        this.tp = r.tensorParallel();
        this.pp = r.pipelineParallel();
        this.mlaRank = mla ? k.kvLoraRank() : 0;
        this.mlaRope = mla ? k.qkRopeHeadDim() : 0;
        Integer ix = k.indexHeadDim();
        this.indexerPerLayer = mla && ix != null && ix > 0 ? indexerBytes(ix) : 0;
        if (mla) {
            headDim = Math.addExact(k.kvLoraRank(), k.qkRopeHeadDim());
            kvHeads = 1;
            kvHeadsRank = 1;
            elemsPerLayer = headDim;
            elemsPerLayerRank = headDim;
        } else {
            headDim = k.headDim() != null ? k.headDim() : k.hiddenSize() / k.attentionHeads();
            kvHeads = kvHeads(k);
            kvHeadsRank = Math.max(1, kvHeads / tp);
            elemsPerLayer = Math.multiplyExact(2L * kvHeads, headDim);
            elemsPerLayerRank = Math.multiplyExact(2L * kvHeadsRank, headDim);
        }
        List<Group> g = new ArrayList<>();
        List<Group> gr = new ArrayList<>();
        int windowed = 0;
        for (LayerWindow w : k.windows()) {
            int heads = mla || w.kvHeads() == null ? kvHeads : w.kvHeads();
            int hd = mla || w.headDim() == null ? headDim : w.headDim();
            KvDtype dt = w.kvDtype() == null ? dtype : w.kvDtype().resolve(ws.weights().computeDtype());
            KvDtype vt = vType == null || mla ? dt : vDtype;
            int rankHeads = mla ? 1 : Math.max(1, heads / tp);
            g.add(new Group(w.layers(), w.window(), w.kind(), heads, rankHeads, hd, dt, vt));
            gr.add(new Group(ceilDiv(w.layers(), pp), w.window(), w.kind(), heads, rankHeads, hd, dt, vt));
            windowed += w.layers();
        }
        int full = layers - windowed;
        if (full > 0) {
            g.add(0, new Group(full, Long.MAX_VALUE, null, kvHeads, kvHeadsRank, headDim, dtype, vDtype));
            gr.add(0, new Group(ceilDiv(full, pp), Long.MAX_VALUE, null, kvHeads, kvHeadsRank, headDim, dtype, vDtype));
        }
        this.groups = List.copyOf(g);
        this.groupsRank = List.copyOf(gr);
        this.stateLayers = k.stateLayers() == null ? 0 : k.stateLayers();
        long perLayer = k.stateBytesPerLayer() == null ? 0 : k.stateBytesPerLayer();
        this.stateBytesPerSeq = Math.multiplyExact(stateLayers, perLayer);
        this.stateBytesPerSeqRank = Math.multiplyExact(ceilDiv(stateLayers, pp), ceilDiv(perLayer, tp));
    }

    /** The layer groups model-wide (the full-attention group first, then each window group in KV ARCHITECTURE's order). */
    public List<Group> groups() { return groups; }

    public static int ceilDiv(int a, int b) { return (a + b - 1) / b; }

    public static long ceilDiv(long a, long b) { return -Math.floorDiv(-a, b); }

    /** Bytes for {@code elems} elements of the cache dtype, rounded up to whole bytes. */
    public long bytes(long elems) {
        return ceilDiv(Math.multiplyExact(elems, dtype.num()), dtype.den());
    }

    /** Bytes per token per layer, model-wide (MLA: the latent in its layout, plus the indexer's key when there is one). */
    public long perLayer() { return mla ? mlaBytes(dtype) : kvBytes(elemsPerLayer, dtype, vDtype); }

    public long perLayerRank() { return mla ? mlaBytes(dtype) : kvBytes(elemsPerLayerRank, dtype, vDtype); }

    /** Bytes per token per layer of group g, model-wide or per rank. */
    public long perLayer(Group g, boolean rank) {
        return mla ? mlaBytes(g.dtype()) : kvBytes(g.elems(mla, rank), g.dtype(), g.vDtype());
    }

    /** The indexer's key bytes per token per layer for an index_head_dim: d fp8 values + d / 128 fp32 scales. */
    public static long indexerBytes(int indexHeadDim) {
        return Math.addExact(indexHeadDim, Math.multiplyExact(indexHeadDim / FP8_SCALE_BLOCK, 4L));
    }

    /** The packed fp8_ds_mla latent: rank fp8 values, rank / 128 fp32 scales, rope bf16 values (512 + 16 + 128 = 656). */
    public static long dsMlaBytes(int rank, int rope) {
        return Math.addExact(Math.addExact(rank, Math.multiplyExact(rank / FP8_SCALE_BLOCK, 4L)), Math.multiplyExact(rope, 2L));
    }

    /** Whether the latent is stored in vLLM's packed fp8_ds_mla layout. */
    public boolean dsMla() { return mla && dtype == KvDtype.FP8_DS_MLA; }

    /** One MLA layer's bytes per token: the latent (rank + rope elements of dt, or the fp8_ds_mla layout) plus the indexer. */
    private long mlaBytes(KvDtype dt) {
        long latent = dt == KvDtype.FP8_DS_MLA ? dsMlaBytes(mlaRank, mlaRope) : kvBytes(headDim, dt, dt);
        return Math.addExact(latent, indexerPerLayer);
    }

    /**
     * Bytes of {@code elems} cache elements, half of them K and half V: one dtype for both rounds up once; a V type of its own
     * rounds each half up (llama.cpp's K row and V row are tensors of their own).
     */
    private static long kvBytes(long elems, KvDtype k, KvDtype v) {
        if (k == v) {
            return ceilDiv(Math.multiplyExact(elems, k.num()), k.den());
        }
        long half = elems / 2;
        return Math.addExact(ceilDiv(Math.multiplyExact(elems - half, k.num()), k.den()),
                ceilDiv(Math.multiplyExact(half, v.num()), v.den()));
    }

    /** KV bytes one more token costs while no window is full: all attention layers, each group at its geometry. */
    public long bytesPerToken() {
        long n = 0;
        for (Group g : groups) {
            n = Math.addExact(n, Math.multiplyExact((long) g.layers(), perLayer(g, false)));
        }
        return n;
    }

    public long bytesPerTokenRank() {
        long n = 0;
        for (Group g : groupsRank) {
            n = Math.addExact(n, Math.multiplyExact((long) g.layers(), perLayer(g, true)));
        }
        return n;
    }

    /** Whether every group shares the model's KV heads, head size and dtype. */
    public boolean uniform() {
        for (Group g : groups) {
            if (g.kvHeads() != kvHeads || g.headDim() != headDim || g.dtype() != dtype || g.vDtype() != vDtype) {
                return false;
            }
        }
        return true;
    }

    public int fullLayers() { return groups.isEmpty() || groups.get(0).capped() ? 0 : groups.get(0).layers(); }

    public boolean hasWindows() {
        for (Group g : groups) {
            if (g.capped()) {
                return true;
            }
        }
        return false;
    }

    /** Logical KV bytes of one sequence of n tokens (windows capped, plus fixed state), model-wide. */
    public long sequenceBytes(long n) {
        return Math.addExact(tokenLayerSum(groups, n, false), stateBytesPerSeq);
    }

    public long sequenceBytesRank(long n) {
        return Math.addExact(tokenLayerSum(groupsRank, n, true), stateBytesPerSeqRank);
    }

    private long tokenLayerSum(List<Group> gs, long n, boolean rank) {
        long bytes = 0;
        for (Group g : gs) {
            long tokenLayers = Math.multiplyExact((long) g.layers(), Math.min(n, g.window()));
            bytes = Math.addExact(bytes, Math.multiplyExact(tokenLayers, perLayer(g, rank)));
        }
        return bytes;
    }

    /** Bytes of one block of {@code blockSize} tokens in one layer on one rank (vLLM page), at the model's geometry. */
    public long pageBytesRank(int blockSize) {
        if (mla) {
            return Math.multiplyExact(mlaBytes(dtype), (long) blockSize);
        }
        return kvBytes(Math.multiplyExact(elemsPerLayerRank, (long) blockSize), dtype, vDtype);
    }

    /** Bytes of one block of {@code blockSize} tokens in one layer of group g on one rank. */
    public long pageBytesRank(Group g, int blockSize) {
        if (mla) {
            return Math.multiplyExact(mlaBytes(g.dtype()), (long) blockSize);
        }
        return kvBytes(Math.multiplyExact(g.elems(mla, true), (long) blockSize), g.dtype(), g.vDtype());
    }

    /** "2 x 80 x 8 x 128 x 2" or the MLA form; per group when the groups differ ("2 x 5 x 2 x 512 x 2 + ..."). */
    public String formulaNumbers() {
        if (mla && !dsMla() && indexerPerLayer == 0) {
            return "(" + headDim + ") x " + layers + " x " + dtype.bytesText();
        }
        if (mla) {
            String latent = dsMla() ? "(" + mlaRank + " + " + mlaRank + " / " + FP8_SCALE_BLOCK + " x 4 + " + mlaRope + " x 2)"
                    : "(" + headDim + " x " + dtype.bytesText() + ")";
            return indexerPerLayer > 0 ? "(" + latent + " + " + indexerPerLayer + ") x " + layers : latent + " x " + layers;
        }
        if (uniform()) {
            return layerNumbers(layers, kvHeads, headDim, dtype, vDtype);
        }
        StringBuilder b = new StringBuilder();
        for (Group g : groups) {
            b.append(b.length() == 0 ? "" : " + ").append(layerNumbers(g.layers(), g.kvHeads(), g.headDim(), g.dtype(), g.vDtype()));
        }
        return b.toString();
    }

    /** "2 x 32 x 8 x 128 x 2", or with a V type of its own "32 x 8 x 128 x (1.0625 + 0.5625)" (K bytes + V bytes). */
    private static String layerNumbers(int layers, int heads, int headDim, KvDtype k, KvDtype v) {
        String tail = k == v ? " x " + k.bytesText() : " x (" + k.bytesText() + " + " + v.bytesText() + ")";
        return (k == v ? "2 x " : "") + layers + " x " + heads + " x " + headDim + tail;
    }

    /** KV heads after the MHA / MQA / MLA rules: MHA = attention heads unless given, MQA = 1, MLA = 1 latent. */
    public static Integer kvHeads(KvArchitecture k) {
        return switch (k.kind()) {
            case MHA -> k.kvHeads() != null ? k.kvHeads() : k.attentionHeads();
            case MQA, MLA -> 1;
            default -> k.kvHeads();
        };
    }
}
