package org.vramsheet.core.engine.llamacpp;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;

/**
 * The model's layers in llama.cpp's order, each with what it caches: full attention, a sliding or chunked window, a
 * recurrent state, or nothing. The sheet says how many layers of each kind there are, not which ones; they are laid out
 * the way llama.cpp's periodic patterns put them, the minority kind last in each period ({@code
 * llama_hparams::set_swa_pattern}: layer il slides when {@code il % n_pattern < n_pattern - 1}, so gemma3's 26 layers have
 * full attention at 5, 11, 17 and 23; qwen3next's {@code full_attention_interval}), or spread evenly when no period gives
 * the counts. Which device holds a layer follows from its index ({@link LlamaCppKvPrediction#device}).
 *
 * <p>Rows as llama-kv-cache.cpp allocates them: K of {@code n_embd_k_gqa} values and V of {@code n_embd_v_gqa} values per
 * cell, each in its cache type ({@link LlamaCppCacheType#rowBytes}); without flash attention the V cache is transposed and
 * padded to the widest layer's V ({@code n_embd_v_gqa_max}). MLA (deepseek2) caches K of kv_lora_rank + rope values and
 * V of kv_lora_rank values in one KV head (its GGUF key_length_mla / value_length_mla).
 */
public final class LlamaCppLayers {
    /** What a layer holds. */
    public enum Kind { FULL, WINDOW, STATE, NONE }

    /**
     * One layer.
     *
     * @param window tokens a windowed layer keeps per sequence (0 for the others)
     * @param kRow   bytes of one cell's K row (0 without KV)
     * @param vRow   bytes of one cell's V row
     * @param state  bytes of the recurrent state per sequence (0 without)
     */
    public record Layer(int index, Kind kind, long window, long kRow, long vRow, long state) {
        public long rowBytes() { return Math.addExact(kRow, vRow); }
    }

    private LlamaCppLayers() { }

    /**
     * The layers of a valid KV ARCHITECTURE: its attention layers (full and windowed) and its fixed-state layers,
     * n_layer = attention layers + state layers.
     *
     * @param vType the V cache type ({@code -ctv}), null: each layer's K type
     */
    public static List<Layer> of(KvArchitecture k, KvGeometry g, LlamaCppCacheType vType, boolean flashAttn) {
        List<Kind> kinds = new ArrayList<>();
        List<Integer> groupOf = new ArrayList<>();
        order(g, kinds, groupOf);
        long vMax = 0;
        for (int i = 0; i < g.groups().size(); i++) {
            vMax = Math.max(vMax, vValues(k, g, g.groups().get(i)));
        }
        List<Layer> out = new ArrayList<>();
        long state = g.stateLayers == 0 ? 0 : g.stateBytesPerSeq / g.stateLayers;
        for (int il = 0; il < kinds.size(); il++) {
            Kind kind = kinds.get(il);
            if (kind == Kind.STATE) {
                out.add(new Layer(il, kind, 0, 0, 0, state));
                continue;
            }
            KvGeometry.Group gr = g.groups().get(groupOf.get(il));
            LlamaCppCacheType kt = type(k, groupOf.get(il), g);
            LlamaCppCacheType vt = vType == null ? kt : vType;
            long kValues = g.mla ? gr.headDim() : Math.multiplyExact((long) gr.kvHeads(), gr.headDim());
            long vValues = flashAttn ? vValues(k, g, gr) : vMax;
            out.add(new Layer(il, kind, gr.capped() ? gr.window() : 0, kt.rowBytes(kValues), vt.rowBytes(vValues), 0));
        }
        return out;
    }

    /** V values per cell of a group: its KV heads x head size; MLA's one latent of kv_lora_rank. */
    private static long vValues(KvArchitecture k, KvGeometry g, KvGeometry.Group gr) {
        return g.mla ? k.kvLoraRank() : Math.multiplyExact((long) gr.kvHeads(), gr.headDim());
    }

    /** The K cache type of a group: its own dtype, else KV ARCHITECTURE's (-ctk; auto is llama.cpp's f16). */
    private static LlamaCppCacheType type(KvArchitecture k, int group, KvGeometry g) {
        int windowIndex = g.groups().get(0).capped() ? group : group - 1;
        KvDtype own = windowIndex >= 0 && windowIndex < k.windows().size() ? k.windows().get(windowIndex).kvDtype() : null;
        LlamaCppCacheType t = LlamaCppCacheType.of(own != null ? own : k.kvDtype());
        if (t == null) {
            throw new IllegalArgumentException("llama.cpp has no " + (own != null ? own : k.kvDtype()).label() + " cache");
        }
        return t;
    }

    /** Each layer's kind and group: attention among state layers first, then full attention among windowed layers. */
    private static void order(KvGeometry g, List<Kind> kinds, List<Integer> groupOf) {
        int attention = g.layers;
        int total = Math.addExact(attention, g.stateLayers);
        boolean[] stateAt = minorityAt(total, Math.min(attention, g.stateLayers));
        boolean attentionMinority = attention <= g.stateLayers;
        List<Integer> attentionIndex = new ArrayList<>();
        for (int il = 0; il < total; il++) {
            boolean state = g.stateLayers > 0 && (attentionMinority != stateAt[il]);
            kinds.add(state ? Kind.STATE : Kind.FULL);
            groupOf.add(-1);
            if (!state) {
                attentionIndex.add(il);
            }
        }
        int full = g.fullLayers();
        int windowed = attention - full;
        boolean fullMinority = full <= windowed;
        boolean[] minority = minorityAt(attention, Math.min(full, windowed));
        List<Integer> windowGroups = new ArrayList<>();
        for (int i = 0; i < g.groups().size(); i++) {
            KvGeometry.Group gr = g.groups().get(i);
            for (int n = 0; gr.capped() && n < gr.layers(); n++) {
                windowGroups.add(i);
            }
        }
        int nextWindow = 0;
        for (int a = 0; a < attention; a++) {
            boolean isFull = windowed == 0 || full > 0 && fullMinority == minority[a];
            int il = attentionIndex.get(a);
            kinds.set(il, isFull ? Kind.FULL : Kind.WINDOW);
            groupOf.set(il, isFull ? 0 : windowGroups.get(nextWindow++));
        }
    }

    /**
     * Where {@code count} layers of a minority kind sit among {@code n}: at the end of each period of the smallest period
     * p with {@code floor(n / p) == count} (llama.cpp's patterns), else spread evenly (the j-th at floor((j + 1) n / count)
     * - 1).
     */
    static boolean[] minorityAt(int n, int count) {
        boolean[] at = new boolean[n];
        if (count <= 0) {
            return at;
        }
        for (int p = 2; p <= n; p++) {
            if (n / p == count) {
                for (int il = 0; il < n; il++) {
                    at[il] = il % p == p - 1;
                }
                return at;
            }
        }
        for (int j = 0; j < count; j++) {
            at[(int) Math.min(n - 1, (long) (j + 1) * n / count - 1)] = true;
        }
        return at;
    }
}
