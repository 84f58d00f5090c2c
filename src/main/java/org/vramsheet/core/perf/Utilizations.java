package org.vramsheet.core.perf;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.sheet.Engine;

/**
 * The estimate's stated, editable assumptions: how much of the datasheet's bandwidth and tensor rate the engine's
 * kernels reach, what one tensor-parallel all-reduce costs beyond its bytes (NCCL / custom all-reduce launch and
 * synchronisation, with the kernel launches around it), and the fixed cost of a prefill batch beyond its arithmetic
 * (scheduling, tokenizing, sampling, streaming the first token back: the published runs show about the same 90 ms at
 * 600 and 4,200 prompt tokens on both models).
 *
 * @param memoryBandwidth    fraction of the memory bandwidth a decode step's reads reach (0 to 1]
 * @param compute            fraction of the dense tensor rate the matrix multiplies reach (0 to 1]
 * @param allReduceLatencyUs fixed cost of one all-reduce, microseconds
 * @param prefillOverheadMs  fixed cost of one prefill, milliseconds (in the TTFT, and a stall for the decoding batch)
 * @param source             where the values come from
 */
public record Utilizations(double memoryBandwidth, double compute, double allReduceLatencyUs, double prefillOverheadMs,
                           String source) {
    /**
     * Calibrated on the published SGLang runs under src/test/resources/benchmarks (Llama 3.1 70B on 8 x A100, Qwen3 235B
     * A22B on 8 x B200; docs/accuracy.md): the values that minimise the mean |log(predicted / measured)| of their mean
     * TPOT and median TTFT over the grid {@code PerfCalibration} searches. The median, not the mean: the estimate is of
     * the steady state, and a run's mean TTFT also holds its start (bench_serving sends its first max-concurrency
     * requests at once: at 16 of 80 the mean is 264.8 ms against a median of 147.0 ms) and a cold first
     * request. Fitted once for every engine and GPU class:
     * no published run of vLLM, TensorRT-LLM or llama.cpp, nor of a Hopper or consumer GPU, has been fitted yet.
     */
    public static final Utilizations CALIBRATED = new Utilizations(0.80, 0.75, 50.0, 80.0,
            "calibrated on 15 published SGLang runs (Llama 3.1 70B, 8 x A100; Qwen3 235B A22B, 8 x B200; mean TPOT, median "
                    + "TTFT), docs/accuracy.md");

    public Utilizations {
        source = source == null ? "" : source;
    }

    /**
     * The stated defaults for an engine: the calibrated set, saying what it was calibrated on (no engine has its own
     * fit yet; a per-engine fit belongs in the engine's module, issue 24).
     */
    public static Utilizations defaults(Engine engine) {
        return new Utilizations(CALIBRATED.memoryBandwidth, CALIBRATED.compute, CALIBRATED.allReduceLatencyUs,
                CALIBRATED.prefillOverheadMs, CALIBRATED.source + "; used for " + engine.label()
                + " as it is (SGLang is the only engine with published runs fitted)");
    }

    /** What is wrong with typed values, each naming the field and the reason; empty when usable. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        fraction(out, "Memory-bandwidth utilization", memoryBandwidth);
        fraction(out, "Compute utilization", compute);
        if (Double.isNaN(allReduceLatencyUs) || allReduceLatencyUs < 0 || allReduceLatencyUs > 10_000) {
            out.add("RUNTIME › All-reduce latency (us): must be 0 to 10000, not " + GpuPerformance.plain(allReduceLatencyUs));
        }
        if (Double.isNaN(prefillOverheadMs) || prefillOverheadMs < 0 || prefillOverheadMs > 100_000) {
            out.add("RUNTIME › Prefill overhead (ms): must be 0 to 100000, not " + GpuPerformance.plain(prefillOverheadMs));
        }
        return out;
    }

    private static void fraction(List<String> out, String field, double v) {
        if (Double.isNaN(v) || v <= 0 || v > 1) {
            out.add("RUNTIME › " + field + ": must be more than 0 and at most 1, not " + GpuPerformance.plain(v));
        }
    }
}
