package org.vramsheet.core.engine.vllm;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.engine.spi.ExpertRule;
import org.vramsheet.core.engine.spi.OffloadRule;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.engine.spi.XlsxPool;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * vLLM (V1 engine, 0.10 to current; V0 logs are read too): {@code ceil(utilization x CUDA-visible total) - non-KV - CUDA
 * graph estimate}, cut into equal pages of layer groups (kv_cache_utils, gpu_worker.determine_available_memory).
 */
public final class VllmModule implements EngineModule {
    /** Fitted on vLLM v0.11.0, 4 runs of Qwen3 8B on one H100 (GPUStack performance lab) (docs/accuracy.md). */
    @Override
    public Double firstTokenOverheadMs() { return 55.0; }

    @Override
    public Engine engine() { return Engine.VLLM; }

    @Override
    public String fractionName() { return "gpu_memory_utilization"; }

    @Override
    public Choice<Double> defaultFraction(RuntimeSettings r, long totalBytes) { return VllmDefaults.utilization(r); }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) { return VllmDefaults.blockSize(r, k, gpu); }

    @Override
    public Choice<Boolean> defaultCudaGraphsInPool(RuntimeSettings r) { return VllmDefaults.cudaGraphsInPool(r); }

    @Override
    public NonKvTerms nonKvTerms(RuntimeSettings r) { return VllmDefaults.nonKvTerms(r); }

    @Override
    public Choice<Long> loadBuffersPerGpu(Worksheet ws) { return VllmRopeCache.perGpu(ws); }

    @Override
    public Choice<Long> defaultMaxBatchedTokens(RuntimeSettings r, Gpu g) { return VllmBatchDefaults.maxBatchedTokens(r, g); }

    @Override
    public boolean takesKvCacheMemory() { return true; }

    /** vLLM's fp8_ds_mla KV layout (DeepSeek V3.2's FlashMLA sparse kernels). */
    @Override
    public boolean storesFp8DsMla() { return true; }

    @Override
    public boolean subtractsCudaGraphs() { return true; }

    /** DeepSeek V3.2 with an fp8 cache runs as fp8_ds_mla ({@link VllmDsMlaCache}). */
    @Override
    public Worksheet launched(Worksheet ws) { return VllmDsMlaCache.launched(ws); }

    /** Why the sheet's KV dtype differs from the one vLLM runs, or null when it does not. */
    @Override
    public String launchedKvNote(Worksheet typed) { return VllmDsMlaCache.converts(typed.kv()) ? VllmDsMlaCache.NOTE : null; }

    @Override
    public NonKvRule nonKvRule() { return new NonKvRule("weights + activation peak + non-torch", true, true, false); }

    /** vLLM's requested memory, {@code ceil(total x utilization)} exactly: the one place it is computed. */
    public static long requestedBytes(long totalBytes, double utilization) {
        return new BigDecimal(totalBytes).multiply(BigDecimal.valueOf(utilization)).setScale(0, RoundingMode.CEILING)
                .longValueExact();
    }

    @Override
    public Requested requested(RuntimeSettings r, long totalBytes, double fraction) {
        long requested = requestedBytes(totalBytes, fraction);
        return new Requested(requested, "ceil(CUDA-visible total x gpu_memory_utilization)",
                Units.grouped(totalBytes) + " x " + fraction + " = " + Units.bytesText(requested),
                "Memory used by other processes does not lower this; it only fails the startup check");
    }

    @Override
    public PoolLayout pool(PoolInput in) {
        KvGeometry g = in.geometry();
        RuntimeSettings r = in.runtime();
        long nonKv = in.nonKvBytes();
        long cg = in.cudaGraphBytes();
        List<String> notes = in.notes();
        long requested = requestedBytes(in.totalBytes(), in.fraction());
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
        int bs = VllmBlocks.hybridBlockSize(g, in.blockSize().value(), notes);
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
        long maxLen = in.maxLen();
        PoolLayout.Admission admission = new PoolLayout.Admission(r.ranks(), Choice.typedOr(r.maxNumBatchedTokens(),
                defaultMaxBatchedTokens(r, in.gpu())).value(), kinds, groupSize, 0, maxLen);
        PoolLayout layout = new PoolLayout(this, g, new PoolLayout.Shape(bs, page, poolBytes, blocks, tokens), admission);
        Choice<Boolean> current = VllmDefaults.capacityFromConcurrency(r);
        if (current.value() && maxLen > 0) {
            // Python's int(num_blocks / blocks_per_request * max_model_len), in the same double arithmetic
            long perRequest = VllmBlocks.blocksPerRequest(layout, maxLen);
            long fromConcurrency = (long) (blocks / (double) perRequest * maxLen);
            notes.add(current.why() + ": " + Units.grouped(blocks) + " / " + Units.grouped(perRequest)
                    + " blocks per request x " + Units.grouped(maxLen) + " = " + Units.grouped(fromConcurrency));
            return new PoolLayout(this, g, new PoolLayout.Shape(bs, page, poolBytes, blocks, fromConcurrency), admission);
        }
        if (groups > 1) {
            notes.add(current.why().replace("num_blocks // groups", "num_blocks // " + groups + " groups"));
        }
        return layout;
    }

    @Override
    public double ratioAt(PoolLayout pool, long n) { return pool.blocks / (double) VllmBlocks.blocksPerRequest(pool, n); }

    @Override
    public long sequenceBytesRank(PoolLayout pool, long n) {
        return Math.multiplyExact(VllmBlocks.blocksHeld(pool, n), Math.multiplyExact(pool.pageBytes, (long) pool.groupSize));
    }

    /** vLLM's blocks of one request at length n (max_memory_usage over every layer group): the concurrency denominator. */
    public static long blocksPerRequest(PoolLayout pool, long n) { return VllmBlocks.blocksPerRequest(pool, n); }

    @Override
    public String poolFormula() { return "ceil(total x utilization) - non-KV - CUDA graph estimate, cut into whole blocks"; }

    @Override
    public String poolExpr(PoolInput in, long pool) { return "available -> " + Units.bytesText(pool) + " in whole blocks"; }

    @Override
    public String blocksFormula() { return "available // page_size // layers per group"; }

    @Override
    public String capacityFormula() { return "num_gpu_blocks // groups x block_size (\"GPU KV cache size\")"; }

    @Override
    public String ratioFormula() { return "num_gpu_blocks / blocks one request needs at this length (all layer groups)"; }

    @Override
    public String blocksNote(PoolLayout pool) {
        return pool.kinds.size() > 1 ? "Hybrid layout: " + pool.kinds.size() + " layer kinds in groups of " + pool.groupSize
                + " layers share one block table" : EngineModule.super.blocksNote(pool);
    }

    @Override
    public XlsxPool xlsxPool() { return XlsxPool.VLLM_BLOCKS; }

    /** Whether "GPU KV cache size" is int(max concurrency x max_model_len) (current) or blocks x block size (to v0.19). */
    @Override
    public Choice<Boolean> capacityFromConcurrency(RuntimeSettings r) { return VllmDefaults.capacityFromConcurrency(r); }

    static EngineVersion version(RuntimeSettings r) { return EngineVersion.parse(r.engineVersion()); }

    @Override
    public SpeculativeRule speculativeRule() { return VllmSpeculative.RULE; }

    @Override
    public LoraRule loraRule() { return VllmAdapters.LORA; }

    @Override
    public OffloadRule offloadRule() { return VllmAdapters.OFFLOAD; }

    @Override
    public ExpertRule expertRule() { return VllmExperts.RULE; }
}
