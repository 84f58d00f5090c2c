package org.vramsheet.io.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model store laid out as Ollama writes it (manifest/manifest.go {@code WriteManifest}, manifest/layer.go
 * {@code NewLayer}: blobs named by their SHA-256); the blobs here are small stand-ins, their digests real.
 */
class OllamaStoreTest {
    @TempDir
    Path root;

    /** Writes a blob and returns its manifest layer JSON. */
    private String blob(String mediaType, byte[] bytes) throws Exception {
        String hex = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        Files.createDirectories(root.resolve("blobs"));
        Files.write(root.resolve("blobs").resolve("sha256-" + hex), bytes);
        return "{\"mediaType\":\"" + mediaType + "\",\"digest\":\"sha256:" + hex + "\",\"size\":" + bytes.length + "}";
    }

    private void manifest(String host, String ns, String model, String tag, String json) throws Exception {
        Path p = root.resolve("manifests").resolve(host).resolve(ns).resolve(model).resolve(tag);
        Files.createDirectories(p.getParent());
        Files.writeString(p, json);
    }

    private String gemma() throws Exception {
        String config = blob("application/vnd.docker.container.image.v1+json", ("{\"model_format\":\"gguf\",\"model_family\":\"gemma3\","
                + "\"model_families\":[\"gemma3\"],\"model_type\":\"4.3B\",\"file_type\":\"Q4_K_M\"}").getBytes(StandardCharsets.UTF_8));
        String weights = blob("application/vnd.ollama.image.model", "GGUF weights stand-in".getBytes(StandardCharsets.UTF_8));
        String projector = blob("application/vnd.ollama.image.projector", "GGUF projector stand-in".getBytes(StandardCharsets.UTF_8));
        String params = blob("application/vnd.ollama.image.params", ("{\"num_ctx\":8192,\"stop\":[\"<end_of_turn>\"],"
                + "\"temperature\":1,\"top_k\":64.0,\"num_gqa\":8}").getBytes(StandardCharsets.UTF_8));
        String template = blob("application/vnd.ollama.image.template", "{{ .Prompt }}".getBytes(StandardCharsets.UTF_8));
        return "{\"schemaVersion\":2,\"mediaType\":\"application/vnd.docker.distribution.manifest.v2+json\",\"config\":" + config
                + ",\"layers\":[" + weights + "," + projector + "," + template + "," + params + "]}";
    }

    @Test
    void aModelResolvesToItsBlobsParamsAndConfig() throws Exception {
        manifest("registry.ollama.ai", "library", "gemma3", "4b", gemma());
        OllamaModel m = new OllamaStore(root).resolve("ollama:gemma3:4b");
        assertEquals("gemma3:4b", m.name().display());
        assertEquals(21, m.model().bytes());
        assertTrue(m.model().path().getFileName().toString().startsWith("sha256-"));
        assertEquals(1, m.projectors().size());
        assertTrue(m.vision());
        assertEquals(8192L, m.params().numCtx());
        assertEquals(64L, m.params().integer("top_k"), "a JSON float for an integer option: its whole part (FromMap)");
        assertEquals(List.of("<end_of_turn>"), m.params().values().get("stop"));
        assertEquals(List.of("num_gqa"), m.params().ignored());
        assertEquals("gemma3", m.config().family());
        assertEquals("Q4_K_M", m.config().fileType());
        assertTrue(OllamaStore.verify(m.model()));
        assertEquals(m.totalBytes(), new OllamaStore(root).list().get(0).totalBytes());
    }

    @Test
    void theStoreIsOllamaModelsElseTheHomeFolders() {
        assertEquals(Path.of("/data/ollama"), OllamaStore.locate(Map.of("OLLAMA_MODELS", " \"/data/ollama\" "), Path.of("/home/u")).root());
        assertEquals(Path.of("/home/u/.ollama/models"), OllamaStore.locate(Map.of("OLLAMA_MODELS", ""), Path.of("/home/u")).root());
        assertEquals(Path.of("/home/u/.ollama/models"), OllamaStore.locate(Map.of(), Path.of("/home/u")).root());
    }

    @Test
    void aMissingModelNamesTheInstalledOnesClosestToIt() throws Exception {
        manifest("registry.ollama.ai", "library", "gemma3", "4b", gemma());
        manifest("registry.ollama.ai", "library", "llama3.2", "latest", gemma());
        manifest("registry.ollama.ai", "me", "gemma3-tuned", "v1", gemma());
        String msg = assertThrows(OllamaStoreException.class, () -> new OllamaStore(root).resolve("gemma3")).getMessage();
        assertTrue(msg.startsWith("model 'gemma3:latest' is not installed in "), msg);
        assertTrue(msg.contains("installed: 'gemma3:4b, me/gemma3-tuned:v1, llama3.2:latest'"), msg);
        assertEquals("gemma3:4b", new OllamaStore(root).resolve("GEMMA3:4B").name().display().toLowerCase(),
                "a name whose case differs finds the model, as on a case-insensitive file system");
        String none = assertThrows(OllamaStoreException.class, () -> new OllamaStore(root.resolve("nowhere")).resolve("x")).getMessage();
        assertTrue(none.contains("no Ollama model store at"), none);
    }

    @Test
    void aMissingOrShortBlobAndABadManifestAreNamed() throws Exception {
        String json = gemma();
        manifest("registry.ollama.ai", "library", "short", "latest", json.replace("\"size\":21", "\"size\":22"));
        String shortBlob = assertThrows(OllamaStoreException.class, () -> new OllamaStore(root).resolve("short")).getMessage();
        assertTrue(shortBlob.contains("has 21 bytes, the manifest says 22"), shortBlob);
        manifest("registry.ollama.ai", "library", "gone", "latest", json.replaceFirst("sha256:[0-9a-f]{8}", "sha256:00000000"));
        String gone = assertThrows(OllamaStoreException.class, () -> new OllamaStore(root).resolve("gone")).getMessage();
        assertTrue(gone.contains("is missing from"), gone);
        manifest("registry.ollama.ai", "library", "bad", "latest", json.replaceFirst("sha256:[0-9a-f]{64}", "sha256:xyz"));
        String bad = assertThrows(OllamaStoreException.class, () -> new OllamaStore(root).resolve("bad")).getMessage();
        assertTrue(bad.contains("config: digest 'sha256:xyz' is not sha256:<64 hex digits>"), bad);
        manifest("registry.ollama.ai", "library", "neg", "latest", json.replace("\"size\":21", "\"size\":-1"));
        assertTrue(assertThrows(OllamaStoreException.class, () -> new OllamaStore(root).resolve("neg")).getMessage()
                .contains("layers[0]: size '-1' is not a whole number of bytes"));
        manifest("registry.ollama.ai", "library", "text", "latest", "not json");
        assertTrue(assertThrows(OllamaStoreException.class, () -> new OllamaStore(root).resolve("text")).getMessage().contains("not JSON"));
        manifest("registry.ollama.ai", "library", "huge", "latest", " ".repeat(OllamaManifest.MAX_BYTES + 1));
        assertTrue(assertThrows(OllamaStoreException.class, () -> new OllamaStore(root).resolve("huge")).getMessage()
                .contains("more than the"));
        List<OllamaStoreListing.Installed> all = new OllamaStore(root).list();
        assertEquals(6, all.size());
        assertTrue(all.stream().filter(i -> i.name().model().equals("text")).findFirst().orElseThrow().problem().contains("not JSON"));
    }

    @Test
    void aChangedBlobFailsVerification() throws Exception {
        manifest("registry.ollama.ai", "library", "gemma3", "4b", gemma());
        OllamaModel m = new OllamaStore(root).resolve("gemma3:4b");
        Files.write(m.model().path(), "GGUF weights stand-In".getBytes(StandardCharsets.UTF_8));
        assertFalse(OllamaStore.verify(m.model()), "same size, other bytes: the digest says so");
    }

    @Test
    void aParamsBlobWithBadValuesIsNamed() {
        assertTrue(blobError("{\"num_ctx\":\"big\"}").contains("'num_ctx' must be a whole number"));
        assertTrue(blobError("{\"num_ctx\":1e20}").contains("beyond"), blobError("{\"num_ctx\":1e20}"));
        assertTrue(blobError("{\"num_ctx\":4294967296}").contains("beyond 2^31"));
        assertTrue(blobError("{\"use_mmap\":1}").contains("must be true or false"));
        assertTrue(blobError("{\"stop\":[1]}").contains("list of strings"));
        assertTrue(blobError("[1,2]").contains("not a JSON object"));
        assertTrue(blobError("{\"num_ctx\":").contains("not JSON"));
        assertTrue(blobError(" ".repeat(OllamaParams.MAX_BYTES + 1)).contains("larger than a params blob"));
    }

    @Test
    void aParamsBlobKeepsWhatItSets() throws Exception {
        OllamaParams p = OllamaParams.parseBlob("{\"num_ctx\":8192.7,\"num_gpu\":-1,\"seed\":null,\"whatever\":3}", "p");
        assertEquals(8192L, p.numCtx());
        assertEquals(-1L, p.numGpu());
        assertNull(p.integer("seed"));
        assertEquals(List.of("whatever"), p.ignored());
    }

    private static String blobError(String json) {
        return assertThrows(OllamaStoreException.class, () -> OllamaParams.parseBlob(json, "params")).getMessage();
    }
}
