package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufTensor;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.gguf.GgufBytes;
import org.vramsheet.io.model.gguf.GgufListingTest;
import org.vramsheet.io.model.gguf.GgufServer;

/** {@code import FILE.gguf}, a folder of GGUF files and {@code ORG/NAME:FILE.gguf}: a worksheet, not "read as JSON". */
class ImportGgufTest {
    @TempDir
    Path dir;

    /** Llama 3.1 70B's attention as LC10's log prints it (80 layers, 64 heads, 8 KV heads of 128). */
    static GgufFile llama70b() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("general.architecture", "llama");
        m.put("llama.block_count", 80L);
        m.put("llama.context_length", 131072L);
        m.put("llama.embedding_length", 8192L);
        m.put("llama.attention.head_count", 64L);
        m.put("llama.attention.head_count_kv", 8L);
        m.put("llama.attention.key_length", 128L);
        m.put("llama.attention.value_length", 128L);
        m.put("general.file_type", 2L);
        return new GgufFile(3, ByteOrder.LITTLE_ENDIAN, m, List.of(new GgufTensor("blk.0.attn_k.weight", new long[] {8192, 1024},
                2, 0, 0)), 32, "llama70b");
    }

    private record Run(int status, String out, String err) { }

    private static Run run(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int s = ImportCommand.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env);
        return new Run(s, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aGgufFileImportsIntoAWorksheet() throws Exception {
        Path file = GgufBytes.write(llama70b(), dir.resolve("Llama-3.1-70B-Q4_0.gguf"));
        Path sheet = dir.resolve("sheet.json");
        Run r = run(Map.of(), file.toString(), "-o", sheet.toString());
        assertEquals(Cli.OK, r.status(), r.err());
        assertTrue(r.out().contains("KV heads 8 ('llama.attention.head_count_kv'): GQA, 8 query heads per KV head"), r.out());
        Worksheet ws = WorksheetJson.read(sheet);
        assertEquals(80, ws.kv().layers());
        assertEquals("Llama-3.1-70B-Q4_0", ws.model().modelId());
        assertEquals(8192L * 1024 / 32 * 18, ws.weights().checkpointBytes(), "one Q4_0 tensor: 18 bytes per 32 values");
    }

    @Test
    void aFolderOfOneGgufModelImports() throws Exception {
        GgufBytes.write(llama70b(), dir.resolve("model.gguf"));
        Files.writeString(dir.resolve("README.md"), "a model card");
        Run r = run(Map.of(), dir.toString());
        assertEquals(Cli.OK, r.status(), r.err());
        assertTrue(r.out().contains("\"layers\" : 80"), r.out());
    }

    @Test
    void aMissingGgufIsNamedNotFetched() {
        Run r = run(Map.of(), dir.resolve("absent.gguf").toString());
        assertEquals(Cli.BAD_INPUT, r.status());
        assertTrue(r.err().contains("absent.gguf: no such file"), r.err());
    }

    @Test
    void aHubGgufIsReadByRange() throws Exception {
        GgufFile f = llama70b();
        try (GgufServer hub = new GgufServer()) {
            byte[] head = GgufBytes.header(f);
            hub.put("org/Llama-70B-GGUF", "v1", "llama-70b-q4_0.gguf", head, head.length + GgufBytes.dataBytes(f));
            Run r = run(Map.of("HF_ENDPOINT", hub.endpoint()), "org/Llama-70B-GGUF@v1:llama-70b-q4_0.gguf");
            assertEquals(Cli.OK, r.status(), r.err());
            assertTrue(r.out().contains("\"modelId\" : \"org/Llama-70B-GGUF:llama-70b-q4_0.gguf\""), r.out());
            assertTrue(r.out().contains("\"revision\" : \"v1\""), r.out());
            Run offline = run(Map.of("HF_ENDPOINT", hub.endpoint(), "HF_HUB_OFFLINE", "1"), "org/Llama-70B-GGUF:llama-70b-q4_0.gguf");
            assertEquals(Cli.BAD_INPUT, offline.status());
            assertTrue(offline.err().contains("HF_HUB_OFFLINE is set"), offline.err());
        }
    }

    @Test
    void aGgufRepositoryIsListedToChooseFromAndNothingIsImported() throws Exception {
        try (GgufServer hub = GgufListingTest.server()) {
            Map<String, String> env = Map.of("HF_ENDPOINT", hub.endpoint());
            Run r = run(env, GgufListingTest.REPO);
            assertEquals(Cli.BAD_INPUT, r.status(), "a choice is needed: the usage exit code");
            assertTrue(r.out().contains("3 GGUF models, no config.json"), r.out());
            assertTrue(r.out().matches("(?s).*BF16/Llama-70B-BF16-00001-of-00002\\.gguf \\(2 parts\\)\\s+BF16\\s+141\\.00\\s+131\\.32.*"),
                    "141,000,000,000 B = 141.00 GB = 131.32 GiB: " + r.out());
            assertTrue(r.out().matches("(?s).*Llama-70B-Q4_K_M\\.gguf\\s+Q4_K_M\\s+42\\.52\\s+39\\.60.*"), r.out());
            assertTrue(r.out().matches("(?s).*Llama-70B-UD-IQ2_XXS\\.gguf\\s+UD-IQ2_XXS\\s+unknown\\s+unknown.*"), r.out());
            assertTrue(r.out().contains("set aside: mmproj-F16.gguf: a vision projector, not a model"), r.out());
            assertFalse(r.out().contains("\"worksheet\"") || r.out().contains("schemaVersion"), "no sheet printed");
            assertEquals(1, r.err().lines().filter(x -> x.startsWith("vramsheet import:")).count(), r.err());
            assertTrue(r.err().contains("choose one of its 3 GGUF models"), r.err());

            Run j = run(env, GgufListingTest.REPO + "@main", "--json");
            assertEquals(Cli.BAD_INPUT, j.status());
            var tree = org.vramsheet.io.json.WorksheetJson.shared().readTree(j.out());
            assertEquals(GgufListingTest.SHA, tree.path("commit").asText());
            assertEquals("main", tree.path("revision").asText());
            var first = tree.path("ggufFiles").get(0);
            assertEquals(141_000_000_000L, first.path("bytes").asLong());
            assertEquals(2, first.path("parts").size());
            assertEquals(GgufListingTest.REPO + "@" + GgufListingTest.SHA + ":BF16/Llama-70B-BF16-00001-of-00002.gguf",
                    first.path("import").asText());
            assertTrue(tree.path("ggufFiles").get(2).path("bytes").isNull(), "unknown size: null");
            assertEquals(3, tree.path("setAside").size());

            Path sheet = dir.resolve("chosen.json");
            Run pick = run(env, first.path("import").asText(), "-o", sheet.toString());
            assertEquals(Cli.OK, pick.status(), pick.err());
            Worksheet ws = WorksheetJson.read(sheet);
            assertEquals(GgufListingTest.SHA, ws.model().revision());
            assertEquals(80, ws.kv().layers());
        }
    }

    /**
     * A GGUF file runs on llama.cpp: the default sheet (vLLM) becomes llama.cpp and the summary says so; a sheet on Ollama
     * keeps Ollama (it runs GGUF files too); --engine chooses another one explicitly.
     */
    @Test
    void aGgufFileGivesALlamaCppSheetUnlessAnEngineIsChosen() throws Exception {
        Path file = GgufBytes.write(llama70b(), dir.resolve("Llama-3.1-70B-Q4_0.gguf"));
        Path sheet = dir.resolve("sheet.json");
        Run r = run(Map.of(), file.toString(), "-o", sheet.toString());
        assertEquals(Cli.OK, r.status(), r.err());
        assertEquals(org.vramsheet.core.sheet.Engine.VLLM, ImportCommand.defaultSheet().runtime().engine(), "the base sheet");
        assertEquals(org.vramsheet.core.sheet.Engine.LLAMA_CPP, WorksheetJson.read(sheet).runtime().engine());
        assertTrue(r.out().contains("RUNTIME › Engine: llama.cpp at its default release (a GGUF model)"), r.out());
        assertTrue(r.out().contains("Engine: llama.cpp (the sheet was on vLLM)"), r.out());

        Worksheet base = ImportCommand.defaultSheet();
        Path ollamaSheet = dir.resolve("ollama.json");
        WorksheetJson.save(base.withRuntime(base.runtime().toBuilder().engine(org.vramsheet.core.sheet.Engine.OLLAMA).build()),
                ollamaSheet);
        Path onOllama = dir.resolve("on-ollama.json");
        Run o = run(Map.of(), file.toString(), "--onto", ollamaSheet.toString(), "-o", onOllama.toString());
        assertEquals(Cli.OK, o.status(), o.err());
        assertEquals(org.vramsheet.core.sheet.Engine.OLLAMA, WorksheetJson.read(onOllama).runtime().engine());
        assertFalse(o.out().contains("the sheet was on"), o.out());

        Path chosen = dir.resolve("vllm.json");
        Run v = run(Map.of(), file.toString(), "--engine", "vllm", "-o", chosen.toString());
        assertEquals(Cli.OK, v.status(), v.err());
        assertEquals(org.vramsheet.core.sheet.Engine.VLLM, WorksheetJson.read(chosen).runtime().engine());
        Run bad = run(Map.of(), file.toString(), "--engine", "foo");
        assertEquals(Cli.BAD_INPUT, bad.status());
        assertTrue(bad.err().contains("--engine: not an engine: 'foo'"), bad.err());
    }
}
