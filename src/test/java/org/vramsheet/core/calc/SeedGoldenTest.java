package org.vramsheet.core.calc;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.calc.Sheets.value;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** Every worked number in shared/seeds, computed by the core. */
public class SeedGoldenTest {

    private static SizingResult calc(Worksheet ws) {
        return SizingCalculator.calculate(ws);
    }

    private static String gib1(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / (double) Units.GIB);
    }

    @Test
    void llama70bBf16Is327680BytesPerToken() {
        SizingResult r = calc(Sheets.llama70b());
        assertEquals(327_680, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN));
        assertEquals(320 * Units.KIB, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN));
    }

    @Test
    void headDimFromHiddenSizeOverHeads() {
        Worksheet ws = Sheets.llama70b();
        KvArchitecture k = KvArchitecture.builder().layers(80).attentionHeads(64).kvHeads(8).hiddenSize(8192).kvDtype(KvDtype.BF16).build();
        SizingResult r = calc(ws.withKv(k));
        assertEquals(327_680, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN));
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().assumptions().stream()
                .anyMatch(a -> a.contains("8192 / 64 heads = 128")));
    }

    @Test
    void countingQueryHeadsIsTheEightfoldMistake() {
        SizingResult r = calc(Sheets.llama70b());
        assertEquals(2_621_440, value(r, FigureKey.KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN));
        assertEquals(8, value(r, FigureKey.KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN) / value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN));
    }

    @Test
    void fp8KvIs160KiB() {
        Worksheet ws = Sheets.llama70b().withKv(Sheets.gqa(80, 64, 8, 128, KvDtype.FP8_E4M3));
        assertEquals(160 * Units.KIB, value(calc(ws), FigureKey.KV_CACHE_BYTES_PER_TOKEN));
    }

    @Test
    void fourSequencesOf40000ActiveTokensAre12Point2GiB() {
        Worksheet ws = Sheets.withScenario(Sheets.llama70b(), ScenarioId.TYPICAL,
                new Scenario(null, null, null, List.of(3000L, 7000L, 12000L, 18000L), null, null));
        SizingResult r = calc(ws);
        assertEquals(40_000, value(r, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.ACTIVE_TOKENS)));
        assertEquals(4, value(r, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.SEQUENCES)));
        assertEquals(40_000L * 327_680, value(r, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)));
        assertEquals("12.2", gib1(value(r, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES))));
    }

    @Test
    void typicalHeavyLimitAre15And60And160GiB() {
        SizingResult r = calc(Sheets.llama70b());
        assertEquals(15 * Units.GIB, value(r, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)));
        assertEquals(60 * Units.GIB, value(r, FigureKey.scenario(ScenarioId.HEAVY, ScenarioFigure.KV_BYTES)));
        assertEquals(524_288, value(r, FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.ACTIVE_TOKENS)));
        assertEquals(160 * Units.GIB, value(r, FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES)));
    }

    @Test
    void generatedTokensGrowTheCache() {
        Worksheet ws = Sheets.withScenario(Sheets.llama70b(), ScenarioId.TYPICAL, Scenario.of(20_000, 2_000, 1));
        assertEquals(22_000, value(calc(ws), FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.ACTIVE_TOKENS_PER_SEQUENCE)));
    }

    @Test
    void weightsOf70BInBf16Are140GBand130Point4GiB() {
        Worksheet ws = Sheets.llama70b().withWeights(Sheets.weights(70_000_000_000L, WeightFormat.BF16));
        long b = value(calc(ws), FigureKey.WEIGHTS_BYTES);
        assertEquals(140_000_000_000L, b);
        assertEquals("130.4", gib1(b));
    }

    @ParameterizedTest(name = "{0}B: {1} / {2} / {3} GiB")
    @CsvSource({"7, 13.0, 6.5, 3.3", "13, 24.2, 12.1, 6.1", "70, 130.4, 65.2, 32.6"})
    void weightTableOfSeed003(long billions, String fp16, String int8, String int4) {
        Worksheet base = Sheets.llama70b();
        long p = billions * 1_000_000_000L;
        assertEquals(fp16, gib1(value(calc(base.withWeights(Sheets.weights(p, WeightFormat.FP16))), FigureKey.WEIGHTS_BYTES)));
        assertEquals(int8, gib1(value(calc(base.withWeights(Sheets.weights(p, WeightFormat.INT8))), FigureKey.WEIGHTS_BYTES)));
        assertEquals(int4, gib1(value(calc(base.withWeights(Sheets.weights(p, WeightFormat.INT4))), FigureKey.WEIGHTS_BYTES)));
    }

    @Test
    void int4WithGroup128ScaleAndZeroIsAbout0Point53BytesPerParam() {
        Weights w = Weights.builder().totalParams(70_000_000_000L).format(WeightFormat.INT4).computeDtype(ComputeDtype.FP16)
                .groupSize(128).scaleBits(16).zeroPointBits(16).build();
        double bpp = calc(Sheets.llama70b().withWeights(w)).get(FigureKey.WEIGHTS_BYTES_PER_PARAM).ratio();
        assertEquals(0.53, bpp, 0.005);
        assertEquals(0.53125, bpp, 1e-9);
    }

    @Test
    void unquantizedEmbeddingsAddTheirFullWidth() {
        long emb = 2L * 128_256 * 8192; // embeddings + LM head of Llama 3.1 70B
        Weights w = Sheets.weights(70_000_000_000L, WeightFormat.INT4).toBuilder().unquantizedParams(emb).build();
        long b = value(calc(Sheets.llama70b().withWeights(w)), FigureKey.WEIGHTS_BYTES);
        assertEquals((70_000_000_000L - emb) / 2 + emb * 2, b);
    }

    @Test
    void exactCheckpointBytesWinOverTheEstimate() {
        Weights w = Sheets.weights(70_553_706_496L, WeightFormat.BF16).toBuilder().checkpointBytes(141_107_412_992L).build();
        SizingResult r = calc(Sheets.llama70b().withWeights(w));
        assertEquals(141_107_412_992L, value(r, FigureKey.WEIGHTS_BYTES));
        assertTrue(r.get(FigureKey.WEIGHTS_BYTES).provenance().formula().contains("checkpoint"));
    }

    @Test
    void moeKeepsTotalAndActiveApart() {
        Weights w = Sheets.weights(15_706_484_224L, WeightFormat.BF16).toBuilder().activeParams(2_660_000_000L).build();
        SizingResult r = calc(Sheets.llama70b().withWeights(w));
        assertEquals(15_706_484_224L * 2, value(r, FigureKey.WEIGHTS_BYTES));
        assertEquals(2_660_000_000L, value(r, FigureKey.WEIGHTS_ACTIVE_PARAMS));
    }

    @Test
    void deepSeekV2LiteMlaIs31104AgainstNaive221184And331776() {
        Worksheet ws = Sheets.llama70b().withKv(Sheets.mla(27, 16, 512, 64, KvDtype.BF16));
        long mla = value(calc(ws), FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        assertEquals(31_104, mla);
        long naive128 = value(calc(ws.withKv(Sheets.gqa(27, 16, 16, 128, KvDtype.BF16))), FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        long naive192 = value(calc(ws.withKv(Sheets.gqa(27, 16, 16, 192, KvDtype.BF16))), FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        assertEquals(221_184, naive128);
        assertEquals(331_776, naive192);
        assertEquals("7.1", String.format(Locale.ROOT, "%.1f", naive128 / (double) mla));
        assertEquals("10.7", String.format(Locale.ROOT, "%.1f", naive192 / (double) mla));
    }

    @Test
    void deepSeekV3Fp8MlaIs35136() {
        Worksheet ws = Sheets.llama70b().withKv(Sheets.mla(61, 128, 512, 64, KvDtype.FP8_E4M3));
        assertEquals(35_136, value(calc(ws), FigureKey.KV_CACHE_BYTES_PER_TOKEN));
    }

    @Test
    void sevenBMhaIs512KiBAnd64GiBAt32x4096() {
        Worksheet ws = Sheets.withScenario(Sheets.llama70b().withKv(Sheets.gqa(32, 32, 32, 128, KvDtype.FP16)),
                ScenarioId.HEAVY, Scenario.of(4096, 0, 32));
        SizingResult r = calc(ws);
        assertEquals(512 * Units.KIB, value(r, FigureKey.KV_CACHE_BYTES_PER_TOKEN));
        assertEquals(64 * Units.GIB, value(r, FigureKey.scenario(ScenarioId.HEAVY, ScenarioFigure.KV_BYTES)));
        Worksheet one = Sheets.withScenario(ws, ScenarioId.TYPICAL, Scenario.of(4096, 0, 1));
        assertEquals(2 * Units.GIB, value(calc(one), FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)));
    }

    @ParameterizedTest(name = "{0}: {1} KiB")
    @CsvSource({"32, 512, 1", "8, 128, 4", "1, 16, 32"})
    void mhaGqaMqa(int kvHeads, long kib, int saving) {
        Worksheet ws = Sheets.llama70b().withKv(Sheets.gqa(32, 32, kvHeads, 128, KvDtype.FP16));
        long b = value(calc(ws), FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        assertEquals(kib * Units.KIB, b);
        assertEquals(saving, 512 * Units.KIB / b);
    }

    @Test
    void hundredRequestsOf500CostTheSameAsFiveOf10000() {
        Worksheet a = Sheets.withScenario(Sheets.llama70b(), ScenarioId.TYPICAL, Scenario.of(500, 0, 100));
        Worksheet b = Sheets.withScenario(Sheets.llama70b(), ScenarioId.TYPICAL, Scenario.of(10_000, 0, 5));
        assertEquals(value(calc(a), FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)),
                value(calc(b), FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)));
    }

    /** Seed 003's 70B int4 GQA-8 example: weights 32.6 GiB, KV 40 GiB, total 84.6 GiB, does not fit 80 GiB. */
    @Test
    void seventyBInt4At8KTimes16Is84Point6GiBAndDoesNotFit() {
        Worksheet ws = seed003(8192, KvDtype.FP16).withResult(new ResultSettings(0L, ScenarioId.LIMIT, 8192L, null));
        SizingResult r = calc(ws);
        assertEquals("32.6", gib1(value(r, FigureKey.WEIGHTS_BYTES)));
        assertEquals(40 * Units.GIB, value(r, FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES)));
        assertEquals("84.6", gib1(value(r, FigureKey.RESULT_BUDGET_BYTES)));
        assertFalse(r.get(FigureKey.RESULT_FITS).isTrue());
    }

    @ParameterizedTest(name = "context {0}, KV {1}: {2} sequences")
    @CsvSource({"8192, FP16, 15", "2048, FP16, 61", "8192, FP8_E4M3, 30"})
    void maxConcurrencyOnAn80GiBCard(long context, KvDtype dtype, long expected) {
        Worksheet ws = seed003(context, dtype).withResult(new ResultSettings(0L, ScenarioId.LIMIT, context, null));
        assertEquals(expected, value(calc(ws), FigureKey.POOL_MAX_CONCURRENCY));
    }

    @Test
    void gpuKvCacheSize129024TokensIs15Point75xAt8192() {
        // a pool of exactly 8,064 blocks of 16 tokens of the 70B GQA-8 model
        long page = 16L * 327_680;
        Worksheet ws = seed003(8192, KvDtype.FP16);
        RuntimeSettings r = ws.runtime();
        ws = ws.withRuntime(r.toBuilder().blockSize(16).nonTorchBytes(0L).fragmentationPercent(0.0)
                .kvCacheMemoryBytes(8064 * page + page / 2).build());
        SizingResult res = calc(ws);
        assertEquals(8064, value(res, FigureKey.POOL_GPU_BLOCKS));
        assertEquals(129_024, value(res, FigureKey.POOL_CAPACITY_TOKENS));
        assertEquals("15.75", Units.two(res.get(FigureKey.POOL_CONCURRENCY_RATIO).ratio()));
    }

    /** util 0.9, 1 GiB fixed, idealized int4 weights, as seed 003's max_concurrent(). */
    public static Worksheet seed003(long context, KvDtype dtype) {
        Worksheet base = Sheets.llama70b();
        return base.withWeights(Weights.builder().totalParams(70_000_000_000L).format(WeightFormat.INT4)
                        .computeDtype(ComputeDtype.FP16).build())
                .withKv(Sheets.gqa(80, 64, 8, 128, dtype))
                .withWorkloads(new Workloads(Scenario.of(1024, 0, 16), Scenario.of(4096, 0, 16), Scenario.of(8192, 0, 16)))
                .withRuntime(Sheets.vllm("0.19.0", 0.9, 8192L).toBuilder().nonTorchBytes(Units.GIB).fragmentationPercent(15.0)
                        .build())
                .withGpu(new Gpu("80 GiB", 1, 80 * Units.GIB));
    }
}
