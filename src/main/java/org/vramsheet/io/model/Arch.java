package org.vramsheet.io.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.WindowKind;

/**
 * The attention layout read from a config: layers, heads, KV heads, head_dim, which layers are
 * sliding / chunked / full attention, MLA ranks, and the Mamba or linear-attention layers of hybrids.
 */
final class Arch {
    /** What one decoder layer holds. */
    enum LayerKind { FULL, SLIDING, CHUNKED, MAMBA, LINEAR }

    String type;
    int layers;
    int heads;
    int kvHeads;
    int headDim;
    int hidden;
    boolean mla;
    int kvLoraRank;
    /** DeepSeek V3.2's lightning indexer: index_head_dim (null: no indexer). */
    Integer indexHeadDim;
    int qkRope;
    long window;
    LayerKind[] kinds;
    /** Full-attention layers' own KV heads and head size when they differ from the sliding ones (Gemma-4-style), else 0. */
    int globalKvHeads;
    int globalHeadDim;
    long stateBytesPerLayerElems;

    boolean isAttentionLayer(int i) {
        return kinds[i] == LayerKind.FULL || kinds[i] == LayerKind.SLIDING || kinds[i] == LayerKind.CHUNKED;
    }

    boolean isLinearLayer(int i) { return kinds[i] == LayerKind.LINEAR; }

    int count(LayerKind k) {
        int n = 0;
        for (LayerKind x : kinds) {
            n += x == k ? 1 : 0;
        }
        return n;
    }

    int attentionLayers() { return count(LayerKind.FULL) + count(LayerKind.SLIDING) + count(LayerKind.CHUNKED); }

    int stateLayers() { return count(LayerKind.MAMBA) + count(LayerKind.LINEAR); }

    List<LayerWindow> windows() {
        List<LayerWindow> out = new ArrayList<>();
        if (count(LayerKind.SLIDING) > 0 && (globalKvHeads > 0 || globalHeadDim > 0)) {
            out.add(new LayerWindow(count(LayerKind.SLIDING), window, WindowKind.SLIDING, kvHeads, headDim, null));
        } else if (count(LayerKind.SLIDING) > 0) {
            out.add(new LayerWindow(count(LayerKind.SLIDING), window, WindowKind.SLIDING));
        }
        if (count(LayerKind.CHUNKED) > 0) {
            out.add(new LayerWindow(count(LayerKind.CHUNKED), window, WindowKind.CHUNKED));
        }
        return out;
    }

    /** "80 layers: 80 full attention" or "42 layers: 21 sliding (4,096) + 21 full attention". */
    String layout() {
        StringBuilder b = new StringBuilder(layers + " layers:");
        String sep = " ";
        for (LayerKind k : LayerKind.values()) {
            int n = count(k);
            if (n > 0) {
                String name = switch (k) {
                    case FULL -> "full attention";
                    case SLIDING -> "sliding window (" + String.format(Locale.ROOT, "%,d", window) + ")";
                    case CHUNKED -> "chunked local (" + String.format(Locale.ROOT, "%,d", window) + ")";
                    case MAMBA -> "Mamba (fixed state)";
                    case LINEAR -> "linear attention (fixed state)";
                };
                b.append(sep).append(n).append(' ').append(name);
                sep = " + ";
            }
        }
        return b.toString();
    }
}
