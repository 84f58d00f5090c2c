package org.vramsheet.core.calc;

import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** RUNTIME pool: how each engine sizes its KV pool on one GPU, following its source (docs/engines.md). */
final class PoolStep {
    static final String[] INPUTS = {"gpu.totalBytes", "runtime.*", "validation.measuredNonKvBytes"};

    private PoolStep() { }

    static PoolLayout run(Calc c) {
        Worksheet ws = c.ws;
        RuntimeSettings r = ws.runtime();
        String blocked = c.issues.blocking(INPUTS);
        if (blocked == null && c.geometry == null) {
            blocked = c.geometryBlocked;
        }
        if (blocked == null) {
            blocked = c.missing(FigureKey.WEIGHTS_BYTES_PER_GPU, FigureKey.POOL_ACTIVATION_PEAK_BYTES, FigureKey.POOL_NON_TORCH_BYTES,
                    FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES);
        }
        FigureKey[] keys = {FigureKey.POOL_REQUESTED_BYTES, FigureKey.POOL_FRACTION, FigureKey.POOL_NON_KV_BYTES,
                FigureKey.POOL_CUDA_GRAPH_BYTES, FigureKey.POOL_KV_POOL_BYTES,
            FigureKey.POOL_KV_POOL_BYTES_REPLICA, FigureKey.POOL_BLOCK_SIZE, FigureKey.POOL_PAGE_BYTES, FigureKey.POOL_GPU_BLOCKS,
            FigureKey.POOL_CAPACITY_TOKENS, FigureKey.POOL_MAX_BATCHED_TOKENS, FigureKey.POOL_CUDA_GRAPHS_IN_POOL,
            FigureKey.POOL_CAPACITY_FROM_CONCURRENCY};
        Long measured = ws.validation().measuredNonKvBytes();
        if (blocked == null && measured != null) {
            blocked = MeasuredNonKv.implausible(c, measured);
        }
        if (blocked != null) {
            for (FigureKey k : keys) {
                c.put(Figure.unavailable(k, label(k), unit(k), blocked));
            }
            return null;
        }
        try {
            return engine(c, r);
        } catch (ArithmeticException e) {
            for (FigureKey k : keys) {
                if (c.get(k) == null) {
                    c.put(Figure.unavailable(k, label(k), unit(k), "too large to compute exactly (overflow)"));
                }
            }
            return null;
        }
    }

    /** The engine's non-KV memory per GPU: measured (it holds the weights), else estimated the engine's way. */
    private static long nonKv(Calc c, RuntimeSettings r, Long measured, long weights) {
        long act = NonKvStep.bytes(c, FigureKey.POOL_ACTIVATION_PEAK_BYTES);
        long nonTorch = NonKvStep.bytes(c, FigureKey.POOL_NON_TORCH_BYTES);
        long cg = NonKvStep.bytes(c, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES);
        EngineModule.NonKvRule rule = Engines.of(r.engine()).nonKvRule();
        String nonKvFormula = rule.formula();
        long draft = Math.addExact(SpeculativeStep.weightsBeforePool(c) ? SpeculativeStep.weightsPerGpu(c) : 0,
                LoraStep.beforePoolPerGpu(c));
        long nonKv = measured != null ? measured : sum(weights, draft, rule.activation() ? act : 0, rule.nonTorch() ? nonTorch : 0,
                rule.cudaGraphs() ? cg : 0);
        if (measured != null && MeasuredNonKv.resplit(c) != null) {
            nonKv = MeasuredNonKv.perGpu(c, measured);
        }
        c.put(Figure.of(FigureKey.POOL_NON_KV_BYTES, label(FigureKey.POOL_NON_KV_BYTES), Unit.BYTES, nonKv, measured != null
                ? (MeasuredNonKv.resplit(c) != null ? Provenance.of("weights / GPUs now + (measured - weights / GPUs measured on)",
                        Units.bytesText(nonKv), MeasuredNonKv.resplit(c),
                        "Measured by the engine: it already contains the weights, so they are not added again")
                : Provenance.of("VALIDATION › Measured non-KV footprint", Units.bytesText(nonKv),
                "Measured by the engine: it already contains the weights, so they are not added again"))
                : estimate(c, nonKvFormula, nonKv, draft)));
        return nonKv;
    }

    /** The estimated non-KV memory's provenance; a speculative draft loaded before the pool adds its weights (SpeculativeStep). */
    private static Provenance estimate(Calc c, String formula, long nonKv, long draft) {
        String note = MeasuredNonKv.estimateNote(c, "Estimated; paste the engine's measured non-KV memory into VALIDATION to "
                + "replace it (it already contains the weights)");
        long lora = LoraStep.beforePoolPerGpu(c);
        if (draft == 0) {
            return Provenance.of(formula, Units.bytesText(nonKv), note);
        }
        if (lora == 0) {
            return Provenance.of(formula + " + draft weights", Units.bytesText(nonKv), note, "The draft's weights ("
                    + Units.grouped(draft) + " B per GPU) are loaded before the engine sizes its pool");
        }
        return Provenance.of(formula + (draft > lora ? " + draft weights + LoRA slots" : " + LoRA slots"), Units.bytesText(nonKv),
                note, "LoRA slots and buffers (" + Units.grouped(lora) + " B per GPU) are allocated before the engine sizes "
                        + "its pool");
    }

    private static PoolLayout engine(Calc c, RuntimeSettings r) {
        Worksheet ws = c.ws;
        KvGeometry g = c.geometry;
        long total = ws.gpu().totalBytes();
        Long measured = ws.validation().measuredNonKvBytes();
        long weights = c.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        EngineModule module = Engines.of(r.engine());
        Choice<Integer> bsChoice = EngineDefaults.blockSize(r, ws.kv(), ws.gpu());
        int bs = bsChoice.value();
        long maxLen = WorksheetValidator.effectiveMaxModelLen(ws);
        List<String> notes = new ArrayList<>();
        long nonTorch = NonKvStep.bytes(c, FigureKey.POOL_NON_TORCH_BYTES);
        boolean cgInPool = EngineDefaults.cudaGraphsInPool(r).value();
        long nonKv = nonKv(c, r, measured, weights);

        Choice<Double> frac = EngineDefaults.fraction(r, total);
        double u = frac.value();
        if (module.usesFraction()) {
            c.put(Figure.ratio(FigureKey.POOL_FRACTION, label(FigureKey.POOL_FRACTION), u, Provenance.of(module.fractionName(),
                    Units.two(u), frac.why())));
        } else {
            c.put(Figure.unavailable(FigureKey.POOL_FRACTION, label(FigureKey.POOL_FRACTION), Unit.RATIO,
                    r.engine().label() + " reserves no fraction of memory"));
        }
        long cgSubtracted = module.subtractsCudaGraphs() && cgInPool ? NonKvStep.bytes(c, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES) : 0;
        c.put(Figure.of(FigureKey.POOL_CUDA_GRAPH_BYTES, label(FigureKey.POOL_CUDA_GRAPH_BYTES), Unit.BYTES, cgSubtracted,
                Provenance.of("CUDA graph estimate taken out of the pool", Units.bytesText(cgSubtracted),
                        EngineDefaults.cudaGraphsInPool(r).why())));

        EngineModule.Requested requested = module.requested(r, total, u);
        c.put(requested == null ? Figure.unavailable(FigureKey.POOL_REQUESTED_BYTES, label(FigureKey.POOL_REQUESTED_BYTES),
                Unit.BYTES, module.noRequestReason()) : Figure.of(FigureKey.POOL_REQUESTED_BYTES,
                label(FigureKey.POOL_REQUESTED_BYTES), Unit.BYTES, requested.bytes(),
                Provenance.of(requested.formula(), requested.expr(), requested.note())));
        PoolInput in = new PoolInput(g, r, ws.gpu(), total, u, nonKv, nonTorch, cgSubtracted, bsChoice, maxLen, notes,
                c.devices);
        PoolLayout layout = module.pool(in);
        notes.add(bsChoice.why().equals("set on the sheet") ? "Block size " + bs + " set on the sheet" : bsChoice.why());
        long poolRank = layout.poolBytes;
        Provenance pp = new Provenance(module.poolFormula(), module.poolExpr(in, poolRank), notes);
        c.put(Figure.of(FigureKey.POOL_KV_POOL_BYTES, label(FigureKey.POOL_KV_POOL_BYTES), Unit.BYTES, poolRank, pp));
        c.put(c.devices != null ? DeviceFigures.cache(c.devices, label(FigureKey.POOL_KV_POOL_BYTES_REPLICA))
                : Figure.of(FigureKey.POOL_KV_POOL_BYTES_REPLICA, label(FigureKey.POOL_KV_POOL_BYTES_REPLICA), Unit.BYTES,
                Math.multiplyExact(poolRank, (long) r.ranks()), Provenance.of("KV pool per GPU x GPUs in the replica",
                        Units.grouped(poolRank) + " x " + r.ranks())));
        layoutFigures(c, module, layout, bsChoice);
        resolvedSettings(c, module, r, module.subtractsCudaGraphs() && cgInPool);
        return layout;
    }

    /** The settings the engine runs with, resolved once (typed, else the engine's default) for every reader. */
    private static void resolvedSettings(Calc c, EngineModule module, RuntimeSettings r, boolean cgInPool) {
        Choice<Long> batched = EngineDefaults.maxNumBatchedTokens(r, c.ws.gpu());
        c.put(Figure.of(FigureKey.POOL_MAX_BATCHED_TOKENS, label(FigureKey.POOL_MAX_BATCHED_TOKENS), Unit.TOKENS,
                batched.value(), Provenance.of("max_num_batched_tokens", Units.grouped(batched.value()), batched.why())));
        c.put(Figure.flag(FigureKey.POOL_CUDA_GRAPHS_IN_POOL, label(FigureKey.POOL_CUDA_GRAPHS_IN_POOL), cgInPool,
                Provenance.of("CUDA graph estimate taken out of the pool", cgInPool ? "yes" : "no",
                        EngineDefaults.cudaGraphsInPool(r).why())));
        Choice<Boolean> fromConcurrency = module.capacityFromConcurrency(r);
        c.put(Figure.flag(FigureKey.POOL_CAPACITY_FROM_CONCURRENCY, label(FigureKey.POOL_CAPACITY_FROM_CONCURRENCY),
                fromConcurrency.value(), Provenance.of("how the engine reports its KV capacity",
                        fromConcurrency.value() ? "yes" : "no", fromConcurrency.why())));
    }

    /** Block size, page bytes, blocks and capacity as the engine lays its pool out. */
    private static void layoutFigures(Calc c, EngineModule module, PoolLayout layout, Choice<Integer> bsChoice) {
        c.put(Figure.of(FigureKey.POOL_BLOCK_SIZE, label(FigureKey.POOL_BLOCK_SIZE), Unit.TOKENS, layout.blockSize,
                Provenance.of("tokens per block", Integer.toString(layout.blockSize), bsChoice.why())));
        boolean allLayers = module.pagesSpanLayers();
        c.put(Figure.of(FigureKey.POOL_PAGE_BYTES, allLayers ? "Page bytes (one block, all layers)"
                : label(FigureKey.POOL_PAGE_BYTES), Unit.BYTES, layout.pageBytes,
                Provenance.of(!allLayers ? "block_size x per-layer bytes per token (one layer's page)"
                        : "tokens per block x KV bytes per token per GPU (all layers)", Units.bytesText(layout.pageBytes))));
        c.put(Figure.of(FigureKey.POOL_GPU_BLOCKS, label(FigureKey.POOL_GPU_BLOCKS), Unit.BLOCKS, layout.blocks,
                Provenance.of(module.blocksFormula(), Units.grouped(layout.blocks), module.blocksNote(layout))));
        c.put(Figure.of(FigureKey.POOL_CAPACITY_TOKENS, label(FigureKey.POOL_CAPACITY_TOKENS), Unit.TOKENS, layout.capacityTokens,
                Provenance.of(module.capacityFormula(), Units.grouped(layout.capacityTokens),
                        "Engine-wide: each rank holds its share of every token")));
    }

    private static long sum(long... parts) {
        long s = 0;
        for (long p : parts) {
            s = Math.addExact(s, p);
        }
        return s;
    }

    private static final Map<FigureKey, String> LABELS = Map.ofEntries(
            Map.entry(FigureKey.POOL_FRACTION, "Engine memory fraction"),
            Map.entry(FigureKey.POOL_REQUESTED_BYTES, "Requested memory"),
            Map.entry(FigureKey.POOL_NON_KV_BYTES, "Non-KV memory per GPU"),
            Map.entry(FigureKey.POOL_CUDA_GRAPH_BYTES, "CUDA graphs taken from the pool"),
            Map.entry(FigureKey.POOL_KV_POOL_BYTES, "KV pool per GPU"),
            Map.entry(FigureKey.POOL_KV_POOL_BYTES_REPLICA, "KV pool per replica"),
            Map.entry(FigureKey.POOL_BLOCK_SIZE, "Block size"),
            Map.entry(FigureKey.POOL_PAGE_BYTES, "Page bytes (one block, one layer)"),
            Map.entry(FigureKey.POOL_GPU_BLOCKS, "GPU blocks"),
            Map.entry(FigureKey.POOL_CAPACITY_TOKENS, "KV capacity"),
            Map.entry(FigureKey.POOL_MAX_BATCHED_TOKENS, "Max batched tokens (resolved)"),
            Map.entry(FigureKey.POOL_CUDA_GRAPHS_IN_POOL, "CUDA graphs in the pool (resolved)"),
            Map.entry(FigureKey.POOL_CAPACITY_FROM_CONCURRENCY, "KV capacity reported from concurrency"));

    static String label(FigureKey key) { return LABELS.getOrDefault(key, key.id()); }

    static Unit unit(FigureKey key) {
        if (key.equals(FigureKey.POOL_FRACTION)) {
            return Unit.RATIO;
        }
        if (key.equals(FigureKey.POOL_CUDA_GRAPHS_IN_POOL) || key.equals(FigureKey.POOL_CAPACITY_FROM_CONCURRENCY)) {
            return Unit.FLAG;
        }
        if (key.equals(FigureKey.POOL_BLOCK_SIZE) || key.equals(FigureKey.POOL_CAPACITY_TOKENS)
                || key.equals(FigureKey.POOL_MAX_BATCHED_TOKENS)) {
            return Unit.TOKENS;
        }
        return key.equals(FigureKey.POOL_GPU_BLOCKS) ? Unit.BLOCKS : Unit.BYTES;
    }
}
