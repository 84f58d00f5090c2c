package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.Arguments;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.ui.text.Texts;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/**
 * Every sentence a GGUF import can show (what it read, assumed and warns about, why it refuses a file, why llama.cpp's
 * prediction is not exact) has a Russian template in texts_ru.txt; the untranslated ones are listed in
 * target/untranslated-gguf-ru.txt.
 */
class GgufRussianTest {
    @Test
    void everyImportTextHasRussian() throws Exception {
        Set<String> texts = new TreeSet<>();
        for (GgufFixture f : GgufModels.all().values()) {
            collect(f.file(), texts);
        }
        for (GgufFile f : new GgufFile[] {GgufFieldLogTest.llama70b(), GgufFieldLogTest.llama405b(), GgufFieldLogTest.gptOss20b(),
            GgufFieldLogTest.gemma3_1b()}) {
            collect(f, texts);
        }
        for (Arguments a : GgufHostileTest.hostile().toList()) {
            @SuppressWarnings("unchecked")
            UnaryOperator<GgufFixture> edit = (UnaryOperator<GgufFixture>) a.get()[1];
            collect(edit.apply(GgufModels.llama8b()).file(), texts);
        }
        // GgufSources' first line for a Hub file (GgufSourcesTest reads one from a loopback server)
        texts.add("read from the Hub by HTTP Range: 'org/m-GGUF:m-q4_0.gguf' at 'main' (the header and tensor infos only)");
        Texts ru = Texts.of("ru");
        Set<String> missing = new TreeSet<>();
        texts.forEach(t -> missing.addAll(ru.untranslated(t)));
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target/untranslated-gguf-ru.txt"), missing);
        assertTrue(texts.size() > 60, "texts seen: " + texts.size());
        assertTrue(missing.isEmpty(), missing.size() + " without Russian (target/untranslated-gguf-ru.txt), e.g. "
                + missing.stream().limit(6).toList());
    }

    private static void collect(GgufFile f, Set<String> out) {
        try {
            ModelImport m = GgufImporter.parse(f);
            out.addAll(m.detected());
            out.addAll(m.assumed());
            out.addAll(m.warnings());
        } catch (ConfigImporter.ImportException e) {
            out.add(e.getMessage());
        }
        try {
            out.addAll(GgufImporter.llamaCpp(f).inexact());
        } catch (ConfigImporter.ImportException e) {
            out.add(e.getMessage());
        }
    }
}
