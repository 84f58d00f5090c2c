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
    /** Lines longer than this are not an engine's (real ones are under 4 KiB) and are skipped: parsing stays linear. */
    public static final int MAX_LINE = 16 * 1024;
    /** The most of a log that is read (a startup log is a few hundred KiB). */
    public static final int MAX_LOG = 64 * 1024 * 1024;
    private static final Pattern V_ARG = Pattern.compile("'(\\w+)': ('[^']*'|[^,}]+)");
    private static final Pattern V_LOADING = Pattern.compile("Model loading took ([0-9.]+) ?GiB");
    private static final Pattern V_PROFILE = Pattern.compile("Total non KV cache memory: ([0-9.]+) ?GiB; torch peak memory "
            + "increase: ([0-9.]+) ?GiB; non-torch forward increase memory: ([0-9.]+) ?GiB; weights memory: ([0-9.]+) ?GiB");
    private static final Pattern V_PROFILE_OLD = Pattern.compile("model weights take ([0-9.]+) ?GiB; non_torch_memory takes "
            + "([0-9.]+) ?GiB; PyTorch activation peak memory takes ([0-9.]+) ?GiB; the rest of the memory reserved for KV "
            + "Cache is ([0-9.]+) ?GiB");
    private static final Pattern V_TOTAL_OLD = Pattern.compile("total_gpu_memory \\(([0-9.]+) ?GiB\\) x gpu_memory_utilization "
            + "\\(([0-9.]+)\\)");
    /** vLLM V0 (about v0.6): "Memory profiling results: total_gpu_memory=7.92GiB ... kv_cache_size=6.27GiB ...". */
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
    private static final Pattern SG_MEM = Pattern.compile("^([0-9.]+) GB");
    private static final Pattern SG_CONTEXT = Pattern.compile("context_len=([0-9]+)");
    private static final Pattern LC_KV = Pattern.compile("(?:llama_kv_cache\\w*|llama_new_context_with_model|llama_kv_cache_init)"
            + ":\\s+(?:size|KV self size)\\s*=\\s*([0-9.]+) MiB(?: \\(\\s*([0-9]+) cells)?");
    private static final Pattern LC_CTX = Pattern.compile("n_ctx(?:_seq)?\\s*=\\s*([0-9]+)");
    private static final Pattern TRT_ALLOC = Pattern.compile("Allocated ([0-9.]+) GiB for max tokens in paged KV cache "
            + "\\(([0-9]+)\\)");
    private static final Pattern TRT_MEM = Pattern.compile("Memory usage when calculating max tokens in paged kv cache: total: "
            + "([0-9.]+) GiB, available: ([0-9.]+) GiB");

    private EngineLogParser() { }

    static long gib(String s) { return Units.gib(Double.parseDouble(s)); }

    private static long num(String s) { return Long.parseLong(s.replace(",", "")); }

    /** The text between {@code start} and the last {@code end} after it, or null; linear (no regex backtracking). */
    private static String between(String line, String start, char end) {
        int i = line.indexOf(start);
        if (i < 0) {
            return null;
        }
        int j = line.lastIndexOf(end);
        return j > i + start.length() ? line.substring(i + start.length(), j) : null;
    }

    /** The text after {@code key} that follows {@code marker} on the line, or null; linear. */
    private static String after(String line, String marker, String key) {
        int i = line.indexOf(marker);
        int j = i < 0 ? -1 : line.indexOf(key, i + marker.length());
        return j < 0 ? null : line.substring(j + key.length());
    }

    /** A ratio the log printed; not a finite, plausible number (Infinity, NaN, out of range) refuses the line. */
    static Double ratio(String s, double max) {
        double v = Double.parseDouble(s);
        if (!Double.isFinite(v) || v < 0 || v > max) {
            throw new IllegalArgumentException("implausible " + s);
        }
        return v;
    }

    private enum Reader { VLLM_SETUP, VLLM_POOL, SGLANG, LLAMA_CPP, TENSORRT }

    /**
     * One reader on one line; a value that does not parse or does not fit ("None", an empty number, 9e9 GiB) leaves
     * that line unread instead of failing the log.
     */
    private static boolean safe(Reader r, String line, Found f) {
        try {
            return switch (r) {
                case VLLM_SETUP -> vllmSetup(line, f);
                case VLLM_POOL -> vllmPool(line, f);
                case SGLANG -> sglang(line, f);
                case LLAMA_CPP -> llamaCpp(line, f);
                case TENSORRT -> tensorRt(line, f);
            };
        } catch (RuntimeException e) {
            f.failures++;
            return false;
        }
    }

    /** What the lines of a log said so far. */
    static final class Found {
        Engine engine;
        String version;
        String model;
        Double util;
        Long maxLen;
        Integer tp;
        Integer pp;
        String kvDtype;
        final java.util.Set<String> rayNodes = new java.util.TreeSet<>();
        /** The largest non-KV memory any worker (pipeline stage) reported, with its activation and non-torch parts. */
        long[] stageMax;
        /** The smallest "Available KV cache memory" any worker printed. */
        Long minPool;
        boolean localRayWorker;
        Long weights;
        Long nonKv;
        Long act;
        Long nonTorch;
        Long pool;
        Long tokens;
        Long blocks;
        Long concTokens;
        Double conc;
        Long free;
        Long total;
        Long cgEst;
        Long cgAct;
        int failures;
    }

    /** Parses a log; a log without any known line gives a Measurement whose matchedLines is empty. */
    public static Measurement parse(String log) {
        Found f = new Found();
        List<String> matched = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        String text = log.length() > MAX_LOG ? log.substring(0, MAX_LOG) : log;
        for (String raw : text.split("\\r?\\n")) {
            if (raw.length() > MAX_LINE) {
                skipped.add("a line of " + raw.length() + " characters (longer than " + MAX_LINE + ")");
                continue;
            }
            String line = ANSI.matcher(raw).replaceAll("");
            StageReader.rayWorker(line, f);
            // every reader sees every line (no short circuit): one line can carry several facts
            int before = f.failures;
            if (safe(Reader.VLLM_SETUP, line, f) | safe(Reader.VLLM_POOL, line, f) | safe(Reader.SGLANG, line, f)
                    | safe(Reader.LLAMA_CPP, line, f) | safe(Reader.TENSORRT, line, f)) {
                matched.add(line.trim());
            }
            if (f.failures > before) {
                skipped.add(org.vramsheet.io.Messages.oneLine(line.trim().length() > 80 ? line.trim().substring(0, 80) + "…"
                        : line.trim()));
            }
        }
        if (f.engine == Engine.LLAMA_CPP && f.tokens == null) {
            f.tokens = f.maxLen;
        }
        VllmV0Reader.tokens(f);
        StageReader.largestStage(f);
        return new Measurement(f.engine, f.version, f.model, f.util, f.maxLen, f.tp, f.pp, f.kvDtype, f.weights, f.nonKv,
                f.act, f.nonTorch, f.pool, f.tokens, f.blocks, f.concTokens, f.conc, f.free, f.total, f.cgEst, f.cgAct, matched,
                skipped, f.rayNodes.isEmpty() ? null : f.rayNodes.size() + (f.localRayWorker ? 1 : 0));
    }


    private static boolean vllmSetup(String line, Found f) {
        boolean hit = false;
        Matcher m;
        String args = between(line, "non-default args: {", '}');
        if (args != null) {
            f.engine = Engine.VLLM;
            Matcher a = V_ARG.matcher(args);
            while (a.find()) {
                String v = a.group(2).trim().replaceAll("^'|'$", "");
                switch (a.group(1)) {
                    case "model" -> f.model = v;
                    case "model_tag" -> f.model = f.model == null ? v : f.model;
                    case "gpu_memory_utilization" -> f.util = ratio(v, 1.0);
                    case "max_model_len" -> f.maxLen = Long.parseLong(v);
                    case "tensor_parallel_size" -> f.tp = Integer.parseInt(v);
                    case "pipeline_parallel_size" -> f.pp = Integer.parseInt(v);
                    case "kv_cache_dtype" -> f.kvDtype = v;
                    default -> { }
                }
            }
            hit = true;
        }
        if (f.version == null && (line.contains("vLLM") || line.contains("version")) && (m = V_VERSION.matcher(line)).find()) {
            f.version = m.group(1).replaceAll("\\.$", "");
            f.engine = f.engine == null ? Engine.VLLM : f.engine;
            hit = true;
        }
        if (f.weights == null && (m = V_LOADING.matcher(line)).find()) {
            f.weights = gib(m.group(1));
            f.engine = Engine.VLLM;
            hit = true;
        }
        if ((m = V_PROFILE.matcher(line)).find()) {
            f.nonKv = gib(m.group(1));
            f.act = gib(m.group(2));
            f.nonTorch = gib(m.group(3));
            f.weights = f.weights == null ? gib(m.group(4)) : f.weights;
            hit = true;
        }
        hit |= StageReader.usage(line, f);
        if ((m = V_PROFILE_OLD.matcher(line)).find()) {
            f.weights = gib(m.group(1));
            f.nonTorch = gib(m.group(2));
            f.act = gib(m.group(3));
            f.pool = gib(m.group(4));
            f.nonKv = f.weights + f.nonTorch + f.act;
            f.engine = Engine.VLLM;
            hit = true;
        }
        if ((m = V_TOTAL_OLD.matcher(line)).find()) {
            f.total = gib(m.group(1));
            f.util = Double.parseDouble(m.group(2));
            hit = true;
        }
        return hit;
    }

    private static boolean vllmPool(String line, Found f) {
        boolean hit = VllmV0Reader.profile(line, f);
        Matcher m;
        if ((m = V_AVAILABLE.matcher(line)).find()) {
            f.pool = gib(m.group(1));
            f.minPool = f.minPool == null ? f.pool : Math.min(f.minPool, f.pool);
            f.engine = Engine.VLLM;
            hit = true;
        }
        if ((m = V_TOKENS.matcher(line)).find()) {
            f.tokens = num(m.group(1));
            f.engine = Engine.VLLM;
            hit = true;
        }
        if ((m = V_CONC.matcher(line)).find()) {
            f.concTokens = num(m.group(1));
            f.conc = ratio(m.group(2), 1e9);
            hit = true;
        }
        if ((m = V_FREE.matcher(line)).find()) {
            f.free = gib(m.group(1));
            f.total = gib(m.group(2));
            hit = true;
        }
        if ((m = V_CG_EST.matcher(line)).find()) {
            f.cgEst = gib(m.group(1));
            hit = true;
        }
        if ((m = V_CG_ACT.matcher(line)).find()) {
            f.cgAct = gib(m.group(1) != null ? m.group(1) : m.group(2));
            hit = true;
        }
        if ((m = V_BLOCKS.matcher(line)).find()) {
            f.blocks = num(m.group(1));
            hit = true;
        }
        if ((m = V0_BLOCKS.matcher(line)).find()) {
            f.blocks = num(m.group(1));
            f.engine = Engine.VLLM;
            hit = true;
        }
        return hit;
    }

    private static boolean sglang(String line, Found f) {
        boolean hit = false;
        Matcher m;
        if ((m = SG_KV.matcher(line)).find()) {
            f.engine = Engine.SGLANG;
            f.tokens = num(m.group(1));
            double gb = m.group(4) != null ? Double.parseDouble(m.group(4))
                    : Double.parseDouble(m.group(2)) + Double.parseDouble(m.group(3));
            f.pool = Units.gib(gb); // SGLang's "GB" is 2^30 bytes
            hit = true;
        }
        if ((m = SG_MAX.matcher(line)).find()) {
            f.engine = Engine.SGLANG;
            f.tokens = num(m.group(1));
            Matcher c = SG_CONTEXT.matcher(line);
            if (c.find()) {
                f.maxLen = num(c.group(1));
            }
            hit = true;
        }
        String mem = after(line, "Load weight end.", "mem usage=");
        if (mem != null && (m = SG_MEM.matcher(mem)).find()) {
            f.engine = Engine.SGLANG;
            f.weights = Units.gib(Double.parseDouble(m.group(1)));
            f.nonKv = f.weights;
            hit = true;
        }
        return hit;
    }

    private static boolean llamaCpp(String line, Found f) {
        boolean hit = false;
        Matcher m;
        if ((m = LC_KV.matcher(line)).find()) {
            f.engine = Engine.LLAMA_CPP;
            f.pool = Math.round(Double.parseDouble(m.group(1)) * Units.MIB);
            if (m.group(2) != null) {
                f.tokens = num(m.group(2));
            }
            hit = true;
        }
        if (line.contains("llama") && (m = LC_CTX.matcher(line)).find() && line.contains("n_ctx")) {
            f.engine = Engine.LLAMA_CPP;
            if (line.matches(".*\\bn_ctx\\s*=.*")) {
                f.maxLen = num(m.group(1));
            }
            hit = true;
        }
        return hit;
    }

    private static boolean tensorRt(String line, Found f) {
        boolean hit = false;
        Matcher m;
        if ((m = TRT_ALLOC.matcher(line)).find()) {
            f.engine = Engine.TENSORRT_LLM;
            f.pool = gib(m.group(1));
            f.tokens = num(m.group(2));
            hit = true;
        }
        if ((m = TRT_MEM.matcher(line)).find()) {
            f.engine = Engine.TENSORRT_LLM;
            f.total = gib(m.group(1));
            hit = true;
        }
        return hit;
    }

    /** One line saying what was found, or that nothing was. */
    public static String summary(Measurement m) {
        if (m.matchedLines().isEmpty()) {
            return "no engine startup lines found (looked for vLLM, SGLang, llama.cpp and TensorRT-LLM KV cache lines)";
        }
        return String.format(Locale.ROOT, "%s%s: %d lines read", m.engine() == null ? "unknown engine" : m.engine().label(),
                m.version() == null ? "" : " " + m.version(), m.matchedLines().size())
                + (m.skippedLines().isEmpty() ? "" : "; " + m.skippedLines().size() + " line" + (m.skippedLines().size() == 1
                ? "" : "s") + " skipped: a value that does not parse or does not fit, or too long");
    }

    static boolean isNumber(String s) { return NUM.matcher(s).matches(); }
}
