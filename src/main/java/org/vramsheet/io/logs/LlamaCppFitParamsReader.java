package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * The output of llama.cpp's {@code llama-fit-params} (tools/fit-params/fit-params.cpp). With {@code --fit-print on}
 * (PR #22171, April 2026) it prints, after "printing estimated memory in MiB to stdout (device, model, context, compute)",
 * one row a device and one for the host: {@code "CUDA0 8692 767 551 "}, each figure {@code bytes / 1024 / 1024} (whole MiB,
 * rounded down), the context being the llama_context's memory (KV cache and recurrent state). Without it (PR #16653) it
 * prints the fitted arguments after "printing fitted CLI arguments to stdout": {@code -c 4096 -ngl 48 [-ts 1,1] [-ot ...]},
 * read as the setup (n_ctx, -ngl, --tensor-split). A row is read only after its header, so no other log's line is taken
 * for one.
 */
final class LlamaCppFitParamsReader implements EngineLogReader {
    static final String TOOL = "llama-fit-params";
    private static final Pattern ROW = Pattern.compile("^\\s*+([A-Za-z][A-Za-z0-9_.-]{0,63}+) ([0-9]{1,9}+) ([0-9]{1,9}+) "
            + "([0-9]{1,9}+)\\s*+$");
    private static final Pattern ARGS = Pattern.compile("^\\s*+-c ([0-9]{1,10}+) -ngl (-?[0-9]{1,6}+)(?: -ts ([0-9.,]{1,200}+))?");
    private final List<Measurement.DeviceMemory> rows = new ArrayList<>();
    private boolean table;
    private boolean args;
    private String split;

    @Override
    public String name() { return TOOL; }

    @Override
    public List<LineReader> lineReaders() { return List.of(this::line); }

    private boolean line(String line, Measurement.Builder f) {
        if (line.contains(" to stdout")) { // both headers end so: one search a line while neither is open
            if (line.contains("printing estimated memory in MiB to stdout")) {
                table = true;
                rows.clear();
                f.engine(Engine.LLAMA_CPP).estimatedBy(TOOL);
                return true;
            }
            if (line.contains("rinting fitted CLI arguments to stdout")) { // "Printing ..." (PR #16653), "main: printing ..."
                args = true;
                f.engine(Engine.LLAMA_CPP);
                return true;
            }
        }
        if (!table && !args) {
            return false;
        }
        Matcher m;
        if (table && (m = ROW.matcher(line)).find()) {
            rows.add(new Measurement.DeviceMemory(m.group(1), mib(m.group(2)), mib(m.group(3)), null, mib(m.group(4)), null));
            return true;
        }
        if (args && (m = ARGS.matcher(line)).find()) {
            args = false;
            f.maxModelLen(LogText.num(m.group(1))).gpuLayers(Math.toIntExact(LogText.num(m.group(2))));
            split = m.group(3);
            return true;
        }
        return false;
    }

    private static long mib(String v) { return Math.multiplyExact(LogText.num(v), Units.MIB); }

    /** The rows as the devices (unless a startup log in the same text printed its buffers), the largest GPU context as the pool. */
    @Override
    public void finish(Measurement.Builder m) {
        if (split != null) {
            Map<String, String> p = new LinkedHashMap<>(m.llamaParams() == null ? Map.of() : m.llamaParams());
            p.put("tensor_split", split);
            m.llamaParams(p);
        }
        if (rows.isEmpty() || m.devices() != null && !m.devices().isEmpty() && m.estimatedBy() == null) {
            return;
        }
        m.estimatedBy(TOOL).devices(rows);
        long pool = 0;
        for (Measurement.DeviceMemory d : rows) {
            if (!host(d.name())) {
                pool = Math.max(pool, d.kvBytes());
            }
        }
        if (pool > 0) {
            m.kvPoolBytes(pool);
        }
    }

    /** "Host" (and "host" in PR #22171's example) is the host's row; every other name is a device. */
    static boolean host(String name) { return name.equalsIgnoreCase("host"); }
}
