package org.vramsheet.core.perf;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.sheet.Engine;

/**
 * The estimate's stated assumptions: how much of the datasheet's bandwidth and tensor rate the engine's kernels reach,
 * what one tensor-parallel all-reduce costs beyond its bytes in a decode step (CUDA-graph captured) and in a prefill
 * pass (eager: each layer's kernels launched from the CPU of every rank, the all-reduce waiting for the slowest one), the
 * fixed cost of a decode step beyond its bytes (graph launch, sampling, the scheduler's turn), and the engine's fixed
 * cost of a request's first token beyond the GPU's work (HTTP, tokenizing, scheduling, detokenizing and streaming it:
 * done in the API server and tokenizer processes, so it delays the first token but does not stop the decoding batch).
 * RUNTIME edits all six ({@code core.sheet.PerfSettings}; the decode step's and the prefill all-reduce's fixed costs
 * since schema version 10); an empty field takes the calibrated value.
 *
 * @param memoryBandwidth           fraction of the memory bandwidth a decode step's reads reach (0 to 1]
 * @param compute                   fraction of the dense tensor rate the matrix multiplies reach (0 to 1]
 * @param allReduceLatencyUs        fixed cost of one all-reduce in a decode step, microseconds
 * @param prefillOverheadMs         the engine's fixed cost of a request's first token, milliseconds (in the TTFT only)
 * @param stepOverheadMs            fixed cost of one decode step, milliseconds
 * @param prefillAllReduceLatencyUs fixed cost of one all-reduce in a prefill pass, microseconds
 * @param source                    where the values come from
 */
public record Utilizations(double memoryBandwidth, double compute, double allReduceLatencyUs, double prefillOverheadMs,
                           double stepOverheadMs, double prefillAllReduceLatencyUs, String source) {
    /** The decode step's fixed cost, ms: the fit on every published run (RUNTIME › Decode step overhead when empty). */
    public static final double STEP_OVERHEAD_MS = 0.75;
    /** A prefill all-reduce's fixed cost, us: the fit on every published run (RUNTIME's value when empty). */
    public static final double PREFILL_ALL_REDUCE_US = 320;

    /**
     * Calibrated on the 22 published runs under src/test/resources/benchmarks (SGLang: Llama 3.1 70B on 8 x A100, Qwen3
     * 235B A22B on 8 x B200; vLLM, SGLang and TensorRT-LLM: Qwen3 8B on one H100; docs/accuracy.md): the values that
     * minimise the mean |log(predicted / measured)| of their mean TPOT and median TTFT ({@code PerfCalibration}, a
     * coordinate search on a grid). The median, not the mean TTFT: the estimate is of the steady state, and a run's mean
     * also holds its start (bench_serving sends its first max-concurrency requests at once). Since i29-acc2 a run's
     * median is predicted over its own requests' prompts where bench_serving's generator gives them (the random dataset),
     * its warm-up prompt served from the prefix cache, not as the TTFT of the mean prompt. The engines' own first-token
     * overheads are in their modules ({@code EngineModule.firstTokenOverheadMs}); this set's is their mean, for an engine
     * without published runs.
     */
    public static final Utilizations CALIBRATED = new Utilizations(0.70, 0.65, 45.0, 40.0, STEP_OVERHEAD_MS,
            PREFILL_ALL_REDUCE_US, "calibrated on 22 published runs (SGLang: Llama 3.1 70B, 8 x A100; Qwen3 235B A22B, "
                    + "8 x B200; vLLM, SGLang, TensorRT-LLM: Qwen3 8B, 1 x H100; mean TPOT, median TTFT), docs/accuracy.md");

    public Utilizations {
        source = source == null ? "" : source;
    }

    /** The four RUNTIME edits, with the calibrated decode-step and prefill all-reduce costs. */
    public Utilizations(double memoryBandwidth, double compute, double allReduceLatencyUs, double prefillOverheadMs,
                        String source) {
        this(memoryBandwidth, compute, allReduceLatencyUs, prefillOverheadMs, STEP_OVERHEAD_MS, PREFILL_ALL_REDUCE_US,
                source);
    }

    /** The same values from another source. */
    public Utilizations withSource(String s) {
        return new Utilizations(memoryBandwidth, compute, allReduceLatencyUs, prefillOverheadMs, stepOverheadMs,
                prefillAllReduceLatencyUs, s);
    }

    /**
     * The stated defaults for an engine: the calibrated set with the engine's own first-token overhead where its module
     * has one fitted on published runs ({@code engineOverheadMs}, null: none), else the calibrated engines' mean.
     */
    public static Utilizations defaults(Engine engine, Double engineOverheadMs) {
        boolean own = engineOverheadMs != null;
        return new Utilizations(CALIBRATED.memoryBandwidth, CALIBRATED.compute, CALIBRATED.allReduceLatencyUs,
                own ? engineOverheadMs : CALIBRATED.prefillOverheadMs, CALIBRATED.stepOverheadMs,
                CALIBRATED.prefillAllReduceLatencyUs, CALIBRATED.source + "; first-token overhead "
                + (own ? "fitted on the published runs of " + engine.label()
                : "the mean of the fitted engines (" + engine.label() + " has no published run fitted)"));
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
            out.add("RUNTIME › First-token overhead (ms): must be 0 to 100000, not " + GpuPerformance.plain(prefillOverheadMs));
        }
        if (Double.isNaN(stepOverheadMs) || stepOverheadMs < 0 || stepOverheadMs > 100_000) {
            out.add("Decode step overhead (ms): must be 0 to 100000, not " + GpuPerformance.plain(stepOverheadMs));
        }
        if (Double.isNaN(prefillAllReduceLatencyUs) || prefillAllReduceLatencyUs < 0 || prefillAllReduceLatencyUs > 100_000) {
            out.add("Prefill all-reduce latency (us): must be 0 to 100000, not "
                    + GpuPerformance.plain(prefillAllReduceLatencyUs));
        }
        return out;
    }

    private static void fraction(List<String> out, String field, double v) {
        if (Double.isNaN(v) || v <= 0 || v > 1) {
            out.add("RUNTIME › " + field + ": must be more than 0 and at most 1, not " + GpuPerformance.plain(v));
        }
    }
}
