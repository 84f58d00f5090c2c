package org.vramsheet.core.calc;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Edits;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;

/** Bad input never crashes or lies: a message names the field; only dependent results go unavailable. */
class BadInputTest {

    private static SizingResult calc(Worksheet ws) {
        return SizingCalculator.calculate(ws);
    }

    private static Issue issue(SizingResult r, String field) {
        return r.issues().stream().filter(i -> i.field().equals(field)).findFirst()
                .orElseThrow(() -> new AssertionError("no issue for " + field + ": " + r.issues()));
    }

    @Test
    void theDefaultSampleIsValid() {
        assertTrue(calc(Sheets.llama70b()).valid(), () -> calc(Sheets.llama70b()).issues().toString());
    }

    @Test
    void negativeLayersNameTheFieldAndBlockOnlyKv() {
        Worksheet ws = Sheets.llama70b().withKv(Sheets.gqa(-80, 64, 8, 128, KvDtype.BF16));
        SizingResult r = calc(ws);
        Issue i = issue(r, "kv.layers");
        assertEquals("KV ARCHITECTURE › Attention layers: must not be negative (got -80)", i.text());
        assertFalse(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).available());
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).reason().contains("Attention layers"));
        assertFalse(r.get(FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES)).available());
        assertFalse(r.get(FigureKey.RESULT_BUDGET_BYTES).available());
        assertTrue(r.get(FigureKey.WEIGHTS_BYTES).available(), "weights do not depend on the KV architecture");
        assertTrue(r.get(FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.ACTIVE_TOKENS)).available(), "token counts do not either");
    }

    @Test
    void zeroParameters() {
        SizingResult r = calc(Sheets.llama70b().withWeights(Sheets.weights(0, WeightFormat.BF16)));
        assertEquals("must be greater than zero", issue(r, "weights.totalParams").message());
        assertFalse(r.get(FigureKey.WEIGHTS_BYTES).available());
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).available());
    }

    @Test
    void absurdlyLargeValues() {
        SizingResult r = calc(Sheets.llama70b().withWeights(Sheets.weights(Long.MAX_VALUE, WeightFormat.FP32)));
        assertTrue(issue(r, "weights.totalParams").message().startsWith("absurdly large"));
        Worksheet ws = Sheets.withScenario(Sheets.llama70b(), ScenarioId.LIMIT, Scenario.of(1_000_000_000L, 0, 16));
        assertTrue(issue(calc(ws), "workloads.limit.inputTokens").message().startsWith("absurdly large"));
    }

    @Test
    void kvHeadsAboveOrNotDividingAttentionHeads() {
        SizingResult above = calc(Sheets.llama70b().withKv(Sheets.gqa(80, 8, 64, 128, KvDtype.BF16)));
        assertTrue(issue(above, "kv.kvHeads").message().contains("more KV heads (64) than attention heads (8)"));
        SizingResult odd = calc(Sheets.llama70b().withKv(Sheets.gqa(80, 64, 6, 128, KvDtype.BF16)));
        assertTrue(issue(odd, "kv.kvHeads").message().contains("6 KV heads do not divide 64"));
        SizingResult mha = calc(Sheets.llama70b().withKv(Sheets.gqa(80, 64, 8, 128, KvDtype.BF16)
                .toBuilder().kind(AttentionKind.MHA).build()));
        assertTrue(issue(mha, "kv.kvHeads").message().contains("MHA"));
    }

    /** Issue 27: a window above the context is not an error (a config may declare one); it never binds, and the sheet says so. */
    @Test
    void windowAboveContextNeverBinds() {
        KvArchitecture full = Sheets.gqa(42, 16, 8, 256, KvDtype.BF16);
        KvArchitecture k = full.toBuilder().windows(List.of(new LayerWindow(21, 65_536L, WindowKind.SLIDING))).build();
        Worksheet short8k = Edits.contextLength(Sheets.llama70b(), 8192L);
        SizingResult r = calc(short8k.withKv(k));
        assertTrue(r.issues().stream().noneMatch(i -> i.field().equals("kv.windows")), r.issues().toString());
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().assumptions().stream().anyMatch(n -> n.contains("never binds")),
                r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().assumptions().toString());
        SizingResult plain = calc(short8k.withKv(full));
        assertEquals(plain.get(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES).value(), r.get(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES).value(),
                "within the context the windowed layers hold what full layers hold");
    }

    @Test
    void utilizationOutsideZeroOne() {
        for (double u : new double[] {0, -0.5, 1.2, Double.NaN}) {
            SizingResult r = calc(Sheets.llama70b().withRuntime(Sheets.vllm("0.19.0", u, 32768)));
            assertTrue(issue(r, "runtime.utilization").message().startsWith("must be in (0, 1]"));
            assertFalse(r.get(FigureKey.POOL_KV_POOL_BYTES).available());
            assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).available());
        }
    }

    /**
     * Seen: applying a log with max model length 8,192 made the 32K Limit scenario and the summary's budget and
     * verdict "unavailable" with no reason. A sequence longer than the engine admits is a verdict: does not fit.
     */
    @Test
    void sequenceLongerThanMaxModelLenIsAVerdict() {
        Worksheet ws = Sheets.withScenario(Sheets.llama70b(), ScenarioId.LIMIT, Scenario.of(40_000, 0, 1));
        SizingResult r = calc(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertTrue(r.get(FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES)).available());
        Figure fits = r.get(FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.FITS));
        assertTrue(fits.available() && !fits.isTrue(), fits.toString());
        assertTrue(fits.provenance().expression().contains("refuses sequences longer than 32,768 tokens"), fits.toString());
        Figure verdict = r.get(FigureKey.RESULT_FITS);
        assertTrue(verdict.available() && !verdict.isTrue(), "the Limit-sized budget gets a verdict: " + verdict);
        assertTrue(r.get(FigureKey.RESULT_BUDGET_BYTES).available());
        assertTrue(r.get(FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.FITS)).available(), "other scenarios keep working");
        assertFalse(r.get(FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.FITS)).provenance().expression().contains("refuses"));
    }

    @Test
    void prefixLongerThanSequence() {
        Worksheet ws = Sheets.withScenario(Sheets.llama70b(), ScenarioId.TYPICAL, new Scenario(100L, 0L, 2L, List.of(), 500L, null));
        assertTrue(issue(calc(ws), "workloads.typical.sharedPrefixTokens").message().startsWith("inconsistent"));
    }

    @Test
    void missingRequiredFields() {
        Worksheet ws = new Worksheet(null, null, null, null, null, null, null, null, null, null);
        SizingResult r = calc(ws);
        assertNotNull(issue(r, "weights.totalParams"));
        assertNotNull(issue(r, "kv.layers"));
        assertNotNull(issue(r, "gpu.totalBytes"));
        assertEquals("is required", issue(r, "gpu.totalBytes").message());
        for (Figure f : r.figures().values()) {
            assertTrue(!f.available() || !Double.isNaN(f.ratio()), f.key());
        }
    }

    @Test
    void overflowIsUnavailableNotWrong() {
        // every field within its own limit, the product beyond a long: 100T params in fp32 is fine, but
        // 10M sequences x 100M tokens x 1 MB/token overflows
        KvArchitecture k = Sheets.gqa(10_000, 4096, 4096, 65_536, KvDtype.FP32);
        Worksheet ws = Sheets.withScenario(Sheets.llama70b().withKv(k)
                .withRuntime(Sheets.vllm("0.19.0", null, 100_000_000L)), ScenarioId.LIMIT, Scenario.of(99_000_000, 0, 9_000_000));
        SizingResult r = calc(ws);
        Figure f = r.get(FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES));
        assertFalse(f.available());
        assertTrue(f.reason().contains("overflow"), f.reason());
    }

    @Test
    void gpuCountBelowParallelism() {
        RuntimeSettings base = Sheets.vllm("0.19.0", null, 32768);
        RuntimeSettings tp4 = base.toBuilder().tensorParallel(4).build();
        assertTrue(calc(Sheets.llama70b().withRuntime(base)).valid());
        assertTrue(issue(calc(Sheets.llama70b().withRuntime(tp4)), "gpu.count").message().contains("needs 4 GPUs"));
    }

    @Test
    void approvedSheetNeedsAnApproverAndDatesMustBeDates() {
        Worksheet ws = Sheets.llama70b().withSignOff(new SignOff("Ann", "29.11.2026", "", "", "", "", SignOffStatus.APPROVED, "",
                java.util.List.of()));
        SizingResult r = calc(ws);
        assertNotNull(issue(r, "signOff.approvedBy"));
        assertTrue(issue(r, "signOff.preparedOn").message().contains("not a date"));
        assertTrue(r.get(FigureKey.RESULT_BUDGET_BYTES).available(), "sign-off problems do not block the numbers");
    }

    @Test
    void poolThatCannotHoldAnythingSaysSo() {
        // Llama 70B BF16 on one H200 with vLLM defaults: weights exceed 0.92 x 139.81 GiB
        SizingResult r = calc(Sheets.llama70b());
        assertEquals(0, Sheets.value(r, FigureKey.POOL_KV_POOL_BYTES));
        assertEquals(0, Sheets.value(r, FigureKey.POOL_MAX_CONCURRENCY));
        assertFalse(r.get(FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.FITS)).isTrue());
        assertTrue(r.get(FigureKey.POOL_KV_POOL_BYTES).provenance().assumptions().stream()
                .anyMatch(a -> a.contains("No available memory")));
    }

    /**
     * Seen (FuzzTest, a mutated sheet): 10^18 max positions made vLLM's RoPE-cache estimate overflow a long and the calc
     * threw ArithmeticException; now the non-KV estimate is unavailable ("overflow") and the rest of the sheet still works.
     */
    @Test
    void absurdMaxPositionsMakeTheNonKvEstimateUnavailableNotACrash() {
        Worksheet ws = Sheets.llama70b();
        ws = ws.withModel(new org.vramsheet.core.sheet.ModelInfo(ws.model().modelId(), ws.model().revision(),
                ws.model().architecture(), 1_000_000_000_000_000_000L, ws.model().vocabSize()));
        ws = ws.withRuntime(ws.runtime().toBuilder().activationPeakBytes(null).nonTorchBytes(null).cudaGraphBytes(null).build());
        SizingResult r = calc(ws);
        Figure nonTorch = r.get(FigureKey.POOL_NON_TORCH_BYTES);
        assertFalse(nonTorch.available());
        assertTrue(nonTorch.reason().contains("overflow"), nonTorch.reason());
        assertTrue(r.get(FigureKey.WEIGHTS_BYTES).available(), "weights do not depend on it");
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).available(), "nor the KV per token");
    }
}
