package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.LogSheets;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/** Issue 25, point 3: a log of another model is the first finding, and Apply asks before taking it. */
public class WrongModelLogTest {
    /**
     * The 70B FP8 sheet: catalog:meta-llama/Llama-3.1-70B-Instruct imported onto the gemma-2-9b sample (one H100,
     * its VALIDATION kept), FP8 weights on 2 x H100 with TP 2.
     */
    public static Worksheet llama70bFp8OnTwoH100() throws Exception {
        Worksheet sample = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
        var entry = ModelCatalog.entries().stream().filter(e -> e.id().equals("meta-llama/Llama-3.1-70B-Instruct")).findFirst()
                .orElseThrow();
        Worksheet ws = ModelSources.fromCatalog(entry).applyTo(sample).withValidation(sample.validation());
        return ws.withWeights(ws.weights().toBuilder().format(WeightFormat.FP8).checkpointBytes(null).build())
                .withGpu(ws.gpu().withCount(2)).withRuntime(ws.runtime().toBuilder().tensorParallel(2).build());
    }

    /**
     * Seen: on the 70B FP8 sheet, pasting a Llama-3.1-8B vLLM log (fp8 KV) listed "sliding windows ignored?" as the first
     * likely cause, the model difference last under "Setup differs"; Apply asked nothing (the KV-per-token ratio was 1.25x,
     * under a 1.5x threshold) and the sheet then said 92 sequences.
     */
    @Test
    void aLlama8bLogOnThe70bSheetIsTheFirstFindingAndApplyAsks() throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(llama70bFp8OnTwoH100(), null);
        ScriptedDialogs dialogs = new ScriptedDialogs();
        LogViewModel lvm = new LogViewModel(vm, dialogs);
        lvm.text.set(LogViewModelTest.log("P17")); // meta-llama/Llama-3.1-8B-Instruct, kv_cache_dtype fp8, H100
        lvm.read();
        var c = lvm.comparison.get();
        assertTrue(c.mismatched(), c.causes().toString());
        String finding = "another model? the log ran 'meta-llama/Llama-3.1-8B-Instruct', the sheet is 'meta-llama/Llama-3.1-70B-Instruct';"
                + " the log's pool holds 65,539 B per token per GPU, the sheet 81,920 B (0.80x): check before applying it";
        assertEquals(finding, c.causes().get(0), "the model is the first finding, not a sliding-window guess");
        assertTrue(c.causes().stream().noneMatch(x -> x.startsWith("sliding windows")), "Llama has no windows: " + c.causes());
        assertEquals("KV-cache dtype: log 'fp8', sheet 'auto (model dtype)' — corrected, the gap goes from -73.6 % to -47.3 %",
                c.causes().get(1), "what each cause explains");
        assertEquals("KV-кэш: в логе 'fp8', в листе 'auto (model dtype)' — с исправлением расхождение меняется с -73,6 % до -47,3 %",
                Texts.of("ru").message(c.causes().get(1)), "in Russian, the cause and its residual each translated");
        Worksheet before = vm.snapshot();
        lvm.apply();
        assertEquals(List.of(finding), dialogs.mismatchQuestions, "Apply asks first, naming the finding");
        assertEquals(before, vm.snapshot(), "declined: nothing applied");
        dialogs.applyMismatchedLog = true;
        lvm.apply();
        assertEquals(2, dialogs.mismatchQuestions.size());
        assertNotEquals(before, vm.snapshot(), "confirmed: applied");
        assertEquals(KvDtype.FP8_E4M3, vm.snapshot().kv().kvDtype());
    }

    /** A name of another size is another model even when the KV bytes per token agree (the name was never checked alone). */
    @Test
    void anotherSizeInTheNameIsAFindingOnItsOwn() throws Exception {
        SheetViewModel vm = new SheetViewModel();
        Worksheet llama8b = LogSheets.preLaunch("P18");
        vm.open(llama8b, null);
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set(LogViewModelTest.log("P18").replace("meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-70B-Instruct"));
        lvm.read();
        assertTrue(lvm.comparison.get().causes().get(0).startsWith("another model? the log ran 'meta-llama/Llama-3.1-70B-Instruct'"),
                lvm.comparison.get().causes().toString());
        lvm.text.set(LogViewModelTest.log("P18"));
        lvm.read();
        assertFalse(lvm.comparison.get().mismatched(), lvm.comparison.get().causes().toString());
    }
}
