package org.vramsheet.core.calc;

import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.ExpertRule;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.ExpertSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.units.Units;

/**
 * A mixture of experts over GPUs (RUNTIME › Expert parallel): the routed experts' bytes, the expert group (the sheet's TP x
 * D attention data-parallel ranks), whole experts per GPU with expert parallel or a slice of each without, and the rest
 * (attention, embeddings, dense layers, shared experts) split by TP and held once per attention rank. Runs inside the
 * weights step: with a layout of its own the weights per GPU are attention + experts per GPU. Engine-wide capacity is
 * {@link #engine}: every attention rank holds only its own sequences' KV in its own pool.
 */
final class ExpertStep {
    static final String[] INPUTS = {"runtime.expert.enabled", "runtime.expert.dataParallel", "runtime.tensorParallel",
        "runtime.pipelineParallel", "runtime.engine", "weights.experts", "weights.expertsPerToken", "weights.activeParams",
        "weights.totalParams"};

    private ExpertStep() { }

    /** Whether the sheet has expert figures: a mixture of experts, or a layout asked for (then refused if dense). */
    static boolean applies(Calc c) {
        return c.ws.weights().experts() != null || c.ws.runtime().expert().on();
    }

    /** The layout's figures; needs WEIGHTS_BYTES and the encoders' bytes. */
    static void run(Calc c, long encoders) {
        if (!applies(c)) {
            return;
        }
        RuntimeSettings r = c.ws.runtime();
        ExpertSettings s = r.expert();
        Weights w = c.ws.weights();
        ExpertRule rule = Engines.of(r.engine()).expertRule();
        int d = s.ranks();
        int tp = r.tensorParallel();
        long group = (long) tp * d;
        boolean ep = s.enabled() && group > 1;
        String how = rule != null ? rule.source() : r.engine().label() + " keeps every expert on the replica's TP ranks";
        c.compute(FigureKey.PLACEMENT_ATTENTION_DATA_PARALLEL, "Attention data-parallel ranks", Unit.REPLICAS, INPUTS, Calc.n(),
                () -> Figure.of(FigureKey.PLACEMENT_ATTENTION_DATA_PARALLEL, "Attention data-parallel ranks", Unit.REPLICAS, d,
                        Provenance.of("RUNTIME › Attention data-parallel ranks", Integer.toString(d), d > 1
                                ? "Each rank: attention over TP " + tp + ", its own scheduler, sequences and KV pool; the "
                                + "experts shared by all " + group + " GPUs" : "One attention rank: the engine is the replica")));
        c.compute(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES, "Routed experts' weights", Unit.BYTES, INPUTS,
                Calc.n(FigureKey.WEIGHTS_BYTES), () -> routed(c, w, encoders));
        c.compute(FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE, "Expert parallel size (EP)", Unit.GPUS, INPUTS,
                Calc.n(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES), () -> Figure.of(FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE,
                        "Expert parallel size (EP)", Unit.GPUS, ep ? group : 1, Provenance.of(ep ? "TP x attention DP"
                                : "1 (expert parallel off)", ep ? tp + " x " + d : "1", ep ? how : s.enabled()
                                ? "TP x DP is 1: vLLM's use_ep needs dp_size x tp_size > 1" : "Every expert split over "
                                + group + " GPU(s) instead")));
        c.compute(FigureKey.PLACEMENT_EXPERT_TENSOR_PARALLEL_SIZE, "Tensor parallel inside each expert", Unit.GPUS, INPUTS,
                Calc.n(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES), () -> Figure.of(FigureKey.PLACEMENT_EXPERT_TENSOR_PARALLEL_SIZE,
                        "Tensor parallel inside each expert", Unit.GPUS, ep ? 1 : group, Provenance.of(ep ? "1 (whole experts)"
                                : "TP x attention DP", ep ? "1" : tp + " x " + d, d > 1 || ep ? how
                                : "The experts are split like every other layer, by TP")));
        perGpu(c, new Layout(d, tp, r.pipelineParallel(), group, ep, how, w.experts()), encoders);
    }

    /** The sheet's layout: D attention ranks of TP, PP stages, the expert group TP x D, expert parallel or not, E. */
    private record Layout(int d, int tp, int pp, long group, boolean ep, String how, Integer e) { }

    /** Experts and bytes per GPU. */
    private static void perGpu(Calc c, Layout l, long encoders) {
        int d = l.d();
        int tp = l.tp();
        int pp = l.pp();
        long group = l.group();
        boolean ep = l.ep();
        Integer e = l.e();
        c.compute(FigureKey.PLACEMENT_EXPERTS_PER_GPU, "Routed experts per GPU", Unit.COUNT, INPUTS,
                Calc.n(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES), () -> {
                    long local = ep ? KvGeometry.ceilDiv(e, group) : e;
                    return Figure.of(FigureKey.PLACEMENT_EXPERTS_PER_GPU, "Routed experts per GPU", Unit.COUNT, local,
                            ep ? Provenance.of("ceil(E / EP) per layer", "ceil(" + e + " / " + group + ")", e % group == 0
                                    ? "Every GPU holds " + local + " whole experts of each MoE layer" : "E // EP on most GPUs, "
                                    + "one more on the first E % EP = " + e % group + " (the fullest GPU sizes the pool)")
                                    : Provenance.of("E per layer, each a 1 / " + group + " slice", Integer.toString(e),
                                    "Without expert parallel every GPU holds a slice of every expert"));
                });
        c.compute(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU, "Routed experts' weights per GPU", Unit.BYTES, INPUTS,
                Calc.n(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES, FigureKey.PLACEMENT_EXPERTS_PER_GPU), () -> {
                    long routed = c.get(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES).value();
                    long local = c.get(FigureKey.PLACEMENT_EXPERTS_PER_GPU).value();
                    long slice = ep ? 1 : group;
                    long b = KvGeometry.ceilDiv(Math.multiplyExact(routed, local), Math.multiplyExact((long) e, slice * pp));
                    return Figure.of(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU, "Routed experts' weights per GPU",
                            Unit.BYTES, b, Provenance.of(ep ? "routed experts x experts per GPU / E / PP"
                                    : "routed experts / (TP x attention DP x PP)", ep ? Units.grouped(routed) + " x " + local
                                    + " / " + e + " / " + pp : Units.grouped(routed) + " / (" + tp + " x " + d + " x " + pp + ")",
                                    "Every expert taken at the same bytes (the layers of a pipeline stage evenly)"));
                });
        c.compute(FigureKey.PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU, "Attention and dense weights per GPU", Unit.BYTES,
                INPUTS, Calc.n(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES), () -> {
                    long all = c.get(FigureKey.WEIGHTS_BYTES).value();
                    long routed = c.get(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES).value();
                    long rest = all - encoders - routed;
                    long b = Math.addExact(KvGeometry.ceilDiv(rest, (long) tp * pp), encoders > 0
                            ? KvGeometry.ceilDiv(encoders, tp) : 0);
                    return Figure.of(FigureKey.PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU, "Attention and dense weights per GPU",
                            Unit.BYTES, b, Provenance.of("(weights - routed experts" + (encoders > 0 ? " - encoders" : "")
                                    + ") / (TP x PP)" + (encoders > 0 ? " + encoders / TP" : ""), "(" + Units.grouped(all) + " - "
                                    + Units.grouped(routed) + (encoders > 0 ? " - " + Units.grouped(encoders) : "") + ") / ("
                                    + tp + " x " + pp + ")" + (encoders > 0 ? " + " + Units.grouped(encoders) + " / " + tp : ""),
                                    "Attention, embeddings, dense layers and shared experts follow the attention TP: one "
                                            + "copy per attention rank" + (d > 1 ? ", " + d + " copies in the engine" : "")));
                });
    }

    /** Routed experts' bytes: (total - active) x E / (E - k) parameters at the weights' bytes per parameter. */
    private static Figure routed(Calc c, Weights w, long encoders) {
        Integer e = w.experts();
        Integer k = w.expertsPerToken();
        Long total = w.totalParams();
        Long active = w.activeParams();
        if (e == null || k == null || active == null || total == null || e <= 1 || k >= e || active >= total) {
            return Figure.unavailable(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES, "Routed experts' weights", Unit.BYTES,
                    "not a mixture of experts with WEIGHTS › Routed experts, Experts per token and active parameters "
                            + "(importing the config sets them)");
        }
        long weights = c.get(FigureKey.WEIGHTS_BYTES).value() - encoders;
        // total - active = (E - k) x one expert over the layers (dense part, shared and the k routed in both)
        long params = Math.multiplyExact(total - active, (long) e) / (e - k);
        long b = Math.min(weights, Math.round(weights * ((double) params / total)));
        return Figure.of(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES, "Routed experts' weights", Unit.BYTES, b, Provenance.of(
                "(total - active) x E / (E - k) parameters x weights / total", "(" + Units.grouped(total) + " - "
                        + Units.grouped(active) + ") x " + e + " / (" + e + " - " + k + ") = " + Units.grouped(params)
                        + " parameters x " + Units.grouped(weights) + " / " + Units.grouped(total),
                "The routed experts at the checkpoint's average bytes per parameter (an MXFP4-expert checkpoint stores "
                        + "them smaller than the rest)"));
    }

    /** The weights per GPU with the layout: attention and dense per GPU + routed experts per GPU. */
    static Figure weightsPerGpu(Calc c) {
        long a = c.get(FigureKey.PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU).value();
        long x = c.get(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU).value();
        return Figure.of(FigureKey.WEIGHTS_BYTES_PER_GPU, "Weights per GPU", Unit.BYTES, Math.addExact(a, x), Provenance.of(
                "attention and dense weights per GPU + routed experts' weights per GPU", Units.grouped(a) + " + "
                        + Units.grouped(x), "RUNTIME › Expert parallel: the experts shared by the engine's TP x attention DP "
                        + "GPUs, the rest replicated on each attention rank"));
    }

    /** Engine-wide capacity: every attention rank's pool holds its own sequences. Runs after the pool and concurrency. */
    static void engine(Calc c) {
        if (!applies(c)) {
            return;
        }
        int d = c.ws.runtime().expert().ranks();
        c.compute(FigureKey.PLACEMENT_ENGINE_CAPACITY_TOKENS, "KV capacity of the engine (all attention ranks)", Unit.TOKENS,
                INPUTS, Calc.n(FigureKey.POOL_CAPACITY_TOKENS), () -> {
                    long per = c.get(FigureKey.POOL_CAPACITY_TOKENS).value();
                    return Figure.of(FigureKey.PLACEMENT_ENGINE_CAPACITY_TOKENS, "KV capacity of the engine (all attention "
                            + "ranks)", Unit.TOKENS, Math.multiplyExact(per, (long) d), Provenance.of("attention ranks x KV "
                            + "capacity per rank", d + " x " + Units.grouped(per), "A sequence lives on one rank: no sequence "
                            + "is longer than one rank's capacity"));
                });
        c.compute(FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY, "Max concurrency of the engine at this context",
                Unit.SEQUENCES, INPUTS, Calc.n(FigureKey.POOL_MAX_CONCURRENCY), () -> {
                    long per = c.get(FigureKey.POOL_MAX_CONCURRENCY).value();
                    return Figure.of(FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY, "Max concurrency of the engine at this "
                            + "context", Unit.SEQUENCES, Math.multiplyExact(per, (long) d), Provenance.of("attention ranks x "
                            + "max concurrency per rank", d + " x " + Units.grouped(per), "Requests balanced over the ranks"));
                });
    }
}
