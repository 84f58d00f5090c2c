package org.vramsheet.io.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.perf.GpuPerformance;

/** The catalog's performance figures: sourced, valid, and as the cited files give them. */
class GpuCatalogPerformanceTest {
    static GpuPerformance of(String name) {
        return GpuCatalog.entries().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow().performance();
    }

    @Test
    void everyFigureHasASourceAndValidValues() {
        long with = 0;
        for (GpuCatalog.Entry e : GpuCatalog.entries()) {
            GpuPerformance p = e.performance();
            if (p == null) {
                continue;
            }
            with++;
            assertFalse(p.source().isBlank(), e.name());
            // a missing BF16 rate is the only allowed problem (no dense BF16 figure was found for that GPU)
            List<String> problems = p.problems();
            assertTrue(problems.isEmpty() || problems.equals(List.of("GPU › BF16 dense TFLOPS: needed for the latency "
                    + "estimate")), e.name() + ": " + problems);
            assertTrue(p.linkGbPerS() == null || !p.link().isBlank(), e.name() + " names its link");
        }
        assertEquals(28, with);
    }

    @Test
    void aiconfiguratorSystemFilesAsCited() {
        // aic-core/src/aiconfigurator_core/systems/*.yaml @095f58a: mem_bw, bfloat16/fp8/fp4_tc_flops, intra_node_bw
        assertEquals(new GpuPerformance(3350.0, 989.0, 1978.0, null, 450.0, "NVLink 4", of("NVIDIA H100 SXM 80GB").source()),
                of("NVIDIA H100 SXM 80GB"));
        GpuPerformance b200 = of("NVIDIA B200");
        assertEquals(List.of(7700.0, 2250.0, 4500.0, 9000.0, 900.0), List.of(b200.bandwidthGbPerS(), b200.bf16Tflops(),
                b200.fp8Tflops(), b200.fp4Tflops(), b200.linkGbPerS()));
        GpuPerformance a100 = of("NVIDIA A100 80GB SXM4");
        assertEquals(null, a100.fp8Tflops());
        assertTrue(a100.source().contains("no FP8 tensor cores"), a100.source());
        assertNotNull(of("NVIDIA H20").fp8Tflops());
    }
}
