package org.vramsheet.io.logs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.validation.Measurement;

/** vLLM V0 logs (about v0.6): the "Memory profiling results" line, and tokens from "# GPU blocks" and the concurrency line. */
final class VllmV0Reader {
    private VllmV0Reader() { }

    private static final String V0_PROFILE = "Memory profiling results:";
    private static final Pattern V0_TOTAL = Pattern.compile("total_gpu_memory=([0-9.]+) ?GiB");
    private static final Pattern V0_NON_TORCH = Pattern.compile("\\bnon_torch_memory=([0-9.]+) ?GiB");
    private static final Pattern V0_KV = Pattern.compile("\\bkv_cache_size=([0-9.]+) ?GiB");
    private static final Pattern V0_UTIL = Pattern.compile("\\bgpu_memory_utilization=([0-9.]+)");
    private static final Pattern V0_PEAK = Pattern.compile("\\bpeak_torch_memory=([0-9.]+) ?GiB");

    /** The V0 profiling line: total, non-torch memory, the KV pool and the utilization it used. */
    static boolean profile(String line, Measurement.Builder f) {
        // the total after the first marker: one search from there (a lazy ".*?" from every marker was quadratic)
        int at = line.indexOf(V0_PROFILE);
        Matcher m = at < 0 ? null : V0_TOTAL.matcher(line);
        if (m == null || !m.find(at + V0_PROFILE.length())) {
            return false;
        }
        long total = LogText.gib(m.group(1));
        Long nonTorch = (m = V0_NON_TORCH.matcher(line)).find() ? LogText.gib(m.group(1)) : null;
        Long pool = (m = V0_KV.matcher(line)).find() ? LogText.gib(m.group(1)) : null;
        Double utilization = (m = V0_UTIL.matcher(line)).find() ? LogText.ratio(m.group(1), 1.0) : null;
        // v0.6.4 worker.py: available = total x utilization - (peak_torch_memory + non_torch_memory), weights included
        Long peak = (m = V0_PEAK.matcher(line)).find() ? LogText.gib(m.group(1)) : null;
        Long nonKv = peak == null || nonTorch == null ? null : Math.addExact(peak, Math.max(0, nonTorch));
        // all read before any is set: a value that does not parse leaves the line unread
        f.engine(Engine.VLLM).totalBytes(total).cudaGraphsInPool(false); // V0's profiling: the graphs stay outside the pool
        if (nonTorch != null) {
            f.nonTorchBytes(nonTorch);
        }
        if (pool != null) {
            f.kvPoolBytes(pool);
        }
        if (utilization != null) {
            f.utilization(utilization);
        }
        if (nonKv != null) {
            f.nonKvBytes(nonKv);
        }
        return true;
    }

    /**
     * The GPU blocks of V0's "# GPU blocks: N, # CPU blocks: M" ({@code executor_base.py}; "# cuda blocks" once the device
     * name was printed, v0.7) and early V1's "# GPU blocks: N" alone (v0.7.1, {@code kv_cache_utils.py}, until #13596
     * printed tokens); a copy that lost the "# " still counts when the CPU blocks follow. Null otherwise. Linear.
     */
    static Long blocks(String line) {
        int at = line.indexOf(" blocks: ");
        if (at < 0) {
            return null;
        }
        int w = at;
        while (w > 0 && at - w < 12 && Character.isLetter(line.charAt(w - 1))) {
            w--;
        }
        if (w == at) {
            return null;
        }
        int d = at + " blocks: ".length();
        int e = d;
        while (e < line.length() && e - d < 19 && Character.isDigit(line.charAt(e))) {
            e++;
        }
        boolean hash = w >= 2 && line.startsWith("# ", w - 2);
        boolean cpu = line.startsWith(", # CPU blocks: ", e);
        if (e == d || !hash && !cpu || !hash && !line.startsWith("GPU", w)) {
            return null;
        }
        return Long.parseLong(line.substring(d, e));
    }

    /**
     * V0 logs print blocks, not tokens ("# GPU blocks: 11422" and "Maximum concurrency for 2048 tokens per request:
     * 89.23x"). The block size is what makes the two agree (concurrency x tokens / blocks, a power of two); the KV
     * capacity is then blocks x block size. Without the concurrency line the block size is not assumed.
     */
    static void tokens(Measurement.Builder f) {
        if (f.engine() != Engine.VLLM || f.kvTokens() != null || f.gpuBlocks() == null || f.gpuBlocks() <= 0
                || f.concurrency() == null || f.concurrencyTokens() == null) {
            return;
        }
        double perBlock = f.concurrency() * f.concurrencyTokens() / f.gpuBlocks();
        long block = Math.round(perBlock);
        // the concurrency is printed with two decimals: allow that rounding and nothing more
        double slack = 0.005 * f.concurrencyTokens() / f.gpuBlocks() + 1e-9;
        if (block >= 1 && Long.bitCount(block) == 1 && Math.abs(perBlock - block) <= slack) {
            try {
                f.kvTokens(Math.multiplyExact(f.gpuBlocks(), block));
            } catch (ArithmeticException e) {
                // more tokens than a long holds: a hostile log, the capacity stays unknown
            }
        }
    }
}
