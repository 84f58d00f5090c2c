package org.vramsheet.core.engine.sglang;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.engine.spi.XlsxPool;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * SGLang: {@code (free memory before the weights) x mem_fraction_static - weights}, in tokens of all layers rounded down to
 * pages (model_runner.profile_max_num_token; server_args._handle_gpu_memory_settings for the default fraction).
 */
public final class SglangModule implements EngineModule {
    @Override
    public Engine engine() { return Engine.SGLANG; }

    @Override
    public String fractionName() { return "mem_fraction_static"; }

    /** SGLang's current capacity rule (server_args _handle_gpu_memory_settings), in MiB. */
    @Override
    public Choice<Double> defaultFraction(RuntimeSettings r, long totalBytes) {
        double gpuMem = totalBytes / (double) Units.MIB;
        int tp = r.tensorParallel();
        int cps;
        int bs;
        if (gpuMem < 20 * 1024) {
            cps = 2048;
            bs = 8;
        } else if (gpuMem < 35 * 1024) {
            cps = 2048;
            bs = tp < 4 ? 24 : 80;
        } else if (gpuMem < 60 * 1024) {
            cps = 4096;
            bs = tp < 4 ? 32 : 160;
        } else if (gpuMem < 160 * 1024) {
            cps = 8192;
            bs = tp < 4 ? 256 : 512;
        } else {
            cps = 16384;
            bs = 512;
        }
        double reserved = 512 + Math.max(cps, 2048) * 1.5 + bs * 2 + tp * r.pipelineParallel() / 8.0 * 1024;
        if (gpuMem > 60 * 1024) {
            reserved = Math.max(reserved, 10 * 1024);
        }
        double mfs = Math.round((gpuMem - reserved) / gpuMem * 1000) / 1000.0;
        String why = String.format(Locale.ROOT, "SGLang mem_fraction_static = round((capacity - reserved) / capacity, 3) "
                + "= round((%.0f MiB - %.0f MiB) / %.0f MiB, 3) = %.3f (chunked_prefill_size %d, cuda_graph_max_bs %d)",
                gpuMem, reserved, gpuMem, mfs, cps, bs);
        return new Choice<>(Math.max(0.01, mfs), why);
    }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return k.kind() == AttentionKind.MLA ? new Choice<>(64, "SGLang FlashMLA forces page_size 64")
                : new Choice<>(1, "SGLang default page_size 1");
    }

    @Override
    public NonKvRule nonKvRule() {
        return new NonKvRule("weights (activations and graphs come out of 1 - mem_fraction_static)", false, false, false);
    }

    @Override
    public PoolLayout pool(PoolInput in) {
        KvGeometry g = in.geometry();
        int page = in.blockSize().value();
        long freeBefore = in.totalBytes() - in.nonTorchBytes();
        long rest = new BigDecimal(freeBefore).multiply(BigDecimal.valueOf(in.fraction())).setScale(0, RoundingMode.FLOOR)
                .longValueExact() - in.nonKvBytes();
        long cell = g.bytesPerTokenRank();
        long tokens = rest <= 0 ? 0 : rest / cell / page * page;
        in.notes().add("rest = free before weights x mem_fraction_static - weights; tokens = rest // cell, rounded down to page_size");
        if (g.hasWindows()) {
            in.notes().add("Windowed layers counted as full (SGLang's SWA pool split is not modelled)");
        }
        return new PoolLayout(this, g, new PoolLayout.Shape(page, Math.multiplyExact(cell, (long) page),
                Math.multiplyExact(tokens, cell), tokens / page, tokens),
                new PoolLayout.Admission(in.runtime().ranks(), 0, PoolLayout.kinds(g, 1), 1, 0, in.maxLen()));
    }

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

    @Override
    public XlsxPool xlsxPool() { return XlsxPool.SGLANG_PAGES; }
}
