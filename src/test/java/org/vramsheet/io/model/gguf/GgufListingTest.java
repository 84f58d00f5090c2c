package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufListing;
import org.vramsheet.io.gguf.GgufQuant;
import org.vramsheet.io.gguf.GgufTensor;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;
import org.vramsheet.io.model.ModelImport;

/**
 * A Hub repository of GGUF files listed to choose one (sizes from the revision API's {@code blobs=true} siblings, split
 * parts as one model, the quantization from the name), then the chosen one imported by HTTP Range at the listed commit.
 */
public class GgufListingTest {
    public static final String SHA = "89abcdef0123456789abcdef0123456789abcdef";
    public static final String REPO = "acme/Llama-70B-GGUF";

    /**
     * The revision answer of {@link #REPO}: a single file (its LFS size), a model in two parts, a vision projector, an
     * importance matrix, a split model with its second part missing, a README and a file of unknown size.
     */
    public static String siblings() {
        return "{\"id\":\"" + REPO + "\",\"sha\":\"" + SHA + "\",\"siblings\":["
                + "{\"rfilename\":\"README.md\",\"size\":5000},"
                + "{\"rfilename\":\"Llama-70B-Q4_K_M.gguf\",\"size\":42520394944,\"lfs\":{\"size\":42520394944,\"sha256\":\"ab\","
                + "\"pointerSize\":135}},"
                + "{\"rfilename\":\"BF16/Llama-70B-BF16-00002-of-00002.gguf\",\"size\":41000000000},"
                + "{\"rfilename\":\"BF16/Llama-70B-BF16-00001-of-00002.gguf\",\"size\":100000000000},"
                + "{\"rfilename\":\"mmproj-F16.gguf\",\"size\":900000000},"
                + "{\"rfilename\":\"imatrix.gguf\",\"size\":1000},"
                + "{\"rfilename\":\"Q8_0/Llama-70B-Q8_0-00001-of-00002.gguf\",\"size\":40000000000},"
                + "{\"rfilename\":\"Llama-70B-UD-IQ2_XXS.gguf\"}]}";
    }

    /** A server with {@link #siblings()} and the two-part BF16 model's headers (LC10's Llama 70B split in two). */
    public static GgufServer server() throws Exception {
        GgufServer s = new GgufServer();
        s.revision(REPO, siblings());
        GgufFile whole = GgufLogModels.llama70b();
        Map<String, Object> first = new LinkedHashMap<>(whole.metadata());
        first.put("split.no", 0L);
        first.put("split.count", 2L);
        first.put("split.tensors.count", 2L);
        GgufFile p1 = new GgufFile(3, ByteOrder.LITTLE_ENDIAN, first, whole.tensors(), 32, "p1");
        GgufFile p2 = new GgufFile(3, ByteOrder.LITTLE_ENDIAN, Map.of("split.no", 1L, "split.count", 2L),
                List.of(new GgufTensor("blk.1.attn_k.weight", new long[] {8192, 1024}, 0, 0, 1)), 32, "p2");
        for (GgufFile p : List.of(p1, p2)) {
            byte[] head = GgufBytes.header(p);
            s.put(REPO, SHA, "BF16/Llama-70B-BF16-0000" + (p == p1 ? 1 : 2) + "-of-00002.gguf", head, head.length
                    + GgufBytes.dataBytes(p));
        }
        return s;
    }

    static HubClient client(GgufServer s) {
        return HubClient.fromEnvironment(Map.of("HF_ENDPOINT", s.endpoint()), null, Duration.ofSeconds(20));
    }

    @Test
    void theRepositoryIsListedWithSplitPartsAsOneModel() throws Exception {
        try (GgufServer s = server()) {
            GgufListing l = GgufListing.read(client(s), REPO, null, new AtomicBoolean());
            assertEquals(SHA, l.commit());
            assertEquals(List.of("/api/models/" + REPO + "/revision/main?blobs=true"), s.api, "one request, with sizes");
            assertEquals(List.of("BF16/Llama-70B-BF16-00001-of-00002.gguf", "Llama-70B-Q4_K_M.gguf", "Llama-70B-UD-IQ2_XXS.gguf"),
                    l.choices().stream().map(GgufListing.Choice::file).toList(), "sorted; projector, imatrix, README left out");
            GgufListing.Choice bf16 = l.choices().get(0);
            assertEquals(List.of("BF16/Llama-70B-BF16-00001-of-00002.gguf", "BF16/Llama-70B-BF16-00002-of-00002.gguf"), bf16.parts());
            assertEquals(141_000_000_000L, bf16.bytes(), "the parts' sizes summed");
            assertEquals("BF16", bf16.quantization());
            assertEquals(42_520_394_944L, l.choices().get(1).bytes(), "lfs.size");
            assertEquals("Q4_K_M", l.choices().get(1).quantization());
            assertEquals(-1, l.choices().get(2).bytes(), "no size given: unknown, not 0");
            assertEquals("UD-IQ2_XXS", l.choices().get(2).quantization());
            assertEquals(3, l.setAside().size(), l.setAside().toString());
            assertTrue(l.setAside().stream().anyMatch(x -> x.contains("part 2 of 2, Q8_0/Llama-70B-Q8_0-00002-of-00002.gguf, is not")),
                    l.setAside().toString());
            assertTrue(l.setAside().stream().anyMatch(x -> x.startsWith("mmproj-F16.gguf: a vision projector")));
            assertEquals(REPO + "@" + SHA + ":BF16/Llama-70B-BF16-00001-of-00002.gguf", bf16.spec(l));
        }
    }

    @Test
    void aChoiceImportsByRangeAtTheListedCommit() throws Exception {
        try (GgufServer s = server()) {
            HubClient hub = client(s);
            GgufListing l = GgufListing.read(hub, REPO, "main", new AtomicBoolean());
            ModelImport m = GgufSources.fromHub(hub, l.choices().get(0).spec(l), new AtomicBoolean());
            assertEquals(SHA, m.model().revision());
            assertEquals(80, m.kv().layers());
            assertEquals(2L * 8192 * 1024, m.weights().totalParams(), "both parts' tensors");
            assertTrue(s.ranges.stream().allMatch(r -> r.startsWith("bytes=")), "ranged reads only: " + s.ranges);
        }
    }

    @Test
    void fetchingAGgufRepositoryAsAConfigSaysToChooseAFile() throws Exception {
        try (GgufServer s = server()) {
            HubException e = assertThrows(HubException.class, () -> client(s).fetch(REPO, "main", (i, n) -> { },
                    new AtomicBoolean()));
            assertEquals(HubException.Kind.GGUF_ONLY, e.kind());
            assertTrue(e.getMessage().contains("has GGUF files and no config.json"), e.getMessage());
        }
    }

    @Test
    void aBadAnswerIsNamed() throws Exception {
        try (GgufServer s = new GgufServer()) {
            s.revision("acme/a", "{\"sha\":\"main\",\"siblings\":[]}");
            s.revision("acme/b", "{\"sha\":\"" + SHA + "\",\"siblings\":[{\"rfilename\":\"../../etc/x.gguf\",\"size\":1}]}");
            s.revision("acme/c", "{\"sha\":\"" + SHA + "\"}");
            for (String id : List.of("acme/a", "acme/b", "acme/c", "acme/none")) {
                HubException e = assertThrows(HubException.class, () -> GgufListing.read(client(s), id, null, new AtomicBoolean()));
                assertEquals(id.equals("acme/none") ? HubException.Kind.NOT_FOUND : HubException.Kind.BAD_RESPONSE, e.kind(), id);
                assertTrue(e.getMessage().contains(id), e.getMessage());
            }
        }
    }

    @Test
    void theQuantizationIsReadAsTheHubReadsIt() {
        assertEquals("Q4_K_M", GgufQuant.of("Qwen3-8B-Q4_K_M.gguf"));
        assertEquals("Q8_0", GgufQuant.of("qwen3-8b-q8_0.gguf"), "any case");
        assertEquals("BF16", GgufQuant.of("gemma-3-27b-it-BF16-00001-of-00002.gguf"), "BF16, not the F16 inside it");
        assertEquals("MXFP4", GgufQuant.of("gpt-oss-20b-mxfp4.gguf"));
        assertEquals("UD-Q4_K_XL", GgufQuant.of("gemma-3-27b-it-UD-Q4_K_XL.gguf"));
        assertEquals("IQ4_XS", GgufQuant.of("Llama-3.1-8B-IQ4_XS.gguf"));
        assertEquals("Q4_0", GgufQuant.of("gemma-3-27b-it-qat-Q4_0.gguf"));
        assertEquals("Q6_K", GgufQuant.of("Q4_0-tuned-Q6_K.gguf"), "the last one named");
        assertNull(GgufQuant.of("model.gguf"));
    }
}
