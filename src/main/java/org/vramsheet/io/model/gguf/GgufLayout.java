package org.vramsheet.io.model.gguf;

import java.util.ArrayList;
import java.util.List;

/**
 * A GGUF model's layers as llama.cpp caches them, read the way llama-model.cpp {@code load_hparams} reads the file:
 * {@code .block_count}, {@code .embedding_length}, {@code .attention.head_count} and {@code .attention.head_count_kv}
 * (a scalar or one value per layer; head_count_kv defaults to head_count), {@code .attention.key_length} /
 * {@code .value_length} (default {@code n_embd / n_head}), their {@code _swa} variants for sliding layers (gemma4),
 * MLA ({@code .attention.kv_lora_rank} with {@code .attention.key_length_mla}: the file's key_length is then the cached
 * latent {@code kv_lora_rank + rope} and llama-kv-cache.cpp keeps no V rows, {@code has_v = !is_mla}), the windows
 * ({@link GgufWindows}), the recurrent layers ({@link GgufRecurrent}) and the layers without a cache of their own
 * (llama-hparams.cpp {@code has_kv}: {@code il < n_layer_kv_from_start}; gemma3n 20, gemma4 {@code n_layer -
 * .attention.shared_kv_layers}, glm4moe / bailingmoe2 {@code n_layer - .nextn_predict_layers}).
 */
final class GgufLayout {
    /** MLA: the latent rank, the decoupled RoPE width, and whether llama.cpp caches the latent only (no V rows). */
    record Mla(int rank, int rope, boolean latentOnly) { }

    String arch;
    int layers;
    long embd;
    long[] heads;
    long[] kvHeads;
    int headK;
    int headV;
    int headKSwa;
    int headVSwa;
    Mla mla;
    GgufWindows.Plan windows;
    boolean[] recurrent;
    int kvFrom;
    long stateBytes;
    final List<GgufLayer> list = new ArrayList<>();

    private GgufLayout() { }

    static GgufLayout read(GgufKeys k, GgufNotes notes) {
        GgufLayout g = new GgufLayout();
        g.arch = k.arch();
        g.layers = (int) k.required("block_count", 1, GgufLimits.MAX_LAYERS, "cannot tell how many layers hold a cache");
        g.embd = k.required("embedding_length", 1, GgufLimits.MAX_WIDTH, "no model width (hidden size)");
        notes.detect("architecture '" + g.arch + "' ('general.architecture'), " + g.layers + " layers ('" + k.key("block_count")
                + "'), hidden " + g.embd + " ('" + k.key("embedding_length") + "')");
        g.heads(k, notes);
        int nextn = (int) (long) orDefault(k.count("nextn_predict_layers", 0, g.layers - 1L), 0L);
        g.recurrent = GgufRecurrent.layers(k, g.kvHeads, nextn, notes);
        g.kvFrom = kvFrom(k, g.layers, nextn, notes);
        g.headSizes(k, notes);
        g.windows = GgufWindows.read(k, g.layers, notes);
        g.build();
        if (g.recurrentCount() > 0) {
            g.stateBytes = GgufRecurrent.bytesPerLayer(k, g.embd, g.attentionHeads(), notes);
        }
        return g;
    }

    private void heads(GgufKeys k, GgufNotes notes) {
        String hk = "attention.head_count";
        String kk = "attention.head_count_kv";
        long[] h = k.perLayer(hk, layers, 0, GgufLimits.MAX_HEADS);
        heads = h == null ? new long[layers] : h;
        long[] kv = k.perLayer(kk, layers, 0, GgufLimits.MAX_HEADS);
        kvHeads = kv == null ? heads.clone() : kv;
        for (int il = 0; il < layers; il++) {
            if (heads[il] > 0 && kvHeads[il] > heads[il]) {
                throw new GgufKeys.BadKey("'" + k.key(kk) + "' gives layer " + il + " " + kvHeads[il] + " KV heads, more than its "
                        + heads[il] + " attention heads ('" + k.key(hk) + "')");
            }
        }
        if (h != null) {
            notes.detect(attentionHeads() + " attention heads ('" + k.key(hk) + "'" + (k.isArray(hk) ? ", per layer" : "") + ")");
        }
        if (kv == null && h != null) {
            notes.assume("no '" + k.key(kk) + "': every query head has its own K/V (MHA), as llama.cpp defaults it");
        }
    }

    /** The first layer index past the layers that hold their own cache (llama_hparams::n_layer_kv_from_start). */
    private static int kvFrom(GgufKeys k, int layers, int nextn, GgufNotes notes) {
        Long shared = k.count("attention.shared_kv_layers", 0, layers - 1L);
        int from = layers;
        if (k.arch().equals("gemma3n")) {
            from = Math.min(20, layers);
            notes.detect("K/V on the first " + from + " layers, the others reuse them (llama.cpp sets 20 for 'gemma3n')");
            if (shared != null && layers - shared != from) {
                notes.warn("'" + k.key("attention.shared_kv_layers") + "' is " + shared + ", but llama.cpp keeps K/V on 20 of "
                        + layers + " layers for 'gemma3n'");
            }
            return from;
        }
        if (shared != null && shared > 0) {
            from -= shared.intValue();
            notes.detect("the last " + shared + " layers reuse the K/V of earlier layers ('" + k.key("attention.shared_kv_layers")
                    + "'): K/V on the first " + from);
        }
        if (nextn > 0) {
            from -= nextn;
            notes.detect(nextn + " MTP layers ('" + k.key("nextn_predict_layers") + "') hold no cache: llama.cpp does not run "
                    + "them (n_layer_kv_from_start)");
        }
        return Math.max(from, 0);
    }

    private void headSizes(GgufKeys k, GgufNotes notes) {
        long n = attentionHeads();
        long fallback = n > 0 ? embd / n : 0;
        Long key = k.count("attention.key_length", 1, GgufLimits.MAX_HEAD_DIM);
        Long value = k.count("attention.value_length", 1, GgufLimits.MAX_HEAD_DIM);
        headK = (int) (long) orDefault(key, fallback);
        headV = (int) (long) orDefault(value, fallback);
        if (key == null && n > 0) {
            notes.detect("head_dim = hidden " + embd + " / " + n + " heads = " + fallback + " (no '" + k.key("attention.key_length")
                    + "', as llama.cpp defaults it)");
        } else if (key != null) {
            notes.detect("K head size " + headK + " ('" + k.key("attention.key_length") + "'), V head size " + headV
                    + (value != null ? " ('" + k.key("attention.value_length") + "')" : " (the default " + fallback + ")"));
        }
        headKSwa = (int) (long) orDefault(k.count("attention.key_length_swa", 1, GgufLimits.MAX_HEAD_DIM), (long) headK);
        headVSwa = (int) (long) orDefault(k.count("attention.value_length_swa", 1, GgufLimits.MAX_HEAD_DIM), (long) headV);
        Long rank = k.count("attention.kv_lora_rank", 1, GgufLimits.MAX_HEAD_DIM);
        if (rank != null) {
            mla = mla(k, rank.intValue(), notes);
        }
    }

    private Mla mla(GgufKeys k, int rank, GgufNotes notes) {
        String rk = "'" + k.key("attention.kv_lora_rank") + "'";
        if (k.has("attention.key_length_mla")) {
            if (headK <= rank) {
                throw new GgufKeys.BadKey("'" + k.key("attention.key_length") + "' is " + headK + ", not above " + rk + " " + rank
                        + ": no room for the RoPE part of the cached latent");
            }
            notes.detect("MLA: cached latent " + headK + " = " + rk + " " + rank + " + RoPE " + (headK - rank) + " ('"
                    + k.key("attention.key_length") + "'); no V rows (llama-kv-cache.cpp: has_v = !is_mla)");
            return new Mla(rank, headK - rank, true);
        }
        Long rope = k.count("rope.dimension_count", 0, GgufLimits.MAX_HEAD_DIM);
        int r = rope == null ? 64 : rope.intValue();
        if (rope == null) {
            notes.assume("no '" + k.key("rope.dimension_count") + "': MLA RoPE width 64 assumed (DeepSeek's qk_rope_head_dim)");
        }
        notes.detect("MLA: " + rk + " " + rank + " + RoPE " + r);
        notes.warn("no '" + k.key("attention.key_length_mla") + "': a file converted before llama.cpp cached the MLA latent; "
                + "llama.cpp caches its K/V per head (" + kvHeads[0] + " x " + headK + " and " + headV
                + "), far more than the latent the sheet counts: convert it again");
        return new Mla(rank, r, false);
    }

    private void build() {
        boolean both = GgufRecurrent.BOTH.contains(arch);
        for (int il = 0; il < layers; il++) {
            boolean slides = windows.sliding()[il];
            boolean kv = il < kvFrom && kvHeads[il] > 0 && (both || !recurrent[il]);
            int k = slides ? headKSwa : headK;
            int v = mla != null && mla.latentOnly() ? 0 : slides ? headVSwa : headV;
            list.add(new GgufLayer(il, kv, slides, recurrent[il], kv ? (int) kvHeads[il] : 0, k, v));
        }
    }

    /**
     * The attention heads of the first layer that has any. llama.cpp's n_head() is layer 0's, and it sets no head size
     * when layer 0 has none; the first layer with heads is taken so that a hybrid starting with a recurrent layer has one.
     */
    long attentionHeads() {
        for (long h : heads) {
            if (h > 0) {
                return h;
            }
        }
        return 0;
    }

    int recurrentCount() {
        int n = 0;
        for (boolean r : recurrent) {
            n += r ? 1 : 0;
        }
        return n;
    }

    /** "layers: 12 full attention, 12 windowed, 0 recurrent, 0 without a cache of their own (of 24)". */
    String describe() {
        int full = 0;
        int slide = 0;
        int none = 0;
        for (GgufLayer l : list) {
            full += l.kv() && !l.sliding() ? 1 : 0;
            slide += l.kv() && l.sliding() ? 1 : 0;
            none += !l.kv() && !l.recurrent() ? 1 : 0;
        }
        return "layers: " + full + " full attention, " + slide + " windowed, " + recurrentCount() + " recurrent, " + none
                + " without a cache of their own (of " + layers + ")";
    }

    private static Long orDefault(Long v, Long d) { return v != null ? v : d; }
}
