package org.vramsheet.ui.dialogs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.io.model.gguf.GgufListingTest;
import org.vramsheet.io.model.gguf.GgufServer;
import org.vramsheet.ui.text.Texts;

/** Every text the Hub tab's GGUF list puts in the window has Russian: its labels, statuses and messages, as they are made. */
class ImportGgufRussianTest {
    @TempDir
    Path dir;

    /** The dialog's fixed words (ImportDialog.ggufTable and the Hub tab's note). */
    static final List<String> LABELS = List.of("No GGUF files listed", "File", "Quantization", "Size", "Import this file", "unknown",
            "A repository of GGUF files without config.json lists them to choose one, read by HTTP Range.");

    @Test
    void everyTextOfTheGgufListHasRussian() throws Exception {
        Texts ru = Texts.of("ru");
        List<String> shown = new ArrayList<>();
        try (GgufServer s = GgufListingTest.server()) {
            s.revision("acme/empty", "{\"sha\":\"" + GgufListingTest.SHA + "\",\"siblings\":[{\"rfilename\":\"mmproj-F16.gguf\"}]}");
            ImportViewModel ivm = new ImportViewModel(Map.of("HF_ENDPOINT", s.endpoint()), new HfCache(dir), Duration.ofSeconds(5));
            for (String id : List.of(GgufListingTest.REPO, "acme/empty")) {
                ivm.hubId.set(id);
                ivm.fetchHub(Runnable::run, Runnable::run);
                shown.add(ivm.status.get());
            }
            ivm.importGguf(null);
            shown.add(ivm.error.get());
            ivm.hubId.set(GgufListingTest.REPO);
            ivm.fetchHub(Runnable::run, Runnable::run);
            List<Runnable> queued = new ArrayList<>();
            ivm.useThreads(queued::add, Runnable::run);
            ivm.importGguf(ivm.ggufChoices.get(0));
            shown.add(ivm.status.get());
        }
        shown.add("(2 parts)");
        shown.addAll(LABELS);
        TreeSet<String> missing = new TreeSet<>();
        for (String t : shown) {
            missing.addAll(ru.untranslated(t));
        }
        assertEquals(new TreeSet<>(), missing, "shown: " + shown);
    }
}
