package org.vramsheet.core.calc;

import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.PoolLayout;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** Concurrency at the chosen context, and RESULT: the production budget per replica and whether it fits. */
final class BudgetStep {
    private BudgetStep() { }

    static void concurrency(Calc c, PoolLayout pool) {
        Long ctxIn = c.ws.result().contextLength();
        Long maxLen = WorksheetValidator.effectiveMaxModelLen(c.ws);
        c.compute(FigureKey.POOL_MAX_MODEL_LEN, "Max model length", Unit.TOKENS,
                Calc.f("runtime.maxModelLen", "model.maxContextTokens"), Calc.n(), () -> maxLen == null ? null
                        : Figure.of(FigureKey.POOL_MAX_MODEL_LEN, "Max model length", Unit.TOKENS, maxLen,
                        Provenance.of(c.ws.runtime().maxModelLen() != null ? "RUNTIME › Max model length"
                                : "MODEL › Maximum context (the engine's default max_model_len)", Units.grouped(maxLen))));
        c.compute(FigureKey.POOL_CONTEXT_LENGTH, "Context length per sequence", Unit.TOKENS,
                Calc.f("result.contextLength", "runtime.maxModelLen", "model.maxContextTokens"), Calc.n(), () -> {
                    long ctx = ctxIn != null ? ctxIn : maxLen;
                    return Figure.of(FigureKey.POOL_CONTEXT_LENGTH, "Context length per sequence", Unit.TOKENS, ctx,
                            Provenance.of(ctxIn != null ? "RESULT › Context length for concurrency" : "RUNTIME › Max model length",
                                    Units.grouped(ctx), ctxIn != null ? "Chosen context (the slider)"
                                            : "vLLM reports concurrency at max_model_len"));
                });
        c.compute(FigureKey.KV_CACHE_BYTES_PER_SEQUENCE, "KV per sequence at this context", Unit.BYTES, KvStep.INPUTS,
                Calc.n(FigureKey.POOL_CONTEXT_LENGTH), () -> {
                    long ctx = c.get(FigureKey.POOL_CONTEXT_LENGTH).value();
                    long b = c.geometry.sequenceBytes(ctx);
                    return Figure.of(FigureKey.KV_CACHE_BYTES_PER_SEQUENCE, "KV per sequence at this context", Unit.BYTES, b,
                            Provenance.of("KV bytes of one sequence of the context length", Units.grouped(ctx)
                                    + " tokens -> " + Units.bytesText(b), "Logical, model-wide; windows capped"));
                });
        if (pool == null) {
            String why = c.missing(FigureKey.POOL_KV_POOL_BYTES);
            c.put(Figure.unavailable(FigureKey.POOL_MAX_CONCURRENCY, "Max concurrency at this context", Unit.SEQUENCES, why));
            c.put(Figure.unavailable(FigureKey.POOL_CONCURRENCY_RATIO, "Concurrency ratio", Unit.RATIO, why));
            return;
        }
        c.compute(FigureKey.POOL_CONCURRENCY_RATIO, "Concurrency ratio", Unit.RATIO, Calc.f(), Calc.n(FigureKey.POOL_CONTEXT_LENGTH),
                () -> {
            long ctx = c.get(FigureKey.POOL_CONTEXT_LENGTH).value();
            double x = pool.ratioAt(ctx);
            return Figure.ratio(FigureKey.POOL_CONCURRENCY_RATIO, "Concurrency ratio", x,
                    Provenance.of(ratioFormula(pool), Units.grouped(pool.blocks) + " blocks at "
                            + Units.grouped(ctx) + " tokens = " + Units.two(x) + "x",
                            "Memory-side capacity only: latency and compute limits come on top (not an SLA)"));
        });
        c.compute(FigureKey.POOL_MAX_CONCURRENCY, "Max concurrency at this context", Unit.SEQUENCES, Calc.f(),
                Calc.n(FigureKey.POOL_CONCURRENCY_RATIO), () -> {
                    long ctx = c.get(FigureKey.POOL_CONTEXT_LENGTH).value();
                    long n = pool.sequencesAt(ctx);
                    return Figure.of(FigureKey.POOL_MAX_CONCURRENCY, "Max concurrency at this context", Unit.SEQUENCES, n,
                            Provenance.of("floor(concurrency ratio)", Units.grouped(n) + " sequences of "
                                    + Units.grouped(ctx) + " tokens", "Every sequence at full context: a worst case"));
                });
    }

    private static String ratioFormula(PoolLayout pool) { return pool.module.ratioFormula(); }

    static void budget(Calc c) {
        Worksheet ws = c.ws;
        RuntimeSettings r = ws.runtime();
        ScenarioId sizing = ws.result().sizingScenario();
        FigureKey kvKey = FigureKey.scenario(sizing, ScenarioFigure.PHYSICAL_KV_BYTES);
        Long measured = ws.validation().measuredNonKvBytes();
        int ranks = r.ranks();
        c.compute(FigureKey.RESULT_NON_KV_BYTES, "Non-KV footprint (replica)", Unit.BYTES,
                Calc.f("validation.measuredNonKvBytes", "validation.measuredOnGpus", "runtime.*"),
                measured != null ? Calc.n() : Calc.n(FigureKey.WEIGHTS_BYTES, FigureKey.WEIGHTS_BYTES_PER_GPU,
                        FigureKey.POOL_ACTIVATION_PEAK_BYTES,
                        FigureKey.POOL_NON_TORCH_BYTES, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES),
                () -> {
                    String refused = measured == null ? null : MeasuredNonKv.implausible(c, measured);
                    if (refused != null) {
                        return Figure.unavailable(FigureKey.RESULT_NON_KV_BYTES, "Non-KV footprint (replica)", Unit.BYTES,
                                refused);
                    }
                    if (measured != null) {
                        long perGpu = MeasuredNonKv.perGpu(c, measured);
                        long v = Math.multiplyExact(perGpu, (long) ranks);
                        return Figure.of(FigureKey.RESULT_NON_KV_BYTES, "Non-KV footprint (replica)", Unit.BYTES, v,
                                Provenance.of("measured non-KV per GPU x GPUs", Units.grouped(perGpu) + " x " + ranks,
                                        "Measured: it already contains the weights, so they are not added again"));
                    }
                    return estimated(c, ranks);
                });
        c.compute(FigureKey.RESULT_KV_BYTES, "Required KV (" + sizing.label() + ")", Unit.BYTES, Calc.f(), Calc.n(kvKey),
                () -> {
                    long v = c.get(kvKey).value();
                    int d = r.expert().ranks();
                    if (d > 1) {
                        long rank = KvGeometry.ceilDiv(v, d);
                        return Figure.of(FigureKey.RESULT_KV_BYTES, "Required KV (" + sizing.label() + ")", Unit.BYTES, rank,
                                Provenance.of("ceil(" + sizing.label() + " scenario's physical KV / attention ranks)",
                                        Units.grouped(v) + " / " + d, "The sequences of the scenario spread evenly over the "
                                                + d + " attention ranks; the budget is one rank's"));
                    }
                    return Figure.of(FigureKey.RESULT_KV_BYTES, "Required KV (" + sizing.label() + ")", Unit.BYTES, v,
                            Provenance.of(sizing.label() + " scenario's physical KV", Units.bytesText(v),
                                    "RESULT › the " + sizing.label() + " scenario sizes the budget"));
                });
        c.compute(FigureKey.RESULT_FRAGMENTATION_BYTES, "Fragmentation allowance", Unit.BYTES, Calc.f("runtime.fragmentationPercent"),
                Calc.n(FigureKey.RESULT_NON_KV_BYTES, FigureKey.RESULT_KV_BYTES), () -> {
                    double pct = measured != null ? 0 : r.fragmentationPercent();
                    long base = Math.addExact(c.get(FigureKey.RESULT_NON_KV_BYTES).value(), c.get(FigureKey.RESULT_KV_BYTES).value());
                    long v = (long) Math.ceil(base * pct / 100.0);
                    return Figure.of(FigureKey.RESULT_FRAGMENTATION_BYTES, "Fragmentation allowance", Unit.BYTES, v,
                            Provenance.of("fragmentation % x (non-KV + KV)", pct + " % x " + Units.grouped(base), measured != null
                                    ? "Not applied: the measured non-KV footprint already shows real allocator use"
                                    : "Allowance for allocator slack on an estimated budget"));
                });
        c.compute(FigureKey.RESULT_HEADROOM_BYTES, "Operational headroom", Unit.BYTES, Calc.f("result.headroomBytes"), Calc.n(),
                () -> Figure.of(FigureKey.RESULT_HEADROOM_BYTES, "Operational headroom", Unit.BYTES, ws.result().headroomBytes(),
                        Provenance.of("RESULT › Operational headroom", Units.bytesText(ws.result().headroomBytes()))));
        verdict(c, measured);
    }

    /** The budget's sum, the GPU memory of the replica, the margin and whether it fits. */
    private static void verdict(Calc c, Long measured) {
        Worksheet ws = c.ws;
        int ranks = ws.runtime().ranks();
        c.compute(FigureKey.RESULT_BUDGET_BYTES, "Production memory budget per replica", Unit.BYTES, Calc.f(),
                Calc.n(FigureKey.RESULT_NON_KV_BYTES, FigureKey.RESULT_KV_BYTES, FigureKey.RESULT_FRAGMENTATION_BYTES,
                FigureKey.RESULT_HEADROOM_BYTES), () -> {
                    long a = c.get(FigureKey.RESULT_NON_KV_BYTES).value();
                    long b = c.get(FigureKey.RESULT_KV_BYTES).value();
                    long f = c.get(FigureKey.RESULT_FRAGMENTATION_BYTES).value();
                    long h = c.get(FigureKey.RESULT_HEADROOM_BYTES).value();
                    long v = Math.addExact(Math.addExact(a, b), Math.addExact(f, h));
                    return Figure.of(FigureKey.RESULT_BUDGET_BYTES, "Production memory budget per replica", Unit.BYTES, v,
                            Provenance.of("non-KV footprint + required KV + fragmentation + operational headroom",
                                    Units.gibText(a) + " + " + Units.gibText(b) + " + " + Units.gibText(f) + " + "
                                            + Units.gibText(h) + " = " + Units.gibText(v) + " = " + Units.gbText(v),
                                    measured != null ? "Weights counted once: inside the measured non-KV footprint"
                                            : "Weights counted once: inside the estimated non-KV footprint"));
                });
        c.compute(FigureKey.RESULT_GPU_CAPACITY_BYTES, "GPU memory per replica", Unit.BYTES,
                Calc.f("gpu.totalBytes", "runtime.tensorParallel", "runtime.pipelineParallel"), Calc.n(), () -> {
                    long v = Math.multiplyExact(ws.gpu().totalBytes(), (long) ranks);
                    return Figure.of(FigureKey.RESULT_GPU_CAPACITY_BYTES, "GPU memory per replica", Unit.BYTES, v,
                            Provenance.of("CUDA-visible total per GPU x GPUs per replica (TP x PP)",
                                    Units.grouped(ws.gpu().totalBytes()) + " x " + ranks + " = " + Units.gibText(v)));
                });
        Figure worst = Engines.of(ws.runtime().engine()).placesPerDevice() ? c.get(FigureKey.DEVICES_WORST_FREE_BYTES) : null;
        c.compute(FigureKey.RESULT_MARGIN_BYTES, "Margin", Unit.BYTES, Calc.f(), worst != null
                ? Calc.n(FigureKey.DEVICES_WORST_FREE_BYTES) : Calc.n(FigureKey.RESULT_BUDGET_BYTES, FigureKey.RESULT_GPU_CAPACITY_BYTES),
                () -> {
                    if (worst != null) {
                        long v = worst.value();
                        return Figure.of(FigureKey.RESULT_MARGIN_BYTES, "Margin", Unit.BYTES, v, Provenance.of(
                                "the fullest GPU's memory left (the engine places memory per GPU)", worst.provenance().expression(),
                                v >= 0 ? "Spare memory on the fullest GPU" : "Negative: the fullest GPU does not hold its buffers"));
                    }
                    long v = c.get(FigureKey.RESULT_GPU_CAPACITY_BYTES).value() - c.get(FigureKey.RESULT_BUDGET_BYTES).value();
                    return Figure.of(FigureKey.RESULT_MARGIN_BYTES, "Margin", Unit.BYTES, v,
                            Provenance.of("GPU memory - budget", Units.gibText(v),
                                    v >= 0 ? "Spare memory" : "Negative: the budget does not fit"));
                });
        fits(c);
    }

    /** Whether the sizing scenario fits: the budget in the GPUs, or (per-device engines) every GPU and the fixed cache. */
    private static void fits(Calc c) {
        Worksheet ws = c.ws;
        Figure devices = Engines.of(ws.runtime().engine()).placesPerDevice() ? c.get(FigureKey.DEVICES_FITS) : null;
        c.compute(FigureKey.RESULT_FITS, "Fits the GPU", Unit.FLAG, Calc.f(), devices != null ? Calc.n(FigureKey.DEVICES_FITS)
                : Calc.n(FigureKey.RESULT_MARGIN_BYTES), () -> {
            String refused = WorkloadStep.refusedByMaxLen(c, ws.result().sizingScenario());
            if (refused != null) {
                return Figure.flag(FigureKey.RESULT_FITS, "Fits the GPU", false, Provenance.of(
                        ws.result().sizingScenario().label() + " scenario runs on the engine", refused));
            }
            Figure pool = devices == null ? null : c.get(FigureKey.scenario(ws.result().sizingScenario(), ScenarioFigure.FITS));
            if (pool != null && pool.available() && !pool.isTrue()) {
                // llama.cpp's cache is fixed at launch (n_ctx cells): buffers that fit do not make a scenario that overflows them fit
                return Figure.flag(FigureKey.RESULT_FITS, "Fits the GPU", false, new Provenance("the " + ws.result().sizingScenario()
                        .label() + " scenario fits the KV cache the engine allocates at launch", pool.provenance().expression(),
                        List.of("The engine's cache is fixed by its context (-c / num_ctx): raise it, and check the GPUs again")));
            }
            if (devices != null) {
                return Figure.flag(FigureKey.RESULT_FITS, "Fits the GPU", devices.isTrue(), new Provenance(
                        "the fullest GPU holds its buffers (the engine places memory per GPU)", devices.provenance().expression(),
                        devices.provenance().assumptions()));
            }
            long m = c.get(FigureKey.RESULT_MARGIN_BYTES).value();
            return Figure.flag(FigureKey.RESULT_FITS, "Fits the GPU", m >= 0, Provenance.of("budget <= GPU memory per replica",
                    m >= 0 ? "fits with " + Units.gibText(m) + " to spare" : "short by " + Units.gibText(-m)));
        });
    }

    /** The estimated non-KV footprint of the replica: weights, a speculative draft and LoRA slots, and each GPU's terms. */
    private static Figure estimated(Calc c, int ranks) {
        long lora = LoraStep.replicaBytes(c);
        // an expert layout: one attention rank's GPUs hold their weights per GPU each, not the whole model (ExpertStep)
        boolean experts = c.ws.runtime().expert().on();
        long weights = experts ? Math.multiplyExact(c.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value(), (long) ranks)
                : c.get(FigureKey.WEIGHTS_BYTES).value();
        long w = Math.addExact(Math.addExact(weights, SpeculativeStep.draftBytes(c)), lora);
        long act = NonKvStep.bytes(c, FigureKey.POOL_ACTIVATION_PEAK_BYTES);
        long nonTorch = NonKvStep.bytes(c, FigureKey.POOL_NON_TORCH_BYTES);
        long cg = NonKvStep.bytes(c, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES);
        long perGpu = Math.addExact(Math.addExact(act, nonTorch), cg);
        long v = Math.addExact(w, Math.multiplyExact(perGpu, (long) ranks));
        return Figure.of(FigureKey.RESULT_NON_KV_BYTES, "Non-KV footprint (replica)", Unit.BYTES, v,
                Provenance.of((experts ? "weights per GPU x GPUs of the attention rank" : "weights")
                                + (SpeculativeStep.draftBytes(c) > 0 ? " (+ draft)" : "")
                                + (lora > 0 ? " (+ LoRA)" : "")
                                + " + GPUs x (activation peak + non-torch + CUDA graphs)",
                        Units.grouped(w) + " + " + ranks + " x (" + Units.grouped(act) + " + "
                                + Units.grouped(nonTorch) + " + " + Units.grouped(cg) + ")",
                        MeasuredNonKv.estimateNote(c,
                                "Estimated; replace with the engine's measured non-KV memory after a test run")));
    }
}
