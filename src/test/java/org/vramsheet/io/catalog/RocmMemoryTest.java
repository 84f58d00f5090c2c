package org.vramsheet.io.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.vllm.VllmModule;

/**
 * Issue 30 point 7, AMD: the MI300X's memory as ROCm shows it to vLLM. vLLM's refusal on ROCm prints the total,
 * "(8.08/191.98 GiB)", and "desired GPU memory utilization (0.95, 182.39 GiB)": the catalog's 206,141,652,992 B (rocm-smi's
 * VRAM total, nothing kept back) reproduces both (src/test/resources/unified/rocm-mi300x.txt).
 */
class RocmMemoryTest {
    private static String log() throws Exception {
        try (InputStream in = RocmMemoryTest.class.getResourceAsStream("/unified/rocm-mi300x.txt")) {
            assertNotNull(in);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String gib(long bytes) { return String.format(Locale.ROOT, "%.2f", bytes / (double) (1L << 30)); }

    @Test
    void theMi300xTotalAndVllmsRequestReproduceTheRocmLog() throws Exception {
        Matcher m = Pattern.compile("Free memory on device cuda:0 \\(([0-9.]+)/([0-9.]+) GiB\\) on startup is less than desired "
                + "GPU memory utilization \\(([0-9.]+), ([0-9.]+) GiB\\)").matcher(log());
        assertTrue(m.find());
        GpuCatalog.Entry mi300x = GpuCatalog.named("AMD Instinct MI300X");
        assertEquals(206_141_652_992L, mi300x.cudaVisibleBytes());
        assertFalse(mi300x.cudaVisibleEstimate());
        assertEquals("ROCm", mi300x.platform());
        assertEquals(m.group(2), gib(mi300x.cudaVisibleBytes()), "the total vLLM read on ROCm");
        long requested = VllmModule.requestedBytes(mi300x.cudaVisibleBytes(), Double.parseDouble(m.group(3)));
        assertEquals(m.group(4), gib(requested), "ceil(total x 0.95), as vLLM asked for it");
        // the old estimate (rocm-smi total minus 512 MiB, as on CUDA) would have printed 191.48 GiB
        assertEquals("191.48", gib(206_141_652_992L - (512L << 20)));
    }

    @Test
    void theRocmEntriesCarryRocmSmiTotals() {
        assertEquals(25_753_026_560L, GpuCatalog.named("AMD Radeon RX 7900 XTX").cudaVisibleBytes());
        assertEquals(68_702_699_520L, GpuCatalog.named("AMD Instinct MI250 (one GCD)").cudaVisibleBytes());
        assertEquals(68_702_699_520L, GpuCatalog.named("AMD Instinct MI250X (one GCD)").cudaVisibleBytes());
        assertEquals("63.98", gib(68_702_699_520L), "65,520 MiB per GCD");
    }
}
