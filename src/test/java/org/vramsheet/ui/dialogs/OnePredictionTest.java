package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.report.PdfReport;
import org.vramsheet.report.ReportData;
import org.vramsheet.ui.model.NumberInput;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * Issue 25, point 4: the dialog's "Predicted", the frozen "Predicted before launch" and the PDF's rows are one prediction,
 * the sheet's own estimate for the log's setup; every size in VALIDATION prints in one unit style.
 */
class OnePredictionTest {
    /** Llama-3.1-8B imported onto the gemma-2-9b sample, keeping its VALIDATION (21.11 GiB measured from gemma's log). */
    private static SheetViewModel llama8bWithGemmasMeasurement() throws Exception {
        Worksheet sample = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
        var entry = ModelCatalog.entries().stream().filter(e -> e.id().equals("meta-llama/Llama-3.1-8B-Instruct")).findFirst()
                .orElseThrow();
        Worksheet ws = ModelSources.fromCatalog(entry).applyTo(sample).withValidation(sample.validation());
        assertEquals(Units.gib(21.11), ws.validation().measuredNonKvBytes(), "the leftover measurement");
        SheetViewModel vm = new SheetViewModel();
        vm.open(ws, null);
        return vm;
    }

    /**
     * Seen: the dialog's "Predicted" column showed 21.11 GiB (a leftover measurement in VALIDATION) while the frozen
     * "Predicted before launch" said 17.18 GiB; after Apply the dialog showed a circular +0.00 %.
     */
    @Test
    void theDialogTheFrozenPredictionAndThePdfShowOnePrediction() throws Exception {
        SheetViewModel vm = llama8bWithGemmasMeasurement();
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set(LogViewModelTest.log("P18")); // meta-llama/Llama-3.1-8B-Instruct on one H100
        lvm.read();
        String[] nonKv = LogViewModel.cells(lvm.comparison.get().rows().get(0));
        assertEquals("17.11 GiB", nonKv[1], "the sheet's own estimate, not the leftover 21.11 GiB");
        assertEquals("17.12 GiB", nonKv[2]);
        String[] pool = LogViewModel.cells(lvm.comparison.get().rows().get(1));
        lvm.apply();
        var v = vm.snapshot().validation();
        assertEquals(18_368_733_512L, v.predictedNonKvBytes(), "frozen: the figure the dialog showed");
        assertEquals(pool[1], Units.gibText(v.predictedKvPoolBytes()));
        String[] after = LogViewModel.cells(lvm.comparison.get().rows().get(0));
        assertEquals("17.11 GiB", after[1], "after Apply: the frozen prediction against the measurement");
        // the frozen estimate against P18 (vLLM's estimate refit with the MoE workspace and sampler hidden states, issue 27)
        assertEquals("-0.07 %", after[3], "not the sheet against itself (+0.00 %)");
        assertEquals(pool[1], LogViewModel.cells(lvm.comparison.get().rows().get(1))[1]);
        try (var doc = Loader.loadPDF(PdfReport.render(new ReportData(vm.snapshot(), "test", ZonedDateTime.now()), PDRectangle.A4))) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("Non-KV per GPU 17.11 GiB 17.12 GiB"), "the PDF's row is the same prediction:\n" + text);
            assertTrue(text.contains("KV memory per GPU " + pool[1]), text);
        }
    }

    /**
     * Seen: VALIDATION's frozen values printed in three unit styles (18,447,248,982 B; "59443 MiB" without a thousands
     * separator; tokens). Every size now reads "17.11 GiB" (grouped), tokens grouped, and keeps its exact bytes.
     */
    @Test
    void everySizeInValidationPrintsInOneStyle() throws Exception {
        SheetViewModel vm = llama8bWithGemmasMeasurement();
        LogViewModel lvm = new LogViewModel(vm, new ScriptedDialogs());
        lvm.text.set(LogViewModelTest.log("P18"));
        lvm.read();
        lvm.apply();
        lvm.text.set("memory.used [MiB], memory.total [MiB]\n59443 MiB, 81559 MiB\n");
        lvm.read();
        lvm.apply();
        var x = vm.validation;
        assertEquals("17.11 GiB", x.predictedNonKv.textProperty().get(), "was 18,430,366,515 B before issue 27 point 2: 18,368,733,512 B");
        assertEquals("58.05 GiB", x.measuredPeak.textProperty().get(), "was 59443 MiB");
        assertEquals("476,000", x.kvCapacityTokens.textProperty().get());
        for (NumberInput n : x.numbers()) {
            String t = n.textProperty().get();
            if (n.kind() == NumberInput.Kind.BYTES && !t.isEmpty()) {
                assertTrue(t.matches("\\d{1,3}(,\\d{3})*\\.\\d\\d GiB"), n.key() + ": " + t);
            }
        }
        var v = vm.snapshot().validation();
        assertEquals(18_368_733_512L, v.predictedNonKvBytes(), "shown in GiB, kept exact");
        assertEquals(59_443L << 20, v.measuredPeakBytes());
        vm.setDecimalComma(true);
        assertEquals("17,11 GiB", x.predictedNonKv.textProperty().get());
        assertEquals(18_368_733_512L, vm.snapshot().validation().predictedNonKvBytes(), "a language switch keeps the bytes");
        x.predictedNonKv.textProperty().set("20 GiB");
        assertEquals(20 * Units.GIB, vm.snapshot().validation().predictedNonKvBytes(), "a typed value is read as typed");
    }
}
