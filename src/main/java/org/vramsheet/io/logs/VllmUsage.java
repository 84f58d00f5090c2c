package org.vramsheet.io.logs;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.engine.vllm.VllmModule;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * vLLM's accounting after CUDA-graph capture ({@code gpu_worker.py compile_or_warm_up_model}) and the CUDA-graph
 * profiling notice: what the engine measured for weights, non-torch memory, the activation peak and CUDA graphs.
 * Its wording changed: "Actual usage is W GiB for weight, A GiB for peak activation, N GiB for non-torch memory, and C
 * GiB for CUDAGraph memory" (DEBUG, v0.10 to v0.2x), then "Actual usage is X GiB for consumed memory (weights +
 * non-torch), A GiB for peak activation, and C GiB for CUDAGraph memory" (INFO). Only what the log did not say
 * otherwise is set (the profiling line, when printed, is the engine's own non-KV figure).
 */
final class VllmUsage {
    private static final Pattern SPLIT = Pattern.compile("Actual usage is ([0-9.]+) ?GiB for weight, ([0-9.]+) ?GiB for peak "
            + "activation, ([0-9.]+) ?GiB for non-torch(?: memory, and ([0-9.]+) ?GiB for CUDAGraph)?");
    private static final Pattern CONSUMED = Pattern.compile("Actual usage is ([0-9.]+) ?GiB for consumed memory \\(weights \\+ "
            + "non-torch\\), ([0-9.]+) ?GiB for peak activation(?:, and ([0-9.]+) ?GiB for CUDAGraph)?");
    private static final Pattern DESIRED = Pattern.compile("Desired GPU memory utilization is \\(([0-9.]+), ([0-9.]+) ?GiB\\)");
    private static final Pattern NOTICE = Pattern.compile("The current --gpu-memory-utilization=([0-9.]+) is equivalent to "
            + "--gpu-memory-utilization=([0-9.]+) without CUDA graph memory profiling");
    /** The pool the engine allocated, at the end of the same line (v0.10 prints bytes, v0.2x GiB). */
    private static final Pattern CURRENT = Pattern.compile("Current kv cache memory in use is ([0-9.]+) ?(GiB|bytes)");
    private static final Pattern POOL_EST = Pattern.compile("CUDA graph pool memory: [0-9.]+ ?GiB \\(actual\\), ([0-9.]+) ?GiB "
            + "\\(estimated\\)");

    /** Consumed (weights + non-torch) and the printed activation peak of the newer form, until the log is read. */
    private Long consumed;
    private Long peak;
    private Long requested;
    /** The utilization the notice names and the one it says is equivalent without CUDA-graph profiling. */
    private double[] notice;
    /** "Current kv cache memory in use is ...": the pool, for a log without "Available KV cache memory". */
    private Long current;

    /** Reads one line; whether it was one of these (the caller marks the log as vLLM's). */
    boolean read(String line, Measurement.Builder f) {
        if (!line.contains("Actual usage") && !line.contains("gpu-memory-utilization=") && !line.contains("graph pool")) {
            return false;
        }
        boolean hit = false;
        Matcher m;
        if ((m = SPLIT.matcher(line)).find()) {
            long w = LogText.gib(m.group(1));
            long a = LogText.gib(m.group(2));
            long n = LogText.gib(m.group(3));
            long nonKv = Math.addExact(Math.addExact(w, a), n); // past a long the line is not read (never wraps)
            f.weightsBytes(or(f.weightsBytes(), w)).activationPeakBytes(or(f.activationPeakBytes(), a))
                    .nonTorchBytes(or(f.nonTorchBytes(), n)).nonKvBytes(or(f.nonKvBytes(), nonKv));
            if (m.group(4) != null) {
                f.cudaGraphActualBytes(or(f.cudaGraphActualBytes(), LogText.gib(m.group(4))));
            }
            hit = true;
        }
        if (consumed == null && (m = CONSUMED.matcher(line)).find()) {
            long x = LogText.gib(m.group(1));
            long a = LogText.gib(m.group(2));
            Long cg = m.group(3) == null ? null : LogText.gib(m.group(3));
            consumed = x;
            peak = a;
            if (cg != null) {
                f.cudaGraphActualBytes(or(f.cudaGraphActualBytes(), cg));
            }
            hit = true;
        }
        if (requested == null && (m = DESIRED.matcher(line)).find()) {
            double u = LogText.ratio(m.group(1), 1.0);
            requested = LogText.gib(m.group(2));
            f.utilization(f.utilization() == null ? u : f.utilization());
            hit = true;
        }
        if (notice == null && (m = NOTICE.matcher(line)).find()) {
            notice = new double[] {LogText.ratio(m.group(1), 1.0), LogText.ratio(m.group(2), 1.0)};
            f.utilization(f.utilization() == null ? notice[0] : f.utilization());
            hit = true;
        }
        if (current == null && (m = CURRENT.matcher(line)).find()) {
            current = "bytes".equals(m.group(2)) ? (long) Double.parseDouble(m.group(1)) : LogText.gib(m.group(1));
            hit = true;
        }
        if ((m = POOL_EST.matcher(line)).find()) {
            f.cudaGraphEstimateBytes(or(f.cudaGraphEstimateBytes(), LogText.gib(m.group(1))));
            hit = true;
        }
        return hit;
    }

    /**
     * The newer form's parts: non-torch = consumed - weights ("Model loading took"), non-KV = consumed + the activation
     * peak. Some releases print a peak that holds the CUDA-graph estimate ({@code peak_activation_memory}, vLLM PR #37426
     * and issue #57936 describe both): of the two readings, the one for which requested - available = non-KV + estimate.
     * The notice's two utilizations give the estimate when no line prints it: (current - equivalent) x total. Without
     * either, a log whose sum closes (requested - pool = consumed + peak, VC07, VC10, VC11) took nothing for CUDA graphs
     * beyond its printed peak: the estimate on top is 0.
     */
    void finish(Measurement.Builder f) {
        if (f.kvPoolBytes() == null && current != null) {
            f.kvPoolBytes(current);
        }
        if (f.cudaGraphEstimateBytes() == null && notice != null && f.totalBytes() != null && notice[0] >= notice[1]) {
            f.cudaGraphEstimateBytes(Math.round((notice[0] - notice[1]) * f.totalBytes()));
        }
        if (consumed == null) {
            return;
        }
        long activation = peak;
        Long est = f.cudaGraphEstimateBytes();
        Long req = requested != null ? requested : f.totalBytes() != null && f.utilization() != null
                ? VllmModule.requestedBytes(f.totalBytes(), f.utilization()) : null;
        if (est != null && req != null && f.kvPoolBytes() != null && peak >= est) {
            long rest = req - f.kvPoolBytes() - consumed;
            if (Math.abs(rest - peak) < Math.abs(rest - peak - est)) {
                activation = peak - est; // the printed peak holds the estimate
            }
        }
        if (est == null && req != null && f.kvPoolBytes() != null
                && Math.abs(req - f.kvPoolBytes() - consumed - peak) <= CLOSES) {
            // no estimate printed, and the log's own sum closes: requested - pool = consumed + peak, so whatever the engine
            // estimated for CUDA graphs is inside the printed peak (or was zero); nothing more comes off the pool
            f.cudaGraphEstimateBytes(0L);
        }
        f.activationPeakBytes(or(f.activationPeakBytes(), activation));
        if (f.weightsBytes() != null && consumed >= f.weightsBytes()) {
            f.nonTorchBytes(or(f.nonTorchBytes(), consumed - f.weightsBytes()));
        }
        f.nonKvBytes(or(f.nonKvBytes(), Math.addExact(consumed, activation)));
    }

    /** Three figures printed to 0.01 GiB: their sum closes within this. */
    private static final long CLOSES = Units.gib(0.02);

    private static Long or(Long v, long otherwise) { return v != null ? v : otherwise; }
}
