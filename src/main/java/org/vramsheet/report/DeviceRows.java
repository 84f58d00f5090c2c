package org.vramsheet.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.calc.DeviceFigures;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;

/**
 * The reports' memory per device (an engine that places memory per device: llama.cpp), as the core computed it: the
 * devices of the result ("gpu0", "gpu1", ..., "host"), a row per figure of a device, then the sheet's verdict figures.
 */
final class DeviceRows {
    /** Layers first, then every buffer and the totals ({@link DeviceFigures#PARTS}). */
    static final List<String> ROWS = rows();
    /** The figures under the table. */
    static final List<FigureKey> SUMMARY = List.of(FigureKey.DEVICES_FITS, FigureKey.DEVICES_WORST_FREE_BYTES,
            FigureKey.DEVICES_HOST_BYTES, FigureKey.DEVICES_MAX_GPU_LAYERS);

    private DeviceRows() { }

    /** The rows of this result: {@link #ROWS}, and Ollama's planner's allocation per GPU when the result has it. */
    static List<String> rows(SizingResult r) {
        if (!r.figures().containsKey(FigureKey.device("gpu0", "ollamaPlanBytes").id())) {
            return ROWS;
        }
        List<String> out = new ArrayList<>(ROWS);
        out.add("ollamaPlanBytes");
        return out;
    }

    /** The figures under the table: {@link #SUMMARY}, then Ollama's planner's own estimate when the result has it. */
    static List<FigureKey> summary(SizingResult r) {
        List<FigureKey> out = new ArrayList<>(SUMMARY);
        for (FigureKey k : List.of(FigureKey.OLLAMA_PLAN_REQUIRED_FULL, FigureKey.OLLAMA_PLAN_KV,
                FigureKey.OLLAMA_PLAN_GRAPH_FULL, FigureKey.OLLAMA_PLAN_GRAPH_PARTIAL, FigureKey.OLLAMA_PLAN_LAYERS)) {
            if (r.figures().containsKey(k.id())) {
                out.add(k);
            }
        }
        return out;
    }

    private static List<String> rows() {
        List<String> r = new ArrayList<>(List.of("layers"));
        r.addAll(DeviceFigures.PARTS);
        return List.copyOf(r);
    }

    /**
     * VALIDATION per device: the buffers an applied log measured ({@code validation.devices.gpu0.kvBytes}, in the result's
     * order) and the layers it offloaded; empty when nothing was measured per device.
     */
    static List<String> measured(SizingResult r) {
        List<String> out = new ArrayList<>();
        for (String k : r.figures().keySet()) {
            if (k.startsWith("validation.devices.") && !k.endsWith("Error")) {
                out.add(k);
            }
        }
        if (r.figures().containsKey(FigureKey.VALIDATION_OFFLOADED_LAYERS.id())) {
            out.add(FigureKey.VALIDATION_OFFLOADED_LAYERS.id());
        }
        return out;
    }

    /** The sheet's figure beside a measured one: its error, or for the offloaded layers the sheet's count. */
    static Figure against(SizingResult r, String measuredKey) {
        return r.figures().get(measuredKey.equals(FigureKey.VALIDATION_OFFLOADED_LAYERS.id())
                ? FigureKey.VALIDATION_OFFLOADED_LAYERS_SHEET.id() : measuredKey + "Error");
    }

    /** The result's devices, in order; empty when the engine places no memory per device. */
    static List<String> devices(SizingResult r) {
        Map<String, Figure> f = r.figures();
        List<String> out = new ArrayList<>();
        for (int i = 0; f.containsKey("devices.gpu" + i + ".layers"); i++) {
            out.add("gpu" + i);
        }
        if (f.containsKey("devices.host.layers")) {
            out.add("host");
        }
        return out;
    }

    /** A device's column title: "GPU 0", "host (RAM)". */
    static String title(String device) { return device.equals("host") ? "host (RAM)" : "GPU " + device.substring(3); }

    /** One device's figure, or null where the device has none (a GPU's output buffer, the host's memory left). */
    static Figure figure(SizingResult r, String device, String row) {
        return r.figures().get(FigureKey.device(device, row).id());
    }

    /** A row's label: the figure's name without its device ("KV cache" of "GPU 0: KV cache"). */
    static String label(SizingResult r, List<String> devices, String row) {
        for (String d : devices) {
            Figure f = figure(r, d, row);
            if (f != null) {
                return f.label().substring(f.label().indexOf(": ") + 2);
            }
        }
        return row;
    }
}
