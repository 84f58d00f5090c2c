package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.core.validation.OllamaLog;

/**
 * Ollama's server log, estimate and measurement kept apart. The ESTIMATE: the planner's line ({@code msg="offload to
 * cuda"}, llm/memory.go, 0.1.45 to 0.5.11; {@code msg=offload library=cuda}, llm/server.go, 0.5.12 to 0.12.10) into
 * {@code planned*} and {@link OllamaLog.Plan}. The MEASUREMENT: the llama.cpp runner's own buffers
 * ({@link LlamaCppLogReader}); the Ollama engine's buffers ({@code source=ggml.go msg="model weights" buffer=CUDA0},
 * {@code msg="compute graph" backend=CUDA0 buffer_type=CUDA0}, 0.6 to 0.11.4) into the devices. The per-device summary
 * ({@code msg="model weights" device=CUDA0}, {@code "kv cache"}, {@code "compute graph"}, {@code "total memory"};
 * ml/backend.go from 0.11.5, ml/device.go from 0.12.5, {@code BackendMemory.Log}) is the Ollama engine's allocation (to
 * 0.12.10 only that engine printed it: llm/server.go "On the Ollama engine, we can print out a summary of the memory
 * allocations"), but from 0.12.11 the llama.cpp runner's is Ollama's estimate ({@code llamaServer.Load}: "Synthesize
 * memory allocation information based on our estimates"): the runner's engine decides which it is. Also read: the
 * runner's command line or load request, the version, and 0.15.5's VRAM-based default context.
 */
final class OllamaLogReader implements EngineLogReader {
    private static final Pattern VERSION = Pattern.compile("Listening on \\S{1,200}+ \\(version ([0-9][0-9A-Za-z.+-]{0,40}+)\\)");
    private static final String[] KINDS = {"model weights", "kv cache", "compute graph"};

    /** The summary per device, the last block of lines for a device being the one loaded. */
    private final Map<String, Long[]> summary = new LinkedHashMap<>();
    /** The Ollama engine's runner buffers (0.6 to 0.11.4), per buffer. */
    private final Map<String, Long[]> buffers = new LinkedHashMap<>();
    private boolean summaryFromBackendGo;
    private boolean llamaCppRunner;
    private Long summaryTotal;
    private String version;
    private OllamaLog.Plan plan;
    private OllamaLog.Runner command;
    private OllamaLog.Runner request;
    private OllamaLog.Runner committed;
    private Long defaultNumCtx;
    private Long totalVram;

    @Override
    public String name() { return "Ollama"; }

    @Override
    public List<LineReader> lineReaders() { return List.of(this::read); }

    private boolean read(String line, Measurement.Builder m) {
        if (!line.contains("msg=")) {
            // llama.cpp's own lines: the runner is llama.cpp (the llama engine), whatever else the log lacks
            llamaCppRunner |= !llamaCppRunner && (line.contains("llama_") || line.contains("load_tensors:"));
            return false;
        }
        Map<String, String> f = OllamaLines.fields(line);
        String msg = f.getOrDefault("msg", "");
        if (f.containsKey("memory.required.kv")) {
            plan = OllamaLines.plan(f);
            m.plannedKvBytes(plan.requiredKvBytes()).plannedTotalBytes(plan.requiredFullBytes())
                    .plannedWeightsBytes(plan.weightsTotalBytes()).plannedGraphBytes(plan.graphFullBytes());
            return true;
        }
        if (f.containsKey("size") && (f.containsKey("device") || f.containsKey("buffer") || f.containsKey("buffer_type"))) {
            return buffer(msg, f);
        }
        if (msg.equals("total memory") && OllamaLines.bytes(f.get("size")) != null) {
            summaryTotal = OllamaLines.bytes(f.get("size"));
            return true;
        }
        return other(line, msg, f);
    }

    /** A summary line (device=) or one of the Ollama engine's runner buffers (buffer=, buffer_type=). */
    private boolean buffer(String msg, Map<String, String> f) {
        int kind = List.of(KINDS).indexOf(msg);
        Long size = OllamaLines.bytes(f.get("size"));
        if (kind < 0 || size == null) {
            return false;
        }
        if (f.containsKey("device")) {
            summaryFromBackendGo |= f.getOrDefault("source", "").startsWith("backend.go");
            summary.computeIfAbsent(f.get("device"), k -> new Long[3])[kind] = size;
            return true;
        }
        String name = f.containsKey("buffer_type") ? f.get("buffer_type") : f.get("buffer");
        Long[] v = buffers.get(name);
        if (kind == 0 && v != null && v[0] != null) {
            buffers.clear(); // a second load: its buffers start afresh
        }
        buffers.computeIfAbsent(name, k -> new Long[3])[kind] = size;
        return true;
    }

    private boolean other(String line, String msg, Map<String, String> f) {
        Matcher v;
        if (msg.startsWith("Listening on") && (v = VERSION.matcher(msg)).find()) {
            version = v.group(1);
            return true;
        }
        if (f.containsKey("cmd") && (msg.equals("starting llama server") || msg.equals("starting runner"))) {
            OllamaLog.Runner r = OllamaLines.command(f.get("cmd"));
            command = r == null ? command : r;
            return r != null;
        }
        if (msg.equals("load") && f.containsKey("request")) {
            // the fit and alloc requests try layouts; the commit is the one loaded (any request when none says commit)
            OllamaLog.Runner r = OllamaLines.request(f.get("request"), null);
            if (f.get("request").contains("Operation:commit")) {
                committed = r;
            }
            request = committed != null ? committed : r;
            return true;
        }
        if (msg.equals("vram-based default context")) {
            totalVram = OllamaLines.bytes(f.get("total_vram"));
            defaultNumCtx = f.getOrDefault("default_num_ctx", "").matches("[0-9]{1,9}") ? Long.valueOf(f.get("default_num_ctx")) : null;
            return true;
        }
        return false;
    }

    @Override
    public void finish(Measurement.Builder m) {
        String engine = command != null ? command.engine() : llamaCppRunner ? "llama.cpp" : null;
        String kind = null;
        if (!summary.isEmpty()) {
            boolean allocation = "ollama".equals(engine) || engine == null && summaryFromBackendGo;
            kind = allocation ? "allocation" : "estimate";
            List<Measurement.DeviceMemory> devices = devices(summary);
            if (allocation) {
                if (m.devices() == null || m.devices().isEmpty()) {
                    m.devices(devices);
                }
            } else {
                plannedSums(m, devices);
            }
        } else if (!buffers.isEmpty() && (m.devices() == null || m.devices().isEmpty())) {
            m.devices(devices(buffers));
        }
        OllamaLog.Runner runner = runner(engine);
        if (version != null || plan != null || runner != null || kind != null || defaultNumCtx != null || summaryTotal != null
                || !buffers.isEmpty()) {
            m.ollama(new OllamaLog(version, plan, runner, kind, "allocation".equals(kind) ? summaryTotal : null, defaultNumCtx,
                    totalVram));
        }
        if ("estimate".equals(kind) && summaryTotal != null) {
            m.plannedTotalBytes(summaryTotal);
        }
        if (m.ollama() != null) {
            // Ollama's log, whatever runner it started: the engine is Ollama (its runner's buffers stay the measurement)
            m.engine(Engine.OLLAMA);
            if (version != null) {
                m.version(version);
            }
        }
    }

    /** The command line's settings, with the load request's where it gives them (0.11.5 on, the command has few). */
    private OllamaLog.Runner runner(String engine) {
        if (request == null) {
            return command;
        }
        OllamaLog.Runner c = command;
        return new OllamaLog.Runner(engine, request.contextCells() != null ? request.contextCells() : c == null ? null
                : c.contextCells(), request.batch() != null ? request.batch() : c == null ? null : c.batch(),
                request.gpuLayers() != null ? request.gpuLayers() : c == null ? null : c.gpuLayers(),
                request.parallel() != null ? request.parallel() : c == null ? null : c.parallel(),
                request.flashAttention() != null ? request.flashAttention() : c == null ? null : c.flashAttention(),
                request.kvCacheType() != null ? request.kvCacheType() : c == null ? null : c.kvCacheType(),
                c == null ? null : c.tensorSplit());
    }

    private static List<Measurement.DeviceMemory> devices(Map<String, Long[]> per) {
        List<Measurement.DeviceMemory> out = new ArrayList<>();
        per.forEach((n, v) -> out.add(new Measurement.DeviceMemory(n, v[0], v[1], null, v[2], null)));
        return out;
    }

    /** Ollama's estimate per device, summed over devices (the planned weights, KV cache and compute graph). */
    private static void plannedSums(Measurement.Builder m, List<Measurement.DeviceMemory> devices) {
        Long[] sum = new Long[3];
        for (Measurement.DeviceMemory d : devices) {
            Long[] v = {d.modelBytes(), d.kvBytes(), d.computeBytes()};
            for (int i = 0; i < 3; i++) {
                sum[i] = v[i] == null ? sum[i] : sum[i] == null ? v[i] : Long.valueOf(Math.addExact(sum[i], v[i]));
            }
        }
        m.plannedDevices(devices).plannedWeightsBytes(sum[0]).plannedKvBytes(sum[1]).plannedGraphBytes(sum[2]);
    }
}
