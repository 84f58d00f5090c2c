package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufTensor;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/** GGUF files written byte for byte, read back by the reader and imported: a file, a split folder, the Hub by Range. */
class GgufSourcesTest {
    @TempDir
    Path dir;

    @Test
    void aLocalFileImportsAsItsHeaderSays() throws Exception {
        GgufFile f = GgufFieldLogTest.llama70b();
        Path file = GgufBytes.write(f, dir.resolve("Llama-3.1-70B-Q4_0.gguf"));
        assertTrue(GgufSources.isGguf(file));
        ModelImport m = GgufSources.fromPath(file);
        ModelImport direct = GgufImporter.parse(f);
        assertEquals(direct.kv(), m.kv());
        assertEquals(direct.weights(), m.weights());
        assertEquals("Llama-3.1-70B-Q4_0", m.model().modelId(), "no general.name: the file name");
        assertEquals(8192L * 1024 * 4, m.weights().checkpointBytes(), "one F32 tensor of 8,192 x 1,024");
    }

    @Test
    void aFileIsKnownByItsMagicWithoutTheExtension() throws Exception {
        Path file = GgufBytes.write(GgufFieldLogTest.gptOss20b(), dir.resolve("model.bin"));
        assertTrue(GgufSources.isGguf(file));
        Files.writeString(dir.resolve("config.json"), "{}");
        assertFalse(GgufSources.isGguf(dir.resolve("config.json")));
        assertFalse(GgufSources.isGguf(dir), "a folder with a config.json is a Hugging Face model folder");
    }

    @Test
    void aFolderOfSplitPartsIsOneModel() throws Exception {
        GgufFile whole = GgufFieldLogTest.llama70b();
        Map<String, Object> first = new LinkedHashMap<>(whole.metadata());
        first.put("split.no", 0L);
        first.put("split.count", 2L);
        first.put("split.tensors.count", 2L);
        GgufTensor a = whole.tensors().get(0);
        GgufTensor b = new GgufTensor("blk.1.attn_k.weight", new long[] {8192, 1024}, 0, 0, 1);
        GgufBytes.write(new GgufFile(3, ByteOrder.LITTLE_ENDIAN, first, List.of(a), 32, "p1"),
                dir.resolve("m-00001-of-00002.gguf"));
        GgufBytes.write(new GgufFile(3, ByteOrder.LITTLE_ENDIAN, Map.of("split.no", 1L, "split.count", 2L), List.of(b), 32, "p2"),
                dir.resolve("m-00002-of-00002.gguf"));
        assertTrue(GgufSources.isGguf(dir));
        ModelImport m = GgufSources.fromPath(dir);
        assertEquals(2L * 8192 * 1024, m.weights().totalParams(), "both parts' tensors");
        assertEquals(80, m.kv().layers());
        assertEquals(m.weights(), GgufSources.fromPath(dir.resolve("m-00002-of-00002.gguf")).weights(), "any part reads all");
    }

    @Test
    void aBrokenFileIsRefusedWithTheReadersReason() throws Exception {
        byte[] h = GgufBytes.header(GgufFieldLogTest.llama70b());
        Path file = dir.resolve("cut.gguf");
        Files.write(file, java.util.Arrays.copyOf(h, h.length / 2));
        var e = assertThrows(ConfigImporter.ImportException.class, () -> GgufSources.fromPath(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    }

    @Test
    void aHubFileIsReadByRangeAndNamedAsGiven() throws Exception {
        GgufFile f = GgufFieldLogTest.gptOss20b();
        try (GgufServer hub = new GgufServer()) {
            byte[] head = GgufBytes.header(f);
            hub.put("ggml-org/gpt-oss-20b-GGUF", "main", "gpt-oss-20b-mxfp4.gguf", head, head.length + GgufBytes.dataBytes(f));
            HubClient client = HubClient.fromEnvironment(Map.of("HF_ENDPOINT", hub.endpoint()), null, Duration.ofSeconds(20));
            String spec = "ggml-org/gpt-oss-20b-GGUF:gpt-oss-20b-mxfp4.gguf";
            assertTrue(GgufSources.isHubGguf(spec));
            ModelImport m = GgufSources.fromHub(client, spec, new AtomicBoolean());
            assertEquals(spec, m.model().modelId());
            assertEquals("main", m.model().revision());
            assertEquals(GgufImporter.parse(f).kv(), m.kv());
            assertTrue(hub.ranges.stream().allMatch(r -> r.startsWith("bytes=0-")), "ranged reads only: " + hub.ranges);
            assertTrue(m.detected().get(0).startsWith("read from the Hub by HTTP Range: '" + spec + "' at 'main'"));
        }
    }
}
