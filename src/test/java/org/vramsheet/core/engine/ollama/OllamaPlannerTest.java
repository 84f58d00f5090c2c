package org.vramsheet.core.engine.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.engine.ollama.OllamaPlanLogModels.GIB;
import static org.vramsheet.core.engine.ollama.OllamaPlanLogModels.MIB;

import java.util.List;
import org.junit.jupiter.api.Test;

/** SYNTHETIC setups (not from a log) for the planner's rules by release, its refusals and Ollama's byte printing. */
class OllamaPlannerTest {
    private static final OllamaPlanModel LLAMA = OllamaPlanLogModels.llama32_3b();

    private static OllamaPlan plan(OllamaPlanModel m, OllamaPlanSetup s) {
        OllamaPlanned p = OllamaPlanner.plan(m, s);
        assertTrue(p.ok(), p.problem());
        return p.plan();
    }

    private static OllamaPlanSetup one(String release, double freeGib) {
        return OllamaPlanSetup.cuda(OllamaRelease.of(release), List.of(Math.round(freeGib * GIB)), 8192, 1);
    }

    @Test
    void bytesPrintAsGoPrintsThemTiesToEven() {
        assertEquals("0 B", OllamaBytes.human(0));
        assertEquals("1023 B", OllamaBytes.human(1023));
        assertEquals("1.0 KiB", OllamaBytes.human(1024));
        assertEquals("1.2 GiB", OllamaBytes.human(5L << 28), "1.25 is a tie: Go's %.1f gives 1.2");
        assertEquals("1.8 GiB", OllamaBytes.human(7L << 28), "1.75 is a tie: 1.8");
        assertEquals("1019.5 MiB", OllamaBytes.human(1019L * MIB + MIB / 2));
    }

    @Test
    void badInputIsNamedNotACrash() {
        OllamaPlanSetup ok = one("0.9.0", 24);
        assertEquals("GPU 0's free memory must be 0 to 2^50 bytes",
                OllamaPlanner.plan(LLAMA, OllamaPlanSetup.cuda(ok.release(), List.of(-1L), 8192, 1)).problem());
        assertEquals("context (num_ctx x parallel) '0' is outside 1 to 8388608",
                OllamaPlanner.plan(LLAMA, OllamaPlanSetup.cuda(ok.release(), List.of(GIB), 0, 1)).problem());
        assertEquals("the planner needs one GPU's free memory at least (memory.available)",
                OllamaPlanner.plan(LLAMA, OllamaPlanSetup.cuda(ok.release(), List.of(), 8192, 1)).problem());
        OllamaPlanModel huge = LLAMA.toBuilder().clearLayers().layers(28, Long.MAX_VALUE).build();
        assertEquals("block 0's bytes must be 0 to 2^50", OllamaPlanner.plan(huge, ok).problem());
        assertEquals("vocabulary size '0' is outside 1 to 4194304", OllamaPlanner.plan(LLAMA.toBuilder().vocab(0).build(), ok).problem());
        assertEquals("block count '0' is outside 1 to 4096", OllamaPlanner.plan(LLAMA.toBuilder().clearLayers().build(), ok).problem());
        assertTrue(OllamaPlanner.plan(LLAMA, one("0.4.7", 24)).problem().contains("start at 0.5.0"));
        assertTrue(OllamaPlanner.plan(LLAMA, one("0.12.11", 24)).problem().contains("llm/memory.go removed"));
        assertTrue(OllamaPlanner.plan(LLAMA, one("0.12.10", 24)).ok());
    }

    @Test
    void theLargestSizesStayExact() {
        OllamaPlanModel big = LLAMA.toBuilder().clearLayers().layers(4096, 1L << 50).vocab(1L << 22).embedding(1L << 22)
                .heads(4096).headsKv(4096).keyLength(4096).valueLength(4096).build();
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.11.4"), List.of(1L << 50), 1L << 23, 4096).withNumGpu(-1);
        OllamaPlanned p = OllamaPlanner.plan(big, s);
        assertTrue(p.ok() || p.problem().contains("too large"), p.problem());
    }

    /** Before 0.6.1 memory.weights adds each block's KV; from 0.6.3 total is the blocks and the output layer. */
    @Test
    void weightsIncludeTheKvBefore061() {
        long blocks = LLAMA.layerBytes().stream().mapToLong(Long::longValue).sum();
        OllamaPlan early = plan(LLAMA, one("0.6.0", 24));
        assertEquals(blocks + early.kv(), early.weightsTotal());
        assertEquals(blocks + early.kv() - LLAMA.outputLayerBytes(), early.weightsRepeating());
        OllamaPlan mid = plan(LLAMA, one("0.6.2", 24));
        assertEquals(blocks, mid.weightsTotal());
        OllamaPlan late = plan(LLAMA, one("0.6.3", 24));
        assertEquals(blocks + LLAMA.outputLayerBytes(), late.weightsTotal());
        assertEquals(blocks, late.weightsRepeating());
    }

    /** gemma3's sliding blocks from 0.6.3: parallel x window + batch cells, not clamped; before, every block full. */
    @Test
    void gemma3SlidesFrom063() {
        OllamaPlanModel g = OllamaPlanLogModels.gemma3_12b(800 * MIB);
        long perCell = 2 * 256 * 8 * 2;
        assertEquals(48 * 8192 * perCell, plan(g, one("0.6.2", 40)).kv());
        assertEquals(8 * 8192 * perCell + 40 * (1024 + 512) * perCell, plan(g, one("0.6.3", 40)).kv());
        OllamaPlanSetup small = OllamaPlanSetup.cuda(OllamaRelease.of("0.6.3"), List.of(40 * GIB), 1024, 1);
        assertEquals((8 * 1024 + 40 * 1536) * perCell, plan(g, small).kv(), "1024 cells, yet the sliding blocks size 1536");
    }

    @Test
    void theCacheTypeNeedsFlashAttention() {
        OllamaPlanSetup s = one("0.9.0", 24);
        long f16 = plan(LLAMA, s).kv();
        assertEquals(f16, plan(LLAMA, s.withCache(false, "q8_0")).kv());
        assertTrue(plan(LLAMA, s.withCache(false, "q8_0")).why().stream().anyMatch(w -> w.contains("needs flash attention")));
        assertEquals(f16 / 2, plan(LLAMA, s.withCache(true, "q8_0")).kv());
        assertEquals(f16 / 4, plan(LLAMA, s.withCache(true, "q4_0")).kv());
        assertEquals(f16, plan(LLAMA, s.withCache(true, "q5_1")).kv(), "not a type the planner takes");
    }

    /**
     * num_gpu stops the placement. Before 0.7.0 (from block 0 up) the blocks left over count as many times the last
     * block's size and the output layer is not counted at all; from 0.7.0 (from the last block down) each block left
     * over counts its own size, and from 0.7.1 the output layer too.
     */
    @Test
    void numGpuLeavesTheRestOver() {
        long kv = 8192L * 2 * 8 * 128 * 2;
        List<Long> b = LLAMA.layerBytes();
        OllamaPlan up = plan(LLAMA, one("0.6.8", 24).withNumGpu(10));
        assertEquals(10, up.layersOffload());
        assertEquals(up.requiredPartial() + 18 * (b.get(27) + kv), up.requiredFull());
        OllamaPlan down = plan(LLAMA, one("0.7.1", 24).withNumGpu(10));
        assertEquals(10, down.layersOffload());
        long rest = LLAMA.outputLayerBytes();
        for (int i = 0; i < 18; i++) {
            rest += b.get(i) + kv;
        }
        assertEquals(down.requiredPartial() + rest, down.requiredFull());
        assertEquals(29, plan(LLAMA, one("0.7.1", 24)).layersOffload());
    }

    @Test
    void aGpuTooSmallIsLeftOutAndTwoGpusTakeThePartialGraph() {
        OllamaPlanSetup s = OllamaPlanSetup.cuda(OllamaRelease.of("0.9.0"), List.of(GIB / 2, 24 * GIB), 8192, 1);
        OllamaPlan p = plan(LLAMA, s);
        assertEquals(List.of(0, 29), p.split());
        assertEquals(0L, p.allocations().get(0));
        assertEquals(p.graphPartial(), p.graphFull());
        assertTrue(p.why().get(2).startsWith("GPU 0 left out"), p.why().toString());
        assertEquals(p.allocations().get(1), p.requiredPartial());
    }

    @Test
    void metalTakesTheFullGraphAndTheCpuPlacesNothing() {
        OllamaPlan metal = plan(LLAMA, one("0.9.0", 24).withLibrary("metal"));
        assertEquals(metal.graphFull(), metal.graphPartial());
        OllamaPlan cpu = plan(LLAMA, one("0.9.0", 24).withLibrary("cpu"));
        assertEquals(0, cpu.layersOffload());
        assertEquals(0L, cpu.requiredPartial());
        assertFalse(cpu.allocations().isEmpty());
        assertEquals(cpu.allocations().get(0), cpu.requiredFull(), "all of it is the one allocation");
    }

    @Test
    void gpuOverheadIsKeptFreeOnEachGpu() {
        OllamaPlan tight = plan(LLAMA, one("0.9.0", 3.2));
        OllamaPlan over = plan(LLAMA, one("0.9.0", 3.2).withOverhead(GIB));
        assertTrue(over.layersOffload() < tight.layersOffload(), tight.layersOffload() + " vs " + over.layersOffload());
        assertTrue(over.logText().contains("layers.offload=" + over.layersOffload()));
    }
}
