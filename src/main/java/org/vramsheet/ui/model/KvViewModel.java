package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.WindowKind;

/**
 * KV ARCHITECTURE section. The form edits one window group (what almost every model has); further
 * groups from a loaded file are kept as they are.
 */
public final class KvViewModel extends SectionViewModel {
    public final ObjectProperty<AttentionKind> kind = watch(new SimpleObjectProperty<>(AttentionKind.GQA));
    public final NumberInput layers = number("kv.layers", NumberInput.Kind.COUNT, "layers");
    public final NumberInput attentionHeads = number("kv.attentionHeads", NumberInput.Kind.COUNT, "heads");
    public final NumberInput kvHeads = number("kv.kvHeads", NumberInput.Kind.COUNT, "heads");
    public final NumberInput headDim = number("kv.headDim", NumberInput.Kind.COUNT, "");
    public final NumberInput hiddenSize = number("kv.hiddenSize", NumberInput.Kind.COUNT, "");
    public final NumberInput kvLoraRank = number("kv.kvLoraRank", NumberInput.Kind.COUNT, "");
    public final NumberInput qkRopeHeadDim = number("kv.qkRopeHeadDim", NumberInput.Kind.COUNT, "");
    public final ObjectProperty<KvDtype> kvDtype = watch(new SimpleObjectProperty<>(KvDtype.AUTO));
    public final NumberInput windowLayers = number("kv.windows", NumberInput.Kind.COUNT, "layers");
    public final NumberInput windowTokens = number("kv.windowTokens", NumberInput.Kind.TOKENS, "tokens");
    public final ObjectProperty<WindowKind> windowKind = watch(new SimpleObjectProperty<>(WindowKind.SLIDING));
    public final NumberInput windowKvHeads = number("kv.windowKvHeads", NumberInput.Kind.COUNT, "heads");
    public final NumberInput windowHeadDim = number("kv.windowHeadDim", NumberInput.Kind.COUNT, "");
    private KvDtype windowKvDtype;
    public final NumberInput stateLayers = number("kv.stateLayers", NumberInput.Kind.COUNT, "layers");
    public final NumberInput stateBytesPerLayer = number("kv.stateBytesPerLayer", NumberInput.Kind.BYTES, "MiB");
    public final NumberInput indexHeadDim = number("kv.indexHeadDim", NumberInput.Kind.COUNT, "");
    private List<LayerWindow> extraWindows = List.of();

    public void load(KvArchitecture k) {
        kind.set(k.kind());
        layers.load(k.layers());
        attentionHeads.load(k.attentionHeads());
        kvHeads.load(k.kvHeads());
        headDim.load(k.headDim());
        hiddenSize.load(k.hiddenSize());
        kvLoraRank.load(k.kvLoraRank());
        qkRopeHeadDim.load(k.qkRopeHeadDim());
        kvDtype.set(k.kvDtype());
        LayerWindow first = k.windows().isEmpty() ? null : k.windows().get(0);
        windowLayers.load(first == null ? null : first.layers());
        windowTokens.load(first == null ? null : first.window());
        windowKind.set(first == null ? WindowKind.SLIDING : first.kind());
        windowKvHeads.load(first == null ? null : first.kvHeads());
        windowHeadDim.load(first == null ? null : first.headDim());
        windowKvDtype = first == null ? null : first.kvDtype();
        extraWindows = k.windows().size() > 1 ? List.copyOf(k.windows().subList(1, k.windows().size())) : List.of();
        stateLayers.load(k.stateLayers());
        stateBytesPerLayer.load(k.stateBytesPerLayer());
        indexHeadDim.load(k.indexHeadDim());
    }

    public KvArchitecture snapshot() {
        List<LayerWindow> windows = new ArrayList<>();
        if (windowLayers.longValue() != null || windowTokens.longValue() != null) {
            windows.add(new LayerWindow(windowLayers.intValue(), windowTokens.longValue(), windowKind.get(),
                    windowKvHeads.intValue(), windowHeadDim.intValue(), windowKvDtype));
        }
        windows.addAll(extraWindows);
        return KvArchitecture.builder().kind(kind.get()).layers(layers.intValue()).attentionHeads(attentionHeads.intValue())
                .kvHeads(kvHeads.intValue()).headDim(headDim.intValue()).hiddenSize(hiddenSize.intValue())
                .kvLoraRank(kvLoraRank.intValue()).qkRopeHeadDim(qkRopeHeadDim.intValue()).kvDtype(kvDtype.get())
                .windows(windows).stateLayers(stateLayers.intValue()).stateBytesPerLayer(stateBytesPerLayer.longValue())
                .indexHeadDim(indexHeadDim.intValue()).build();
    }
}
