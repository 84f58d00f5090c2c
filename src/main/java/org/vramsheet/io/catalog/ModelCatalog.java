package org.vramsheet.io.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The built-in, offline model catalog: config.json facts from shared/reference/model-configs, with sources; and GGUF
 * entries ({@link #ggufEntries()}, {@code gguf/index.json}): a GGUF file's metadata as a published llama.cpp log dumps it,
 * kept verbatim with its source (read by {@code io.model.gguf.GgufCatalog}).
 */
public final class ModelCatalog {
    /**
     * One model.
     *
     * @param licence       the weights' licence as its model card names it, null where none was found to cite
     * @param licenceSource where that was read
     * @param format        "gguf" for a GGUF entry, null for a config.json one
     * @param quantization  a GGUF entry's file type as its file name says it (Q4_0, MXFP4, ...), else null
     */
    public record Entry(String id, String file, String source, String notes, Long indexTotalSize, String licence,
                        String licenceSource, String format, String quantization) {
        @Override
        public String toString() { return id; }

        /** Whether this entry is a GGUF file's metadata (a llama.cpp model), not a config.json. */
        public boolean gguf() { return "gguf".equals(format); }
    }

    private static final String DIR = "/org/vramsheet/catalog/models/";
    private static final List<Entry> ENTRIES = load("index.json");
    private static final List<Entry> GGUF = load("gguf/index.json");

    private ModelCatalog() { }

    /** The config.json entries. */
    public static List<Entry> entries() { return ENTRIES; }

    /** The GGUF entries (metadata from published llama.cpp logs). */
    public static List<Entry> ggufEntries() { return GGUF; }

    /** Every entry: the config.json ones, then the GGUF ones. */
    public static List<Entry> all() {
        return Stream.concat(ENTRIES.stream(), GGUF.stream()).toList();
    }

    private static List<Entry> load(String index) {
        try (InputStream in = ModelCatalog.class.getResourceAsStream(DIR + index)) {
            return List.copyOf(WorksheetJson.shared().readValue(in, new TypeReference<List<Entry>>() { }));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String configText(Entry e) {
        try (InputStream in = ModelCatalog.class.getResourceAsStream(DIR + e.file())) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }
}
