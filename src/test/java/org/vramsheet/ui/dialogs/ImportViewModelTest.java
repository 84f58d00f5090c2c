package org.vramsheet.ui.dialogs;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.hub.FakeHub;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.model.SheetViewModelTest;

/** The import dialog's ViewModel without the toolkit: preview first, apply as one undoable edit. */
class ImportViewModelTest {
    @TempDir
    Path dir;

    private ImportViewModel ivm(Map<String, String> env) {
        return new ImportViewModel(env, new HfCache(dir.resolve("cache")), Duration.ofSeconds(2));
    }

    @Test
    void catalogEntryPreviewsThenApplies() throws Exception {
        SheetViewModel sheet = SheetViewModelTest.open("seed003-70b-int4-80gib.json");
        ImportViewModel ivm = ivm(Map.of());
        ModelCatalog.Entry ds = ivm.catalog().stream().filter(e -> e.id().equals("deepseek-ai/DeepSeek-V2-Lite"))
                .findFirst().orElseThrow();
        ivm.fromCatalog(ds);
        assertTrue(ivm.preview().contains("MLA: kv_lora_rank 512"), ivm.preview());
        assertEquals(327_680, SheetViewModelTest.fig(sheet, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(), "nothing applied yet");
        sheet.applyImport(ivm.result.get());
        assertEquals(31_104, SheetViewModelTest.fig(sheet, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        assertEquals("16", sheet.workloads().get(2).concurrentSequences.textProperty().get(), "workloads kept");
        sheet.undo();
        assertEquals(327_680, SheetViewModelTest.fig(sheet, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(), "one undo step");
    }

    @Test
    void aBrokenFileLeavesTheSheetUntouched() throws Exception {
        Path bad = dir.resolve("config.json");
        Files.writeString(bad, "{\"model_type\": \"llama\", \"num_hidden_la");
        ImportViewModel ivm = ivm(Map.of());
        ivm.fromPath(bad);
        assertNull(ivm.result.get());
        assertTrue(ivm.error.get().contains("truncated"), ivm.error.get());
        assertEquals("Nothing was changed.", ivm.status.get());
    }

    @Test
    void hubFetchRunsInTheBackgroundWithProgress() throws Exception {
        try (FakeHub hub = new FakeHub()) {
            ImportViewModel ivm = ivm(Map.of("HF_ENDPOINT", hub.endpoint()));
            ivm.hubId.set("acme/gated");
            ivm.token.set(FakeHub.TOKEN);
            ivm.fetchHub(Runnable::run, Runnable::run);
            assertEquals(1.0, ivm.progress.get());
            assertEquals(32, ivm.result.get().kv().layers());
            assertTrue(ivm.status.get().startsWith("Read 'acme/gated @ "), ivm.status.get());
            ivm.token.set("");
            ivm.fetchHub(Runnable::run, Runnable::run);
            assertNull(ivm.result.get());
            assertTrue(ivm.error.get().contains("gated"), ivm.error.get());
            assertTrue(!ivm.busy.get());
        }
    }

    /** Issue 17: the catalog listed bare repository IDs; each entry now shows its parameters, context and KV per token. */
    @Test
    void catalogEntriesCarryTheirFacts() throws Exception {
        var base = org.vramsheet.io.json.WorksheetJson.read(java.nio.file.Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        var e = org.vramsheet.io.catalog.ModelCatalog.entries().stream()
                .filter(x -> x.id().equals("Qwen/Qwen2.5-7B-Instruct")).findFirst().orElseThrow();
        String facts = ImportViewModel.details(e, base, org.vramsheet.ui.text.Texts.ENGLISH);
        var m = org.vramsheet.io.hub.ModelSources.fromCatalog(e);
        long kv = org.vramsheet.core.calc.SizingCalculator.calculate(m.applyTo(base))
                .get(org.vramsheet.core.result.FigureKey.KV_CACHE_BYTES_PER_TOKEN).value();
        org.junit.jupiter.api.Assertions.assertEquals(String.format(java.util.Locale.ROOT, "%.1fB params", m.weights().totalParams() / 1e9)
                + " · " + org.vramsheet.core.units.Units.grouped(m.model().maxContextTokens()) + " tokens · "
                + org.vramsheet.core.units.Quantities.bytes(kv) + " KV per token · licence: see the model card", facts);
        org.junit.jupiter.api.Assertions.assertEquals(57_344, kv, "28 layers x 4 KV heads x 128 x 2 (K and V) x 2 bytes");
    }

    /** Issue 17, point 5: the catalog shows each model's licence where one was found to cite, and says so where not. */
    @Test
    void catalogEntriesNameTheirLicenceWithASource() throws Exception {
        var base = org.vramsheet.io.json.WorksheetJson.read(java.nio.file.Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        int named = 0;
        for (var e : org.vramsheet.io.catalog.ModelCatalog.entries()) {
            org.junit.jupiter.api.Assertions.assertEquals(e.licence() == null, e.licenceSource() == null,
                    e.id() + ": a licence comes with where it was read");
            named += e.licence() == null ? 0 : 1;
        }
        org.junit.jupiter.api.Assertions.assertTrue(named >= 28, "licences named: " + named);
        var qwen3 = org.vramsheet.io.catalog.ModelCatalog.entries().stream().filter(x -> x.id().equals("Qwen/Qwen3-8B")).findFirst()
                .orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(ImportViewModel.details(qwen3, base, org.vramsheet.ui.text.Texts.ENGLISH)
                .endsWith(" · licence: Apache-2.0"));
        var llama = org.vramsheet.io.catalog.ModelCatalog.entries().stream()
                .filter(x -> x.id().equals("meta-llama/Llama-3.1-8B-Instruct")).findFirst().orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(ImportViewModel.details(llama, base, org.vramsheet.ui.text.Texts.of("ru"))
                .endsWith(" · лицензия: Llama 3.1 Community License"));
    }

    /**
     * Seen (issue 25): "New from model" / Import onto the gemma-2-9b sample kept its measurement for Llama-3.1-70B. The
     * window asks (DialogService.keepMeasurementsOfAnotherModel); dropped, none is left; kept, it is stale and not used.
     */
    @Test
    void importingAnotherModelAsksAboutTheMeasurements() throws Exception {
        ModelCatalog.Entry llama = ModelCatalog.entries().stream().filter(e -> e.id().equals("meta-llama/Llama-3.1-70B-Instruct"))
                .findFirst().orElseThrow();
        for (boolean keep : new boolean[] {false, true}) {
            SheetViewModel sheet = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
            ImportViewModel ivm = ivm(Map.of());
            ivm.fromCatalog(llama);
            String question = sheet.measurementsOfAnotherModel(ivm.result.get());
            assertTrue(question != null && question.contains("google/gemma-2-9b-it") && question.contains("21.11 GiB"), question);
            sheet.applyImport(ivm.result.get(), keep);
            var r = sheet.computed().outcome().result();
            assertEquals(keep, sheet.snapshot().validation().hasMeasurement(), "kept only when asked to");
            assertEquals(keep, r.get(FigureKey.VALIDATION_STALE_NON_KV).isTrue(), "a kept one is stale");
            assertTrue(!r.get(FigureKey.RESULT_FITS).isTrue(), "a 141 GB model does not fit one H100 either way");
        }
        SheetViewModel same = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        ImportViewModel ivm = ivm(Map.of());
        ivm.fromCatalog(ModelCatalog.entries().stream().filter(e -> e.id().equals("google/gemma-2-9b")).findFirst().orElseThrow());
        assertTrue(same.measurementsOfAnotherModel(ivm.result.get()) != null, "gemma-2-9b is not gemma-2-9b-it: asked too");
    }

    /** The Model ID field takes ollama:NAME[:TAG]: read from the store, not the Hub; a missing store is named. */
    @Test
    void anOllamaNameIsReadFromTheStore() {
        ImportViewModel ivm = ivm(Map.of("OLLAMA_MODELS", dir.resolve("nowhere").toString()));
        ivm.hubId.set("ollama:gemma3:1b");
        ivm.fetchHub(Runnable::run, Runnable::run);
        assertEquals("no Ollama model store at '" + dir.resolve("nowhere") + "' (no manifests folder; set OLLAMA_MODELS, or point"
                + " at the store: the Linux service keeps it in /usr/share/ollama/.ollama/models)", ivm.error.get());
        assertEquals("Nothing was changed.", ivm.status.get());
        assertEquals(null, ivm.ollama.get());
        assertEquals(null, ivm.result.get());
    }
}
