package org.vramsheet.core.sheet;

/**
 * GPU › Performance: what the latency estimate reads of the GPU (issue 29). Picking a GPU from the catalog fills it with
 * the catalog's datasheet figures and their source; a custom GPU takes typed values. Empty: no performance data, the
 * latency, SLA and cost-per-token figures say so.
 *
 * @param bandwidthGbPerS memory bandwidth, GB/s (10^9 B)
 * @param bf16Tflops      dense BF16 (or FP16) tensor TFLOPS
 * @param fp8Tflops       dense FP8 tensor TFLOPS; empty: no FP8 tensor cores
 * @param fp4Tflops       dense FP4 tensor TFLOPS; empty: no FP4 tensor cores
 * @param linkGbPerS      interconnect per GPU, one direction, GB/s (NVLink, Infinity Fabric, PCIe)
 * @param link            what the link is ("NVLink 4")
 * @param source          where the figures were read ("typed" for a custom GPU)
 */
public record GpuSpeed(Double bandwidthGbPerS, Double bf16Tflops, Double fp8Tflops, Double fp4Tflops, Double linkGbPerS,
                       String link, String source) {
    public GpuSpeed {
        link = link == null ? "" : link;
        source = source == null ? "" : source;
    }

    /** Whether no figure is set. */
    public boolean empty() {
        return bandwidthGbPerS == null && bf16Tflops == null && fp8Tflops == null && fp4Tflops == null && linkGbPerS == null;
    }
}
