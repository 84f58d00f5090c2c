package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.engine.llamacpp.LlamaCppLogCells;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * llama.cpp's startup log (also inside Ollama's, whose runner is llama.cpp): buffers per device (model, KV, recurrent
 * state, compute, output), both caches of an iSWA model, the older {@code kv_size = N} and {@code KV self size} lines,
 * and the context parameters. The wording by build is in docs/engines.md.
 */
final class LlamaCppLogReader implements EngineLogReader {
    /**
     * The functions whose lines are read; a name starts where a word starts, and its tail is taken possessively. Builds of
     * 2026 print the compute buffers from sched_reserve ("sched_reserve:       MTL0 compute buffer size =   420.08 MiB").
     */
    private static final String FN = "(?<!\\w)(?:llm_load_tensors|load_tensors|llama_kv_cache\\w*+|llama_memory_recurrent"
            + "|llama_context|llama_new_context_with_model|llama_init_from_model|init|sched_reserve):\\s++";
    /** "CUDA0 model buffer size = 4403.49 MiB"; before b4400 model buffers printed "CUDA0 buffer size". */
    private static final Pattern BUF = Pattern.compile(FN + "(\\S++)\\s++(model |KV |RS |compute |output |)buffer size\\s*+="
            + "\\s*+([0-9.]++) MiB");
    private static final Pattern LC_KV = Pattern.compile("(?<!\\w)(?:llama_kv_cache\\w*+|llama_new_context_with_model|"
            + "llama_init_from_model|llama_context):\\s++(?:size|KV self size)\\s*+=\\s*+([0-9.]++) MiB(?: \\(\\s*+([0-9]++) cells)?");
    private static final Pattern SEQS = Pattern.compile("\\b([0-9]++)/([0-9]++) seqs\\)");
    private static final Pattern TYPES = Pattern.compile("K \\((\\w++)\\):.*?V \\((\\w++)\\):");
    private static final Pattern RS = Pattern.compile("(?<!\\w)llama_memory_recurrent:\\s++size\\s*+=\\s*+([0-9.]++) MiB");
    private static final Pattern ISWA = Pattern.compile("creating\\s++(non-SWA|SWA) KV cache, size = ([0-9]++) cells");
    private static final Pattern KV_SIZE = Pattern.compile("(?<!\\w)(?:llama_kv_cache\\w*+|init):\\s++kv_size\\s*+=\\s*+([0-9]++)");
    private static final Pattern TYPE_KV = Pattern.compile("type_k = '(\\w++)', type_v = '(\\w++)'");
    private static final Pattern CTX = Pattern.compile("(?<!\\w)(?:llama_context|llama_new_context_with_model|"
            + "llama_init_from_model):\\s++(n_ctx|n_ctx_per_seq|n_ctx_seq|n_seq_max|n_batch|n_ubatch|flash_attn|kv_unified)\\s*+=\\s*+"
            + "(\\S++)");
    /** "print_info: n_embd_k_gqa     = 1024" (llm_load_print_meta before 2025): the model's hyperparameters. */
    private static final Pattern HPARAM = Pattern.compile("(?<!\\w)(?:print_info|llm_load_print_meta):\\s++([a-z][a-z0-9_ ]{0,30}+)"
            + "\\s*+=\\s*+([^\\r\\n]{1,200})");
    /** "llama_model_loader: - kv   7:  llama.block_count u32 = 80": GGUF metadata (tokenizer arrays are not kept). */
    private static final Pattern GGUF = Pattern.compile("(?<!\\w)llama_model_loader: - kv\\s++[0-9]++:\\s++([a-z0-9_.-]{1,100}+)"
            + "\\s++\\w++\\s*+=\\s*+([^\\r\\n]{1,200})");
    /** "using device CUDA0 (NVIDIA ...) - 15035 MiB free": the free memory llama.cpp splits layers by. */
    private static final Pattern FREE = Pattern.compile("using device (\\S++) .{0,200}?- ([0-9]++) MiB free");
    private static final Pattern OFFLOADED = Pattern.compile("offloaded ([0-9]++)/([0-9]++) layers to GPU");
    private static final Pattern BUILD = Pattern.compile("(?<!\\w)build(?::| =) ([0-9]++) \\(");
    /** Colour codes whose escape character a copy of the log lost ("[0mllama_kv_cache"). */
    private static final Pattern BARE_COLOUR = Pattern.compile("\\[[0-9;]{1,8}m");

    private final Map<String, Tally> devices = new LinkedHashMap<>();
    private final Map<String, String> params = new LinkedHashMap<>();
    private final Map<String, Long> free = new LinkedHashMap<>();
    private String section = "";
    private Long basePool;

    @Override
    public String name() { return "llama.cpp"; }

    @Override
    public List<LineReader> lineReaders() {
        return List.of(this::buffers, this::caches, this::context, this::params);
    }

    /**
     * llama.cpp's cache holds its padded n_ctx cells (the printed n_ctx is after padding; per stream n_ctx_seq when not
     * unified): without a cells count, those are the capacity ({@link LlamaCppLogCells}); devices in log order.
     */
    @Override
    public void finish(Measurement.Builder m) {
        if (m.engine() == Engine.LLAMA_CPP && m.kvTokens() == null) {
            m.kvTokens(LlamaCppLogCells.cells(m.maxModelLen(), m.ctxPerSeq(), m.seqMax(), unified(params.get("kv_unified"))));
        }
        if (m.engine() == Engine.LLAMA_CPP && m.maxModelLen() != null && m.blockSize() == null) {
            // the sheet pads its context to the block size: the build's own padding keeps the log's padded n_ctx as it is
            m.blockSize(LlamaCppLogCells.padding(m.version(), m.flashAttention()));
        }
        if (!params.isEmpty()) {
            m.llamaParams(params);
        }
        if (!free.isEmpty()) {
            m.deviceFreeBytes(free);
        }
        if (!devices.isEmpty()) {
            List<Measurement.DeviceMemory> out = new ArrayList<>();
            devices.forEach((n, t) -> out.add(t.memory(n)));
            m.devices(out);
            perGpu(m, out);
        }
    }

    /**
     * The KV pool is per GPU, as every engine's is: with the cache on several devices (each holds its own layers' cells),
     * the largest GPU's KV buffer, not their sum (the host's buffers are not a GPU's); every device's is in the devices list.
     */
    private static void perGpu(Measurement.Builder m, List<Measurement.DeviceMemory> devices) {
        List<Long> gpus = devices.stream().filter(d -> !d.name().startsWith("CPU") && !d.name().endsWith("_Host"))
                .map(Measurement.DeviceMemory::kvBytes).filter(v -> v != null && v > 0).toList();
        boolean spread = devices.stream().filter(d -> d.kvBytes() != null && d.kvBytes() > 0).count() > 1;
        if (spread && !gpus.isEmpty()) {
            m.kvPoolBytes(Collections.max(gpus));
        }
    }

    private static String clean(String line) {
        return line.indexOf("m") > 0 && line.contains("[0m") ? BARE_COLOUR.matcher(line).replaceAll("") : line;
    }

    private boolean buffers(String raw, Measurement.Builder f) {
        if (!raw.contains("buffer size")) {
            return false;
        }
        Matcher m = BUF.matcher(clean(raw));
        if (!m.find()) {
            return false;
        }
        String kind = m.group(2).trim();
        long bytes = LogText.mib(m.group(3));
        Tally t = devices.get(m.group(1));
        if ((kind.isEmpty() || kind.equals("model")) && t != null && t.model != null) {
            // a second model load in the same log (a reload, a draft model): its buffers start afresh
            devices.clear();
            t = null;
        }
        if (t == null) {
            t = new Tally();
            devices.put(m.group(1), t);
        }
        t.add(kind, bytes);
        f.engine(Engine.LLAMA_CPP);
        return true;
    }

    private boolean caches(String raw, Measurement.Builder f) {
        if (!raw.contains("llama_") && !raw.contains("init:")) {
            return false;
        }
        String line = clean(raw);
        Matcher m;
        if (line.contains("KV cache, size") && (m = ISWA.matcher(line)).find()) {
            section = m.group(1);
            if (section.equals("non-SWA")) {
                basePool = null;
                f.kvTokens(LogText.num(m.group(2))).swaTokens(null).swaPoolBytes(null);
            } else {
                f.swaTokens(LogText.num(m.group(2)));
            }
            f.engine(Engine.LLAMA_CPP);
            return true;
        }
        if (line.contains("size") && (m = LC_KV.matcher(line)).find()) {
            kvSize(line, m, f);
            return true;
        }
        if (line.contains("llama_memory_recurrent") && (m = RS.matcher(line)).find()) {
            f.engine(Engine.LLAMA_CPP).stateBytes(LogText.mib(m.group(1)));
            return true;
        }
        if (line.contains("kv_size") && (m = KV_SIZE.matcher(line)).find()) {
            f.engine(Engine.LLAMA_CPP).kvTokens(LogText.num(m.group(1)));
            Matcher t = TYPE_KV.matcher(line);
            if (t.find()) {
                f.kvCacheDtype(t.group(1)).kvCacheDtypeV(t.group(2));
            }
            return true;
        }
        return false;
    }

    /** One cache's size line: the non-SWA one, the SWA one after it (both in the pool), or a cache on its own. */
    private void kvSize(String line, Matcher m, Measurement.Builder f) {
        long pool = LogText.mib(m.group(1));
        Long cells = m.group(2) != null ? LogText.num(m.group(2)) : null;
        Matcher s = SEQS.matcher(line);
        if (cells != null && s.find()) {
            cells = Math.multiplyExact(cells, LogText.num(s.group(2)));
        }
        Matcher t = TYPES.matcher(line);
        if (t.find()) {
            f.kvCacheDtype(t.group(1)).kvCacheDtypeV(t.group(2));
        }
        f.engine(Engine.LLAMA_CPP);
        if (section.equals("SWA") && basePool != null) {
            f.swaPoolBytes(pool).kvPoolBytes(Math.addExact(basePool, pool));
            if (cells != null) {
                f.swaTokens(cells);
            }
            section = "";
            return;
        }
        basePool = section.equals("non-SWA") ? pool : null;
        f.kvPoolBytes(pool);
        if (!section.equals("non-SWA")) {
            f.swaTokens(null).swaPoolBytes(null);
        }
        if (cells != null) {
            f.kvTokens(cells);
        }
    }

    private boolean context(String raw, Measurement.Builder f) {
        String line = clean(raw);
        Matcher m;
        if (line.contains("n_") || line.contains("flash_attn") || line.contains("kv_unified")) {
            if ((m = CTX.matcher(line)).find()) {
                String v = m.group(2);
                switch (m.group(1)) {
                    case "n_ctx" -> f.maxModelLen(LogText.num(v));
                    case "n_ctx_per_seq", "n_ctx_seq" -> f.ctxPerSeq(LogText.num(v));
                    case "n_seq_max" -> f.seqMax(Math.toIntExact(LogText.num(v)));
                    case "n_batch" -> f.batchTokens(LogText.num(v));
                    case "n_ubatch" -> f.ubatchTokens(LogText.num(v));
                    case "kv_unified" -> params.put("kv_unified", v);
                    default -> f.flashAttention(v);
                }
                f.engine(Engine.LLAMA_CPP);
                return true;
            }
        }
        if (line.contains("layers to GPU") && (m = OFFLOADED.matcher(line)).find()) {
            f.gpuLayers(Math.toIntExact(LogText.num(m.group(1)))).modelLayers(Math.toIntExact(LogText.num(m.group(2))));
            return true;
        }
        if (line.contains("build") && f.version() == null && (m = BUILD.matcher(line)).find()) {
            f.version("b" + m.group(1));
            return true;
        }
        return false;
    }

    /** The model's printed hyperparameters and GGUF keys (the first print of a key wins), and free memory per device. */
    private boolean params(String raw, Measurement.Builder f) {
        Matcher m;
        if (raw.contains("print_info") || raw.contains("llm_load_print_meta")) {
            if ((m = HPARAM.matcher(clean(raw))).find()) {
                params.putIfAbsent(m.group(1).trim(), m.group(2).trim());
                return true;
            }
        } else if (raw.contains("llama_model_loader: - kv") && (m = GGUF.matcher(raw)).find()) {
            if (!m.group(1).startsWith("tokenizer.")) {
                params.putIfAbsent(m.group(1), m.group(2).trim());
            }
            return true;
        } else if (raw.contains("MiB free") && (m = FREE.matcher(clean(raw))).find()) {
            free.putIfAbsent(m.group(1), Math.multiplyExact(LogText.num(m.group(2)), Units.MIB));
            return true;
        }
        return false;
    }

    /** "kv_unified = false" as printed; older builds print none and were unified. */
    private static boolean unified(String printed) { return printed == null || !printed.trim().equals("false"); }

    /** One device's buffers as they are read; KV buffers of the two iSWA caches add up. */
    static final class Tally {
        private Long model;
        private Long kv;
        private Long state;
        private Long compute;
        private Long output;

        void add(String kind, long bytes) {
            switch (kind) {
                case "", "model" -> model = sum(model, bytes);
                case "KV" -> kv = sum(kv, bytes);
                case "RS" -> state = sum(state, bytes);
                case "compute" -> compute = sum(compute, bytes);
                default -> output = sum(output, bytes);
            }
        }

        private static Long sum(Long a, long b) { return a == null ? b : Math.addExact(a, b); }

        Measurement.DeviceMemory memory(String name) { return new Measurement.DeviceMemory(name, model, kv, state, compute, output); }
    }
}
