package org.vramsheet.core.perf;

import static org.vramsheet.core.perf.PerfEstimator.n;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.result.Provenance;

/** The roofline arithmetic of {@link PerfEstimator}: one decode step and one prompt's prefill, per GPU of a replica. */
final class Roofline {
    private final PerfModel m;
    private final PerfLoad l;
    private final GpuPerformance g;
    private final Utilizations u;
    private final GpuPerformance.Rate rate;
    private final int tp;

    Roofline(PerfEstimator.Inputs in) {
        m = in.model();
        l = in.load();
        g = in.gpu();
        u = in.utilizations();
        rate = g.rate(m.precision());
        tp = l.tensorParallel();
    }

    /** One pass through the model: bytes and FLOPs per GPU, their times and the all-reduces', and the total. */
    record Pass(double bytes, double flops, double memoryMs, double computeMs, double allReduceMs, double fixedMs,
                long chunks) {
        double ms() { return Math.max(memoryMs, computeMs) + allReduceMs + fixedMs; }
    }

    /** Mean context of a decoding sequence: its prompt and half its output. */
    double meanContext() { return l.promptTokens() + l.outputTokens() / 2.0; }

    /** Share of the expert weights a pass of {@code tokens} tokens touches: 1 - (1 - k/E)^tokens. */
    double expertShare(double tokens) {
        if (m.expertWeightBytes() == 0) {
            return 0;
        }
        return 1 - Math.pow(1 - (double) m.expertsPerToken() / m.experts(), tokens);
    }

    /** KV splits over min(TP, KV heads) ranks; above that each rank holds whole heads again. */
    int kvShards() { return m.kvHeads() < 1 ? 1 : Math.min(tp, m.kvHeads()); }

    Pass decode() {
        double b = l.concurrency();
        double share = expertShare(b);
        double weights = (m.denseWeightBytes() + m.expertWeightBytes() * share) / tp;
        double kv = b * meanContext() * m.kvBytesPerToken() / kvShards();
        double bytes = weights + kv + b * m.stateBytesPerSequence() / tp;
        double flops = (2.0 * m.activeParams() * b + 4.0 * b * meanContext() * m.attentionDim() * m.attentionLayers()) / tp;
        return new Pass(bytes, flops, memoryMs(bytes), computeMs(flops), allReduceMs(b, u.allReduceLatencyUs()),
                u.stepOverheadMs(), 1);
    }

    /** The prefill of one prompt. */
    Pass prefill() { return prefill(1); }

    /**
     * One prefill batch of {@code prompts} prompts (a mean, at least 1): their tokens in chunks of the batched-token
     * budget, each chunk reading the weights it touches once, attention's quadratic term per prompt, each chunk's
     * all-reduces at the prefill's (eager) latency. The GPU's work only: the engine's first-token overhead is not in it.
     */
    Pass prefill(double prompts) {
        long p = l.promptTokens();
        double tokens = prompts * p;
        long chunks = (long) Math.ceil(tokens / l.chunkTokens());
        double perChunk = tokens / chunks;
        double share = expertShare(perChunk);
        double bytes = chunks * (m.denseWeightBytes() + m.expertWeightBytes() * share) / tp;
        double flops = (2.0 * m.activeParams() * tokens + prompts * 2.0 * p * (double) p * m.attentionDim()
                * m.attentionLayers()) / tp;
        return new Pass(bytes, flops, memoryMs(bytes), computeMs(flops),
                chunks * allReduceMs(perChunk, u.prefillAllReduceLatencyUs()), 0, chunks);
    }

    /** The engine's fixed cost of a request's first token beyond the GPU's work, ms. */
    double firstTokenOverheadMs() { return u.prefillOverheadMs(); }

    double memoryMs(double bytes) { return bytes / (g.bandwidthGbPerS() * 1e9 * u.memoryBandwidth()) * 1000; }

    double computeMs(double flops) { return flops / (rate.tflops() * 1e12 * u.compute()) * 1000; }

    /**
     * Two ring all-reduces per layer of {@code tokens} tokens' activations, each with a fixed {@code latencyUs}; none
     * without tensor parallelism.
     */
    double allReduceMs(double tokens, double latencyUs) {
        if (tp == 1) {
            return 0;
        }
        double traffic = 2.0 * (tp - 1) / tp * tokens * m.hiddenSize() * PerfEstimator.ACTIVATION_BYTES;
        return 2.0 * m.layers() * (traffic / (g.linkGbPerS() * 1e9) * 1000 + latencyUs / 1000);
    }

    Provenance bytesProvenance() {
        double b = l.concurrency();
        String experts = m.expertWeightBytes() == 0 ? "" : " + expert weights x (1 - (1 - k/E)^concurrency)";
        return Provenance.of("(dense weights" + experts + ") / TP + concurrency x mean context x KV bytes per token / "
                        + "KV shards + concurrency x state / TP",
                "(" + gb(m.denseWeightBytes()) + (m.expertWeightBytes() == 0 ? ""
                        : " + " + gb(m.expertWeightBytes()) + " x (1 - (1 - " + m.expertsPerToken() + "/" + m.experts()
                        + ")^" + n(b) + " = " + n(expertShare(b)) + ")") + ") / " + tp + " + " + n(b) + " x "
                        + n(meanContext()) + " x " + m.kvBytesPerToken() + " B / " + kvShards() + " + " + n(b) + " x "
                        + m.stateBytesPerSequence() + " B / " + tp,
                "mean context = prompt + output / 2: a sequence's KV grows by one token a step",
                "KV heads split over min(TP, KV heads) ranks; an MLA latent is one head, read whole on every rank");
    }

    Provenance stepProvenance(Pass s) {
        List<String> a = new ArrayList<>(assumptions());
        a.add("FLOPs = (2 x active params x concurrency + 4 x concurrency x mean context x heads x head dim x "
                + "full-attention layers) / TP = " + n(s.flops() / 1e12) + " TFLOP");
        return new Provenance("max(bytes / (bandwidth x memory utilization), FLOPs / (tensor rate x compute utilization))"
                + " + 2 x layers x (2 (TP-1)/TP x concurrency x hidden x 2 B / link + all-reduce latency) + step overhead",
                "max(" + n(s.memoryMs()) + ", " + n(s.computeMs()) + ") + " + n(s.allReduceMs()) + " + " + n(s.fixedMs())
                        + " = " + n(s.ms()) + " ms ("
                        + (s.memoryMs() >= s.computeMs() ? "memory-bound" : "compute-bound") + ")", a);
    }

    Provenance prefillProvenance(Pass p) {
        List<String> a = new ArrayList<>(assumptions());
        a.add("FLOPs = (2 x active params x prompt + 2 x prompt^2 x heads x head dim x full-attention layers) / TP = "
                + n(p.flops() / 1e12) + " TFLOP (causal attention: half of the prompt^2 products)");
        a.add("each chunk reads the weights it touches once: " + p.chunks() + " chunk(s) of at most " + l.chunkTokens()
                + " tokens, the engine's batched-token budget");
        if (tp > 1) {
            a.add("a prefill all-reduce costs " + n(u.prefillAllReduceLatencyUs()) + " us beyond its bytes: the prefill runs "
                    + "eagerly (no CUDA graph), the kernels of each layer launched from the CPU of every rank, and each "
                    + "all-reduce waits for the slowest rank ('" + u.source() + "')");
        }
        a.add("GPU work only: the first-token overhead is added to the TTFT, not here");
        return new Provenance("max(chunks x weights read / (bandwidth x memory utilization), FLOPs / (tensor rate x compute "
                + "utilization)) + chunks x all-reduces of a chunk",
                "max(" + n(p.memoryMs()) + ", " + n(p.computeMs()) + ") + " + n(p.allReduceMs()) + " = " + n(p.ms()) + " ms", a);
    }

    private List<String> assumptions() {
        List<String> a = new ArrayList<>();
        a.add("bandwidth " + n(g.bandwidthGbPerS()) + " GB/s x " + n(u.memoryBandwidth()) + ", " + rate.precision().label()
                + " " + n(rate.tflops()) + " TFLOPS x " + n(u.compute()) + (tp > 1 ? ", link " + n(g.linkGbPerS())
                + " GB/s, all-reduce latency " + n(u.allReduceLatencyUs()) + " us" : "") + ", decode step overhead "
                + n(u.stepOverheadMs()) + " ms (graph launch, sampling, scheduling) ('" + u.source() + "')");
        if (!rate.note().isEmpty()) {
            a.add(rate.note());
        }
        a.add("the KV dtype sets the KV bytes read; the FLOPs of attention run at the tensor rate of the weights");
        return a;
    }

    private static String gb(long bytes) { return n(bytes / 1e9) + " GB"; }
}
