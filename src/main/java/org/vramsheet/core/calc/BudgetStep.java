package org.vramsheet.core.calc;

import java.util.Locale;
import org.vramsheet.core.input.WorksheetValidator;
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
        c.compute("pool.contextLength", "Context length per sequence", Unit.TOKENS,
                Calc.f("result.contextLength", "runtime.maxModelLen", "model.maxContextTokens"), Calc.n(), () -> {
                    long ctx = ctxIn != null ? ctxIn : maxLen;
                    return Figure.of("pool.contextLength", "Context length per sequence", Unit.TOKENS, ctx,
                            Provenance.of(ctxIn != null ? "RESULT › Context length for concurrency" : "RUNTIME › Max model length",
                                    Units.grouped(ctx), ctxIn != null ? "Chosen context (the slider)"
                                            : "vLLM reports concurrency at max_model_len"));
                });
        c.compute("kvCache.bytesPerSequence", "KV per sequence at this context", Unit.BYTES, KvStep.INPUTS,
                Calc.n("pool.contextLength"), () -> {
                    long ctx = c.get("pool.contextLength").value();
                    long b = c.geometry.sequenceBytes(ctx);
                    return Figure.of("kvCache.bytesPerSequence", "KV per sequence at this context", Unit.BYTES, b,
                            Provenance.of("KV bytes of one sequence of the context length", Units.grouped(ctx)
                                    + " tokens -> " + Units.bytesText(b), "Logical, model-wide; windows capped"));
                });
        if (pool == null) {
            String why = c.missing("pool.kvPoolBytes");
            c.put(Figure.unavailable("pool.maxConcurrency", "Max concurrency at this context", Unit.SEQUENCES, why));
            c.put(Figure.unavailable("pool.concurrencyRatio", "Concurrency ratio", Unit.RATIO, why));
            return;
        }
        c.compute("pool.concurrencyRatio", "Concurrency ratio", Unit.RATIO, Calc.f(), Calc.n("pool.contextLength"), () -> {
            long ctx = c.get("pool.contextLength").value();
            double x = pool.ratioAt(ctx);
            return Figure.ratio("pool.concurrencyRatio", "Concurrency ratio", x,
                    Provenance.of(ratioFormula(pool), Units.grouped(pool.blocks) + " blocks at "
                            + Units.grouped(ctx) + " tokens = " + Units.two(x) + "x",
                            "Memory-side capacity only: latency and compute limits come on top (not an SLA)"));
        });
        c.compute("pool.maxConcurrency", "Max concurrency at this context", Unit.SEQUENCES, Calc.f(),
                Calc.n("pool.concurrencyRatio"), () -> {
                    long ctx = c.get("pool.contextLength").value();
                    long n = pool.sequencesAt(ctx);
                    return Figure.of("pool.maxConcurrency", "Max concurrency at this context", Unit.SEQUENCES, n,
                            Provenance.of("floor(concurrency ratio)", Units.grouped(n) + " sequences of "
                                    + Units.grouped(ctx) + " tokens", "Every sequence at full context: a worst case"));
                });
    }

    private static String ratioFormula(PoolLayout pool) {
        return switch (pool.engine) {
            case VLLM -> "num_gpu_blocks / blocks one request needs at this length (all layer groups)";
            case SGLANG -> "max_total_num_tokens / context";
            case TENSORRT_LLM -> "blocks / ceil(context / tokens_per_block)";
            case LLAMA_CPP -> "min(slots, n_ctx / context)";
            case TRANSFORMERS -> "KV pool / bytes of one sequence";
        };
    }

    static void budget(Calc c) {
        Worksheet ws = c.ws;
        RuntimeSettings r = ws.runtime();
        ScenarioId sizing = ws.result().sizingScenario();
        String kvKey = "scenarios." + sizing.key() + ".physicalKvBytes";
        Long measured = ws.validation().measuredNonKvBytes();
        int ranks = r.ranks();
        c.compute("result.nonKvBytes", "Non-KV footprint (replica)", Unit.BYTES,
                Calc.f("validation.measuredNonKvBytes", "runtime.*"), measured != null ? Calc.n() : Calc.n("weights.bytes"),
                () -> {
                    if (measured != null) {
                        long v = Math.multiplyExact(measured, (long) ranks);
                        return Figure.of("result.nonKvBytes", "Non-KV footprint (replica)", Unit.BYTES, v,
                                Provenance.of("measured non-KV per GPU x GPUs", Units.grouped(measured) + " x " + ranks,
                                        "Measured: it already contains the weights, so they are not added again"));
                    }
                    long w = c.get("weights.bytes").value();
                    long perGpu = Math.addExact(Math.addExact(r.activationPeakBytes(), r.nonTorchBytes()), r.cudaGraphBytes());
                    long v = Math.addExact(w, Math.multiplyExact(perGpu, (long) ranks));
                    return Figure.of("result.nonKvBytes", "Non-KV footprint (replica)", Unit.BYTES, v,
                            Provenance.of("weights + GPUs x (activation peak + non-torch + CUDA graphs)",
                                    Units.grouped(w) + " + " + ranks + " x (" + Units.grouped(r.activationPeakBytes()) + " + "
                                            + Units.grouped(r.nonTorchBytes()) + " + " + Units.grouped(r.cudaGraphBytes()) + ")",
                                    "Estimated; replace with the engine's measured non-KV memory after a test run"));
                });
        c.compute("result.kvBytes", "Required KV (" + sizing.label() + ")", Unit.BYTES, Calc.f(), Calc.n(kvKey),
                () -> {
                    long v = c.get(kvKey).value();
                    return Figure.of("result.kvBytes", "Required KV (" + sizing.label() + ")", Unit.BYTES, v,
                            Provenance.of(sizing.label() + " scenario's physical KV", Units.bytesText(v),
                                    "RESULT › the " + sizing.label() + " scenario sizes the budget"));
                });
        c.compute("result.fragmentationBytes", "Fragmentation allowance", Unit.BYTES, Calc.f("runtime.fragmentationPercent"),
                Calc.n("result.nonKvBytes", "result.kvBytes"), () -> {
                    double pct = measured != null ? 0 : r.fragmentationPercent();
                    long base = Math.addExact(c.get("result.nonKvBytes").value(), c.get("result.kvBytes").value());
                    long v = (long) Math.ceil(base * pct / 100.0);
                    return Figure.of("result.fragmentationBytes", "Fragmentation allowance", Unit.BYTES, v,
                            Provenance.of("fragmentation % x (non-KV + KV)", pct + " % x " + Units.grouped(base), measured != null
                                    ? "Not applied: the measured non-KV footprint already shows real allocator use"
                                    : "Allowance for allocator slack on an estimated budget"));
                });
        c.compute("result.headroomBytes", "Operational headroom", Unit.BYTES, Calc.f("result.headroomBytes"), Calc.n(),
                () -> Figure.of("result.headroomBytes", "Operational headroom", Unit.BYTES, ws.result().headroomBytes(),
                        Provenance.of("RESULT › Operational headroom", Units.bytesText(ws.result().headroomBytes()))));
        c.compute("result.budgetBytes", "Production memory budget per replica", Unit.BYTES, Calc.f(),
                Calc.n("result.nonKvBytes", "result.kvBytes", "result.fragmentationBytes", "result.headroomBytes"), () -> {
                    long a = c.get("result.nonKvBytes").value();
                    long b = c.get("result.kvBytes").value();
                    long f = c.get("result.fragmentationBytes").value();
                    long h = c.get("result.headroomBytes").value();
                    long v = Math.addExact(Math.addExact(a, b), Math.addExact(f, h));
                    return Figure.of("result.budgetBytes", "Production memory budget per replica", Unit.BYTES, v,
                            Provenance.of("non-KV footprint + required KV + fragmentation + operational headroom",
                                    Units.gibText(a) + " + " + Units.gibText(b) + " + " + Units.gibText(f) + " + "
                                            + Units.gibText(h) + " = " + Units.gibText(v) + " = " + Units.gbText(v),
                                    measured != null ? "Weights counted once: inside the measured non-KV footprint"
                                            : "Weights counted once: inside the estimated non-KV footprint"));
                });
        c.compute("result.gpuCapacityBytes", "GPU memory per replica", Unit.BYTES,
                Calc.f("gpu.totalBytes", "runtime.tensorParallel", "runtime.pipelineParallel"), Calc.n(), () -> {
                    long v = Math.multiplyExact(ws.gpu().totalBytes(), (long) ranks);
                    return Figure.of("result.gpuCapacityBytes", "GPU memory per replica", Unit.BYTES, v,
                            Provenance.of("CUDA-visible total per GPU x GPUs per replica (TP x PP)",
                                    Units.grouped(ws.gpu().totalBytes()) + " x " + ranks + " = " + Units.gibText(v)));
                });
        c.compute("result.marginBytes", "Margin", Unit.BYTES, Calc.f(), Calc.n("result.budgetBytes", "result.gpuCapacityBytes"),
                () -> {
                    long v = c.get("result.gpuCapacityBytes").value() - c.get("result.budgetBytes").value();
                    return Figure.of("result.marginBytes", "Margin", Unit.BYTES, v,
                            Provenance.of("GPU memory - budget", Units.gibText(v),
                                    v >= 0 ? "Spare memory" : "Negative: the budget does not fit"));
                });
        c.compute("result.fits", "Fits the GPU", Unit.FLAG, Calc.f(), Calc.n("result.marginBytes"), () -> {
            long m = c.get("result.marginBytes").value();
            return Figure.flag("result.fits", "Fits the GPU", m >= 0, Provenance.of("budget <= GPU memory per replica",
                    m >= 0 ? "fits with " + Units.gibText(m) + " to spare" : "short by " + Units.gibText(-m)));
        });
    }
}
