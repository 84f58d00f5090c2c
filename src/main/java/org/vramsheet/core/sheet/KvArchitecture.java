package org.vramsheet.core.sheet;

import java.util.List;

/**
 * KV ARCHITECTURE: what one token costs in the cache.
 *
 * @param kind              MHA / GQA / MQA (K and V per KV head) or MLA (one latent)
 * @param layers            attention layers that hold a cache (all of them, windowed included)
 * @param attentionHeads    query heads
 * @param kvHeads           KV heads (GQA/MQA); for MHA equal to attentionHeads
 * @param headDim           explicit head dimension; wins over hiddenSize / attentionHeads
 * @param hiddenSize        model width, used only when headDim is not given
 * @param kvLoraRank        MLA: compressed KV latent rank (d_c)
 * @param qkRopeHeadDim     MLA: decoupled RoPE key dimension (d_rope)
 * @param kvDtype           cache dtype, separate from the weight format
 * @param windows           groups of layers capped at a window (sliding or chunked local)
 * @param stateLayers       hybrid: layers with a fixed per-sequence state (Mamba, linear attention)
 * @param stateBytesPerLayer hybrid: bytes of that state per layer per sequence
 */
public record KvArchitecture(AttentionKind kind, Integer layers, Integer attentionHeads, Integer kvHeads,
                             Integer headDim, Integer hiddenSize, Integer kvLoraRank, Integer qkRopeHeadDim,
                             KvDtype kvDtype, List<LayerWindow> windows, Integer stateLayers,
                             Long stateBytesPerLayer) {
    public KvArchitecture {
        kind = kind == null ? AttentionKind.GQA : kind;
        kvDtype = kvDtype == null ? KvDtype.AUTO : kvDtype;
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    public static KvArchitecture empty() {
        return new KvArchitecture(AttentionKind.GQA, null, null, null, null, null, null, null, KvDtype.AUTO,
                List.of(), null, null);
    }

    /** Layers in window groups (0 when there are none or their counts are missing). */
    public int windowedLayers() {
        int n = 0;
        for (LayerWindow w : windows) {
            n += w.layers() == null ? 0 : w.layers();
        }
        return n;
    }

    // copy methods: an edit changes only the field it names

    public KvArchitecture withKind(AttentionKind kind) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withLayers(Integer layers) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withAttentionHeads(Integer attentionHeads) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withKvHeads(Integer kvHeads) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withHeadDim(Integer headDim) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withHiddenSize(Integer hiddenSize) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withKvLoraRank(Integer kvLoraRank) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withQkRopeHeadDim(Integer qkRopeHeadDim) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withKvDtype(KvDtype kvDtype) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withWindows(List<LayerWindow> windows) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withStateLayers(Integer stateLayers) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }

    public KvArchitecture withStateBytesPerLayer(Long stateBytesPerLayer) {
        return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank, qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer);
    }
}
