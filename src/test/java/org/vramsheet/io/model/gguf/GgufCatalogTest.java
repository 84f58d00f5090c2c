package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.EngineLogParser;
import org.vramsheet.io.logs.LlamaCppKvCheck;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/**
 * The catalog's GGUF entries: each a published llama.cpp log's metadata dump, kept verbatim with its source, read back
 * into the model; checked against the KV buffers the same logs print.
 */
class GgufCatalogTest {
    private static final long MIB = 1L << 20;

    private static ModelCatalog.Entry entry(String prefix) {
        return ModelCatalog.ggufEntries().stream().filter(e -> e.id().startsWith(prefix)).findFirst().orElseThrow();
    }

    private static String log(ModelCatalog.Entry e) throws Exception {
        JsonNode root = WorksheetJson.shared().readTree(ModelCatalog.configText(e));
        List<String> lines = new ArrayList<>();
        root.path("lines").forEach(l -> lines.add(l.asText()));
        return String.join("\n", lines);
    }

    private static Worksheet sheet(ModelImport m) {
        return m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80L << 30), null, null, null, null));
    }

    private static long kvPerToken(ModelImport m) {
        return SizingCalculator.calculate(sheet(m)).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value();
    }

    @Test
    void everyEntryIsAGgufLogWithItsSourceAndImports() throws Exception {
        assertEquals(4, ModelCatalog.ggufEntries().size());
        for (ModelCatalog.Entry e : ModelCatalog.ggufEntries()) {
            assertTrue(e.gguf() && e.quantization() != null, e.id());
            JsonNode root = WorksheetJson.shared().readTree(ModelCatalog.configText(e));
            assertTrue(root.path("source_url").asText().startsWith("https://github.com/"), e.id());
            assertEquals(e.source(), root.path("source_url").asText(), e.id());
            assertTrue(log(e).contains("llama_model_loader: - kv"), e.id());
            ModelImport m = GgufCatalog.fromCatalog(e);
            assertEquals(e.id(), m.model().modelId());
            assertEquals(Engine.LLAMA_CPP, m.engine(), "a GGUF model is run by llama.cpp");
            assertEquals(Engine.LLAMA_CPP, sheet(m).runtime().engine());
            assertTrue(e.id().endsWith(".gguf") && e.id().contains(":"), "ORG/NAME:FILE.gguf, as the Hub import names it");
            assertTrue(m.detected().get(0).contains(e.source()), m.detected().toString());
        }
        assertTrue(ModelCatalog.all().containsAll(ModelCatalog.ggufEntries()));
        assertTrue(ModelCatalog.entries().stream().noneMatch(ModelCatalog.Entry::gguf), "config.json entries stay as they were");
    }

    @Test
    void qwen3DenseAsItsLogPrintsIt() throws Exception {
        ModelImport m = GgufCatalog.fromCatalog(entry("unsloth/Qwen3-32B"));
        assertEquals(64, m.kv().layers());
        assertEquals(8, m.kv().kvHeads());
        assertEquals(40960L, m.model().maxContextTokens(), "'qwen3.context_length u32 = 40960'");
        assertEquals(151936L, m.model().vocabSize(), "'tokenizer.ggml.tokens arr[str,151936]': the count, the log cut the rest");
        assertEquals(32_762_000_000L, m.weights().totalParams(), "'model params = 32.762 B'");
        assertEquals(Math.round(17.413 * (1L << 30)), m.weights().checkpointBytes(), "'model size = 17.413 GiB'");
        assertEquals(WeightFormat.INT4, m.weights().format(), "general.file_type 2, Q4_0");
        // the same log: "n_ctx = 40960" and "KV self size  = 10240.00 MiB, K (f16): 5120.00 MiB, V (f16): 5120.00 MiB"
        assertEquals(10240 * MIB, kvPerToken(m) * 40960);
    }

    @Test
    void gemma3InterleavedWindowsAsItsLogPrintsIt() throws Exception {
        ModelImport m = GgufCatalog.fromCatalog(entry("unsloth/gemma-3-27b"));
        assertEquals(62, m.kv().layers());
        assertEquals(16, m.kv().kvHeads());
        assertEquals(27_009_000_000L, m.weights().totalParams());
        assertNotNull(m.kv().windows(), "gemma3.attention.sliding_window 1024");
        assertTrue(m.kv().windows().toString().contains("1024"), m.kv().windows().toString());
        // ik_llama.cpp build 3751 gives every layer a full cache: "n_ctx = 131072", "KV self size = 63488.00 MiB"
        assertEquals(63488 * MIB, kvPerToken(m) * 131072, "the window only caps context, every layer counted in full");
    }

    @Test
    void gptOssKvBuffersAsItsLogPrintsThem() throws Exception {
        ModelCatalog.Entry e = entry("ggml-org/gpt-oss-20b");
        GgufLogHeader.Read r = GgufLogHeader.read(List.of(log(e).split("\n")), e.file());
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(r.file());
        Measurement logged = EngineLogParser.parse(log(e));
        var p = LlamaCppKvCheck.predict(logged, lc.hparams());
        // "MTL0 KV buffer size = 3072.00 MiB" (131072 cells, 12 layers) and "18.00 MiB" (768 cells, 12 SWA layers)
        assertEquals((3072 + 18) * MIB, p.devices().get("MTL0"));
        assertEquals(18 * MIB, p.swaBytes());
        assertEquals(20_910_000_000L, GgufCatalog.fromCatalog(e).weights().totalParams(), "'model params = 20.91 B'");
        assertEquals(WeightFormat.MXFP4, GgufCatalog.fromCatalog(e).weights().format(), "MXFP4 MoE");
    }

    @Test
    void qwen35HybridHasKvOnEveryFourthLayer() throws Exception {
        ModelImport m = GgufCatalog.fromCatalog(entry("lmstudio-community/Qwen3.5-9B"));
        assertEquals(8, m.kv().layers(), "the attention layers: 32 / full_attention_interval 4");
        assertEquals(24, m.kv().stateLayers());
        assertEquals(8_950_000_000L, m.weights().totalParams());
        assertEquals(262144L, m.model().maxContextTokens());
        assertTrue(m.kv().stateBytesPerLayer() != null && m.kv().stateBytesPerLayer() > 0, "gated delta-net state: " + m.kv());
        // 8 full-attention layers (full_attention_interval 4) of 4 KV heads x 256, K and V in f16
        assertEquals(8L * 2 * 4 * 256 * 2, kvPerToken(m));
    }

    @Test
    void aDumpCutOrMixedIsRefusedNamingWhy() {
        List<String> gap = List.of("llama_model_loader: - kv   0:   general.architecture str = llama",
                "llama_model_loader: - kv   2:   llama.block_count u32 = 80");
        var e = assertThrows(ConfigImporter.ImportException.class, () -> GgufLogHeader.read(gap, "t"));
        assertTrue(e.getMessage().contains("kv 2 follows kv 0"), e.getMessage());
        List<String> cut = List.of("llama_model_loader: - kv   0:   general.architecture str = gemma4",
                "llama_model_loader: - kv   1:   gemma4.attention.sliding_window_pattern arr[bool,42] = [true, true, false,...");
        e = assertThrows(ConfigImporter.ImportException.class, () -> GgufLogHeader.read(cut, "t"));
        assertTrue(e.getMessage().contains("cuts short"), e.getMessage());
        List<String> bad = List.of("llama_model_loader: - kv   0:   general.architecture str = llama",
                "llama_model_loader: - kv   1:   llama.block_count u32 = eighty");
        e = assertThrows(ConfigImporter.ImportException.class, () -> GgufLogHeader.read(bad, "t"));
        assertTrue(e.getMessage().contains("'llama.block_count' (u32) holds 'eighty'"), e.getMessage());
        assertEquals(27_009_000_000L, GgufLogHeader.params("llm_load_print_meta: model params     = 27.009 B"));
    }
    /**
     * A GGUF imported onto an Ollama sheet (Ollama 0.12.3, OLLAMA_KV_CACHE_TYPE q8_0 with flash attention) keeps Ollama and
     * its settings, and its KV-cache dtype is auto: the runner's cache type is Ollama's. It was the GGUF's f16, which the
     * validator refused ("the runner of Ollama caches 'q8_0'"), leaving every figure unavailable (seen in the screenshot).
     */
    @Test
    void aGgufImportedOntoAnOllamaSheetTakesOllamasCacheType() throws Exception {
        Worksheet ollama = WorksheetJson.read(java.nio.file.Path.of("src/test/resources/worksheets/v8-ollama-2x4090.json"));
        ModelCatalog.Entry qwen = ModelCatalog.ggufEntries().stream().filter(e -> e.id().contains("Qwen3-32B")).findFirst()
                .orElseThrow();
        Worksheet ws = GgufCatalog.fromCatalog(qwen).applyTo(ollama);
        assertEquals(Engine.OLLAMA, ws.runtime().engine());
        assertEquals(ollama.runtime().ollama(), ws.runtime().ollama());
        assertEquals(org.vramsheet.core.sheet.KvDtype.AUTO, ws.kv().kvDtype());
        var r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertTrue(r.get(FigureKey.OLLAMA_PLAN_LAYERS).available(), r.get(FigureKey.OLLAMA_PLAN_LAYERS).reason());
    }
}
