package org.vramsheet.core.calc;

import org.vramsheet.core.sheet.Engine;
import static org.junit.jupiter.api.Assertions.assertFalse;
import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.calc.Sheets.value;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** Property tests over random (seeded, repeatable) architectures and workloads. */
class InvariantTest {
    private static final int CASES = 400;

    private static KvArchitecture randomKv(Random rnd, KvDtype dtype) {
        int layers = 1 + rnd.nextInt(128);
        int kv = 1 << rnd.nextInt(4);
        int heads = kv * (1 << rnd.nextInt(4));
        int dim = 32 * (1 + rnd.nextInt(8));
        List<LayerWindow> windows = rnd.nextBoolean() || layers < 2 ? List.of()
                : List.of(new LayerWindow(1 + rnd.nextInt(layers - 1), 128L << rnd.nextInt(6), WindowKind.SLIDING));
        return Sheets.gqa(layers, heads, kv, dim, dtype).toBuilder().windows(windows).build();
    }

    @Test
    void kvIsMonotoneInActiveTokens() {
        Random rnd = new Random(7);
        for (int i = 0; i < CASES; i++) {
            Worksheet ws = Sheets.llama70b().withKv(randomKv(rnd, KvDtype.BF16));
            long len = 1 + rnd.nextInt(20_000);
            long seqs = 1 + rnd.nextInt(64);
            long a = value(SizingCalculator.calculate(Sheets.withScenario(ws, ScenarioId.TYPICAL, Scenario.of(len, 0, seqs))),
                    FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES));
            long b = value(SizingCalculator.calculate(Sheets.withScenario(ws, ScenarioId.TYPICAL, Scenario.of(len + 1, 0, seqs))),
                    FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES));
            long c = value(SizingCalculator.calculate(Sheets.withScenario(ws, ScenarioId.TYPICAL, Scenario.of(len, 0, seqs + 1))),
                    FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES));
            assertTrue(b >= a && c > a, "monotone: " + a + " " + b + " " + c);
        }
    }

    @Test
    void fp8IsExactlyHalfOfBf16() {
        Random rnd = new Random(11);
        for (int i = 0; i < CASES; i++) {
            long seed = rnd.nextLong();
            Worksheet bf = Sheets.llama70b().withKv(randomKv(new Random(seed), KvDtype.BF16));
            Worksheet f8 = Sheets.llama70b().withKv(randomKv(new Random(seed), KvDtype.FP8_E4M3));
            SizingResult a = SizingCalculator.calculate(bf);
            SizingResult b = SizingCalculator.calculate(f8);
            assertEquals(value(a, FigureKey.KV_CACHE_BYTES_PER_TOKEN), 2 * value(b, FigureKey.KV_CACHE_BYTES_PER_TOKEN));
            assertEquals(value(a, FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES)),
                    2 * value(b, FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES)));
        }
    }

    @Test
    void gqaSavingEqualsHeadsOverKvHeads() {
        Random rnd = new Random(13);
        for (int i = 0; i < CASES; i++) {
            int layers = 1 + rnd.nextInt(128);
            int kv = 1 << rnd.nextInt(5);
            int heads = kv * (1 + rnd.nextInt(16));
            int dim = 16 * (1 + rnd.nextInt(16));
            Worksheet mha = Sheets.llama70b().withKv(Sheets.gqa(layers, heads, heads, dim, KvDtype.BF16));
            Worksheet gqa = Sheets.llama70b().withKv(Sheets.gqa(layers, heads, kv, dim, KvDtype.BF16));
            long a = value(SizingCalculator.calculate(mha), FigureKey.KV_CACHE_BYTES_PER_TOKEN);
            long b = value(SizingCalculator.calculate(gqa), FigureKey.KV_CACHE_BYTES_PER_TOKEN);
            assertEquals(0, a % b);
            assertEquals(heads / kv, a / b);
        }
    }

    @Test
    void slidingWindowLayersStopGrowing() {
        KvArchitecture k = Sheets.gqa(42, 16, 8, 256, KvDtype.BF16).toBuilder()
                .windows(List.of(new LayerWindow(21, 4096L, WindowKind.SLIDING))).build();
        Worksheet ws = Sheets.llama70b().withKv(k);
        long at4k = value(SizingCalculator.calculate(Sheets.withScenario(ws, ScenarioId.TYPICAL, Scenario.of(4096, 0, 1))),
                FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES));
        long at8k = value(SizingCalculator.calculate(Sheets.withScenario(ws, ScenarioId.TYPICAL, Scenario.of(8192, 0, 1))),
                FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES));
        long perToken = 2L * 8 * 256 * 2;
        assertEquals(4096 * 42 * perToken, at4k);
        assertEquals(at4k + 4096 * 21 * perToken, at8k, "only the 21 global layers grow past the window");
    }

    @Test
    void fiveLocalToOneGlobalPatternAndChunkedLayers() {
        // Gemma 3 27B: 62 layers, 5 local (window 1024) : 1 global -> 52 local + 10 global; 16 KV heads x 128
        KvArchitecture gemma3 = Sheets.gqa(62, 32, 16, 128, KvDtype.BF16).toBuilder()
                .windows(List.of(new LayerWindow(52, 1024L, WindowKind.SLIDING))).build();
        Worksheet ws = Sheets.withScenario(Sheets.llama70b().withKv(gemma3), ScenarioId.TYPICAL, Scenario.of(32_768, 0, 1));
        long perLayerToken = 2L * 16 * 128 * 2;
        assertEquals(perLayerToken * (10 * 32_768L + 52 * 1024L), value(SizingCalculator.calculate(ws),
                FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)));
        // Llama 4 style chunked local attention: 3 of 4 layers capped at 8192
        KvArchitecture llama4 = Sheets.gqa(48, 40, 8, 128, KvDtype.BF16).toBuilder()
                .windows(List.of(new LayerWindow(36, 8192L, WindowKind.CHUNKED))).build();
        Worksheet l4 = Sheets.withScenario(Sheets.llama70b().withKv(llama4), ScenarioId.TYPICAL, Scenario.of(32_768, 0, 2));
        long per = 2L * 8 * 128 * 2;
        assertEquals(2 * per * (12 * 32_768L + 36 * 8192L), value(SizingCalculator.calculate(l4),
                FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)));
    }

    @Test
    void hybridStateIsFixedPerSequence() {
        KvArchitecture k = Sheets.gqa(4, 32, 8, 128, KvDtype.BF16).toBuilder().stateLayers(28).stateBytesPerLayer(1_000_000L).build();
        Worksheet ws = Sheets.llama70b().withKv(k);
        long a = value(SizingCalculator.calculate(Sheets.withScenario(ws, ScenarioId.TYPICAL, Scenario.of(1000, 0, 3))),
                FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES));
        assertEquals(3 * (1000L * 4 * 2 * 8 * 128 * 2 + 28_000_000L), a);
    }

    @Test
    void sharedPrefixIsCountedOnceWithPrefixCaching() {
        Worksheet ws = Sheets.withScenario(Sheets.llama70b(), ScenarioId.TYPICAL,
                new Scenario(4096L, 0L, 10L, List.of(), 2048L, null));
        long off = value(SizingCalculator.calculate(ws), FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES));
        Worksheet on = ws.withRuntime(ws.runtime().toBuilder().prefixCaching(true).build());
        SizingResult res = SizingCalculator.calculate(on);
        assertEquals(40_960 - 9 * 2048, value(res, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.UNIQUE_TOKENS)));
        assertEquals(off - 9 * 2048L * 327_680, value(res, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)));
    }

    /**
     * On random architectures, GPUs, engines and parallel layouts every figure is either a sane value (bytes,
     * tokens and counts not negative except the margin; ratios finite and not negative) or unavailable with a
     * reason, and the memory stacks are made of the figures they show.
     */
    @Test
    void everyFigureIsASaneValueOrHasAReason() {
        Random rnd = new Random(17);
        Engine[] engines = Engine.values();
        for (int i = 0; i < CASES; i++) {
            Worksheet ws = Sheets.llama70b().withKv(randomKv(rnd, KvDtype.BF16))
                    .withGpu(new Gpu("x", 1, (long) (1 + rnd.nextInt(200)) * Units.GIB));
            ws = ws.withRuntime(ws.runtime().toBuilder().engine(engines[rnd.nextInt(engines.length)]).utilization(null)
                    .tensorParallel(1 << rnd.nextInt(3)).dataParallel(1 + rnd.nextInt(4)).build());
            SizingResult r = SizingCalculator.calculate(ws);
            for (Figure f : r.figures().values()) {
                String where = "case " + i + " " + ws.runtime().engine() + ": " + f.key();
                if (!f.available()) {
                    assertFalse(f.reason().isBlank(), where + " is unavailable without a reason");
                } else if (f.unit() == org.vramsheet.core.result.Unit.RATIO) {
                    assertTrue(Double.isFinite(f.ratio()) && f.ratio() >= 0, where + " = " + f.ratio());
                } else if (!f.key().equals(FigureKey.RESULT_MARGIN_BYTES.id()) && !deviceMargin(f.key())) {
                    assertTrue(f.value() >= 0, where + " = " + f.value());
                }
            }
            r.memory().stacks().forEach((name, segs) -> segs.forEach(g ->
                    assertEquals(r.get(g.key()).value(), g.bytesPerGpu(), name + " " + g.name())));
        }
    }

    /** A device's "left" (llama.cpp per device) is a margin too: negative means short by that much, and it says so. */
    private static boolean deviceMargin(String key) {
        return key.startsWith("devices.") && (key.endsWith(".freeBytes") || key.equals(FigureKey.DEVICES_WORST_FREE_BYTES.id()));
    }
}
