package org.vramsheet.ui.dialogs;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertFalse;

import static org.junit.jupiter.api.Assertions.assertNotEquals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.model.SheetViewModelTest;
import org.vramsheet.ui.text.Texts;

/** VALIDATION's log paste without the toolkit: read, compare, apply as one undoable edit. */
public class LogViewModelTest {
    public static String log(String id) throws Exception {
        try (InputStream in = LogViewModelTest.class.getResourceAsStream("/calibration/vllm_startup_logs.json")) {
            for (var e : new ObjectMapper().readTree(in)) {
                if (e.get("id").asText().equals(id)) {
                    StringBuilder b = new StringBuilder();
                    e.get("lines").forEach(l -> b.append(l.asText()).append('\n'));
                    return b.toString();
                }
            }
        }
        throw new AssertionError(id);
    }

    @Test
    void pasteCompareApplyUndo() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        vm.validation.measuredNonKv.textProperty().set("");
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set(log("P08"));
        lvm.read();
        assertTrue(lvm.summary.get().startsWith("vLLM 0.19.0"), lvm.summary.get());
        assertEquals(4, lvm.comparison.get().rows().size());
        lvm.apply();
        assertEquals(Units.gib(21.11), vm.computed().sheet().validation().measuredNonKvBytes());
        var tokens = lvm.comparison.get().rows().get(2);
        assertEquals(vm.snapshot().validation().predictedKvCapacityTokens().doubleValue(), tokens.predicted(),
                "after applying: the prediction frozen before launch against the log, never the sheet against itself");
        assertEquals("21.11 GiB", vm.validation.measuredNonKv.textProperty().get());
        vm.undo();
        assertEquals("", vm.validation.measuredNonKv.textProperty().get(), "one undo step");
    }

    @Test
    void aLogWithoutKnownLinesSaysSo() {
        SheetViewModel vm = new SheetViewModel();
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set("just some text\nnothing here");
        lvm.read();
        assertNull(lvm.measurement.get());
        assertTrue(lvm.summary.get().startsWith("no engine startup lines found"));
    }

    /**
     * Seen: the estimates were written into the sheet at import, so a later TP change kept the one-GPU non-torch
     * memory. The button now clears typed values: the three parts follow the live estimate, on every change.
     */
    @Test
    void estimateButtonMakesTheRuntimeEstimatesLive() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        assertEquals(0L, vm.runtime.activationPeak.longValue(), "a version-1 file without the field keeps its 0");
        vm.estimateNonKv();
        assertNull(vm.runtime.activationPeak.longValue(), "cleared, not written");
        var r = vm.computed().outcome().result();
        var act = r.get(FigureKey.POOL_ACTIVATION_PEAK_BYTES);
        assertTrue(act.value() > Units.GIB, act.toString());
        assertEquals("estimated", act.provenance().formula());
        long rope = 131_072L * 128 * 2; // vLLM's RoPE cos/sin cache, 32 MiB on every GPU (fp16, 131,072 positions)
        assertEquals(Units.gib(0.25) + rope, r.get(FigureKey.POOL_NON_TORCH_BYTES).value());
        vm.runtime.tensorParallel.textProperty().set("2");
        var tp2 = vm.computed().outcome().result().get(FigureKey.POOL_NON_TORCH_BYTES);
        assertEquals(Units.gib(2.1) + rope, tp2.value(), "TP 2 brings the NCCL buffers: " + tp2.provenance());
        vm.runtime.nonTorch.textProperty().set("1 GiB");
        var typed = vm.computed().outcome().result().get(FigureKey.POOL_NON_TORCH_BYTES);
        assertEquals(Units.GIB, typed.value());
        assertEquals("typed in", typed.provenance().formula());
        for (int i = 0; i < 10 && vm.runtime.activationPeak.longValue() == null; i++) {
            vm.undo();
        }
        assertEquals(0L, vm.runtime.activationPeak.longValue(), "undo brings the typed 0 back");
    }

    /** Seen: a DeepSeek log against a Llama sheet listed "utilization differs" first and Apply was allowed. */
    @Test
    void aLogOfAnotherModelIsTheFirstFindingAndApplyAsks() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("llama-3.1-70b-bf16-h200.json");
        ScriptedDialogs dialogs = new ScriptedDialogs();
        LogViewModel lvm = new LogViewModel(vm, dialogs);
        lvm.text.set(log("P02")); // deepseek-ai/DeepSeek-V2-Lite-Chat
        lvm.read();
        var c = lvm.comparison.get();
        assertTrue(c.mismatched());
        assertTrue(c.causes().get(0).startsWith("another model? the log ran 'deepseek-ai/DeepSeek-V2-Lite-Chat'"), c.causes().toString());
        var before = vm.snapshot();
        lvm.apply();
        assertEquals(1, dialogs.mismatchQuestions.size(), "Apply asks first");
        assertEquals(before, vm.snapshot(), "declined: nothing applied");
        dialogs.applyMismatchedLog = true;
        lvm.apply();
        assertNotEquals(before, vm.snapshot(), "confirmed: applied");
    }

    @Test
    void theLogsOwnModelIsNotAMismatch() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set(log("P08"));
        lvm.read();
        assertFalse(lvm.comparison.get().mismatched(), lvm.comparison.get().causes().toString());
    }

    /** Seen: Apply took max model length 8,192 from the log and the 32K Limit's budget and verdict became unavailable. */
    @Test
    void applyingALogWithAShortMaxModelLengthGivesAVerdict() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("llama-3.1-70b-bf16-h200.json"); // Limit: 16 x 32,768 tokens
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set("(APIServer pid=1) INFO non-default args: {'model': 'meta-llama/Llama-3.1-70B-Instruct', "
                + "'max_model_len': 8192, 'gpu_memory_utilization': 0.9}\n"
                + "(EngineCore_DP0 pid=2) INFO [gpu_worker.py:298] Available KV cache memory: 40.00 GiB\n"
                + "(EngineCore_DP0 pid=2) INFO [kv_cache_utils.py:1087] GPU KV cache size: 131,072 tokens\n");
        lvm.read();
        lvm.apply();
        var r = vm.computed().outcome().result();
        assertEquals(8192L, vm.snapshot().runtime().maxModelLen());
        assertTrue(r.get(FigureKey.RESULT_BUDGET_BYTES).available(), r.get(FigureKey.RESULT_BUDGET_BYTES).reason());
        var fits = r.get(FigureKey.RESULT_FITS);
        assertTrue(fits.available() && !fits.isTrue(), fits.toString());
        assertTrue(fits.provenance().expression().contains("refuses sequences longer than 8,192"), fits.toString());
    }

    /**
     * Seen: Apply overwrote the pre-launch prediction, so the report's predicted-vs-measured showed 0.00 %. The
     * prediction is frozen at the first Apply and kept by later ones; the errors are figures.
     */
    @Test
    void applyKeepsThePreLaunchPrediction() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        vm.validation.measuredNonKv.textProperty().set("");
        var beforeApply = vm.computed().outcome().result();
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set(log("P08"));
        lvm.read();
        lvm.apply();
        var v = vm.snapshot().validation();
        assertEquals(beforeApply.get(FigureKey.POOL_CAPACITY_TOKENS).value(), v.predictedKvCapacityTokens(),
                "the sheet's own pre-launch capacity (the log has the same setup)");
        var err = vm.computed().outcome().result().get(FigureKey.VALIDATION_KV_CAPACITY_ERROR);
        assertTrue(err.available(), err.reason());
        assertEquals((v.predictedKvCapacityTokens() - v.kvCapacityTokens()) / (double) v.kvCapacityTokens(), err.ratio(), 1e-12);
        assertNotEquals(0.0, err.ratio(), "a real pre-launch error, not the measured value compared with itself");
        lvm.apply();
        assertEquals(v.predictedKvCapacityTokens(), vm.snapshot().validation().predictedKvCapacityTokens(), "kept by a second Apply");
        assertEquals(8192L, vm.snapshot().result().contextLength(), "the context follows the log's max model length");
        var d = new org.vramsheet.report.ReportData(vm.snapshot(), "test", java.time.ZonedDateTime.now());
        try (var doc = org.apache.pdfbox.Loader.loadPDF(org.vramsheet.report.PdfReport.render(d,
                org.apache.pdfbox.pdmodel.common.PDRectangle.A4))) {
            String text = new org.apache.pdfbox.text.PDFTextStripper().getText(doc);
            assertTrue(text.contains("Predicted before launch"), "the PDF shows the frozen prediction");
            assertTrue(text.contains(org.vramsheet.core.result.FigureFormat.nonBytes(err, "", "")), "with the error");
        }
    }

    /**
     * Seen: the measured non-KV memory of a one-GPU log (all the weights) was charged to every card, so 2 x H100 held
     * the same sequences as one. A TP1 log applied, then TP2 on two of the same GPU: each GPU holds half the weights
     * and the same other overheads, so its pool grows by half the weights (as vLLM's would).
     */
    @Test
    void measuredMemoryFollowsTheLayoutAfterApply() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set(log("P08"));
        lvm.read();
        lvm.apply();
        var one = vm.computed().outcome().result();
        assertEquals(1, vm.snapshot().validation().measuredOnGpus());
        long weights = one.get(FigureKey.WEIGHTS_BYTES).value();
        long pool1 = one.get(FigureKey.POOL_KV_POOL_BYTES).value();
        long conc1 = one.get(FigureKey.POOL_MAX_CONCURRENCY).value();
        var ws = vm.snapshot();
        vm.applyWorksheet(ws.withRuntime(ws.runtime().toBuilder().tensorParallel(2).build()).withGpu(ws.gpu().withCount(2)));
        var two = vm.computed().outcome().result();
        long nonKv2 = two.get(FigureKey.POOL_NON_KV_BYTES).value();
        assertEquals(ws.validation().measuredNonKvBytes() - weights + (weights + 1) / 2, nonKv2,
                "half the weights per GPU, the measured rest kept: " + two.get(FigureKey.POOL_NON_KV_BYTES).provenance());
        long pool2 = two.get(FigureKey.POOL_KV_POOL_BYTES).value();
        assertEquals(pool1 + weights / 2, pool2, 0.01 * pool1, "each GPU's pool grows by half the weights");
        assertTrue(two.get(FigureKey.POOL_MAX_CONCURRENCY).value() > 2 * conc1,
                "two GPUs hold more than twice the sequences of one: " + conc1 + " -> " + two.get(FigureKey.POOL_MAX_CONCURRENCY).value());
    }

    /**
     * Seen (issue 15): a log run with kv_cache_dtype 'fp8' was neither listed as a setup difference nor applied, and
     * stayed -50 % off after Apply with "no single cause found".
     */
    @Test
    void theLogsKvCacheDtypeIsListedAndApplied() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        String log = log("P08").replace("'max_model_len': 8192", "'max_model_len': 8192, 'kv_cache_dtype': 'fp8'");
        assertTrue(log.contains("'kv_cache_dtype': 'fp8'"), "the fixture carries the flag");
        ScriptedDialogs dialogs = new ScriptedDialogs();
        dialogs.applyMismatchedLog = true; // the fixture's pool was measured in bf16, so at fp8 it reads as another model
        LogViewModel lvm = new LogViewModel(vm, dialogs);
        lvm.text.set(log);
        lvm.read();
        assertTrue(lvm.comparison.get().setupDifferences().stream().anyMatch(d -> d.startsWith("KV-cache dtype: log 'fp8'")),
                lvm.comparison.get().setupDifferences().toString());
        long bf16PerToken = vm.computed().outcome().result().get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value();
        lvm.apply();
        assertEquals(org.vramsheet.core.sheet.KvDtype.FP8_E4M3, vm.snapshot().kv().kvDtype());
        assertEquals(bf16PerToken / 2, vm.computed().outcome().result().get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
    }

    /** Seen (issue 15): "MLA treated as full attention?" fired because a model's name contained "kimi". */
    @Test
    void causesComeFromNumbersNotNames() throws Exception {
        var ws = SheetViewModelTest.sample("gemma-2-9b-sliding-window-h100.json");
        ws = ws.withModel(ws.model().withModelId("moonshotai/Kimi-DeepSeek-style-name"))
                .withRuntime(ws.runtime().toBuilder().utilization(0.80).build());
        var m = org.vramsheet.io.logs.EngineLogParser.parse(log("P08"));
        var c = org.vramsheet.core.validation.LogComparison.compare(ws, m);
        assertTrue(c.rows().stream().anyMatch(org.vramsheet.core.validation.LogComparison.Row::flagged), c.rows().toString());
        assertTrue(c.causes().stream().noneMatch(x -> x.startsWith("MLA treated")), c.causes().toString());
    }

    /** Issue 18: pasted nvidia-smi readings set VALIDATION's measured peak VRAM (one undoable edit). */
    @Test
    void pastedNvidiaSmiReadingsSetTheMeasuredPeak() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set("memory.used [MiB], memory.total [MiB]\n70000 MiB, 81559 MiB\n74500 MiB, 81559 MiB\n");
        lvm.read();
        assertNull(lvm.measurement.get());
        assertTrue(lvm.summary.get().startsWith("nvidia-smi: 2 reading(s), peak"), lvm.summary.get());
        lvm.apply();
        assertEquals(74_500L << 20, vm.snapshot().validation().measuredPeakBytes());
        vm.undo();
        assertNull(vm.snapshot().validation().measuredPeakBytes());
    }

    /** Issue 26: pasted nvidia-smi output without memory.used is refused with one line (translated), and nothing applies. */
    @Test
    void pastedNvidiaSmiThatIsNotMemoryUsedIsRefused() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        Long before = vm.snapshot().validation().measuredPeakBytes();
        lvm.text.set("memory.free [MiB], memory.total [MiB]\n80559 MiB, 81559 MiB\n");
        lvm.read();
        assertNull(lvm.smiPeak.get());
        assertEquals("nvidia-smi: line 1: the header has no memory.used column ('memory.free, memory.total')", lvm.summary.get());
        lvm.apply();
        assertEquals(before, vm.snapshot().validation().measuredPeakBytes(), "nothing applied");
        Texts ru = Texts.of("ru");
        String h = "memory.used [MiB], memory.total [MiB]\n";
        for (String text : List.of("71234, 81559\n", "memory.free [MiB]\n1 MiB\n", "memory.used [MiB], memory.used [MiB]\n1, 2\n",
                "memory.used [%]\n3 %\n", h + "1 MiB\n", h + "[N/A], [N/A]\n", "memory.used [MiB]\n7 GiB\n", "memory.used\n7\n",
                h + "9".repeat(30) + " MiB, 1 MiB\n", h + "9 MiB, 1 MiB\n", h, "| Memory-Usage |\n| x |\n", h + "0 MiB, 1 MiB\n",
                "memory.used [GiB]\n71\n")) {
            lvm.text.set(text);
            lvm.read();
            for (String part : lvm.summary.get().split("; ")) {
                assertTrue(ru.untranslated(part).isEmpty(), part + ": " + ru.untranslated(part));
            }
        }
        assertEquals("nvidia-smi: 1 reading(s), peak 71.00 GiB used per GPU: Apply sets VALIDATION › Measured peak VRAM",
                lvm.summary.get(), "no memory.total column: no total said");
    }
}
