package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.catalog.GpuCatalog;

/**
 * Issue 27 point 3: where a real log measured a GPU's CUDA-visible total, the catalog holds that measurement, not the
 * nvidia-smi-less-512-MiB estimate: the L40S's 44.42 GiB (VC08, vLLM's "Free memory on device") and the RTX 5090's
 * 31.84 GiB (TR09, TensorRT-LLM's "total"). Each is read from the log that the catalog cites, so the two cannot drift apart.
 */
class MeasuredGpuTotalsTest {
    private static FieldLogs.FieldLog log(String engine, String id) {
        return FieldLogs.of(engine).filter(f -> f.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theCatalogHoldsTheTotalsTheLogsMeasured() {
        Map<String, FieldLogs.FieldLog> cited = Map.of("NVIDIA L40S", log("vllm", "VC08"), "NVIDIA GeForce RTX 5090",
                log("trtllm", "TR09"));
        cited.forEach((gpu, f) -> {
            Long printed = EngineLogParser.parse(f.text()).totalBytes();
            assertNotNull(printed, f.id() + " prints the CUDA total");
            GpuCatalog.Entry e = GpuCatalog.entries().stream().filter(g -> g.name().equals(gpu)).findFirst().orElseThrow();
            // the logs print two decimals of GiB; the catalog keeps that figure x 2^30, as for the H100's 79.19 GiB
            assertEquals(printed, e.cudaVisibleBytes(), Units.gib(0.0051), gpu + " against " + f.id());
            assertFalse(e.cudaVisibleEstimate(), gpu + " is measured, not estimated");
            assertEquals(gpu, f.e().path("gpu_catalog").asText(), f.id() + " names the GPU");
        });
    }
}
