package org.vramsheet.io.model.gguf;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.llamacpp.LlamaCppHparams;

/**
 * {@link LlamaCppHparams} from a GGUF model's layers: n_layer, n_embd_k_gqa / n_embd_v_gqa ({@code n_embd_head_k x
 * n_head_kv}), n_swa and its pattern, and the Mamba-style state sizes ({@code ssm.*}), as print_info prints them for a
 * model with one K/V width on every cached layer. {@code LlamaCppKvPrediction} puts the same K/V on every layer and slides
 * every layer {@code il % pattern < pattern - 1}: a model with layers without a cache of their own (recurrent, shared,
 * MTP), other K/V widths per layer or on its windowed layers, a window pattern that is not a period, or a recurrent state
 * that is not Mamba's, gets the hyperparameters with the reason its prediction is not exact.
 */
final class GgufLlamaCpp {
    private GgufLlamaCpp() { }

    static GgufImporter.LlamaCpp of(GgufKeys k, GgufLayout g) {
        List<String> inexact = new ArrayList<>();
        List<GgufLayer> kv = g.list.stream().filter(GgufLayer::kv).toList();
        long noKv = g.list.stream().filter(l -> !l.kv()).count();
        if (noKv > 0 && !kv.isEmpty()) {
            inexact.add(noKv + " of " + g.layers + " layers hold no K/V of their own, and the prediction puts K/V on every layer");
        }
        long embdK = kv.isEmpty() ? 0 : kv.get(0).embdK();
        long embdV = kv.isEmpty() ? 0 : kv.get(0).embdV();
        if (kv.stream().anyMatch(l -> l.embdK() != embdK || l.embdV() != embdV)) {
            inexact.add("K/V widths differ per layer (n_embd_k_gqa " + kv.stream().mapToLong(GgufLayer::embdK).min().orElse(0)
                    + " to " + kv.stream().mapToLong(GgufLayer::embdK).max().orElse(0) + "), and the prediction takes one");
        }
        Integer pattern = null;
        long window = 0;
        if (g.windows.count() > 0) {
            window = g.windows.window();
            pattern = period(g.windows.sliding());
            if (pattern == null) {
                inexact.add("the windowed layers follow no period the prediction can take (il % n < n - 1)");
            }
        }
        Long dConv = null;
        Long dInner = null;
        Long dState = null;
        long nGroup = 0;
        if (g.recurrentCount() > 0) {
            if (k.has("wkv.head_size") || k.has("shortconv.l_cache") || k.has("kda.head_dim")) {
                inexact.add("a recurrent state other than Mamba's (RWKV, short conv, KDA), which these hyperparameters do not hold");
            }
            dConv = k.count("ssm.conv_kernel", 0, GgufLimits.MAX_HEAD_DIM);
            dInner = k.count("ssm.inner_size", 0, GgufLimits.MAX_WIDTH * 16);
            dState = k.count("ssm.state_size", 0, GgufLimits.MAX_HEAD_DIM);
            Long groups = k.count("ssm.group_count", 0, GgufLimits.MAX_HEADS);
            nGroup = groups == null ? 0 : groups;
        }
        LlamaCppHparams hp = new LlamaCppHparams(k.arch(), g.layers, embdK, embdV, window, pattern, dConv, dInner, dState, nGroup);
        return new GgufImporter.LlamaCpp(hp, g.list, inexact);
    }

    /** The smallest n > 1 with {@code sliding[il] == (il % n < n - 1)} for every layer, or null. */
    static Integer period(boolean[] sliding) {
        for (int n = 2; n <= sliding.length + 1; n++) {
            boolean fits = true;
            for (int il = 0; il < sliding.length && fits; il++) {
                fits = sliding[il] == (il % n < n - 1);
            }
            if (fits) {
                return n;
            }
        }
        return null;
    }
}
