package org.vramsheet.core.validation;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.units.Units;

/**
 * What a startup log said beyond the compared figures, one fact per line, for the log dialog and {@code validate}: the
 * buffers of every device (llama.cpp), the sliding-window cache and the recurrent state apart from the KV cache, the
 * engine's own plan next to what its runner allocated (Ollama), the free memory the pool was sized from, data-parallel
 * engines. Device buffers are in MiB, as llama.cpp prints them; one buffer per line, so every line has one wording.
 */
public final class LogFacts {
    private static final String[] BUFFERS = {"model buffer", "KV buffer", "recurrent-state buffer", "compute buffer", "output buffer"};

    private LogFacts() { }

    /** The lines, empty when the log said nothing beyond the compared figures. */
    public static List<String> of(Measurement m) {
        List<String> out = new ArrayList<>();
        for (Measurement.DeviceMemory d : m.devices()) {
            device(out, d, "", "in all");
        }
        if (m.swaTokens() != null) {
            out.add("sliding-window cache: " + Units.grouped(m.swaTokens()) + " cells (the full-attention cache: "
                    + (m.kvTokens() == null ? "not printed" : Units.grouped(m.kvTokens()) + " cells") + ")");
        }
        if (m.swaPoolBytes() != null) {
            out.add("sliding-window cache: " + mib(m.swaPoolBytes()) + " (part of the KV pool)");
        }
        if (m.stateBytes() != null) {
            out.add("recurrent state: " + mib(m.stateBytes()) + " (fixed per sequence, apart from the KV pool)");
        }
        plan(out, "KV cache", m.plannedKvBytes());
        plan(out, "weights", m.plannedWeightsBytes());
        plan(out, "compute graph", m.plannedGraphBytes());
        plan(out, "in all", m.plannedTotalBytes());
        for (Measurement.DeviceMemory d : m.plannedDevices()) {
            device(out, d, "planned ", "planned in all");
        }
        out.addAll(OllamaFacts.of(m.ollama()));
        if (m.freeAfterWeightsBytes() != null) {
            out.add("free memory the pool was sized from: " + Units.gibText(m.freeAfterWeightsBytes()));
        }
        if (m.dataParallel() != null && m.dataParallel() > 1) {
            out.add(m.dataParallel() + " data-parallel engines: the figures are the first engine's (each holds its own pool)");
        }
        if (Boolean.FALSE.equals(m.cudaGraphsInPool())) {
            out.add("a V0 engine: its CUDA graphs are outside the KV pool");
        }
        return out;
    }

    private static void device(List<String> out, Measurement.DeviceMemory d, String prefix, String all) {
        Long[] bytes = {d.modelBytes(), d.kvBytes(), d.stateBytes(), d.computeBytes(), d.outputBytes()};
        String name = "'" + d.name() + "' ";
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != null) {
                out.add(name + prefix + BUFFERS[i] + ": " + mib(bytes[i]));
            }
        }
        out.add(name + all + ": " + mib(d.totalBytes()));
    }

    private static void plan(List<String> out, String what, Long bytes) {
        if (bytes != null) {
            out.add("the engine's own plan before loading, " + what + ": " + mib(bytes));
        }
    }

    private static String mib(long bytes) {
        return Units.fixed2(bytes / (double) Units.MIB) + " MiB";
    }
}
