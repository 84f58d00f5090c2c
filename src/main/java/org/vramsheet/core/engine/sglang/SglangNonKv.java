package org.vramsheet.core.engine.sglang;

import java.util.Locale;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.engine.vllm.VllmProfile;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * What SGLang does not find free when it sizes its pool, before launch. Its rule ({@code profile_max_num_token}) starts from
 * the free memory at load, the smallest rank's after {@code init_torch_distributed} (sgl-project/sglang
 * python/sglang/srt/model_executor/model_runner.py: NCCL and the custom all-reduce are set up there, before the weights), and
 * subtracts what the load really took, which is a little more than the weights the sheet estimates. So K = total - (KV pool +
 * estimated weights) / mem_fraction_static is two terms: the memory not free at load (total - "Load weight begin. avail
 * mem"), by kind (one GPU; TP on a PCIe card; TP on an NVLink board, {@link SglangBoards}), and what the load takes beyond
 * the estimate, one figure for all. Both are medians of the field logs (SglangLeaveOneOutTest prints them and the
 * leave-one-out error per log; docs/accuracy.md, SGLang). K stands in RUNTIME's non-torch memory; an applied log's free
 * memory before the weights replaces it.
 */
final class SglangNonKv {
    /** Not free at load on one GPU: the median of SG02, SG03, SG12, SG13 (0.38, 0.74, 0.71, 0.99 GiB). */
    static final double AT_LOAD_ONE_GIB = 0.73;
    /** Not free at load with TP on PCIe cards: the median of SG01 (4 x L4), SG11 (2 x RTX 4090), SG14 (4 x RTX 4090). */
    static final double AT_LOAD_TP_PCIE_GIB = 0.41;
    /**
     * Not free at load with TP on an NVLink board: the median of SG15 (8 x H100 SXM, 1.76 GiB; "Init torch distributed ends.
     * mem usage=1.25 GB") and SG16 (8 x H20, 1.52 GiB).
     */
    static final double AT_LOAD_TP_NVLINK_GIB = 1.64;
    /**
     * What the load takes beyond the sheet's weight estimate, over the fraction: the median of K - not free at load on the
     * predictable logs that print their free memory (SG01 0.34, SG02 0.15, SG12 0.17, SG13 0.04, SG14 0.25 GiB).
     */
    static final double BEYOND_WEIGHTS_GIB = 0.17;

    private SglangNonKv() { }

    /** The kind of board and parallelism the not-free-at-load term is taken for. */
    enum Kind { ONE_GPU, TP_PCIE, TP_NVLINK }

    static Kind kind(RuntimeSettings r, Gpu gpu) {
        if (r.tensorParallel() <= 1) {
            return Kind.ONE_GPU;
        }
        return gpu != null && SglangBoards.nvlink(gpu.name()) ? Kind.TP_NVLINK : Kind.TP_PCIE;
    }

    static double atLoadGib(Kind k) {
        return switch (k) {
            case ONE_GPU -> AT_LOAD_ONE_GIB;
            case TP_PCIE -> AT_LOAD_TP_PCIE_GIB;
            case TP_NVLINK -> AT_LOAD_TP_NVLINK_GIB;
        };
    }

    /** K per GPU: not free at load for the kind + what the load takes beyond the weights. */
    static long notFreeBytes(RuntimeSettings r, Gpu gpu) { return Units.gib(atLoadGib(kind(r, gpu)) + BEYOND_WEIGHTS_GIB); }

    /**
     * The module's terms on the shared estimate: the estimate starts from vLLM's non-torch figure (0.05 GiB for a version
     * below vLLM's 0.11, which every SGLang release is, else vLLM's one-GPU fit); the extra term makes the total K, and with
     * TP the TP figure is replaced so that the extra term again gives K.
     */
    static NonKvTerms terms(RuntimeSettings r, Gpu gpu) {
        Kind kind = kind(r, gpu);
        long k = notFreeBytes(r, gpu);
        EngineVersion v = EngineVersion.parse(r.engineVersion());
        long base = r.pipelineParallel() > 1 && r.tensorParallel() == 1 ? VllmProfile.FITTED.nonTorchPp()
                : v != null && !v.atLeast(0, 11) ? Units.gib(0.05) : VllmProfile.FITTED.nonTorchOne();
        long extra = k - base;
        String where = switch (kind) {
            case ONE_GPU -> "on one GPU";
            case TP_PCIE -> "with TP on PCIe cards";
            case TP_NVLINK -> "with TP on an NVLink board (NCCL and custom all-reduce buffers)";
        };
        String note = String.format(Locale.ROOT, "SGLang: %s per GPU not free to its pool: %s not free at load %s + %s the load "
                + "takes beyond the weights, fitted on its field logs; paste a log with 'Load weight begin. avail mem' to use the "
                + "free memory it measured", Units.gibText(k), Units.gibText(Units.gib(atLoadGib(kind))), where,
                Units.gibText(Units.gib(BEYOND_WEIGHTS_GIB)));
        return r.tensorParallel() > 1 ? new NonKvTerms(1, null, k - extra, note, extra, null)
                : new NonKvTerms(1, null, null, null, extra, note);
    }
}
