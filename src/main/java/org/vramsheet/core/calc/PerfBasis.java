package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.perf.GpuPerformance;
import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.perf.PerfLoad;
import org.vramsheet.core.perf.PerfModel;
import org.vramsheet.core.perf.TensorPrecision;
import org.vramsheet.core.perf.Utilizations;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.PerfSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * What the latency estimate ({@link PerfEstimator}) reads of a sheet, built once per calculation: the model's costs from
 * WEIGHTS and KV ARCHITECTURE's figures, the GPU's performance (GPU › Performance: the catalog's datasheet figures or
 * typed ones), RUNTIME's utilizations over the calibrated defaults, the engine's batched-token budget and the
 * tensor-parallel size; or the reason there is no estimate.
 *
 * @param notes where each input came from, for the figures' assumptions
 */
record PerfBasis(PerfModel model, GpuPerformance gpu, Utilizations utilizations, long chunkTokens, int tensorParallel,
                 List<String> notes, String reason) {
    /** The batched-token budget when the engine's own is unknown: vLLM's V1 default for online serving. */
    static final long DEFAULT_CHUNK = 8192;
    static final String[] FIELDS = {"gpu.performance.*", "runtime.performance.*", "runtime.tensorParallel", "weights.experts",
        "weights.expertsPerToken"};

    static PerfBasis unavailable(String why) { return new PerfBasis(null, null, null, 0, 1, List.of(), why); }

    boolean available() { return reason.isEmpty(); }

    /** The estimator's inputs for one load of {@code concurrency} sequences of these lengths. */
    PerfEstimator.Inputs inputs(double concurrency, long prompt, long output) {
        return new PerfEstimator.Inputs(model, new PerfLoad(concurrency, prompt, output, chunkTokens, tensorParallel), gpu,
                utilizations);
    }

    static PerfBasis of(Calc c) {
        Worksheet ws = c.ws;
        GpuSpeed speed = ws.gpu().performance();
        if (speed == null || speed.empty()) {
            return unavailable("GPU › Performance: no performance data for this GPU (pick it from the catalog, or type its "
                    + "memory bandwidth and BF16 TFLOPS)");
        }
        String why = c.issues.blocking(FIELDS);
        if (why == null) {
            why = c.missing(FigureKey.WEIGHTS_BYTES, FigureKey.WEIGHTS_ACTIVE_PARAMS, FigureKey.WEIGHTS_TOTAL_PARAMS,
                    FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        }
        KvGeometry g = c.geometry;
        if (why == null && g == null) {
            why = c.geometryBlocked == null ? "needs KV ARCHITECTURE" : c.geometryBlocked;
        }
        KvArchitecture k = ws.kv();
        if (why == null && k.attentionHeads() == null) {
            why = "needs KV ARCHITECTURE › Attention heads";
        }
        if (why != null) {
            return unavailable(why);
        }
        List<String> notes = new ArrayList<>();
        PerfModel m = model(c, g, k, notes);
        GpuPerformance gpu = new GpuPerformance(speed.bandwidthGbPerS(), speed.bf16Tflops(), speed.fp8Tflops(),
                speed.fp4Tflops(), speed.linkGbPerS(), speed.link(), speed.source());
        notes.add("GPU performance: '" + (speed.source().isEmpty() ? "typed in GPU › Performance" : speed.source()) + "'");
        Figure chunk = c.get(FigureKey.POOL_MAX_BATCHED_TOKENS);
        long chunkTokens = chunk != null && chunk.available() && chunk.value() > 0 ? chunk.value() : DEFAULT_CHUNK;
        if (chunkTokens == DEFAULT_CHUNK && (chunk == null || !chunk.available())) {
            notes.add("prefill chunk " + DEFAULT_CHUNK + " tokens: the engine's batched-token budget is not known here");
        }
        notes.add("pipeline stages run one after another: a decode step reads the weights / TP over all stages");
        PerfBasis b = new PerfBasis(m, gpu, utilizations(ws, notes), chunkTokens, ws.runtime().tensorParallel(),
                List.copyOf(notes), "");
        return calibrated(c.stored, b);
    }

    /**
     * The basis with its utilizations' source saying "calibrated from probe run ..." when RUNTIME's memory-bandwidth and
     * compute utilizations are what "Calibrate from this run" gives for VALIDATION's measured latency on this setup.
     */
    static PerfBasis calibrated(Worksheet stored, PerfBasis b) {
        PerfSettings p = stored.runtime().performance();
        if (p == null || p.memoryBandwidthUtilization() == null || p.computeUtilization() == null
                || stored.validation().latency() == null) {
            return b;
        }
        LatencyCalibration fit = LatencyCalibration.of(stored, new PerfSweep(b));
        if (fit.refused() || !fit.memoryBandwidth().equals(p.memoryBandwidthUtilization())
                || !fit.compute().equals(p.computeUtilization())) {
            return b;
        }
        Utilizations u = b.utilizations();
        Utilizations d = defaults(stored.runtime().engine());
        boolean rest = p.allReduceLatencyUs() == null && p.prefillOverheadMs() == null && p.stepOverheadMs() == null
                && p.prefillAllReduceLatencyUs() == null;
        Utilizations calibrated = u.withSource(fit.provenance() + "; the rest " + (rest ? d.source() : u.source()));
        return new PerfBasis(b.model(), b.gpu(), calibrated, b.chunkTokens(), b.tensorParallel(), b.notes(), "");
    }

    private static PerfModel model(Calc c, KvGeometry g, KvArchitecture k, List<String> notes) {
        int heads = k.attentionHeads();
        int hidden = k.hiddenSize() != null ? k.hiddenSize() : heads * g.headDim;
        if (k.hiddenSize() == null) {
            notes.add("hidden size taken as attention heads x head dim = " + hidden + " (KV ARCHITECTURE has none)");
        }
        Figure enc = c.get(FigureKey.WEIGHTS_ENCODER_BYTES);
        long weights = c.get(FigureKey.WEIGHTS_BYTES).value() - (enc != null && enc.available() ? enc.value() : 0);
        long active = c.get(FigureKey.WEIGHTS_ACTIVE_PARAMS).value();
        Moe moe = moe(c, weights, active, notes);
        int layers = g.layers + g.stateLayers;
        return new PerfModel(layers, hidden, heads * g.headDim, Math.min(layers, g.fullLayers()), g.kvHeads,
                weights - moe.expertBytes(), moe.expertBytes(), moe.experts(), moe.perToken(), active,
                c.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(), g.stateBytesPerSeq, TensorPrecision.of(c.ws.weights().format()));
    }

    /** A mixture of experts' routed-expert bytes, E and k for the expert union; zeros for a dense model or without E. */
    record Moe(long expertBytes, int experts, int perToken) { }

    private static Moe moe(Calc c, long weights, long active, List<String> notes) {
        long total = c.get(FigureKey.WEIGHTS_TOTAL_PARAMS).value();
        Integer e = c.ws.weights().experts();
        Integer k = c.ws.weights().expertsPerToken();
        if (active < total && e != null && k != null && k >= 1 && k < e) {
            // total - active = (E - k) x one expert's parameters over all layers (the dense part, shared experts and
            // the k routed experts are in both), so the routed experts hold (total - active) x E / (E - k)
            double routed = (double) (total - active) * e / (e - k);
            double share = Math.min(1, routed / total);
            notes.add("a mixture of experts: routed experts (total - active) x E / (E - k) = (" + Units.grouped(total)
                    + " - " + Units.grouped(active) + ") x " + e + " / (" + e + " - " + k + ") = " + Units.grouped(Math.round(
                    routed)) + " parameters, " + PerfEstimator.n(share * 100) + " % of the weights' bytes (taken at "
                    + "the same bytes per parameter); a decode step of B sequences reads 1 - (1 - " + k + "/" + e
                    + ")^B of them");
            return new Moe(Math.round(weights * share), e, k);
        }
        if (active < total) {
            notes.add("a mixture of experts without WEIGHTS › Routed experts (MoE) and Experts per token (MoE): every "
                    + "expert's weights are taken as read each step (true once the batch routes to all of them; at small "
                    + "batches the ITL is overestimated; importing the config sets both)");
        }
        return new Moe(0, 0, 0);
    }

    /** RUNTIME's typed utilizations over the engine's calibrated defaults, the source saying which were typed. */
    static Utilizations utilizations(Worksheet ws, List<String> notes) {
        Utilizations d = defaults(ws.runtime().engine());
        PerfSettings p = ws.runtime().performance();
        if (p == null) {
            return d;
        }
        List<String> typed = new ArrayList<>();
        double mem = pick(p.memoryBandwidthUtilization(), d.memoryBandwidth(), "memory-bandwidth utilization", typed);
        double compute = pick(p.computeUtilization(), d.compute(), "compute utilization", typed);
        double ar = pick(p.allReduceLatencyUs(), d.allReduceLatencyUs(), "all-reduce latency (us)", typed);
        double pre = pick(p.prefillOverheadMs(), d.prefillOverheadMs(), "first-token overhead (ms)", typed);
        double step = pick(p.stepOverheadMs(), d.stepOverheadMs(), "decode step overhead (ms)", typed);
        double par = pick(p.prefillAllReduceLatencyUs(), d.prefillAllReduceLatencyUs(), "prefill all-reduce latency (us)",
                typed);
        if (typed.isEmpty()) {
            return d;
        }
        return new Utilizations(mem, compute, ar, pre, step, par, "typed in "
                + "RUNTIME: " + String.join(", ", typed) + "; the rest " + d.source());
    }

    /** The calibrated utilizations with the engine module's own first-token overhead where it has one. */
    static Utilizations defaults(Engine engine) {
        EngineModule m = Engines.of(engine);
        return Utilizations.defaults(engine, m == null ? null : m.firstTokenOverheadMs());
    }

    private static double pick(Double typed, double dflt, String name, List<String> out) {
        if (typed == null) {
            return dflt;
        }
        out.add(name + " " + typed);
        return typed;
    }
}
