package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/**
 * Issue 25, point 3: each likely cause is corrected on the sheet and says how much of the gap is left; causes are listed
 * by that residual, and only the ones that apply to the sheet. Point 4: the dialog's prediction is the frozen one.
 */
class CauseRankingTest {
    private static EngineLogTest.Log log(String id) throws Exception {
        return EngineLogTest.logs().filter(l -> l.id().equals(id)).findFirst().orElseThrow();
    }

    /** The P17 sheet (Llama-3.1-8B on one H100) with the KV cache left at auto, as a user would leave it. */
    private static Worksheet autoKv() throws Exception {
        Worksheet ws = EngineLogTest.preLaunch(log("P17"));
        return ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.AUTO).build());
    }

    /**
     * Seen: on the right model, the real cause of a 2x gap (KV-cache dtype: log fp8, sheet auto) was ranked below
     * "sliding windows ignored?" for a model that has no sliding windows.
     */
    @Test
    void theKvDtypeIsTheCauseOfATwofoldGapAndSaysSo() throws Exception {
        Measurement m = EngineLogParser.parse(log("P17").text());
        var c = LogComparison.compare(autoKv(), m);
        assertFalse(c.mismatched(), c.modelMismatch());
        assertEquals(List.of("KV-cache dtype: log 'fp8', sheet 'auto (model dtype)' — corrected, the gap goes from -50.0 % to +0.0 %"),
                c.causes());
    }

    /** Two causes at once: both listed, the one leaving the smaller gap first, each with its own residual. */
    @Test
    void causesAreListedByTheGapTheyLeave() throws Exception {
        Measurement m = EngineLogParser.parse(log("P17").text());
        Worksheet ws = autoKv().withRuntime(autoKv().runtime().toBuilder().utilization(0.80).build());
        var c = LogComparison.compare(ws, m);
        assertEquals(2, c.causes().size(), c.causes().toString());
        assertTrue(c.causes().get(0).startsWith("KV-cache dtype: log 'fp8'"), c.causes().toString());
        assertTrue(c.causes().get(1).startsWith("utilization differs: the log ran with 0.95, the sheet uses 0.80"), c.causes().toString());
        assertTrue(residual(c.causes().get(0)) < residual(c.causes().get(1)), c.causes().toString());
        assertEquals(gap(c.causes().get(0)), gap(c.causes().get(1)), "one gap, the sheet's, for every cause");
    }

    /**
     * gpt-oss-120b's windows on the sheet, and an engine that sized every layer as full attention (D06's log with the
     * concurrency such an engine prints: the windowless sheet's 164.98x): the window cause applies and closes the gap.
     * Without windows on the sheet there is no window cause (Seen: "sliding windows ignored?" for a model without them).
     */
    @Test
    void windowsAreACauseOnlyOnASheetWithWindows() throws Exception {
        EngineLogTest.Log d06 = log("D06");
        Measurement m = EngineLogParser.parse(d06.text().replace("per request: 284.25x", "per request: 164.98x"));
        Worksheet windowed = EngineLogTest.preLaunch(d06);
        assertFalse(windowed.kv().windows().isEmpty(), "gpt-oss has sliding-window layers");
        var c = LogComparison.compare(windowed, m);
        assertEquals("sliding windows not used by the engine? it may size the windowed layers as full attention — corrected, the gap "
                + "goes from +76.3 % to +2.3 %", c.causes().get(0));
        Worksheet plain = windowed.withKv(windowed.kv().toBuilder().windows(List.of()).build());
        var none = LogComparison.compare(plain, EngineLogParser.parse(d06.text()));
        assertTrue(none.rows().get(3).flagged(), none.rows().toString());
        assertTrue(none.causes().stream().noneMatch(x -> x.contains("window")), none.causes().toString());
    }

    /**
     * One prediction everywhere: the dialog's "Predicted" before Apply, the frozen "Predicted before launch" Apply records
     * and the dialog's "Predicted" after Apply are the same figures, for every calibration log on its model's sheet.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("org.vramsheet.io.logs.EngineLogTest#logs")
    void theDialogsPredictionIsTheFrozenOne(EngineLogTest.Log log) throws Exception {
        Worksheet ws = EngineLogTest.preLaunch(log);
        Measurement m = EngineLogParser.parse(log.text());
        // a leftover measurement of another log is never the prediction
        Worksheet leftover = ws.withValidation(Validation.builder().measuredNonKvBytes(123_456_789_012L).build());
        SizingResult p = LogComparison.predictionFor(leftover, m);
        var before = LogComparison.compare(leftover, m).rows();
        Worksheet applied = LogComparison.apply(leftover, m);
        Validation v = applied.validation();
        var after = LogComparison.compare(applied, m).rows();
        List<Long> frozen = Arrays.asList(v.predictedNonKvBytes(), v.predictedKvPoolBytes(), v.predictedKvCapacityTokens());
        List<FigureKey> keys = List.of(FigureKey.POOL_NON_KV_BYTES, FigureKey.POOL_KV_POOL_BYTES, FigureKey.POOL_CAPACITY_TOKENS);
        for (int i = 0; i < 3; i++) {
            Figure f = p.get(keys.get(i));
            Long predicted = f.available() ? f.value() : null;
            assertEquals(predicted, frozen.get(i), log + " " + keys.get(i) + ": frozen = the prediction");
            assertEquals(predicted, whole(before.get(i).predicted()), log + " " + keys.get(i) + ": the dialog before Apply");
            assertEquals(predicted, whole(after.get(i).predicted()), log + " " + keys.get(i) + ": the dialog after Apply");
        }
        assertEquals(before.get(3).predicted(), after.get(3).predicted(), 1e-9, log + " concurrency");
    }

    private static Long whole(Double d) { return d == null ? null : Math.round(d); }

    /** The gap left, as a fraction: "... to +0.4 %" gives 0.004. */
    static double residual(String cause) {
        return Math.abs(Double.parseDouble(cause.replaceAll(".* to ([+-][\\d.]+) %$", "$1"))) / 100;
    }

    static double gap(String cause) {
        return Double.parseDouble(cause.replaceAll(".* goes from ([+-][\\d.]+) % to .*", "$1")) / 100;
    }
}
