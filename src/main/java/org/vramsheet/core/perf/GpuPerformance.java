package org.vramsheet.core.perf;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One GPU's performance figures from its datasheet: memory bandwidth, dense (no sparsity) tensor TFLOPS per dtype and
 * the per-GPU interconnect bandwidth one direction. A null rate means the GPU has no tensor cores for that dtype (the
 * estimate then uses the BF16 rate and says so); a null bf16 rate means none was found (FP16 tensor rate on pre-BF16
 * GPUs goes there, said in {@code source}).
 *
 * @param bandwidthGbPerS  HBM / GDDR bandwidth, GB/s (10^9 bytes)
 * @param bf16Tflops       dense BF16 (or FP16) tensor TFLOPS
 * @param fp8Tflops        dense FP8 tensor TFLOPS; null: no FP8 tensor cores
 * @param fp4Tflops        dense FP4 tensor TFLOPS; null: no FP4 tensor cores
 * @param linkGbPerS       interconnect bandwidth per GPU, one direction, GB/s (NVLink, Infinity Fabric, or PCIe)
 * @param link             what the link is ("NVLink 4", "PCIe Gen4 x16")
 * @param source           where each figure was read
 */
public record GpuPerformance(Double bandwidthGbPerS, Double bf16Tflops, Double fp8Tflops, Double fp4Tflops,
                             Double linkGbPerS, String link, String source) {
    /** Larger than any GPU made: 100 TB/s of memory bandwidth, 100 PFLOPS. */
    static final double MAX_BANDWIDTH = 100_000;
    static final double MAX_TFLOPS = 100_000;

    public GpuPerformance {
        link = link == null ? "" : link;
        source = source == null ? "" : source;
    }

    /**
     * What is wrong with typed values, each naming the field and the reason; empty when the estimate can use them.
     * Bandwidth and the BF16 rate are needed; the others may be left empty.
     */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        check(out, "Memory bandwidth (GB/s)", bandwidthGbPerS, MAX_BANDWIDTH, true);
        check(out, "BF16 dense TFLOPS", bf16Tflops, MAX_TFLOPS, true);
        check(out, "FP8 dense TFLOPS", fp8Tflops, MAX_TFLOPS, false);
        check(out, "FP4 dense TFLOPS", fp4Tflops, MAX_TFLOPS, false);
        check(out, "Interconnect (GB/s)", linkGbPerS, MAX_BANDWIDTH, false);
        return out;
    }

    private static void check(List<String> out, String field, Double v, double max, boolean needed) {
        if (v == null) {
            if (needed) {
                out.add("GPU › " + field + ": needed for the latency estimate");
            }
        } else if (v.isNaN() || v.isInfinite()) {
            out.add("GPU › " + field + ": not a number");
        } else if (v <= 0) {
            out.add("GPU › " + field + ": must be more than 0, not " + plain(v));
        } else if (v > max) {
            out.add("GPU › " + field + ": " + plain(v) + " is more than any GPU has (at most " + plain(max) + ")");
        }
    }

    /** The dense rate a matrix multiply in {@code p} runs at, and the precision used: the BF16 rate where p has none. */
    public Rate rate(TensorPrecision p) {
        Double r = p == TensorPrecision.FP4 ? fp4Tflops : p == TensorPrecision.FP8 ? fp8Tflops : bf16Tflops;
        if (r != null) {
            return new Rate(r, p, "");
        }
        return new Rate(bf16Tflops, TensorPrecision.BF16,
                "no " + p.label() + " tensor cores on this GPU: the BF16 rate is used");
    }

    /** A tensor rate in TFLOPS, the precision it is for, and a note when it is not the one asked for. */
    public record Rate(double tflops, TensorPrecision precision, String note) { }

    static String plain(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v) || Math.abs(v) >= 1e15) {
            return String.format(Locale.ROOT, "%.4g", v);
        }
        return new BigDecimal(String.format(Locale.ROOT, "%.6g", v)).stripTrailingZeros().toPlainString();
    }
}
