package org.vramsheet.io.logs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.OllamaLog;

/**
 * Ollama's server log lines as Go's slog writes them ({@code key=value}, {@code key="quoted value"}), and the values in
 * them: sizes in {@code format.HumanBytes2} (one decimal, binary units: "6.5 GiB", "896.0 MiB", "0 B"), lists of sizes
 * ("[22.0 GiB 22.0 GiB]"), the planner's line and the runner's command line and load request.
 */
final class OllamaLines {
    private static final Pattern FIELD = Pattern.compile("(?<![\\w.])([A-Za-z_][\\w.]{0,80}+)=(\"(?:[^\"\\\\]++|\\\\.)*+\"|[^\\s\"]*+)");
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,12}+(?:\\.[0-9]{1,6}+)?) (TiB|GiB|MiB|KiB|B)");
    private static final Pattern FLAG = Pattern.compile("--([a-z-]{1,40}+)(?: ([^\\s-][^\\s]{0,200}+))?");
    private static final Pattern REQUEST = Pattern.compile("\\b(Operation|Parallel|BatchSize|FlashAttention|KvSize|KvCacheType|"
            + "GPULayers):([^\\s\\[\\]}]*+)");

    private OllamaLines() { }

    /** The line's fields in order, quotes removed ({@code msg="offload to cuda"} gives msg: offload to cuda). */
    static Map<String, String> fields(String line) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = FIELD.matcher(line);
        while (m.find() && out.size() < 200) {
            String v = m.group(2);
            out.putIfAbsent(m.group(1), v.startsWith("\"") ? v.substring(1, v.length() - 1).replace("\\\"", "\"") : v);
        }
        return out;
    }

    /** "6.5 GiB" as the bytes it stands for (HumanBytes2 rounds to 0.1 of the unit: the printed value, exactly); or null. */
    static Long bytes(String text) {
        if (text == null) {
            return null;
        }
        Matcher m = SIZE.matcher(text.strip());
        return m.matches() ? bytes(m) : null;
    }

    private static long bytes(Matcher m) {
        long unit = switch (m.group(2)) {
            case "TiB" -> Units.GIB * 1024;
            case "GiB" -> Units.GIB;
            case "MiB" -> Units.MIB;
            case "KiB" -> 1024L;
            default -> 1L;
        };
        return new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

    /** "[22.0 GiB 22.0 GiB]": each size in order; empty for "[]" or a value that is not such a list. */
    static List<Long> sizes(String text) {
        List<Long> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        Matcher m = SIZE.matcher(text);
        while (m.find() && out.size() < 64) {
            out.add(bytes(m));
        }
        return out;
    }

    static Integer integer(String text) {
        return text == null || !text.matches("-?[0-9]{1,9}") ? null : Integer.valueOf(text);
    }

    /** The planner's line ({@code offload to cuda} to 0.5.11, {@code msg=offload library=} from 0.5.12 to 0.12.10). */
    static OllamaLog.Plan plan(Map<String, String> f) {
        String msg = f.getOrDefault("msg", "");
        String library = f.containsKey("library") ? f.get("library") : msg.startsWith("offload to ") ? msg.substring(11) : null;
        String split = f.get("layers.split");
        return new OllamaLog.Plan(library, integer(f.get("layers.requested")), integer(f.get("layers.model")),
                integer(f.get("layers.offload")), split == null || split.isEmpty() ? null : split, sizes(f.get("memory.available")),
                sizes(f.get("memory.required.allocations")), bytes(f.get("memory.required.full")),
                bytes(f.get("memory.required.partial")), bytes(f.get("memory.required.kv")), bytes(f.get("memory.weights.total")),
                bytes(f.get("memory.weights.repeating")), bytes(f.get("memory.weights.nonrepeating")),
                bytes(f.get("memory.graph.full")), bytes(f.get("memory.graph.partial")), bytes(f.get("projector.weights")),
                bytes(f.get("projector.graph")));
    }

    /** The runner's command line ("starting llama server" / "starting runner" cmd=...), or null without a model. */
    static OllamaLog.Runner command(String cmd) {
        if (!cmd.contains("--model")) {
            return null; // 0.12's device discovery starts a runner without one
        }
        Map<String, String> flags = new LinkedHashMap<>();
        Matcher m = FLAG.matcher(cmd);
        while (m.find() && flags.size() < 64) {
            flags.put(m.group(1), m.group(2) == null ? "" : m.group(2));
        }
        Long ctx = count(flags.get("ctx-size"));
        Long batch = count(flags.get("batch-size"));
        Long layers = count(flags.get("n-gpu-layers"));
        Long parallel = count(flags.get("parallel"));
        return new OllamaLog.Runner(flags.containsKey("ollama-engine") ? "ollama" : "llama.cpp", ctx, batch,
                layers == null ? null : (int) Math.min(layers, Integer.MAX_VALUE), parallel == null ? null : (int) Math.min(parallel,
                Integer.MAX_VALUE), flags.containsKey("flash-attn") ? "on" : null, flags.get("kv-cache-type"), flags.get("tensor-split"));
    }

    private static Long count(String v) {
        return v == null || !v.matches("[0-9]{1,12}") ? null : Long.valueOf(v);
    }

    /** The runner's load request (0.11.5 on: {@code msg=load request="{Operation:commit Parallel:1 BatchSize:512 ...}"}). */
    static OllamaLog.Runner request(String req, String engine) {
        Map<String, String> v = new LinkedHashMap<>();
        Matcher m = REQUEST.matcher(req);
        while (m.find()) {
            v.putIfAbsent(m.group(1), m.group(2));
        }
        Long cells = count(v.get("KvSize"));
        Long batch = count(v.get("BatchSize"));
        Long par = count(v.get("Parallel"));
        Long layers = count(v.get("GPULayers"));
        String fa = v.get("FlashAttention");
        String kv = v.get("KvCacheType");
        return new OllamaLog.Runner(engine, cells, batch, layers == null ? null : layers.intValue(), par == null ? null
                : (int) Math.min(par, Integer.MAX_VALUE), flash(fa), kv == null || kv.isEmpty() ? null : kv, null);
    }

    /** "true" / "Enabled" as on, "false" / "Disabled" as off, "Auto" as auto (ml.FlashAttentionType from 0.13.4). */
    private static String flash(String v) {
        if (v == null) {
            return null;
        }
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "enabled" -> "on";
            case "false", "disabled" -> "off";
            case "auto" -> "auto";
            default -> null;
        };
    }
}
