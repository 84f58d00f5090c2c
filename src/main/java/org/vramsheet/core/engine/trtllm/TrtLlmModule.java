package org.vramsheet.core.engine.trtllm;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.engine.spi.OwnEstimate;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.engine.spi.XlsxPool;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** TensorRT-LLM: {@code free_gpu_memory_fraction x (total - non-KV)}, in blocks of all layers (KvCacheConfig). */
public final class TrtLlmModule implements EngineModule {
    /** Fitted on TensorRT-LLM v1.2.0rc1, 1 run of Qwen3 8B on one H100 (GPUStack performance lab) (docs/accuracy.md). */
    @Override
    public Double firstTokenOverheadMs() { return 35.0; }

    @Override
    public Engine engine() { return Engine.TENSORRT_LLM; }

    @Override
    public String fractionName() { return "free_gpu_memory_fraction"; }

    @Override
    public Choice<Double> defaultFraction(RuntimeSettings r, long totalBytes) {
        return TrtLlmDefaults.fraction(r);
    }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return TrtLlmDefaults.blockSize(r);
    }

    @Override
    public NonKvTerms nonKvTerms(RuntimeSettings r) { return TrtLlmNonKv.terms(r); }

    /** The PyTorch backend's own dry run (TrtLlmProfile); a TRT engine keeps the vLLM-fitted estimate with its terms. */
    @Override
    public OwnEstimate ownEstimate(Worksheet ws) { return TrtLlmNonKv.pytorch(ws.runtime()) ? TrtLlmProfile.estimate(ws) : null; }

    @Override
    public Choice<Long> defaultMaxBatchedTokens(RuntimeSettings r, Gpu g) {
        Choice<Long> own = TrtLlmNonKv.maxNumTokens(r);
        return own != null ? own : EngineModule.super.defaultMaxBatchedTokens(r, g);
    }

    /**
     * The CUDA graph estimate stays a part (the XLSX TRT formula adds it): the PyTorch backend's dry run captures its graphs
     * before the pool is sized, so they are in its memory outside torch and the part is 0 there (TrtLlmProfile).
     */
    @Override
    public NonKvRule nonKvRule() { return new NonKvRule("weights + activation peak + non-torch + CUDA graphs", true, true, true); }

    @Override
    public PoolLayout pool(PoolInput in) {
        KvGeometry g = in.geometry();
        int tpb = in.blockSize().value();
        long free = in.totalBytes() - in.nonKvBytes();
        long pool = free <= 0 ? 0 : new BigDecimal(free).multiply(BigDecimal.valueOf(in.fraction()))
                .setScale(0, RoundingMode.FLOOR).longValueExact();
        long cell = g.bytesPerTokenRank();
        // calculateMaxNumBlocks: maxTokens = (SizeType32) (fraction x free / bytes per token), blocks = ceilDiv(maxTokens,
        // tokensPerBlock); it allocates (and prints) those whole blocks, less than one block above this budget
        long blocks = KvGeometry.ceilDiv(pool / cell, tpb);
        in.notes().add("TensorRT-LLM takes its fraction of the memory still free after weights and activations");
        return new PoolLayout(this, g, new PoolLayout.Shape(tpb, Math.multiplyExact(cell, (long) tpb), pool, blocks,
                Math.multiplyExact(blocks, (long) tpb)),
                new PoolLayout.Admission(in.runtime().ranks(), 0, PoolLayout.kinds(g, 1), 1, 0, in.maxLen()));
    }

    @Override
    public double ratioAt(PoolLayout pool, long n) { return pool.blocks / (double) KvGeometry.ceilDiv(n, pool.blockSize); }

    @Override
    public String poolFormula() { return "free_gpu_memory_fraction x (total - non-KV)"; }

    @Override
    public String poolExpr(PoolInput in, long pool) {
        return in.fraction() + " x (" + Units.grouped(in.totalBytes()) + " - " + Units.grouped(in.nonKvBytes())
                + ") = " + Units.bytesText(pool);
    }

    @Override
    public String blocksFormula() { return "ceil(max_tokens / tokens_per_block)"; }

    @Override
    public String capacityFormula() { return "blocks x tokens_per_block"; }

    @Override
    public String ratioFormula() { return "blocks / ceil(context / tokens_per_block)"; }

    @Override
    public boolean pagesSpanLayers() { return true; }

    @Override
    public XlsxPool xlsxPool() { return XlsxPool.TRT_BLOCKS; }
}
