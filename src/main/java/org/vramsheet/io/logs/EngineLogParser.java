package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * Reads an engine's startup log into a {@link Measurement}: vLLM V1 (0.10 to current, both the two-line
 * and one-line capacity forms, profiling, CUDA graphs, free memory, non-default args) and V0 ("# GPU
 * blocks"), SGLang ("KV Cache is allocated"), llama.cpp (the KV cache size line) and TensorRT-LLM
 * ("Allocated ... for max tokens in paged KV cache"). Process prefixes, timestamps, ANSI colours,
 * thousands separators and SGLang's "GB" (really GiB) are handled.
 */
public final class EngineLogParser {
    private static final Pattern ANSI = Pattern.compile("\u001B\\[[;\\d]*[A-Za-z]");
    private static final Pattern NUM = Pattern.compile("[0-9][0-9,]*(?:\\.[0-9]+)?");

    private static final Pattern V_VERSION = Pattern.compile("(?:vLLM API server version|version)\\s+v?([0-9]+\\.[0-9]+[0-9.a-z+]*)");
    private static final Pattern V_ARGS = Pattern.compile("non-default args: \\{(.*)}");
    private static final Pattern V_ARG = Pattern.compile("'(\\w+)': ('[^']*'|[^,}]+)");
    private static final Pattern V_LOADING = Pattern.compile("Model loading took ([0-9.]+) ?GiB");
    private static final Pattern V_PROFILE = Pattern.compile("Total non KV cache memory: ([0-9.]+) ?GiB; torch peak memory "
            + "increase: ([0-9.]+) ?GiB; non-torch forward increase memory: ([0-9.]+) ?GiB; weights memory: ([0-9.]+) ?GiB");
    private static final Pattern V_PROFILE_OLD = Pattern.compile("model weights take ([0-9.]+) ?GiB; non_torch_memory takes "
            + "([0-9.]+) ?GiB; PyTorch activation peak memory takes ([0-9.]+) ?GiB; the rest of the memory reserved for KV "
            + "Cache is ([0-9.]+) ?GiB");
    private static final Pattern V_TOTAL_OLD = Pattern.compile("total_gpu_memory \\(([0-9.]+) ?GiB\\) x gpu_memory_utilization "
            + "\\(([0-9.]+)\\)");
    private static final Pattern V_AVAILABLE = Pattern.compile("Available KV cache memory: ([0-9.]+) GiB");
    private static final Pattern V_TOKENS = Pattern.compile("GPU KV cache size: ([0-9,]+) tokens");
    private static final Pattern V_CONC = Pattern.compile("Maximum concurrency for ([0-9,]+) tokens per request: ([0-9.]+)x");
    private static final Pattern V_FREE = Pattern.compile("Free memory on device \\(([0-9.]+)/([0-9.]+) GiB\\)");
    private static final Pattern V_CG_EST = Pattern.compile("Estimated CUDA graph memory: ([0-9.]+) GiB");
    private static final Pattern V_CG_ACT = Pattern.compile("(?:Graph capturing finished in [0-9]+ secs, took ([0-9.]+) GiB|"
            + "CUDA graph pool memory: ([0-9.]+) GiB \\(actual\\))");
    private static final Pattern V_BLOCKS = Pattern.compile("num_gpu_blocks is: ([0-9]+)");
    private static final Pattern V0_BLOCKS = Pattern.compile("# (?:GPU|cuda|[a-z]+) blocks: ([0-9]+), # CPU blocks: ([0-9]+)");
    private static final Pattern SG_KV = Pattern.compile("KV Cache is allocated\\. #tokens: ([0-9]+), (?:dtype: [^,]+, )?"
            + "(?:K size: ([0-9.]+) GB, V size: ([0-9.]+) GB|KV size: ([0-9.]+) GB)");
    private static final Pattern SG_MAX = Pattern.compile("max_total_num_tokens=([0-9]+)");
    private static final Pattern SG_WEIGHTS = Pattern.compile("Load weight end\\..*mem usage=([0-9.]+) GB");
    private static final Pattern SG_CONTEXT = Pattern.compile("context_len=([0-9]+)");
    private static final Pattern LC_KV = Pattern.compile("(?:llama_kv_cache\\w*|llama_new_context_with_model|llama_kv_cache_init)"
            + ":\\s+(?:size|KV self size)\\s*=\\s*([0-9.]+) MiB(?: \\(\\s*([0-9]+) cells)?");
    private static final Pattern LC_CTX = Pattern.compile("n_ctx(?:_seq)?\\s*=\\s*([0-9]+)");
    private static final Pattern TRT_ALLOC = Pattern.compile("Allocated ([0-9.]+) GiB for max tokens in paged KV cache "
            + "\\(([0-9]+)\\)");
    private static final Pattern TRT_MEM = Pattern.compile("Memory usage when calculating max tokens in paged kv cache: total: "
            + "([0-9.]+) GiB, available: ([0-9.]+) GiB");

    private EngineLogParser() { }

    private static long gib(String s) { return Units.gib(Double.parseDouble(s)); }

    private static long num(String s) { return Long.parseLong(s.replace(",", "")); }

    /** Parses a log; a log without any known line gives a Measurement whose matchedLines is empty. */
    public static Measurement parse(String log) {
        Engine engine = null;
        String version = null;
        String model = null;
        Double util = null;
        Long maxLen = null;
        Integer tp = null;
        Integer pp = null;
        String kvDtype = null;
        Long weights = null;
        Long nonKv = null;
        Long act = null;
        Long nonTorch = null;
        Long pool = null;
        Long tokens = null;
        Long blocks = null;
        Long concTokens = null;
        Double conc = null;
        Long free = null;
        Long total = null;
        Long cgEst = null;
        Long cgAct = null;
        List<String> matched = new ArrayList<>();
        for (String raw : log.split("\\r?\\n")) {
            String line = ANSI.matcher(raw).replaceAll("");
            boolean hit = false;
            Matcher m;
            if ((m = V_ARGS.matcher(line)).find()) {
                engine = Engine.VLLM;
                Matcher a = V_ARG.matcher(m.group(1));
                while (a.find()) {
                    String v = a.group(2).trim().replaceAll("^'|'$", "");
                    switch (a.group(1)) {
                        case "model" -> model = v;
                        case "model_tag" -> model = model == null ? v : model;
                        case "gpu_memory_utilization" -> util = Double.parseDouble(v);
                        case "max_model_len" -> maxLen = Long.parseLong(v);
                        case "tensor_parallel_size" -> tp = Integer.parseInt(v);
                        case "pipeline_parallel_size" -> pp = Integer.parseInt(v);
                        case "kv_cache_dtype" -> kvDtype = v;
                        default -> { }
                    }
                }
                hit = true;
            }
            if (version == null && (line.contains("vLLM") || line.contains("version")) && (m = V_VERSION.matcher(line)).find()) {
                version = m.group(1).replaceAll("\\.$", "");
                engine = engine == null ? Engine.VLLM : engine;
                hit = true;
            }
            if (weights == null && (m = V_LOADING.matcher(line)).find()) {
                weights = gib(m.group(1));
                engine = Engine.VLLM;
                hit = true;
            }
            if ((m = V_PROFILE.matcher(line)).find()) {
                nonKv = gib(m.group(1));
                act = gib(m.group(2));
                nonTorch = gib(m.group(3));
                weights = weights == null ? gib(m.group(4)) : weights;
                hit = true;
            }
            if ((m = V_PROFILE_OLD.matcher(line)).find()) {
                weights = gib(m.group(1));
                nonTorch = gib(m.group(2));
                act = gib(m.group(3));
                pool = gib(m.group(4));
                nonKv = weights + nonTorch + act;
                engine = Engine.VLLM;
                hit = true;
            }
            if ((m = V_TOTAL_OLD.matcher(line)).find()) {
                total = gib(m.group(1));
                util = Double.parseDouble(m.group(2));
                hit = true;
            }
            if ((m = V_AVAILABLE.matcher(line)).find()) {
                pool = gib(m.group(1));
                engine = Engine.VLLM;
                hit = true;
            }
            if ((m = V_TOKENS.matcher(line)).find()) {
                tokens = num(m.group(1));
                engine = Engine.VLLM;
                hit = true;
            }
            if ((m = V_CONC.matcher(line)).find()) {
                concTokens = num(m.group(1));
                conc = Double.parseDouble(m.group(2));
                hit = true;
            }
            if ((m = V_FREE.matcher(line)).find()) {
                free = gib(m.group(1));
                total = gib(m.group(2));
                hit = true;
            }
            if ((m = V_CG_EST.matcher(line)).find()) {
                cgEst = gib(m.group(1));
                hit = true;
            }
            if ((m = V_CG_ACT.matcher(line)).find()) {
                cgAct = gib(m.group(1) != null ? m.group(1) : m.group(2));
                hit = true;
            }
            if ((m = V_BLOCKS.matcher(line)).find()) {
                blocks = num(m.group(1));
                hit = true;
            }
            if ((m = V0_BLOCKS.matcher(line)).find()) {
                blocks = num(m.group(1));
                engine = Engine.VLLM;
                hit = true;
            }
            if ((m = SG_KV.matcher(line)).find()) {
                engine = Engine.SGLANG;
                tokens = num(m.group(1));
                double gb = m.group(4) != null ? Double.parseDouble(m.group(4))
                        : Double.parseDouble(m.group(2)) + Double.parseDouble(m.group(3));
                pool = Units.gib(gb); // SGLang's "GB" is 2^30 bytes
                hit = true;
            }
            if ((m = SG_MAX.matcher(line)).find()) {
                engine = Engine.SGLANG;
                tokens = num(m.group(1));
                Matcher c = SG_CONTEXT.matcher(line);
                if (c.find()) {
                    maxLen = num(c.group(1));
                }
                hit = true;
            }
            if ((m = SG_WEIGHTS.matcher(line)).find()) {
                engine = Engine.SGLANG;
                weights = Units.gib(Double.parseDouble(m.group(1)));
                nonKv = weights;
                hit = true;
            }
            if ((m = LC_KV.matcher(line)).find()) {
                engine = Engine.LLAMA_CPP;
                pool = Math.round(Double.parseDouble(m.group(1)) * Units.MIB);
                if (m.group(2) != null) {
                    tokens = num(m.group(2));
                }
                hit = true;
            }
            if (line.contains("llama") && (m = LC_CTX.matcher(line)).find() && line.contains("n_ctx")) {
                engine = Engine.LLAMA_CPP;
                if (line.matches(".*\\bn_ctx\\s*=.*")) {
                    maxLen = num(m.group(1));
                }
                hit = true;
            }
            if ((m = TRT_ALLOC.matcher(line)).find()) {
                engine = Engine.TENSORRT_LLM;
                pool = gib(m.group(1));
                tokens = num(m.group(2));
                hit = true;
            }
            if ((m = TRT_MEM.matcher(line)).find()) {
                engine = Engine.TENSORRT_LLM;
                total = gib(m.group(1));
                hit = true;
            }
            if (hit) {
                matched.add(line.trim());
            }
        }
        if (engine == Engine.LLAMA_CPP && tokens == null) {
            tokens = maxLen;
        }
        return new Measurement(engine, version, model, util, maxLen, tp, pp, kvDtype, weights, nonKv, act, nonTorch, pool,
                tokens, blocks, concTokens, conc, free, total, cgEst, cgAct, matched);
    }

    /** One line saying what was found, or that nothing was. */
    public static String summary(Measurement m) {
        if (m.matchedLines().isEmpty()) {
            return "no engine startup lines found (looked for vLLM, SGLang, llama.cpp and TensorRT-LLM KV cache lines)";
        }
        return String.format(Locale.ROOT, "%s%s: %d lines read", m.engine() == null ? "unknown engine" : m.engine().label(),
                m.version() == null ? "" : " " + m.version(), m.matchedLines().size());
    }

    static boolean isNumber(String s) { return NUM.matcher(s).matches(); }
}
