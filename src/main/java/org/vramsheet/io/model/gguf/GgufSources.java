package org.vramsheet.io.model.gguf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufHub;
import org.vramsheet.io.gguf.GgufSplit;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/**
 * Where a GGUF model comes from: a local file (by its name or its magic), any part of a split model or a folder holding
 * one model's GGUF files (the reader's {@link GgufSplit}), or {@code ORG/NAME[@REV]:FILE.gguf} on the Hub by HTTP Range
 * ({@link GgufHub}); only the header and tensor infos are read, never the tensor data.
 */
public final class GgufSources {
    private GgufSources() { }

    /** A .gguf file, a file that starts with the magic "GGUF", or a folder with .gguf files and no config.json. */
    public static boolean isGguf(Path p) {
        if (Files.isDirectory(p)) {
            if (Files.exists(p.resolve("config.json"))) {
                return false;
            }
            try (Stream<Path> files = Files.list(p)) {
                return files.anyMatch(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gguf"));
            } catch (IOException e) {
                return false;
            }
        }
        if (p.getFileName() != null && p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gguf")) {
            return true;
        }
        byte[] magic = new byte[4];
        try (InputStream in = Files.newInputStream(p)) {
            return in.readNBytes(magic, 0, 4) == 4 && new String(magic, StandardCharsets.US_ASCII).equals("GGUF");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * A local GGUF model. Its ID is the file's {@code general.name} (or the Hub repository it names), else the file or
     * folder name without {@code .gguf} and the part suffix.
     */
    public static ModelImport fromPath(Path p) throws ConfigImporter.ImportException {
        GgufFile f;
        try {
            f = GgufSplit.read(p);
        } catch (IOException e) {
            throw new ConfigImporter.ImportException(p + ": " + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()));
        }
        String name = p.getFileName() == null ? p.toString() : p.getFileName().toString();
        return runByLlamaCpp(GgufImporter.parse(f, name.replaceFirst("(?i)(-\\d{5}-of-\\d{5})?\\.gguf$", "")));
    }

    /** Whether a source names a GGUF file on the Hub, {@code ORG/NAME[@REV]:FILE.gguf}. */
    public static boolean isHubGguf(String source) { return GgufHub.Spec.parse(source) != null; }

    /**
     * {@code ORG/NAME[@REV]:FILE.gguf} on the Hub (every part of a split model); the model ID is {@code ORG/NAME:FILE.gguf},
     * the revision the one asked for (main by default).
     */
    public static ModelImport fromHub(HubClient hub, String source, AtomicBoolean cancelled) throws HubException,
            ConfigImporter.ImportException {
        GgufHub.Spec spec = GgufHub.Spec.parse(source);
        if (spec == null) {
            throw new ConfigImporter.ImportException(source + ": not ORG/NAME[@REV]:FILE.gguf");
        }
        GgufFile f;
        try {
            f = GgufHub.read(hub, spec, cancelled);
        } catch (IOException e) {
            throw new ConfigImporter.ImportException(spec.modelId() + ":" + spec.file() + ": " + e.getMessage());
        }
        String id = spec.modelId() + ":" + spec.file();
        String rev = spec.revision() == null || spec.revision().isBlank() ? "main" : spec.revision();
        ModelImport m = GgufImporter.parse(f, id);
        ModelInfo mi = m.model();
        var detected = new ArrayList<>(m.detected());
        detected.add(0, "read from the Hub by HTTP Range: '" + id + "' at '" + rev + "' (the header and tensor infos only)");
        return runByLlamaCpp(new ModelImport(new ModelInfo(id, rev, mi.architecture(), mi.maxContextTokens(), mi.vocabSize()),
                m.weights(), m.kv(), detected, m.assumed(), m.warnings()));
    }

    /**
     * A GGUF model is run by an engine that loads GGUF files: the import is for llama.cpp (at its default release), and a
     * sheet already on such an engine (llama.cpp, Ollama) keeps it ({@link ModelImport#applyTo}); the summary says so.
     */
    static ModelImport runByLlamaCpp(ModelImport m) {
        var assumed = new ArrayList<>(m.assumed());
        assumed.add(ENGINE_NOTE);
        return new ModelImport(m.model(), m.weights(), m.kv(), m.detected(), assumed, m.warnings()).withEngine(
                GgufCatalog.ggufEngine());
    }

    /** The summary's line on the engine of a GGUF import. */
    static final String ENGINE_NOTE = "RUNTIME › Engine: llama.cpp at its default release (a GGUF model); a sheet on llama.cpp "
            + "or Ollama keeps its engine";
}
