package org.vramsheet.io.logs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * Ollama's server log: its planner's figures, read as the ESTIMATE ({@code planned*}); the llama.cpp runner's buffers in
 * the same log are the measurement ({@link LlamaCppLogReader}). Two planner formats: the {@code msg="offload to cuda"} /
 * {@code msg=offload library=cuda} line with {@code memory.required.*} (llm/memory.go, until the new memory layouts), and
 * newer releases' {@code "model weights"} / {@code "kv cache"} / {@code "compute graph"} / {@code "total memory"} lines per
 * device (ml/device.go {@code BackendMemory.Log}). Sizes are Ollama's {@code HumanBytes2}: one decimal, binary units.
 */
final class OllamaLogReader implements EngineLogReader {
    private static final String SIZE = "\"([0-9.]++) (GiB|MiB|KiB|B)\"";
    private static final Pattern REQ_FULL = Pattern.compile("memory\\.required\\.full=" + SIZE);
    private static final Pattern REQ_KV = Pattern.compile("memory\\.required\\.kv=" + SIZE);
    private static final Pattern WEIGHTS = Pattern.compile("memory\\.weights\\.total=" + SIZE);
    private static final Pattern GRAPH = Pattern.compile("memory\\.graph\\.full=" + SIZE);
    private static final Pattern PER_DEVICE = Pattern.compile("msg=\"(model weights|kv cache|compute graph)\" device=(\\S++) size="
            + SIZE);
    private static final Pattern TOTAL = Pattern.compile("msg=\"total memory\" size=" + SIZE);

    private final Map<String, Long[]> planned = new LinkedHashMap<>();

    @Override
    public String name() { return "Ollama"; }

    @Override
    public List<LineReader> lineReaders() { return List.of(this::read); }

    /** The per-device plan, summed: the last block of lines for each device is the plan that was loaded. */
    @Override
    public void finish(Measurement.Builder m) {
        if (planned.isEmpty()) {
            return;
        }
        Long[] sum = new Long[3];
        List<Measurement.DeviceMemory> out = new ArrayList<>();
        planned.forEach((n, v) -> {
            for (int i = 0; i < 3; i++) {
                sum[i] = v[i] == null ? sum[i] : sum[i] == null ? v[i] : Long.valueOf(Math.addExact(sum[i], v[i]));
            }
            out.add(new Measurement.DeviceMemory(n, v[0], v[1], null, v[2], null));
        });
        m.plannedDevices(out).plannedWeightsBytes(sum[0]).plannedKvBytes(sum[1]).plannedGraphBytes(sum[2]);
    }

    private boolean read(String line, Measurement.Builder f) {
        if (!line.contains("msg=")) {
            return false;
        }
        Matcher m;
        if (line.contains("memory.required.kv=")) {
            if ((m = REQ_KV.matcher(line)).find()) {
                f.plannedKvBytes(bytes(m));
            }
            if ((m = REQ_FULL.matcher(line)).find()) {
                f.plannedTotalBytes(bytes(m));
            }
            if ((m = WEIGHTS.matcher(line)).find()) {
                f.plannedWeightsBytes(bytes(m));
            }
            if ((m = GRAPH.matcher(line)).find()) {
                f.plannedGraphBytes(bytes(m));
            }
            return true;
        }
        if ((m = PER_DEVICE.matcher(line)).find()) {
            Long[] v = planned.computeIfAbsent(m.group(2), k -> new Long[3]);
            v[m.group(1).equals("model weights") ? 0 : m.group(1).equals("kv cache") ? 1 : 2] = bytes(m, 3);
            return true;
        }
        if ((m = TOTAL.matcher(line)).find()) {
            f.plannedTotalBytes(bytes(m));
            return true;
        }
        return false;
    }

    private static long bytes(Matcher m) { return bytes(m, 1); }

    /** "6.5 GiB" as bytes: HumanBytes2 rounds to 0.1 of the unit, so this is the printed value, exact. */
    private static long bytes(Matcher m, int group) {
        long unit = switch (m.group(group + 1)) {
            case "GiB" -> Units.GIB;
            case "MiB" -> Units.MIB;
            case "KiB" -> 1024L;
            default -> 1L;
        };
        return new BigDecimal(m.group(group)).multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.HALF_UP)
                .longValueExact();
    }
}
