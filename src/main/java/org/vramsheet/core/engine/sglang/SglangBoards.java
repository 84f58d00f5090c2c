package org.vramsheet.core.engine.sglang;

import java.util.List;
import java.util.Locale;

/**
 * Whether a catalog GPU sits on a board whose GPUs talk over NVLink (or AMD's Infinity Fabric) rather than PCIe: SXM and
 * NVL parts by name, and the parts that only ship on such baseboards (B200, B300, GB200, GB300, H20, MI300X, MI325X). With
 * tensor parallelism NCCL and SGLang's custom all-reduce then keep their peer-to-peer buffers in GPU memory, set up in
 * {@code ModelRunner.init_torch_distributed} before the weights load (sgl-project/sglang
 * python/sglang/srt/model_executor/model_runner.py); on PCIe cards without peer access (GeForce, L4) the custom all-reduce
 * is off and NCCL's transport buffers are in host memory.
 */
public final class SglangBoards {
    private static final List<String> BASEBOARD_ONLY = List.of("B200", "B300", "GB200", "GB300", "H20", "MI300X", "MI325X");

    private SglangBoards() { }

    /** True for an NVLink / Infinity Fabric board by the catalog name (false for a blank or unknown name). */
    public static boolean nvlink(String gpuName) {
        String n = gpuName == null ? "" : gpuName.toUpperCase(Locale.ROOT);
        if (n.contains(" SXM") || n.contains(" NVL")) {
            return true;
        }
        for (String part : n.split("[^A-Z0-9]+")) {
            if (BASEBOARD_ONLY.contains(part)) {
                return true;
            }
        }
        return false;
    }
}
