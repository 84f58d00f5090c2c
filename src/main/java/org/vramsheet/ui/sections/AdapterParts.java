package org.vramsheet.ui.sections;

import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.ui.model.RuntimeViewModel;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * RUNTIME › LoRA adapters and KV offload to CPU (issue 30 points 2 and 3): the fields, then the figures the core computed
 * for them (slots per GPU and per replica, kernel buffers, host RAM per rank and node, the cached-prefix tokens, whether the
 * node's host RAM holds what is asked).
 */
final class AdapterParts {
    private static final int COLUMNS = 4;

    private AdapterParts() { }

    static Node of(Views v, SheetViewModel vm) {
        RuntimeViewModel r = vm.runtime;
        GridPane lora = FormGrid.fill(v.grid(), COLUMNS, v.number(r.loraMaxLoras), RuntimeParts.withDefault(v,
                        v.number(r.loraMaxRank), "16"),
                v.text(Views.id("runtime.lora.targetModules"), "LoRA target modules", r.loraTargets, "runtime.lora.targetModules"),
                v.choice(Views.id("runtime.lora.dtype"), "LoRA dtype", r.loraDtype, new String[] {"", "BF16", "FP16", "FP32"},
                        d -> d.isEmpty() ? v.t("as the model (auto)") : d.toLowerCase(Locale.ROOT)),
                RuntimeParts.withDefault(v, v.number(r.loraMaxCpuLoras), "max LoRAs"), v.number(r.loraIntermediate));
        GridPane loraResults = FormGrid.fill(v.grid(), COLUMNS, v.result(FigureKey.LORA_BYTES_PER_ADAPTER),
                v.result(FigureKey.LORA_SLOT_BYTES_PER_GPU), v.result(FigureKey.LORA_PUNICA_BYTES_PER_GPU),
                v.result(FigureKey.LORA_GPU_BYTES_PER_GPU), v.result(FigureKey.LORA_GPU_BYTES),
                v.result(FigureKey.LORA_HOST_BYTES_PER_NODE));
        GridPane offload = FormGrid.fill(v.grid(), COLUMNS, v.number(r.offloadCpu), v.number(r.offloadRatio),
                v.number(r.nodeHostRam));
        GridPane offloadResults = FormGrid.fill(v.grid(), COLUMNS, v.result(FigureKey.OFFLOAD_HOST_BYTES_PER_RANK),
                v.result(FigureKey.OFFLOAD_HOST_BYTES_PER_NODE), v.result(FigureKey.OFFLOAD_HOST_TOKENS),
                v.result(FigureKey.OFFLOAD_HOST_RAM_ASKED_BYTES), v.result(FigureKey.OFFLOAD_FITS_HOST_RAM));
        VBox box = new VBox(6, RuntimeParts.title(v, "LoRA adapters"), lora, loraResults,
                RuntimeParts.title(v, "KV offload to CPU memory (cached prefixes; the GPU pool still holds every active sequence)"),
                offload, offloadResults);
        box.setId("runtime-adapters");
        return box;
    }
}
