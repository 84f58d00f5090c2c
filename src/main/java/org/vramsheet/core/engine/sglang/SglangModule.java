package org.vramsheet.core.engine.sglang;

import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.engine.spi.ExpertRule;
import org.vramsheet.core.engine.spi.OffloadRule;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.engine.spi.XlsxPool;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;

/**
 * SGLang: {@code (free memory before the weights) x mem_fraction_static - weights}, in tokens rounded down to pages, split
 * between full and sliding-window layers and after a hybrid model's Mamba state pool ({@link SglangPools}); the default
 * fraction by release ({@link SglangFraction}); what is not free at load before launch ({@link SglangNonKv}).
 */
public final class SglangModule implements EngineModule {
    /** Fitted on SGLang, 15 SGLang Cookbook runs (8 x A100, 8 x B200) and 2 GPUStack runs on one H100 (docs/accuracy.md). */
    @Override
    public Double firstTokenOverheadMs() { return 30.0; }

    @Override
    public Engine engine() { return Engine.SGLANG; }

    @Override
    public String fractionName() { return "mem_fraction_static"; }

    /** The release's rule (SglangFraction): the TP table before 0.5, the capacity rule from 0.5. */
    @Override
    public Choice<Double> defaultFraction(RuntimeSettings r, long totalBytes) { return SglangFraction.of(r, totalBytes); }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return k.kind() == AttentionKind.MLA ? new Choice<>(64, "SGLang FlashMLA forces page_size 64")
                : new Choice<>(1, "SGLang default page_size 1");
    }

    /** What SGLang does not find free at load, fitted on its field logs (SglangNonKv), as RUNTIME's non-torch estimate. */
    @Override
    public NonKvTerms nonKvTerms(RuntimeSettings r) { return SglangNonKv.terms(r, null); }

    /** The same on this sheet's GPU: with TP, an NVLink board holds more before the load than a PCIe card (SglangNonKv). */
    @Override
    public NonKvTerms nonKvTerms(RuntimeSettings r, Gpu gpu) { return SglangNonKv.terms(r, gpu); }

    @Override
    public NonKvRule nonKvRule() {
        return new NonKvRule("weights (activations and graphs come out of 1 - mem_fraction_static)", false, false, false);
    }

    @Override
    public PoolLayout pool(PoolInput in) { return SglangPools.layout(this, in); }

    @Override
    public double ratioAt(PoolLayout pool, long n) { return pool.capacityTokens / (double) n; }

    @Override
    public String poolFormula() { return "(total - non-torch) x mem_fraction_static - weights, in whole pages"; }

    @Override
    public String blocksFormula() { return "tokens / page_size"; }

    @Override
    public String capacityFormula() { return "max_total_num_tokens"; }

    @Override
    public String ratioFormula() { return "max_total_num_tokens / context"; }

    @Override
    public boolean pagesSpanLayers() { return true; }

    /**
     * The app's values: the XLSX's SGLang formulas (SGLANG_PAGES) count every layer as full and know no Mamba pool, so until
     * the report sends sliding-window and hybrid sheets to the app's values it would disagree with this rule on those.
     */
    @Override
    public XlsxPool xlsxPool() { return XlsxPool.SGLANG_PAGES; }

    @Override
    public SpeculativeRule speculativeRule() { return SglangSpeculative.RULE; }

    @Override
    public LoraRule loraRule() { return SglangAdapters.LORA; }

    @Override
    public OffloadRule offloadRule() { return SglangAdapters.OFFLOAD; }

    @Override
    public ExpertRule expertRule() { return SglangExperts.RULE; }
}
