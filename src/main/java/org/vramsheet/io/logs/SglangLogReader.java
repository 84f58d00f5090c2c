package org.vramsheet.io.logs;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * SGLang's startup log, every release from 0.3 (docs/engines.md, "SGLang log lines"): the server_args dump, "Load weight
 * begin/end" (free memory before the weights, the weights), "KV Cache is allocated" (with or without {@code dtype:} and
 * {@code #tokens:}; a speculative draft model's smaller pool is not the target's), the sliding-window split, the Mamba state
 * pool and the scheduler's max_total_num_tokens. SGLang's "GB" is 2^30 bytes.
 */
final class SglangLogReader implements EngineLogReader {
    private static final String KV_MARK = "KV Cache is allocated.";
    private static final Pattern KV_TOKENS = Pattern.compile("#tokens: ([0-9]+)");
    private static final Pattern KV_SPLIT = Pattern.compile("K size: ([0-9.]+) ?GB, V size: ([0-9.]+) ?GB");
    private static final Pattern KV_ONE = Pattern.compile("KV size: ([0-9.]+) ?GB");
    private static final Pattern KV_DTYPE = Pattern.compile("dtype: ([A-Za-z0-9_.]+)");
    private static final Pattern MAX_TOTAL = Pattern.compile("max_total_num_tokens=([0-9]+)");
    private static final Pattern CONTEXT = Pattern.compile("context_len=([0-9]+)");
    private static final Pattern GB = Pattern.compile("^([0-9.]+) ?GB");
    private static final Pattern SWA = Pattern.compile("full_layer_tokens=([0-9]+), swa_layer_tokens=([0-9]+)");
    private static final Pattern MAMBA = Pattern.compile("conv_state size: ([0-9.]+) ?GB, ssm_state size: ([0-9.]+) ?GB");
    private static final Pattern USING_DTYPE = Pattern.compile("Using KV cache dtype: ([A-Za-z0-9_.]+)");
    private static final Pattern RANK = Pattern.compile(" TP([0-9]{1,4})(?: [A-Z]{2}[0-9]{1,4})*\\]");

    /** The largest KV pool read so far: a draft model's pool (a few layers) comes after the target's and is smaller. */
    private long largestPool = -1;
    private int ranksSeen;
    private boolean tpFromArgs;
    /** Per rank, the first "Load weight begin/end" figures: a speculative draft model loads second and is not the target. */
    private final Map<String, Long> freeBefore = new HashMap<>();
    private final Map<String, Long> freeAfter = new HashMap<>();
    private final Map<String, Long> usage = new HashMap<>();

    @Override
    public String name() { return "SGLang"; }

    @Override
    public List<LineReader> lineReaders() {
        return List.of(this::kvPool, SglangLogReader::scheduler, this::weights, SglangLogReader::slidingWindow,
                SglangLogReader::mamba, this::serverArgs, this::rank);
    }

    @Override
    public void finish(Measurement.Builder m) {
        if (m.engine() != Engine.SGLANG) {
            return;
        }
        if (!tpFromArgs && ranksSeen > 1) {
            m.tensorParallel(ranksSeen);
        }
        // SGLang sizes the pool from the smallest rank's free memory (get_available_gpu_memory(distributed=True))
        Long before = min(freeBefore);
        Long after = min(freeAfter);
        Long used = usage.isEmpty() ? null : usage.values().stream().max(Long::compare).orElseThrow();
        if (used == null && before != null && after != null) {
            used = Math.subtractExact(before, after); // releases before 0.4.3 print no "mem usage": it is before - after
        }
        if (before == null && after != null && used != null) {
            before = Math.addExact(after, used);
        }
        m.freeBeforeWeightsBytes(before);
        if (used != null) {
            m.weightsBytes(used).nonKvBytes(used);
        }
    }

    private static Long min(Map<String, Long> perRank) {
        return perRank.isEmpty() ? null : perRank.values().stream().min(Long::compare).orElseThrow();
    }

    /** "KV Cache is allocated. [dtype: X, ][#tokens: N, ]K size: a GB, V size: b GB" or "... KV size: c GB" (MLA). */
    private boolean kvPool(String line, Measurement.Builder f) {
        int at = line.indexOf(KV_MARK);
        if (at < 0) {
            return false;
        }
        String rest = line.substring(at + KV_MARK.length());
        Matcher m;
        long pool;
        if ((m = KV_SPLIT.matcher(rest)).find()) {
            pool = Units.gib(Double.parseDouble(m.group(1))) + Units.gib(Double.parseDouble(m.group(2)));
        } else if ((m = KV_ONE.matcher(rest)).find()) {
            pool = Units.gib(Double.parseDouble(m.group(1)));
        } else {
            return false;
        }
        f.engine(Engine.SGLANG);
        if (pool < largestPool) {
            return true; // a speculative draft model's pool: the target's was read first
        }
        largestPool = pool;
        f.kvPoolBytes(pool);
        Matcher t = KV_TOKENS.matcher(rest);
        // with a sliding-window split the line's #tokens is the SWA pool; the full pool came with the split line
        if (t.find() && f.swaTokens() == null) {
            f.kvTokens(LogText.num(t.group(1)));
        }
        Matcher d = KV_DTYPE.matcher(rest);
        if (d.find() && d.start() < rest.indexOf("size:")) {
            f.kvCacheDtype(dtype(d.group(1)));
        }
        return true;
    }

    /** "max_total_num_tokens=N, ..., context_len=L[, available_gpu_mem=X GB]": the full pool SGLang admits against. */
    private static boolean scheduler(String line, Measurement.Builder f) {
        Matcher m = MAX_TOTAL.matcher(line);
        if (!m.find()) {
            return false;
        }
        f.engine(Engine.SGLANG).kvTokens(LogText.num(m.group(1)));
        Matcher c = CONTEXT.matcher(line);
        if (c.find()) {
            f.maxModelLen(LogText.num(c.group(1)));
        }
        return true;
    }

    /** "Load weight begin. avail mem=X GB" and "Load weight end. ... avail mem=Y GB[, mem usage=Z GB]", first per rank. */
    private boolean weights(String line, Measurement.Builder f) {
        String free = LogText.after(line, "Load weight begin.", "avail mem=");
        Matcher m;
        if (free != null && (m = GB.matcher(free)).find()) {
            freeBefore.putIfAbsent(rankOf(line), Units.gib(Double.parseDouble(m.group(1))));
            f.engine(Engine.SGLANG);
            return true;
        }
        if (!line.contains("Load weight end.")) {
            return false;
        }
        String after = LogText.after(line, "Load weight end.", "avail mem=");
        String used = LogText.after(line, "Load weight end.", "mem usage=");
        boolean hit = false;
        if (after != null && (m = GB.matcher(after)).find()) {
            freeAfter.putIfAbsent(rankOf(line), Units.gib(Double.parseDouble(m.group(1))));
            hit = true;
        }
        if (used != null && (m = GB.matcher(used)).find()) {
            usage.putIfAbsent(rankOf(line), Units.gib(Double.parseDouble(m.group(1))));
            hit = true;
        }
        if (hit) {
            f.engine(Engine.SGLANG);
        }
        return hit;
    }

    /** The rank of a "[time TPn ...]" line, or "" without one. */
    private static String rankOf(String line) {
        int end = line.indexOf(']');
        Matcher m = end < 0 ? null : RANK.matcher(line.substring(0, end + 1));
        return m != null && m.find() ? m.group(1) : "";
    }

    /** "Use sliding window memory pool. full_layer_tokens=N, swa_layer_tokens=M": both pools; max_total_num_tokens is N. */
    private static boolean slidingWindow(String line, Measurement.Builder f) {
        if (!line.contains("liding window memory pool")) {
            return false;
        }
        Matcher m = SWA.matcher(line);
        if (!m.find()) {
            return false;
        }
        f.engine(Engine.SGLANG).kvTokens(LogText.num(m.group(1))).swaTokens(LogText.num(m.group(2)));
        return true;
    }

    /** "Mamba Cache is allocated. max_mamba_cache_size: S, conv_state size: a GB, ssm_state size: b GB". */
    private static boolean mamba(String line, Measurement.Builder f) {
        if (!line.contains("Mamba Cache is allocated.")) {
            return false;
        }
        Matcher m = MAMBA.matcher(line);
        if (!m.find()) {
            return false;
        }
        f.engine(Engine.SGLANG).stateBytes(Units.gib(Double.parseDouble(m.group(1))) + Units.gib(Double.parseDouble(m.group(2))));
        return true;
    }

    /** The server_args dump ("server_args=ServerArgs(...)") and "Using KV cache dtype: torch.X". */
    private boolean serverArgs(String line, Measurement.Builder f) {
        Matcher u = USING_DTYPE.matcher(line);
        if (u.find()) {
            f.engine(Engine.SGLANG).kvCacheDtype(dtype(u.group(1)));
            return true;
        }
        if (!line.contains("ServerArgs(")) {
            return false;
        }
        SglangArgs a = SglangArgs.of(line);
        f.engine(Engine.SGLANG);
        if (a.fraction() != null) {
            f.utilization(a.fraction());
        }
        if (a.tensorParallel() != null) {
            f.tensorParallel(a.tensorParallel());
            tpFromArgs = true;
        }
        if (a.pipelineParallel() != null) {
            f.pipelineParallel(a.pipelineParallel());
        }
        if (a.modelPath() != null && f.modelId() == null) {
            f.modelId(a.modelPath());
        }
        if (a.kvCacheDtype() != null && f.kvCacheDtype() == null) {
            f.kvCacheDtype(a.kvCacheDtype());
        }
        if (a.contextLength() != null) {
            f.maxModelLen(a.contextLength());
        }
        return true;
    }

    /** The rank prefix "[time TPn]" of SGLang's scheduler processes: TP is at least the ranks seen. */
    private boolean rank(String line, Measurement.Builder f) {
        String r = f.engine() == Engine.SGLANG ? rankOf(line) : "";
        if (!r.isEmpty()) {
            ranksSeen = Math.max(ranksSeen, Integer.parseInt(r) + 1);
        }
        return false;
    }

    /** torch.bfloat16 / torch.float8_e5m2 as the sheet's KV dtype names. */
    static String dtype(String torch) {
        String t = torch.startsWith("torch.") ? torch.substring("torch.".length()) : torch;
        return switch (t) {
            case "float8_e4m3fn", "float8_e4m3fnuz" -> "fp8_e4m3";
            case "float8_e5m2" -> "fp8_e5m2";
            default -> t;
        };
    }
}
