package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.io.model.gguf.GgufListingTest;
import org.vramsheet.io.model.gguf.GgufServer;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.model.SheetViewModelTest;
import org.vramsheet.ui.text.Texts;

/** The Hub tab with a repository of GGUF files: listed to choose one, read by Range off the FX thread; the catalog's GGUF. */
class ImportGgufViewModelTest {
    @TempDir
    Path dir;

    private ImportViewModel vm(GgufServer s) {
        return new ImportViewModel(Map.of("HF_ENDPOINT", s.endpoint()), new HfCache(dir.resolve("cache")), Duration.ofSeconds(5));
    }

    @Test
    void aGgufRepositoryIsListedThenTheChosenFileIsRead() throws Exception {
        try (GgufServer s = GgufListingTest.server()) {
            ImportViewModel ivm = vm(s);
            List<Runnable> queued = new ArrayList<>();
            Executor later = queued::add;
            ivm.useThreads(later, Runnable::run);
            ivm.hubId.set(GgufListingTest.REPO);
            ivm.fetchHub(later, Runnable::run);
            assertTrue(ivm.busy.get(), "the fetch waits for the background thread");
            assertTrue(ivm.ggufChoices.isEmpty());
            queued.remove(0).run();
            assertFalse(ivm.busy.get());
            assertEquals("", ivm.error.get(), "a choice to make, not an error");
            assertEquals(3, ivm.ggufChoices.size());
            assertTrue(ivm.status.get().contains("has 3 GGUF models and no config.json"), ivm.status.get());
            assertNull(ivm.result.get(), "nothing to apply yet");
            assertEquals("141.00 GB · 131.32 GiB", ImportViewModel.size(ivm.ggufChoices.get(0), Texts.ENGLISH));
            assertEquals("141,00 GB · 131,32 GiB", ImportViewModel.size(ivm.ggufChoices.get(0), Texts.of("ru")));
            assertEquals("unknown", ImportViewModel.size(ivm.ggufChoices.get(2), Texts.ENGLISH));

            ivm.importGguf(ivm.ggufChoices.get(0));
            assertTrue(ivm.busy.get() && ivm.status.get().startsWith("Reading 'BF16/Llama-70B-BF16-00001-of-00002.gguf' by HTTP"));
            queued.remove(0).run();
            assertEquals("", ivm.error.get());
            assertEquals(GgufListingTest.SHA, ivm.result.get().model().revision(), "read at the listed commit");
            assertEquals(80, ivm.result.get().kv().layers());
        }
    }

    @Test
    void aCancelledReadSaysSoAndChangesNothing() throws Exception {
        try (GgufServer s = GgufListingTest.server()) {
            ImportViewModel ivm = vm(s);
            List<Runnable> queued = new ArrayList<>();
            ivm.useThreads(queued::add, Runnable::run);
            ivm.hubId.set(GgufListingTest.REPO);
            ivm.fetchHub(queued::add, Runnable::run);
            queued.remove(0).run();
            ivm.importGguf(ivm.ggufChoices.get(1));
            ivm.cancel();
            queued.remove(0).run();
            assertNull(ivm.result.get());
            assertEquals("Cancelled.", ivm.status.get());
            assertFalse(ivm.busy.get());
        }
    }

    @Test
    void aGgufCatalogEntryShowsGgufAndItsQuantAndSetsLlamaCpp() throws Exception {
        SheetViewModel sheet = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        ModelCatalog.Entry gemma = ModelCatalog.ggufEntries().stream().filter(e -> e.id().startsWith("unsloth/gemma-3-27b"))
                .findFirst().orElseThrow();
        String facts = ImportViewModel.details(gemma, sheet.snapshot(), Texts.ENGLISH);
        assertTrue(facts.startsWith("GGUF Q4_0 · 27.0B params · 131,072 tokens"), facts);
        ImportViewModel ivm = new ImportViewModel(Map.of(), new HfCache(dir.resolve("cache")), Duration.ofSeconds(2));
        assertTrue(ivm.catalog().contains(gemma));
        ivm.fromCatalog(gemma);
        assertEquals("", ivm.error.get());
        assertEquals(Engine.VLLM, sheet.snapshot().runtime().engine(), "the sample runs on vLLM");
        sheet.applyImport(ivm.result.get());
        assertEquals(Engine.LLAMA_CPP, sheet.snapshot().runtime().engine());
        assertEquals(gemma.id(), sheet.snapshot().model().modelId());
    }
}
