package org.vramsheet.core.validation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.MeasuredDevice;

/**
 * Predicted against measured per device and per buffer, for a log that prints llama.cpp's buffers (load_tensors,
 * llama_kv_cache, llama_memory_recurrent, sched_reserve, llama_context) or llama-fit-params' estimate: the log's GPUs in
 * the order it names them are the sheet's GPU 0, 1, ...; its host buffers (CPU, CPU_Mapped, CUDA_Host, Host) added up are
 * the sheet's host, a GPU's mapped buffer (MTL0_Mapped) the GPU's. A model buffer is the sheet's weights and output
 * layer on that device; llama-fit-params' context is the KV cache and the recurrent state together.
 */
final class DeviceComparison {
    private DeviceComparison() { }

    /**
     * Whether a device name of a llama.cpp log is host memory (CPU, CPU_Mapped, CUDA_Host, Host). A GPU's mapped buffer
     * ("MTL0_Mapped", older builds "Metal_Mapped") is that GPU's: ggml-metal's mapped buffer type says {@code is_host}
     * false and belongs to the Metal device (ggml/src/ggml-metal/ggml-metal.cpp
     * {@code ggml_backend_metal_buffer_type_mapped}), the model's weights mmapped into the GPU's working set.
     */
    static boolean host(String name) {
        return name.equalsIgnoreCase("host") || name.startsWith("CPU") || name.endsWith("_Host");
    }

    /** The device a GPU buffer's name is of: "MTL0_Mapped" is MTL0's, "Metal_Mapped" Metal's. */
    static String gpuOf(String name) {
        return name.endsWith("_Mapped") ? name.substring(0, name.length() - "_Mapped".length()) : name;
    }

    /**
     * The log's buffers as VALIDATION keeps them: each GPU in the log's order as gpu0, gpu1, ... (its mapped model buffer
     * with it), the host buffers summed as "host"; llama-fit-params' context (KV and recurrent state together) as the
     * context buffer.
     */
    static List<MeasuredDevice> measured(Measurement m) {
        List<MeasuredDevice> out = new ArrayList<>();
        boolean fit = m.estimatedBy() != null;
        Map<String, Long[]> gpus = new LinkedHashMap<>();
        Map<String, List<String>> names = new LinkedHashMap<>();
        Long[] host = null;
        List<String> hostNames = new ArrayList<>();
        for (Measurement.DeviceMemory d : m.devices()) {
            Long[] b = {d.modelBytes(), fit ? null : d.kvBytes(), d.stateBytes(), fit ? d.kvBytes() : null, d.computeBytes(),
                d.outputBytes()};
            if (host(d.name())) {
                host = host == null ? b : add(host, b);
                hostNames.add(d.name());
                continue;
            }
            gpus.merge(gpuOf(d.name()), b, DeviceComparison::add);
            names.computeIfAbsent(gpuOf(d.name()), k -> new ArrayList<>()).add(d.name());
        }
        int gpu = 0;
        for (Map.Entry<String, Long[]> e : gpus.entrySet()) {
            Long[] b = e.getValue();
            out.add(new MeasuredDevice("gpu" + gpu++, String.join(" + ", names.get(e.getKey())), b[0], b[1], b[2], b[3], b[4],
                    b[5]));
        }
        if (host != null) {
            out.add(new MeasuredDevice("host", String.join(" + ", hostNames), host[0], host[1], host[2], host[3], host[4],
                    host[5]));
        }
        return out;
    }

    /** One row a printed buffer: "GPU 0 'CUDA0': KV buffer", the sheet's figure of that device against the log's. */
    static List<LogComparison.Row> rows(SizingResult predicted, Measurement m) {
        List<LogComparison.Row> out = new ArrayList<>();
        if (m.devices().isEmpty()) {
            return out;
        }
        boolean fit = m.estimatedBy() != null;
        Map<String, Long[]> gpus = new LinkedHashMap<>();
        Long[] h = null;
        for (Measurement.DeviceMemory d : m.devices()) {
            Long[] b = {d.modelBytes(), d.kvBytes(), d.stateBytes(), d.computeBytes(), d.outputBytes()};
            if (host(d.name())) {
                h = h == null ? b : add(h, b);
                continue;
            }
            gpus.merge(gpuOf(d.name()), b, DeviceComparison::add);
        }
        int gpu = 0;
        for (Map.Entry<String, Long[]> e : gpus.entrySet()) {
            device(out, predicted, "gpu" + gpu, "GPU " + gpu + " '" + e.getKey() + "'", e.getValue(), fit);
            gpu++;
        }
        if (h != null) {
            device(out, predicted, "host", "host", h, fit);
        }
        return out;
    }

    private static void device(List<LogComparison.Row> out, SizingResult r, String key, String label, Long[] b, boolean fit) {
        add(out, label + ": model buffer", sum(r, key, "weightsBytes", "outputLayerBytes"), b[0]);
        if (fit) {
            add(out, label + ": context (KV cache and recurrent state)", sum(r, key, "kvBytes", "stateBytes"), b[1]);
        } else {
            add(out, label + ": KV buffer", sum(r, key, "kvBytes"), b[1]);
            add(out, label + ": recurrent-state buffer", sum(r, key, "stateBytes"), b[2]);
        }
        add(out, label + ": compute buffer", sum(r, key, "computeBytes"), b[3]);
        add(out, label + ": output buffer", sum(r, key, "outputBufferBytes"), b[4]);
    }

    private static void add(List<LogComparison.Row> out, String label, Double predicted, Long measured) {
        if (measured != null) {
            out.add(new LogComparison.Row(label, Unit.BYTES, predicted, measured.doubleValue()));
        }
    }

    /** The sum of a device's figures, or null when the sheet has no such device (or its figures are unavailable). */
    private static Double sum(SizingResult r, String device, String... parts) {
        Figure layers = r.figures().get(FigureKey.device(device, "layers").id());
        if (layers == null || !layers.available()) {
            return null;
        }
        double t = 0;
        for (String p : parts) {
            Figure f = r.figures().get(FigureKey.device(device, p).id());
            t += f != null && f.available() ? f.value() : 0;
        }
        return t;
    }

    private static Long[] add(Long[] a, Long[] b) {
        Long[] out = new Long[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] == null ? b[i] : b[i] == null ? a[i] : Long.valueOf(Math.addExact(a[i], b[i]));
        }
        return out;
    }
}
