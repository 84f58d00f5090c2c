package org.vramsheet.io.model.gguf;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/**
 * A catalog entry, either kind: a config.json one ({@link ModelSources#fromCatalog}) or a GGUF one, whose file holds a
 * published llama.cpp log's lines verbatim with their source ({@code source_url}, {@code lines}); its metadata dump is
 * read back into a header ({@link GgufLogHeader}) and imported as a GGUF file would be ({@link GgufImporter}), the
 * weights as the log prints them. A GGUF model is run by llama.cpp: the import sets the engine to llama.cpp (at its
 * default release).
 */
public final class GgufCatalog {
    private GgufCatalog() { }

    /** The entry's MODEL, WEIGHTS and KV ARCHITECTURE (and, for a GGUF entry, the engine llama.cpp). */
    public static ModelImport fromCatalog(ModelCatalog.Entry e) throws ConfigImporter.ImportException {
        if (!e.gguf()) {
            return ModelSources.fromCatalog(e);
        }
        JsonNode root;
        try {
            root = WorksheetJson.shared().readTree(ModelCatalog.configText(e));
        } catch (IOException ex) {
            throw new ConfigImporter.ImportException(e.file() + ": " + ex.getMessage());
        }
        List<String> lines = new ArrayList<>();
        root.path("lines").forEach(l -> lines.add(l.asText()));
        GgufLogHeader.Read r = GgufLogHeader.read(lines, e.file());
        ModelImport m = GgufImporter.parse(r.file(), e.id(), r.weights());
        ModelInfo mi = m.model();
        var detected = new ArrayList<>(m.detected());
        detected.add(0, "catalog source (a llama.cpp log's metadata dump, verbatim): " + e.source());
        var assumed = new ArrayList<>(m.assumed());
        if (e.notes() != null && !e.notes().isBlank()) {
            assumed.add("catalog notes: " + e.notes());
        }
        return GgufSources.runByLlamaCpp(new ModelImport(new ModelInfo(e.id(), "", mi.architecture(), mi.maxContextTokens(),
                mi.vocabSize()), m.weights(), m.kv(), detected, assumed, m.warnings()));
    }

    /** The engine that loads GGUF files: the one whose module says it loads GGML weights (llama.cpp). */
    static Engine ggufEngine() {
        return Engines.all().stream().filter(EngineModule::loadsGgml).map(EngineModule::engine).findFirst().orElse(null);
    }
}
