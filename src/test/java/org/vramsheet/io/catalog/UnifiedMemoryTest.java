package org.vramsheet.io.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.model.gguf.GgufCatalog;

/**
 * Issue 30 point 7: a Mac's Metal working set drives the fit. gpt-oss-20b (the catalog's GGUF, mxfp4) under llama.cpp at
 * 32,768 tokens on a 16 GB Mac: its GPU buffers (weights + output layer + KV + compute) do not fit macOS 26's default
 * working set (12,713,115,648 B) and do fit once iogpu.wired_limit_mb is 14000 (14000 x 2^20 = 14,680,064,000 B).
 */
class UnifiedMemoryTest {
    private static final String MAC16 = "Apple silicon Mac 16 GB (macOS 26)";

    private static Worksheet onMac(String mac, Long wiredLimitMb, Engine engine) throws Exception {
        ModelImport m = GgufCatalog.fromCatalog(ModelCatalog.ggufEntries().stream()
                .filter(e -> e.id().startsWith("ggml-org/gpt-oss-20b")).findFirst().orElseThrow());
        GpuCatalog.Entry e = GpuCatalog.named(mac);
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80L << 30), null, null, null,
                null));
        ws = ws.withRuntime(ws.runtime().toBuilder().engine(engine).maxModelLen(32_768L).maxNumSeqs(1).build());
        return ws.withGpu(new Gpu(e.name(), 1, e.cudaVisibleBytes(), null, e.unifiedRamBytes(), wiredLimitMb));
    }

    private static Issue issue(SizingResult r, String field) {
        return r.issues().stream().filter(i -> i.field().equals(field)).findFirst().orElse(null);
    }

    @Test
    void theDefaultWorkingSetIsTooSmallAndTheWiredLimitMakesItFit() throws Exception {
        SizingResult stock = SizingCalculator.calculate(onMac(MAC16, null, Engine.LLAMA_CPP));
        long gpuBuffers = stock.get(FigureKey.device("gpu0", "totalBytes")).value();
        assertEquals(12_713_115_648L, stock.get(FigureKey.MEMORY_GPU_BYTES).value(), "macOS 26's working set at 16 GiB");
        assertFalse(stock.get(FigureKey.DEVICES_FITS).isTrue());
        assertEquals(12_713_115_648L - gpuBuffers, stock.get(FigureKey.DEVICES_WORST_FREE_BYTES).value());
        assertTrue(12_713_115_648L - gpuBuffers < 0, "short of the working set");

        SizingResult wired = SizingCalculator.calculate(onMac(MAC16, 14_000L, Engine.LLAMA_CPP));
        assertEquals(14_000L << 20, wired.get(FigureKey.MEMORY_GPU_BYTES).value());
        assertTrue(wired.get(FigureKey.DEVICES_FITS).isTrue());
        assertEquals(gpuBuffers, wired.get(FigureKey.device("gpu0", "totalBytes")).value(), "the buffers do not change");
        assertEquals((14_000L << 20) - gpuBuffers, wired.get(FigureKey.DEVICES_WORST_FREE_BYTES).value());
        Figure mem = wired.get(FigureKey.MEMORY_GPU_BYTES);
        assertTrue(mem.provenance().expression().startsWith("iogpu.wired_limit_mb 14,000 x 2^20 = 14,680,064,000 B"),
                mem.provenance().expression());
    }

    @Test
    void hostRamIsTheSameMemoryAndSaysSo() throws Exception {
        SizingResult r = SizingCalculator.calculate(onMac(MAC16, 14_000L, Engine.LLAMA_CPP));
        String same = "host RAM is the same memory, not counted as a second pool";
        assertTrue(r.get(FigureKey.MEMORY_GPU_BYTES).provenance().assumptions().stream().anyMatch(a -> a.contains(same)));
        assertTrue(r.get(FigureKey.DEVICES_HOST_BYTES).provenance().assumptions().stream().anyMatch(a -> a.contains(same)));
        long gpu = r.get(FigureKey.device("gpu0", "totalBytes")).value();
        long host = r.get(FigureKey.DEVICES_HOST_BYTES).value();
        assertTrue(r.get(FigureKey.DEVICES_FITS).provenance().assumptions().stream().anyMatch(a -> a.startsWith(
                "Unified memory: the GPU buffers") && a.contains("of the 16.00 GiB of the Mac")), "GPU + host counted once, "
                + (gpu + host) + " B of one RAM");
        // a GPU with memory of its own says nothing of the kind
        Worksheet ws = onMac(MAC16, null, Engine.LLAMA_CPP);
        SizingResult discrete = SizingCalculator.calculate(ws.withGpu(new Gpu("NVIDIA L4", 1, 23_616_028_672L)));
        assertTrue(discrete.get(FigureKey.MEMORY_GPU_BYTES).provenance().assumptions().stream()
                .noneMatch(a -> a.contains("Unified memory")));
    }

    @Test
    void onlyEnginesThatRunOnMetalOneMacAndALimitWithinTheRam() throws Exception {
        Issue vllm = issue(SizingCalculator.calculate(onMac(MAC16, null, Engine.VLLM)), "runtime.engine");
        assertNotNull(vllm);
        assertTrue(vllm.message().contains("does not run on the Metal GPU of Apple silicon"), vllm.message());
        assertNull(issue(SizingCalculator.calculate(onMac(MAC16, null, Engine.OLLAMA)), "runtime.engine"));
        Worksheet two = onMac(MAC16, null, Engine.LLAMA_CPP);
        two = two.withGpu(two.gpu().withCount(2));
        assertNotNull(issue(SizingCalculator.calculate(two), "gpu.count"));
        Issue tooMuch = issue(SizingCalculator.calculate(onMac(MAC16, 16_385L, Engine.LLAMA_CPP)), "gpu.wiredLimitMb");
        assertNotNull(tooMuch);
        assertTrue(tooMuch.message().contains("more than the RAM of the Mac (16,384 MiB)"), tooMuch.message());
        SizingResult r = SizingCalculator.calculate(onMac(MAC16, 16_385L, Engine.LLAMA_CPP));
        assertFalse(r.get(FigureKey.MEMORY_GPU_BYTES).available(), "no GPU memory from a limit above the RAM");
        Worksheet discrete = onMac(MAC16, 14_000L, Engine.LLAMA_CPP);
        discrete = discrete.withGpu(new Gpu("NVIDIA L4", 1, 23_616_028_672L, null, null, 14_000L));
        assertNotNull(issue(SizingCalculator.calculate(discrete), "gpu.wiredLimitMb"), "the sysctl is for unified memory");
        Worksheet absurd = onMac(MAC16, Long.MAX_VALUE, Engine.LLAMA_CPP);
        assertNotNull(issue(SizingCalculator.calculate(absurd), "gpu.wiredLimitMb"), "hostile input never crashes");
    }

    @Test
    void macsAreOneGpuInWhichGpusFitAndAmdEntriesAreRocm() {
        long macs = org.vramsheet.ui.model.GpuFitViewModel.options().stream()
                .filter(o -> o.unifiedRamBytes() != null).peek(o -> assertEquals(1, o.count(), o.name())).count();
        assertEquals(GpuCatalog.entries().stream().filter(GpuCatalog.Entry::unified).count(), macs);
        assertTrue(macs >= 8);
        for (GpuCatalog.Entry e : GpuCatalog.entries()) {
            if (e.unified()) {
                assertEquals("Metal", e.platform(), e.name());
                assertTrue(e.cudaVisibleBytes() < e.unifiedRamBytes(), e.name());
            } else if (e.name().startsWith("AMD")) {
                assertEquals("ROCm", e.platform(), e.name());
            }
        }
    }
}
