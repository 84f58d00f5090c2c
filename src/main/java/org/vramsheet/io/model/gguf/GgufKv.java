package org.vramsheet.io.model.gguf;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;

/**
 * KV ARCHITECTURE from a GGUF model's layers ({@link GgufLayout}): the layers with a cache of their own, the full-attention
 * layers' KV heads and head size as the model's, the windowed layers as a {@link LayerWindow} (with their own heads and
 * head size when the file gives them other ones: gemma4's {@code _swa} lengths, per-layer {@code head_count_kv}), MLA's
 * latent, and the recurrent layers' fixed state. One head size stands for K and V: where the file's K and V lengths
 * differ, their mean keeps the K + V values per cell exact. The cache dtype is llama.cpp's default, f16 ({@code -ctk} /
 * {@code -ctv}); a GGUF file does not say which one a server will use.
 */
final class GgufKv {
    private GgufKv() { }

    static KvArchitecture of(GgufKeys k, GgufLayout g, GgufNotes n) {
        List<GgufLayer> kv = g.list.stream().filter(GgufLayer::kv).toList();
        if (kv.isEmpty()) {
            throw new GgufKeys.BadKey(g.recurrentCount() == g.layers ? "every layer of '" + k.arch() + "' is recurrent: no layer "
                    + "holds a KV cache, and the sheet sizes models with at least one attention layer"
                    : "no layer holds a KV cache ('" + k.key("attention.head_count_kv") + "' is 0 on every attention layer)");
        }
        long heads = g.attentionHeads();
        if (heads < 1) {
            throw new GgufKeys.BadKey("no '" + k.key("attention.head_count") + "': cannot size the attention");
        }
        List<GgufLayer> full = kv.stream().filter(l -> !l.sliding()).toList();
        List<GgufLayer> swa = kv.stream().filter(GgufLayer::sliding).toList();
        List<GgufLayer> global = full.isEmpty() ? swa : full;
        int kvHeads = heads(k, global, n);
        int headDim = headDim(global.get(0), n);
        KvArchitecture.Builder b = KvArchitecture.builder().layers(kv.size()).attentionHeads((int) heads).hiddenSize((int) g.embd)
                .kvDtype(KvDtype.FP16);
        n.detect(kv.size() + " of " + g.layers + " layers hold a KV cache of their own ('" + k.key("block_count") + "')");
        n.assume("KV-cache dtype f16: llama.cpp's default cache type (-ctk / -ctv); the file does not say which one a "
                + "server will use");
        if (g.mla != null) {
            b.kind(AttentionKind.MLA).kvLoraRank(g.mla.rank()).qkRopeHeadDim(g.mla.rope());
        } else {
            AttentionKind kind = kvHeads == heads ? AttentionKind.MHA : kvHeads == 1 ? AttentionKind.MQA : AttentionKind.GQA;
            n.detect("KV heads " + kvHeads + " ('" + k.key("attention.head_count_kv") + "'): " + (kind == AttentionKind.MHA ? "MHA"
                    : kind == AttentionKind.MQA ? "MQA" : "GQA, " + heads / kvHeads + " query heads per KV head"));
            b.kind(kind).kvHeads(kvHeads).headDim(headDim);
        }
        if (!swa.isEmpty() && !full.isEmpty()) {
            b.windows(List.of(window(k, g, swa, kvHeads, headDim, n)));
        } else if (!swa.isEmpty()) {
            b.windows(List.of(new LayerWindow(swa.size(), g.windows.window(), g.windows.kind())));
        }
        if (g.recurrentCount() > 0) {
            b.stateLayers(g.recurrentCount()).stateBytesPerLayer(g.stateBytes);
        }
        return b.build();
    }

    /** The KV heads of a group of layers; where they differ per layer, the largest (an over-estimate, said). */
    private static int heads(GgufKeys k, List<GgufLayer> group, GgufNotes n) {
        int min = group.stream().mapToInt(GgufLayer::kvHeads).min().orElse(0);
        int max = group.stream().mapToInt(GgufLayer::kvHeads).max().orElse(0);
        if (min != max) {
            n.warn("'" + k.key("attention.head_count_kv") + "' differs per layer (" + min + " to " + max + "): the sheet holds "
                    + "one value, the largest (" + max + "), so the KV cache is over-estimated");
        }
        return max;
    }

    /** One head size for K and V: their common size, or their mean when the K + V sum is even (exact per cell). */
    private static int headDim(GgufLayer l, GgufNotes n) {
        if (l.headK() == l.headV() || l.headV() == 0) {
            return l.headK();
        }
        int sum = l.headK() + l.headV();
        if (sum % 2 == 0) {
            n.detect("K head size " + l.headK() + " and V head size " + l.headV() + " differ: head size " + sum / 2
                    + ", their mean, keeps the K + V values per cell exact");
            return sum / 2;
        }
        n.warn("K head size " + l.headK() + " and V head size " + l.headV() + " differ by an odd number: head size "
                + (sum / 2 + 1) + " over-estimates the cache by one value per head");
        return sum / 2 + 1;
    }

    private static LayerWindow window(GgufKeys k, GgufLayout g, List<GgufLayer> swa, int kvHeads, int headDim, GgufNotes n) {
        int h = heads(k, swa, n);
        int d = headDim(swa.get(0), new GgufNotes());
        List<String> own = new ArrayList<>();
        if (h != kvHeads) {
            own.add(h + " KV heads");
        }
        if (d != headDim) {
            own.add("head size " + d + " ('" + k.key("attention.key_length_swa") + "')");
        }
        if (own.isEmpty()) {
            return new LayerWindow(swa.size(), g.windows.window(), g.windows.kind());
        }
        n.detect("the windowed layers have their own geometry: " + String.join(", ", own));
        return new LayerWindow(swa.size(), g.windows.window(), g.windows.kind(), h != kvHeads ? h : null, d != headDim ? d : null,
                null);
    }
}
