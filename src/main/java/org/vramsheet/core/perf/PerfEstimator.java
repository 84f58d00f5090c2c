package org.vramsheet.core.perf;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.result.Provenance;

/**
 * The pre-launch roofline of one scenario on one replica (issue 29). A decode step reads the weights its batch touches
 * (for a mixture of experts the union of the experts the batch routes to, {@code 1 - (1 - k/E)^B} of the expert
 * weights), the KV of every active sequence at its mean length and the recurrent state, and does {@code 2 x active
 * params} FLOPs per token plus attention's {@code 4 x context x heads x head dim} per full-attention layer; its time is
 * the larger of bytes / (bandwidth x memory utilization) and FLOPs / (tensor rate x compute utilization), plus two
 * tensor-parallel all-reduces per layer ({@code 2 (TP-1)/TP x tokens x hidden x 2 B / link + latency}, the ring
 * all-reduce's traffic; Megatron-style TP reduces after attention and after the MLP), plus a fixed step overhead. A
 * prompt is prefilled in chunks of the engine's batched-token budget, its all-reduces at the eager prefill's latency.
 * Continuous batching puts the other sequences' prefills between one sequence's tokens, so the mean time per output
 * token adds the prefills of the {@code (B-1) / output tokens} prompts that arrive per step (one batch when more than
 * one arrives). Queueing: the sequences are a closed loop (a finished one replaced at once) and a new prompt arrives at
 * a random moment of the GPU's work, so it waits for the residual half of the running decode step or prefill batch,
 * each weighted by its share of the time (the mean residual of M/G/1); then its prefill batch; then the engine's
 * first-token overhead (tokenizing, scheduling, detokenizing and streaming, in the API server's processes: it delays
 * the first token, not the decoding batch).
 */
public final class PerfEstimator {
    public static final String STEP = "decodeStepMs";
    public static final String ITL = "itlMs";
    public static final String THROUGHPUT = "outputTokensPerSecond";
    public static final String TTFT = "ttftMs";
    public static final String PREFILL = "prefillMs";
    public static final String QUEUE = "queueMs";
    public static final String BYTES = "decodeBytesGb";

    /** BF16 activations: bytes per hidden value an all-reduce carries. */
    static final int ACTIVATION_BYTES = 2;

    private PerfEstimator() { }

    /** The estimate's inputs: the model's costs, the scenario's load, the GPU and the utilizations. */
    public record Inputs(PerfModel model, PerfLoad load, GpuPerformance gpu, Utilizations utilizations) { }

    /**
     * The estimate's numbers alone, without their texts (for fits and sweeps).
     *
     * @param stepMs                one decode step of the batch
     * @param prefillMs             the prefill of one prompt: the GPU's work
     * @param batchMs               the prefill batch a new prompt joins: one prompt, or the prompts one step brings
     * @param itlMs                 mean time per output token: the step and the prefills between steps
     * @param waitMs                a new prompt's wait for the running step or prefill batch to end
     * @param ttftMs                time to first token: wait + prefill batch + the engine's first-token overhead
     * @param outputTokensPerSecond the replica's output tokens per second
     * @param prefillShare          share of the time the replica spends in prefill batches
     */
    public record Times(double stepMs, double prefillMs, double batchMs, double itlMs, double waitMs, double ttftMs,
                        double outputTokensPerSecond, double prefillShare) { }

    /** The numbers of {@link #estimate}, or null when the inputs stop it. */
    public static Times times(Inputs in) {
        if (!problem(in).isEmpty()) {
            return null;
        }
        return times(in.load(), new Roofline(in));
    }

    private static Times times(PerfLoad l, Roofline r) {
        double b = l.concurrency();
        double step = r.decode().ms();
        double one = r.prefill().ms();
        double arrivals = (b - 1) / l.outputTokens();
        double batch = arrivals > 1 ? r.prefill(arrivals).ms() : one;
        double stall = arrivals > 1 ? batch : arrivals * one;
        double itl = step + stall;
        double share = stall / itl;
        double wait = (b - 1) / b * ((1 - share) * step + share * batch) / 2;
        double ttft = wait + batch + r.firstTokenOverheadMs();
        return new Times(step, one, batch, itl, wait, ttft, b / itl * 1000, share);
    }

    /** The figures, or the reason none can be given (naming the missing or bad input). */
    public static PerfEstimate estimate(Inputs in) {
        String why = problem(in);
        if (!why.isEmpty()) {
            return PerfEstimate.unavailable(why);
        }
        Roofline r = new Roofline(in);
        Roofline.Pass step = r.decode();
        PerfLoad l = in.load();
        double b = l.concurrency();
        Times t = times(l, r);
        double arrivals = (b - 1) / l.outputTokens();
        List<PerfFigure> out = new ArrayList<>();
        out.add(figure(BYTES, "Bytes read per decode step per GPU", step.bytes() / 1e9, "GB", r.bytesProvenance()));
        out.add(figure(STEP, "Decode step", step.ms(), "ms", r.stepProvenance(step)));
        out.add(figure(PREFILL, "Prefill of one prompt", t.prefillMs(), "ms", r.prefillProvenance(r.prefill())));
        out.add(figure(ITL, "Inter-token latency (mean per output token)", t.itlMs(), "ms", Provenance.of(
                "decode step + prefills per step x their batch (prompts per step = (concurrency - 1) / output tokens)",
                n(step.ms()) + " + " + (arrivals > 1 ? n(t.batchMs()) : n(arrivals) + " x " + n(t.prefillMs())) + " = "
                        + n(t.itlMs()) + " ms",
                "continuous batching: while one sequence writes its " + l.outputTokens() + " tokens, each other slot is "
                        + "refilled about once, and each new prompt's prefill batch stops the decoding batch",
                "prompts arriving within one step share one prefill batch (one overhead)")));
        out.add(figure(THROUGHPUT, "Output tokens per second (replica)", t.outputTokensPerSecond(), "tokens/s", Provenance.of(
                "concurrency / inter-token latency", n(b) + " / " + n(t.itlMs()) + " ms = " + n(t.outputTokensPerSecond())
                        + " tokens/s")));
        out.add(figure(QUEUE, "Wait for the running step or prefill", t.waitMs(), "ms", Provenance.of(
                "(concurrency - 1) / concurrency x ((1 - prefill share) x step + prefill share x prefill batch) / 2",
                n((b - 1) / b) + " x (" + n(1 - t.prefillShare()) + " x " + n(step.ms()) + " + " + n(t.prefillShare()) + " x "
                        + n(t.batchMs()) + ") / 2 = " + n(t.waitMs()) + " ms",
                "a new prompt arrives at a random moment of the running work and waits for half of it; the scenario's "
                        + "sequences are a closed loop (a finished one is replaced at once): the sheet has no arrival rate")));
        out.add(figure(TTFT, "Time to first token", t.ttftMs(), "ms", Provenance.of(
                "wait + the prefill batch the prompt joins + first-token overhead", n(t.waitMs()) + " + " + n(t.batchMs())
                        + " + " + n(r.firstTokenOverheadMs()) + " = " + n(t.ttftMs()) + " ms",
                "first-token overhead: tokenizing, scheduling, detokenizing and streaming, in the engine API server "
                        + "processes ('" + in.utilizations().source() + "')")));
        return new PerfEstimate(out, "");
    }

    private static PerfFigure figure(String key, String label, double v, String unit, Provenance p) {
        return new PerfFigure(key, label, v, unit, p);
    }

    /** The first thing that stops the estimate, naming the input; empty when there is none. */
    static String problem(Inputs in) {
        if (in.model() == null || in.load() == null || in.gpu() == null || in.utilizations() == null) {
            return "needs the model, the scenario, the GPU's performance and the utilizations";
        }
        List<String> gpu = in.gpu().problems();
        if (!gpu.isEmpty()) {
            return gpu.get(0);
        }
        List<String> u = in.utilizations().problems();
        if (!u.isEmpty()) {
            return u.get(0);
        }
        String m = in.model().problem();
        if (!m.isEmpty()) {
            return m;
        }
        String l = in.load().problem();
        if (!l.isEmpty()) {
            return l;
        }
        if (in.load().tensorParallel() > 1 && in.gpu().linkGbPerS() == null) {
            return "GPU › Interconnect (GB/s): needed for tensor parallel " + in.load().tensorParallel();
        }
        return "";
    }

    /** A number as the provenance prints it: whole from 100, else three significant digits (no String.format: fast). */
    public static String n(double v) {
        double a = Math.abs(v);
        if (a >= 1e15 || a > 0 && a < 0.001) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        if (a >= 100 || v == Math.rint(v)) {
            return Long.toString(Math.round(v));
        }
        return fixed(v, a >= 10 ? 1 : a >= 1 ? 2 : 3);
    }

    private static String fixed(double v, int decimals) {
        long scale = decimals == 1 ? 10 : decimals == 2 ? 100 : 1000;
        long t = Math.round(Math.abs(v) * scale);
        String frac = Long.toString(scale + t % scale).substring(1);
        return (v < 0 ? "-" : "") + t / scale + "." + frac;
    }
}
