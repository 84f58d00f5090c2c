package org.vramsheet.io.catalog;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.vramsheet.io.json.WorksheetJson;

/** The built-in, offline model catalog: config.json facts from shared/reference/model-configs, with sources. */
public final class ModelCatalog {
    /**
     * One model.
     *
     * @param licence       the weights' licence as its model card names it, null where none was found to cite
     * @param licenceSource where that was read
     */
    public record Entry(String id, String file, String source, String notes, Long indexTotalSize, String licence,
                        String licenceSource) {
        @Override
        public String toString() { return id; }
    }

    private static final String DIR = "/org/vramsheet/catalog/models/";
    private static final List<Entry> ENTRIES = load();

    private ModelCatalog() { }

    public static List<Entry> entries() { return ENTRIES; }

    private static List<Entry> load() {
        try (InputStream in = ModelCatalog.class.getResourceAsStream(DIR + "index.json")) {
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
