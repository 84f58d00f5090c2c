package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.model.gguf.GgufBytes;
import org.vramsheet.io.model.gguf.GgufImporter;
import org.vramsheet.io.model.gguf.GgufLogModels;
import org.vramsheet.ui.text.Texts;

/**
 * {@code import ollama:NAME[:TAG]} from a store the test writes as Ollama lays it out: a manifest, a GGUF model blob (gemma 3
 * 1B's header with a sparse data tail, GgufBytes), a projector blob, a params blob. The import is the GGUF's, with the engine
 * Ollama and the params' num_ctx in RUNTIME › Ollama settings; a missing store, tag or blob is named, in Russian too.
 */
class CliOllamaImportTest {
    @TempDir
    Path root;

    private record Run(int status, String out, String err) { }

    private Run run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int s = Cli.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new Run(s, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A blob named by the SHA-256 of {@code digestOf} (the import checks sizes, not digests), and its manifest layer. */
    private String blob(String mediaType, Path file, byte[] digestOf) throws Exception {
        String hex = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(digestOf));
        Files.createDirectories(root.resolve("blobs"));
        Path p = Files.move(file, root.resolve("blobs").resolve("sha256-" + hex));
        return "{\"mediaType\":\"" + mediaType + "\",\"digest\":\"sha256:" + hex + "\",\"size\":" + Files.size(p) + "}";
    }

    private String blob(String mediaType, byte[] bytes) throws Exception {
        Path tmp = Files.createTempFile(root, "b", ".tmp");
        Files.write(tmp, bytes);
        return blob(mediaType, tmp, bytes);
    }

    /** gemma3:1b with a 1,000-byte projector and num_ctx 8192, num_gpu 20 in its params. */
    private GgufFile store() throws Exception {
        GgufFile f = GgufLogModels.gemma3_1b();
        Path gguf = GgufBytes.write(f, Files.createTempFile(root, "m", ".gguf"));
        String model = blob("application/vnd.ollama.image.model", gguf, GgufBytes.header(f));
        String projector = blob("application/vnd.ollama.image.projector", new byte[1000]);
        String params = blob("application/vnd.ollama.image.params", "{\"num_ctx\":8192,\"num_gpu\":20,\"temperature\":1}"
                .getBytes(StandardCharsets.UTF_8));
        String config = blob("application/vnd.docker.container.image.v1+json", "{\"model_format\":\"gguf\",\"model_family\":\"gemma3\"}"
                .getBytes(StandardCharsets.UTF_8));
        Path m = root.resolve("manifests/registry.ollama.ai/library/gemma3/1b");
        Files.createDirectories(m.getParent());
        Files.writeString(m, "{\"schemaVersion\":2,\"config\":" + config + ",\"layers\":[" + model + "," + projector + "," + params
                + "]}");
        return f;
    }

    @Test
    void anInstalledModelImportsAsItsGgufWithOllamasSettings() throws Exception {
        GgufFile f = store();
        Run r = run(Map.of("OLLAMA_MODELS", root.toString()), "import", "ollama:gemma3:1b");
        assertEquals(0, r.status(), r.err());
        Worksheet ws = WorksheetJson.parse(r.out().substring(r.out().indexOf("{\n")), "out.json");
        ModelImport direct = GgufImporter.parse(f);
        assertEquals(Engine.OLLAMA, ws.runtime().engine());
        assertEquals(8192L, ws.runtime().ollama().numCtx());
        assertEquals(20, ws.runtime().ollama().numGpu());
        assertEquals(direct.kv().toBuilder().kvDtype(KvDtype.AUTO).build(), ws.kv());
        assertEquals(direct.weights().checkpointBytes(), ws.weights().checkpointBytes());
        int per = direct.weights().computeDtype().bytes();
        assertEquals((1000L + per - 1) / per, ws.weights().encoderParams(), "the projector's bytes at the compute dtype");
        assertTrue(r.out().contains("Ollama model 'gemma3:1b' from the store '" + root + "'"), r.out());
        assertTrue(r.out().contains("num_ctx 8192 from the params blob: RUNTIME › num_ctx"), r.out());
        assertTrue(r.out().contains("Other PARAMETER lines of the params blob (they change no memory): 'temperature 1.0'"), r.out());
        // the home folder's store when OLLAMA_MODELS is unset: HOME/.ollama/models
        Path home = root.resolve("home");
        Files.createDirectories(home.resolve(".ollama"));
        Files.move(root.resolve("manifests"), Files.createDirectories(home.resolve(".ollama/models")).resolve("manifests"));
        Files.move(root.resolve("blobs"), home.resolve(".ollama/models/blobs"));
        Path out = root.resolve("sheet.json");
        assertEquals(0, run(Map.of("HOME", home.toString()), "import", "ollama:gemma3:1b", "-o", out.toString()).status());
        Run calc = run(Map.of(), "calc", out.toString(), "--json", "--engine-version", "0.12.3");
        JsonNode j = WorksheetJson.shared().readTree(calc.out());
        assertEquals(8192, j.get("ollama").get("numCtx").asLong(), calc.err());
        assertEquals("20", j.get("ollama").get("gpuLayers").asText());
    }

    @Test
    void aMissingStoreTagOrBlobIsNamedInEnglishAndRussian() throws Exception {
        store();
        Run none = run(Map.of("OLLAMA_MODELS", root.resolve("nowhere").toString()), "import", "ollama:gemma3:1b");
        assertEquals(2, none.status());
        assertEquals("vramsheet import: no Ollama model store at '" + root.resolve("nowhere") + "' (no manifests folder; set "
                + "OLLAMA_MODELS, or point at the store: the Linux service keeps it in /usr/share/ollama/.ollama/models)\n",
                none.err());
        Run tag = run(Map.of("OLLAMA_MODELS", root.toString()), "import", "ollama:gemma3:4b");
        assertEquals("vramsheet import: model 'gemma3:4b' is not installed in '" + root + "'; installed: 'gemma3:1b'\n", tag.err());
        try (var blobs = Files.list(root.resolve("blobs"))) {
            for (Path b : blobs.toList()) {
                if (Files.size(b) == 1000) {
                    Files.delete(b); // the projector
                }
            }
        }
        Run blob = run(Map.of("OLLAMA_MODELS", root.toString()), "import", "ollama:gemma3:1b");
        assertTrue(blob.err().matches("vramsheet import: projector blob 'sha256-[0-9a-f]{64}' of 'gemma3:1b' is missing from '"
                + java.util.regex.Pattern.quote(root.resolve("blobs").toString()) + "' \\(pull the model again\\)\n"), blob.err());
        Texts ru = Texts.of("ru");
        for (Run r : List.of(none, tag, blob)) {
            String msg = r.err().substring("vramsheet import: ".length()).strip();
            assertEquals(List.of(), ru.untranslated(msg), msg);
        }
    }
    /** The texts io.ollama can show: its import summary, and the refusals of a bad name, manifest, params blob or Modelfile. */
    private List<String> ollamaTexts() throws Exception {
        store();
        List<String> out = new java.util.ArrayList<>();
        org.vramsheet.io.ollama.OllamaImport o = org.vramsheet.io.ollama.OllamaImport.load("ollama:gemma3:1b",
                Map.of("OLLAMA_MODELS", root.toString()), root);
        o.model().detected().forEach(out::add);
        o.model().assumed().forEach(out::add);
        List<org.junit.jupiter.api.function.Executable> bad = List.of(
                () -> org.vramsheet.io.ollama.OllamaName.parse(""),
                () -> org.vramsheet.io.ollama.OllamaName.parse("a/b/c/d"),
                () -> org.vramsheet.io.ollama.OllamaName.parse("gemma3:" + "x".repeat(200)),
                () -> org.vramsheet.io.ollama.OllamaName.parse("gem ma3"),
                () -> org.vramsheet.io.ollama.OllamaName.parse("x".repeat(2000)),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("[1]", "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("{", "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("{\"layers\":3}", "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("{}", "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("{\"layers\":[3]}", "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("{\"layers\":[{}]}", "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("{\"layers\":[{\"mediaType\":\"a\",\"digest\":\"x\"}]}",
                "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaManifest.parse("{\"layers\":[{\"mediaType\":\"a\",\"digest\":\"sha256:"
                        + "0".repeat(64) + "\",\"size\":-1}]}", "manifest of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaParams.parseBlob("{\"num_ctx\":\"big\"}", "params blob of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaParams.parseBlob("{\"num_ctx\":4294967296}", "params blob of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaParams.parseBlob("{\"temperature\":\"hot\"}", "params blob of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaParams.parseBlob("{\"use_mmap\":3}", "params blob of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaParams.parseBlob("{\"stop\":3}", "params blob of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.OllamaParams.parseBlob("{\"stop\":[3]}", "params blob of 'gemma3:1b'"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("PARAMETER num_ctx 8"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nPARAMETER num_ctx"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nPARAMETER num_ctx big"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nPARAMETER nonsense 3"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nFLY away"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nPARAMETER"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nMESSAGE robot hi"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nSYSTEM \"\"\"never closed"),
                () -> org.vramsheet.io.ollama.ModelfileParser.parse("FROM x\nSYSTEM \"a\" b"));
        List<Integer> accepted = new java.util.ArrayList<>();
        for (int i = 0; i < bad.size(); i++) {
            try {
                bad.get(i).execute();
                accepted.add(i);
            } catch (org.vramsheet.io.ollama.OllamaStoreException x) {
                out.add(x.getMessage());
            } catch (Throwable t) {
                throw new AssertionError("case " + i + ": " + t, t);
            }
        }
        assertEquals(List.of(), accepted, "each case is refused");
        return out;
    }

    /** Every text of io.ollama (the import's summary, each refusal) has Russian: the window shows them in the import dialog. */
    @Test
    void everyTextOfTheOllamaStoreHasRussian() throws Exception {
        Texts ru = Texts.of("ru");
        java.util.Set<String> missing = new java.util.TreeSet<>();
        for (String t : ollamaTexts()) {
            for (String line : t.split("\n")) {
                missing.addAll(ru.untranslated(line));
            }
        }
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target/untranslated-ollama-store-ru.txt"), missing);
        assertEquals(List.of(), List.copyOf(missing), "untranslated (target/untranslated-ollama-store-ru.txt)");
    }
}
