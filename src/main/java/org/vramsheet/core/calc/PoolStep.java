package org.vramsheet.core.calc;

import org.vramsheet.core.result.FigureKey;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
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
        FigureKey[] keys = {FigureKey.POOL_REQUESTED_BYTES, FigureKey.POOL_FRACTION, FigureKey.POOL_NON_KV_BYTES, FigureKey.POOL_CUDA_GRAPH_BYTES, FigureKey.POOL_KV_POOL_BYTES,
            FigureKey.POOL_KV_POOL_BYTES_REPLICA, FigureKey.POOL_BLOCK_SIZE, FigureKey.POOL_PAGE_BYTES, FigureKey.POOL_GPU_BLOCKS, FigureKey.POOL_CAPACITY_TOKENS};
        if (blocked != null) {
            for (FigureKey k : keys) {
                c.put(Figure.unavailable(k, label(k), unit(k), blocked));
            }
            return null;
        }
        if (r.engine() != Engine.VLLM) {
            c.put(Figure.unavailable(FigureKey.POOL_REQUESTED_BYTES, label(FigureKey.POOL_REQUESTED_BYTES), Unit.BYTES,
                    "only vLLM requests utilization x total up front"));
        }
        try {
            return engine(c, r);
        } catch (ArithmeticException e) {
            for (FigureKey k : keys) {
                c.put(Figure.unavailable(k, label(k), unit(k), "too large to compute exactly (overflow)"));
            }
            return null;
        }
    }

    /** The engine's non-KV memory per GPU: measured (it holds the weights), else estimated the engine's way. */
    private static long nonKv(Calc c, RuntimeSettings r, Long measured, long weights) {
        String nonKvFormula;
        long nonKv;
        long act = NonKvStep.bytes(c, FigureKey.POOL_ACTIVATION_PEAK_BYTES);
        long nonTorch = NonKvStep.bytes(c, FigureKey.POOL_NON_TORCH_BYTES);
        long cg = NonKvStep.bytes(c, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES);
        switch (r.engine()) {
            case SGLANG -> {
                nonKvFormula = "weights (activations and graphs come out of 1 - mem_fraction_static)";
                nonKv = measured != null ? measured : weights;
            }
            case TENSORRT_LLM, LLAMA_CPP, TRANSFORMERS -> {
                nonKvFormula = "weights + activation peak + non-torch + CUDA graphs";
                nonKv = measured != null ? measured : sum(weights, act, nonTorch, cg);
            }
            default -> {
                nonKvFormula = "weights + activation peak + non-torch";
                nonKv = measured != null ? measured : sum(weights, act, nonTorch);
            }
        }
        if (measured != null && MeasuredNonKv.resplit(c) != null) {
            nonKv = MeasuredNonKv.perGpu(c, measured);
        }
        c.put(Figure.of(FigureKey.POOL_NON_KV_BYTES, label(FigureKey.POOL_NON_KV_BYTES), Unit.BYTES, nonKv, measured != null
                ? (MeasuredNonKv.resplit(c) != null ? Provenance.of("weights / GPUs now + (measured - weights / GPUs measured on)",
                        Units.bytesText(nonKv), MeasuredNonKv.resplit(c),
                        "Measured by the engine: it already contains the weights, so they are not added again")
                : Provenance.of("VALIDATION › Measured non-KV footprint", Units.bytesText(nonKv),
                "Measured by the engine: it already contains the weights, so they are not added again"))
                : Provenance.of(nonKvFormula, Units.bytesText(nonKv), "Estimated; paste the engine's measured non-KV "
                + "memory into VALIDATION to replace it (it already contains the weights)")));
        return nonKv;
    }

    private static PoolLayout engine(Calc c, RuntimeSettings r) {
        Worksheet ws = c.ws;
        KvGeometry g = c.geometry;
        long total = ws.gpu().totalBytes();
        Long measured = ws.validation().measuredNonKvBytes();
        long weights = c.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        EngineDefaults.Choice<Integer> bsChoice = EngineDefaults.blockSize(r, ws.kv(), ws.gpu());
        int bs = bsChoice.value();
        long maxLen = WorksheetValidator.effectiveMaxModelLen(ws);
        List<String> notes = new ArrayList<>();
        long nonTorch = NonKvStep.bytes(c, FigureKey.POOL_NON_TORCH_BYTES);
        boolean cgInPool = EngineDefaults.cudaGraphsInPool(r).value();
        long nonKv = nonKv(c, r, measured, weights);

        EngineDefaults.Choice<Double> frac = EngineDefaults.fraction(r, total);
        double u = frac.value();
        if (r.engine().usesFraction()) {
            c.put(Figure.ratio(FigureKey.POOL_FRACTION, label(FigureKey.POOL_FRACTION), u, Provenance.of(switch (r.engine()) {
                case VLLM -> "gpu_memory_utilization";
                case SGLANG -> "mem_fraction_static";
                default -> "free_gpu_memory_fraction";
            }, Units.two(u), frac.why())));
        } else {
            c.put(Figure.unavailable(FigureKey.POOL_FRACTION, label(FigureKey.POOL_FRACTION), Unit.RATIO,
                    r.engine().label() + " reserves no fraction of memory"));
        }
        long cgSubtracted = r.engine() == Engine.VLLM && cgInPool ? NonKvStep.bytes(c, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES) : 0;
        c.put(Figure.of(FigureKey.POOL_CUDA_GRAPH_BYTES, label(FigureKey.POOL_CUDA_GRAPH_BYTES), Unit.BYTES, cgSubtracted,
                Provenance.of("CUDA graph estimate taken out of the pool", Units.bytesText(cgSubtracted),
                        EngineDefaults.cudaGraphsInPool(r).why())));

        PoolIn in = new PoolIn(g, r, total, u, nonKv, nonTorch, cgSubtracted, bsChoice, maxLen, notes);
        PoolLayout layout = switch (r.engine()) {
            case VLLM -> vllm(c, in);
            case SGLANG -> sglang(in);
            case TENSORRT_LLM -> trt(in);
            case LLAMA_CPP -> llamaCpp(in);
            case TRANSFORMERS -> transformers(in);
        };
        notes.add(bsChoice.why().equals("set on the sheet") ? "Block size " + bs + " set on the sheet" : bsChoice.why());
        long poolRank = layout.poolBytes;
        Provenance pp = new Provenance(PoolText.poolFormula(r.engine()), PoolText.poolExpr(r.engine(), total, u, nonKv, cgSubtracted, poolRank),
                notes);
        c.put(Figure.of(FigureKey.POOL_KV_POOL_BYTES, label(FigureKey.POOL_KV_POOL_BYTES), Unit.BYTES, poolRank, pp));
        c.put(Figure.of(FigureKey.POOL_KV_POOL_BYTES_REPLICA, label(FigureKey.POOL_KV_POOL_BYTES_REPLICA), Unit.BYTES,
                Math.multiplyExact(poolRank, (long) r.ranks()), Provenance.of("KV pool per GPU x GPUs in the replica",
                        Units.grouped(poolRank) + " x " + r.ranks())));
        layoutFigures(c, r, layout, bsChoice);
        return layout;
    }

    /** Block size, page bytes, blocks and capacity as the engine lays its pool out. */
    private static void layoutFigures(Calc c, RuntimeSettings r, PoolLayout layout, EngineDefaults.Choice<Integer> bsChoice) {
        c.put(Figure.of(FigureKey.POOL_BLOCK_SIZE, label(FigureKey.POOL_BLOCK_SIZE), Unit.TOKENS, layout.blockSize,
                Provenance.of("tokens per block", Integer.toString(layout.blockSize), bsChoice.why())));
        boolean allLayers = r.engine() == Engine.SGLANG || r.engine() == Engine.TENSORRT_LLM;
        c.put(Figure.of(FigureKey.POOL_PAGE_BYTES, allLayers ? "Page bytes (one block, all layers)"
                : label(FigureKey.POOL_PAGE_BYTES), Unit.BYTES, layout.pageBytes,
                Provenance.of(!allLayers ? "block_size x per-layer bytes per token (one layer's page)"
                        : "tokens per block x KV bytes per token per GPU (all layers)", Units.bytesText(layout.pageBytes))));
        c.put(Figure.of(FigureKey.POOL_GPU_BLOCKS, label(FigureKey.POOL_GPU_BLOCKS), Unit.BLOCKS, layout.blocks,
                Provenance.of(PoolText.blocksFormula(r.engine()), Units.grouped(layout.blocks),
                        r.engine() == Engine.VLLM && layout.kinds.size() > 1
                                ? "Hybrid layout: " + layout.kinds.size() + " layer kinds in groups of " + layout.groupSize
                                + " layers share one block table" : "Per GPU; every rank holds the same number")));
        c.put(Figure.of(FigureKey.POOL_CAPACITY_TOKENS, label(FigureKey.POOL_CAPACITY_TOKENS), Unit.TOKENS, layout.capacityTokens,
                Provenance.of(PoolText.capacityFormula(r.engine()), Units.grouped(layout.capacityTokens),
                        "Engine-wide: each rank holds its share of every token")));
    }

    /** What every engine's pool rule needs, per GPU rank. */
    private record PoolIn(KvGeometry g, RuntimeSettings r, long total, double fraction, long nonKv, long nonTorch,
                          long cudaGraphs, EngineDefaults.Choice<Integer> blockSize, long maxLen, List<String> notes) { }




    private static PoolLayout vllm(Calc c, PoolIn in) {
        KvGeometry g = in.g();
        RuntimeSettings r = in.r();
        long total = in.total();
        double u = in.fraction();
        long nonKv = in.nonKv();
        long cg = in.cudaGraphs();
        EngineDefaults.Choice<Integer> bsChoice = in.blockSize();
        long maxLen = in.maxLen();
        List<String> notes = in.notes();
        long requested = new BigDecimal(total).multiply(BigDecimal.valueOf(u)).setScale(0, RoundingMode.CEILING)
                .longValueExact();
        Long direct = r.kvCacheMemoryBytes();
        long available = direct != null ? direct : requested - nonKv - cg;
        if (direct == null) {
            notes.add("available = " + Units.grouped(requested) + " - " + Units.grouped(nonKv) + " - " + Units.grouped(cg)
                    + " = " + Units.bytesText(available) + " (printed as \"Available KV cache memory: "
                    + Units.two(available / (double) Units.GIB) + " GiB\")");
        } else {
            notes.add("--kv-cache-memory " + Units.bytesText(direct) + " set: vLLM skips profiling and ignores "
                    + "gpu_memory_utilization");
        }
        c.put(Figure.of(FigureKey.POOL_REQUESTED_BYTES, label(FigureKey.POOL_REQUESTED_BYTES), Unit.BYTES, requested,
                Provenance.of("ceil(CUDA-visible total x gpu_memory_utilization)",
                        Units.grouped(total) + " x " + u + " = " + Units.bytesText(requested),
                        "Memory used by other processes does not lower this; it only fails the startup check")));
        int bs = VllmBlocks.hybridBlockSize(g, bsChoice.value(), notes);
        long page = VllmBlocks.largestPage(g, bs);
        int groupSize = VllmBlocks.groupSize(g);
        List<PoolLayout.Kind> kinds = PoolLayout.kinds(g, groupSize, VllmBlocks.unifiedBlockSizes(g, bs, page, notes));
        long blocks = available <= 0 ? 0 : available / page / groupSize;
        int groups = 0;
        for (PoolLayout.Kind k : kinds) {
            groups += k.groups();
        }
        long tokens = blocks / groups * bs;
        notes.add("num_gpu_blocks = available // page // " + groupSize + " = " + Units.grouped(Math.max(0, available))
                + " // " + Units.grouped(page) + " // " + groupSize);
        if (available <= 0) {
            notes.add("No available memory for the cache blocks: vLLM would refuse to start (available "
                    + Units.gibText(available) + ")");
        }
        long poolBytes = Math.max(0, Math.multiplyExact(blocks, Math.multiplyExact(page, (long) groupSize)));
        PoolLayout.Admission admission = new PoolLayout.Admission(r.ranks(), EngineDefaults.maxNumBatchedTokens(r, c.ws.gpu())
                .value(), kinds, groupSize, 0, maxLen);
        PoolLayout layout = new PoolLayout(Engine.VLLM, g, new PoolLayout.Shape(bs, page, poolBytes, blocks, tokens), admission);
        EngineDefaults.Choice<Boolean> current = EngineDefaults.vllmCapacityFromConcurrency(r);
        if (current.value() && maxLen > 0) {
            // Python's int(num_blocks / blocks_per_request * max_model_len), in the same double arithmetic
            long fromConcurrency = (long) (blocks / (double) layout.vllmBlocksPerRequest(maxLen) * maxLen);
            notes.add(current.why() + ": " + Units.grouped(blocks) + " / " + Units.grouped(layout.vllmBlocksPerRequest(maxLen))
                    + " blocks per request x " + Units.grouped(maxLen) + " = " + Units.grouped(fromConcurrency));
            return new PoolLayout(Engine.VLLM, g, new PoolLayout.Shape(bs, page, poolBytes, blocks, fromConcurrency), admission);
        }
        if (groups > 1) {
            notes.add(current.why().replace("num_blocks // groups", "num_blocks // " + groups + " groups"));
        }
        return layout;
    }

    private static PoolLayout sglang(PoolIn in) {
        KvGeometry g = in.g();
        RuntimeSettings r = in.r();
        long total = in.total();
        double mfs = in.fraction();
        long nonKv = in.nonKv();
        long nonTorch = in.nonTorch();
        int page = in.blockSize().value();
        long maxLen = in.maxLen();
        List<String> notes = in.notes();
        long freeBefore = total - nonTorch;
        long rest = new BigDecimal(freeBefore).multiply(BigDecimal.valueOf(mfs)).setScale(0, RoundingMode.FLOOR)
                .longValueExact() - nonKv;
        long cell = g.bytesPerTokenRank();
        long tokens = rest <= 0 ? 0 : rest / cell / page * page;
        notes.add("rest = free before weights x mem_fraction_static - weights; tokens = rest // cell, rounded down to page_size");
        if (g.hasWindows()) {
            notes.add("Windowed layers counted as full (SGLang's SWA pool split is not modelled)");
        }
        return new PoolLayout(Engine.SGLANG, g, new PoolLayout.Shape(page, Math.multiplyExact(cell, (long) page), Math.multiplyExact(tokens, cell), tokens / page, tokens),
                new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, 0, maxLen));
    }

    private static PoolLayout trt(PoolIn in) {
        KvGeometry g = in.g();
        RuntimeSettings r = in.r();
        long total = in.total();
        double frac = in.fraction();
        long nonKv = in.nonKv();
        int tpb = in.blockSize().value();
        long maxLen = in.maxLen();
        List<String> notes = in.notes();
        long free = total - nonKv;
        long pool = free <= 0 ? 0 : new BigDecimal(free).multiply(BigDecimal.valueOf(frac)).setScale(0, RoundingMode.FLOOR)
                .longValueExact();
        long cell = g.bytesPerTokenRank();
        long maxTokens = pool / cell;
        long blocks = KvGeometry.ceilDiv(maxTokens, tpb);
        notes.add("TensorRT-LLM takes its fraction of the memory still free after weights and activations");
        return new PoolLayout(Engine.TENSORRT_LLM, g, new PoolLayout.Shape(tpb, Math.multiplyExact(cell, (long) tpb), pool, blocks, Math.multiplyExact(blocks, (long) tpb)),
                new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, 0, maxLen));
    }

    private static PoolLayout llamaCpp(PoolIn in) {
        KvGeometry g = in.g();
        RuntimeSettings r = in.r();
        int pad = in.blockSize().value();
        long nCtx = in.maxLen();
        List<String> notes = in.notes();
        int slots = EngineDefaults.maxNumSeqs(r).value();
        long cells = KvGeometry.ceilDiv(nCtx, pad) * pad;
        long bytes = 0;
        for (KvGeometry.Group gr : g.groupsRank) {
            long held = gr.capped() ? Math.min(cells, KvGeometry.ceilDiv(Math.addExact(Math.multiplyExact(gr.window(),
                    (long) slots), 512), pad) * pad) : cells;
            bytes = Math.addExact(bytes, Math.multiplyExact(Math.multiplyExact(held, (long) gr.layers()), g.perLayer(gr, true)));
        }
        bytes = Math.addExact(bytes, Math.multiplyExact(g.stateBytesPerSeqRank, (long) slots));
        notes.add("llama.cpp preallocates n_ctx = " + Units.grouped(nCtx) + " padded to " + Units.grouped(cells)
                + " cells for " + slots + " slot(s); sliding-window layers get min(n_ctx, n_swa x slots + n_ubatch) cells");
        return new PoolLayout(Engine.LLAMA_CPP, g, new PoolLayout.Shape(pad, Math.multiplyExact(g.perLayerRank(), (long) pad), bytes, cells / pad, cells),
                new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, slots, cells));
    }

    private static PoolLayout transformers(PoolIn in) {
        KvGeometry g = in.g();
        RuntimeSettings r = in.r();
        long total = in.total();
        long nonKv = in.nonKv();
        long maxLen = in.maxLen();
        List<String> notes = in.notes();
        if (EngineDefaults.cache(r) == CacheImplementation.STATIC) {
            int batch = EngineDefaults.maxNumSeqs(r).value();
            long pool = Math.multiplyExact(g.sequenceBytesRank(maxLen), (long) batch);
            notes.add("StaticCache preallocates batch " + batch + " x max_cache_len " + Units.grouped(maxLen)
                    + " up front, used or not");
            return new PoolLayout(Engine.TRANSFORMERS, g, new PoolLayout.Shape(1, g.perLayerRank(), pool, Math.multiplyExact(maxLen, (long) batch), Math.multiplyExact(maxLen, (long) batch)),
                new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, batch, maxLen));
        }
        long pool = Math.max(0, total - nonKv);
        long cell = g.bytesPerTokenRank();
        notes.add("DynamicCache reserves nothing: it grows into whatever memory is left; each torch.cat briefly "
                + "holds two copies of a layer's cache");
        return new PoolLayout(Engine.TRANSFORMERS, g, new PoolLayout.Shape(1, g.perLayerRank(), pool, pool / cell, pool / cell),
                new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, 0, maxLen));
    }

    private static long sum(long... parts) {
        long s = 0;
        for (long p : parts) {
            s = Math.addExact(s, p);
        }
        return s;
    }

    private static final java.util.Map<FigureKey, String> LABELS = java.util.Map.ofEntries(
            java.util.Map.entry(FigureKey.POOL_FRACTION, "Engine memory fraction"),
            java.util.Map.entry(FigureKey.POOL_REQUESTED_BYTES, "Requested memory"),
            java.util.Map.entry(FigureKey.POOL_NON_KV_BYTES, "Non-KV memory per GPU"),
            java.util.Map.entry(FigureKey.POOL_CUDA_GRAPH_BYTES, "CUDA graphs taken from the pool"),
            java.util.Map.entry(FigureKey.POOL_KV_POOL_BYTES, "KV pool per GPU"),
            java.util.Map.entry(FigureKey.POOL_KV_POOL_BYTES_REPLICA, "KV pool per replica"),
            java.util.Map.entry(FigureKey.POOL_BLOCK_SIZE, "Block size"),
            java.util.Map.entry(FigureKey.POOL_PAGE_BYTES, "Page bytes (one block, one layer)"),
            java.util.Map.entry(FigureKey.POOL_GPU_BLOCKS, "GPU blocks"),
            java.util.Map.entry(FigureKey.POOL_CAPACITY_TOKENS, "KV capacity"));

    static String label(FigureKey key) { return LABELS.getOrDefault(key, key.id()); }

    static Unit unit(FigureKey key) {
        if (key.equals(FigureKey.POOL_FRACTION)) {
            return Unit.RATIO;
        }
        if (key.equals(FigureKey.POOL_BLOCK_SIZE) || key.equals(FigureKey.POOL_CAPACITY_TOKENS)) {
            return Unit.TOKENS;
        }
        return key.equals(FigureKey.POOL_GPU_BLOCKS) ? Unit.BLOCKS : Unit.BYTES;
    }
}
