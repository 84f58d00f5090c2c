package org.vramsheet.core.placement;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.calc.Sheets.value;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SeedGoldenTest;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** Placement: per-rank arithmetic by hand, valid layouts, the fewest GPUs per scenario, GPU choices, replicas. */
class PlannerTest {

    static Worksheet seed003() {
        return SeedGoldenTest.seed003(8192, KvDtype.FP16).withResult(new ResultSettings(0L, ScenarioId.LIMIT, 8192L, 64L));
    }

    @Test
    void perRankArithmeticByHand() {
        Worksheet ws = seed003();
        RuntimeSettings r = ws.runtime().withParallel(4, 2, 3);
        SizingResult res = SizingCalculator.calculate(ws.withRuntime(r).withGpu(new Gpu("x", 8, 80 * Units.GIB)));
        assertEquals(35_000_000_000L / 8, value(res, FigureKey.WEIGHTS_BYTES_PER_GPU), "weights split over TP 4 x PP 2");
        // 8 KV heads / TP 4 = 2 per rank; 80 layers / PP 2 = 40 per stage: 2 x 40 x 2 x 128 x 2
        assertEquals(2L * 40 * 2 * 128 * 2, value(res, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU));
        assertEquals(8, value(res, FigureKey.PLACEMENT_GPUS_PER_REPLICA));
        assertEquals(24, value(res, FigureKey.PLACEMENT_TOTAL_GPUS));
        assertEquals(3 * value(res, FigureKey.POOL_MAX_CONCURRENCY), value(res, FigureKey.PLACEMENT_FLEET_CONCURRENCY));
        // non-KV per card: its weight share + the whole 1 GiB framework memory on every card
        assertEquals(35_000_000_000L / 8 + Units.GIB, value(res, FigureKey.POOL_NON_KV_BYTES));
    }

    @Test
    void kvHeadsReplicateAndMlaStaysWhole() {
        Worksheet ws = seed003().withRuntime(seed003().runtime().withParallel(16, 1, 1)).withGpu(new Gpu("x", 16, 80 * Units.GIB));
        assertEquals(2L * 80 * 1 * 128 * 2, value(SizingCalculator.calculate(ws), FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU),
                "TP 16 over 8 KV heads: one (replicated) head per rank");
        Worksheet mla = ws.withKv(Sheets.mla(27, 16, 512, 64, KvDtype.BF16));
        assertEquals(576L * 27 * 2, value(SizingCalculator.calculate(mla), FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU));
    }

    @Test
    void layoutsRespectHeadsAndLayers() {
        Worksheet ws = seed003();
        assertEquals(List.of(new Planner.Layout(2, 1), new Planner.Layout(1, 2)), Planner.layouts(ws, 2));
        assertEquals(List.of(new Planner.Layout(1, 3)), Planner.layouts(ws, 3), "TP 3 does not divide 64 heads");
        var tp3 = SizingCalculator.calculate(ws.withRuntime(ws.runtime().withParallel(3, 1, 1)).withGpu(new Gpu("x", 3, 80 * Units.GIB)));
        assertTrue(tp3.issues().stream().anyMatch(i -> i.message().contains("does not divide the 64 attention heads")));
    }

    @Test
    void anMlaModelIsRefusedATpThatDoesNotDivideItsAttentionHeads() {
        // Seen (issue 15): vLLM's verify_with_parallel_config refuses it for every model ("Total number of attention
        // heads (16) must be divisible by tensor parallel size (3)"); the sheet used to accept every TP for MLA.
        Worksheet mla = seed003().withKv(Sheets.mla(27, 16, 512, 64, KvDtype.BF16));
        var tp3 = SizingCalculator.calculate(mla.withRuntime(mla.runtime().withParallel(3, 1, 1)).withGpu(new Gpu("x", 3, 80 * Units.GIB)));
        assertTrue(tp3.issues().stream().anyMatch(i -> i.message().contains("TP 3 does not divide the 16 attention heads")),
                tp3.issues().toString());
        var tp8 = SizingCalculator.calculate(mla.withRuntime(mla.runtime().withParallel(8, 1, 1)).withGpu(new Gpu("x", 8, 80 * Units.GIB)));
        assertTrue(tp8.issues().stream().noneMatch(i -> i.field().equals("runtime.tensorParallel")),
                "TP 8 divides 16 heads; the one latent is not split by KV heads: " + tp8.issues());
    }

    @Test
    void fewestGpusPerScenario() {
        List<Planner.Fit> fits = Planner.recommend(seed003(), 8);
        assertEquals(new Planner.Layout(1, 1), fits.get(0).layout(), "Typical (16 x 1,024 tokens) fits one 80 GiB card");
        assertEquals(new Planner.Layout(2, 1), fits.get(2).layout(), "Limit (131K tokens, 40 GiB of KV) needs TP 2");
        assertTrue(fits.get(2).maxConcurrency() > 15);
    }

    @Test
    void gpuChoicesSideBySideWithCostAndReplicas() {
        List<Planner.Row> rows = Planner.compare(seed003(), List.of(new Planner.Option("1 x 80", 1, 80 * Units.GIB, 2.0),
                new Planner.Option("2 x 80", 2, 80 * Units.GIB, 2.0), new Planner.Option("3 x 80", 3, 80 * Units.GIB, null)));
        assertFalse(rows.get(0).poolHoldsSizing());
        assertTrue(rows.get(1).poolHoldsSizing() && rows.get(1).fits());
        assertEquals(4.0, rows.get(1).costPerReplicaHour());
        long conc = rows.get(1).maxConcurrency();
        assertEquals((64 + conc - 1) / conc, rows.get(1).replicasForTarget());
        assertNull(rows.get(2).costPerReplicaHour());
        assertEquals(new Planner.Layout(1, 3), rows.get(2).layout());
        long one = value(SizingCalculator.calculate(seed003()), FigureKey.POOL_MAX_CONCURRENCY);
        assertEquals((64 + one - 1) / one, value(SizingCalculator.calculate(seed003()), FigureKey.PLACEMENT_REPLICAS_FOR_TARGET));
    }

    /**
     * llama.cpp splits whole layers over its GPUs: one layout per count (PP n), fits when the fullest GPU does, and for a
     * card too small for every layer the -ngl that fits (the largest whose fullest GPU holds its buffers).
     */
    @Test
    void llamaCppIsPlacedByLayersAndSaysHowManyFit() {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b);
        assertEquals(List.of(new Planner.Layout(1, 4)), Planner.layouts(ws, 4));
        List<Planner.Row> rows = Planner.compare(ws, List.of(new Planner.Option("24 GiB card", 1, 24 * Units.GIB, null),
                new Planner.Option("24 GiB card", 2, 24 * Units.GIB, null)));
        Planner.Row one = rows.get(0);
        Planner.Row two = rows.get(1);
        assertFalse(one.fits(), "35 GB of 4-bit weights on one 24 GiB card");
        assertTrue(one.gpuLayersThatFit() > 0 && one.gpuLayersThatFit() < 81, "part of the layers: " + one.gpuLayersThatFit());
        assertTrue(two.fits(), "on two the fullest holds 41 layers");
        assertEquals(new Planner.Layout(1, 2), two.layout());
        assertEquals(81L, two.gpuLayersThatFit(), "every layer and the output layer");
        Worksheet placed = Planner.placedOn(ws, new Planner.Option("24 GiB card", 4, 24 * Units.GIB, null));
        assertTrue(SizingCalculator.calculate(placed).issues().isEmpty(), "Use this GPU leaves a valid llama.cpp layout");
        assertNull(Planner.compare(Sheets.llama70b(), List.of(new Planner.Option("H200", 1, Units.gib(139.81), null))).get(0)
                .gpuLayersThatFit(), "vLLM holds the same on every GPU");
    }
}
