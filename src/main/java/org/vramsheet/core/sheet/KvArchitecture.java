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
 * @param indexHeadDim      MLA with a sparse-attention indexer (DeepSeek V3.2's lightning indexer, config
 *                          {@code index_head_dim}): the width of the one index key cached per token per layer; null: none
 */
public record KvArchitecture(AttentionKind kind, Integer layers, Integer attentionHeads, Integer kvHeads,
                             Integer headDim, Integer hiddenSize, Integer kvLoraRank, Integer qkRopeHeadDim,
                             KvDtype kvDtype, List<LayerWindow> windows, Integer stateLayers,
                             Long stateBytesPerLayer, Integer indexHeadDim) {
    public KvArchitecture {
        kind = kind == null ? AttentionKind.GQA : kind;
        kvDtype = kvDtype == null ? KvDtype.AUTO : kvDtype;
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /** An architecture with nothing known: GQA, cache dtype auto, no windows. */
    public static KvArchitecture empty() { return builder().build(); }

    /** A builder starting from {@link #empty()}. */
    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link KvArchitecture}: one setter per component; unset components take the constructor's defaults. */
    public static final class Builder {
        private AttentionKind kind;
        private Integer layers;
        private Integer attentionHeads;
        private Integer kvHeads;
        private Integer headDim;
        private Integer hiddenSize;
        private Integer kvLoraRank;
        private Integer qkRopeHeadDim;
        private KvDtype kvDtype;
        private List<LayerWindow> windows;
        private Integer stateLayers;
        private Long stateBytesPerLayer;
        private Integer indexHeadDim;

        private Builder() { }

        private Builder(KvArchitecture r) {
            kind = r.kind;
            layers = r.layers;
            attentionHeads = r.attentionHeads;
            kvHeads = r.kvHeads;
            headDim = r.headDim;
            hiddenSize = r.hiddenSize;
            kvLoraRank = r.kvLoraRank;
            qkRopeHeadDim = r.qkRopeHeadDim;
            kvDtype = r.kvDtype;
            windows = r.windows;
            stateLayers = r.stateLayers;
            stateBytesPerLayer = r.stateBytesPerLayer;
            indexHeadDim = r.indexHeadDim;
        }

        public Builder kind(AttentionKind v) { kind = v; return this; }
        public Builder layers(Integer v) { layers = v; return this; }
        public Builder attentionHeads(Integer v) { attentionHeads = v; return this; }
        public Builder kvHeads(Integer v) { kvHeads = v; return this; }
        public Builder headDim(Integer v) { headDim = v; return this; }
        public Builder hiddenSize(Integer v) { hiddenSize = v; return this; }
        public Builder kvLoraRank(Integer v) { kvLoraRank = v; return this; }
        public Builder qkRopeHeadDim(Integer v) { qkRopeHeadDim = v; return this; }
        public Builder kvDtype(KvDtype v) { kvDtype = v; return this; }
        public Builder windows(List<LayerWindow> v) { windows = v; return this; }
        public Builder stateLayers(Integer v) { stateLayers = v; return this; }
        public Builder stateBytesPerLayer(Long v) { stateBytesPerLayer = v; return this; }
        public Builder indexHeadDim(Integer v) { indexHeadDim = v; return this; }

        public KvArchitecture build() {
            return new KvArchitecture(kind, layers, attentionHeads, kvHeads, headDim, hiddenSize, kvLoraRank,
                    qkRopeHeadDim, kvDtype, windows, stateLayers, stateBytesPerLayer, indexHeadDim);
        }
    }
}
