package org.vramsheet.core.engine.sglang;

import java.util.Locale;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.engine.vllm.VllmProfile;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * What SGLang does not find free when it sizes its pool, before launch: its rule ({@code profile_max_num_token}) starts from
 * the free memory at load, {@code total - (CUDA context, NCCL and other processes)}, and subtracts what the load really took,
 * which is more than the weights the sheet estimates (cuBLAS / kernel workspaces, rounding of the checkpoint). The source
 * gives neither, so the two are fitted as one: K = total - (KV pool + estimated weights) / mem_fraction_static, the memory
 * that was not available to the pool, on the field logs that can be predicted (SglangLeaveOneOutTest prints each log's K and
 * the leave-one-out error; docs/accuracy.md, SGLang). It stands in RUNTIME's non-torch memory; an applied log's free memory
 * before the weights replaces it.
 */
final class SglangNonKv {
    /** On one GPU: the median K of SG02, SG12 and SG13 (0.53, 0.88, 1.03 GiB; SglangLeaveOneOutTest asserts the median). */
    static final double NOT_FREE_GIB = 0.88;
    /**
     * With tensor parallelism: SG05's K (TP 4 on H100s), the only TP log that can be predicted; NCCL and the custom all-reduce
     * buffers are taken before the load (a TP 8 H100 log of v0.5.2rc2 prints "Init torch distributed ends. mem usage=1.25 GB").
     */
    static final double NOT_FREE_TP_GIB = 2.31;

    private SglangNonKv() { }

    /** Bytes of {@link #NOT_FREE_GIB} (one GPU) or {@link #NOT_FREE_TP_GIB} (TP) per GPU. */
    static long notFreeBytes(RuntimeSettings r) { return Units.gib(r.tensorParallel() > 1 ? NOT_FREE_TP_GIB : NOT_FREE_GIB); }

    /**
     * The module's terms on the shared estimate: the estimate starts from vLLM's non-torch figure (0.05 GiB for a version
     * below vLLM's 0.11, which every SGLang release is, else vLLM's one-GPU fit); the extra term makes the total K, and with
     * TP the TP figure is replaced so that the extra term again gives K.
     */
    static NonKvTerms terms(RuntimeSettings r) {
        long k = notFreeBytes(r);
        EngineVersion v = EngineVersion.parse(r.engineVersion());
        long base = r.pipelineParallel() > 1 && r.tensorParallel() == 1 ? VllmProfile.FITTED.nonTorchPp()
                : v != null && !v.atLeast(0, 11) ? Units.gib(0.05) : VllmProfile.FITTED.nonTorchOne();
        long extra = k - base;
        String note = String.format(Locale.ROOT, "SGLang: %s per GPU not free to its pool at load (CUDA context, NCCL, what the "
                + "load takes beyond the weights), fitted on its field logs; paste a log with 'Load weight begin. avail mem' to "
                + "use the free memory it measured", Units.gibText(k));
        return r.tensorParallel() > 1 ? new NonKvTerms(1, null, k - extra, note, extra, null)
                : new NonKvTerms(1, null, null, null, extra, note);
    }
}
