package org.vramsheet.io.model;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/** Every architecture imported from a fixture; KV bytes per token checked against a hand calculation. */
class ConfigImporterTest {

    static ModelImport load(String file) throws Exception {
        try (InputStream in = ConfigImporterTest.class.getResourceAsStream("/configs/" + file)) {
            JsonNode root = WorksheetJson.shared().readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            Long total = root.has("_safetensors_index_total_size") ? root.get("_safetensors_index_total_size").asLong() : null;
            return ConfigImporter.parse(root, file, total, null);
        }
    }

    static SizingResult calc(ModelImport m) {
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80L << 30), null, null, null, null));
        return SizingCalculator.calculate(ws);
    }

    // hand calculations: 2 x L x H_kv x D x 2 bytes (bf16/fp16), MLA (rank + rope) x L x 2
    @ParameterizedTest(name = "{0}: {1} B/token")
    @CsvSource({
        "meta-llama__Llama-3.1-8B-Instruct.json, 131072, 2*32*8*128*2",
        "meta-llama__Llama-3.1-70B-Instruct.json, 327680, 2*80*8*128*2",
        "meta-llama__Llama-2-7b-hf.json, 524288, 2*32*32*128*2 (MHA)",
        "mistralai__Mistral-7B-v0.1.json, 131072, 2*32*8*128*2",
        "mistralai__Mixtral-8x7B-v0.1.json, 131072, 2*32*8*128*2",
        "Qwen__Qwen2.5-7B-Instruct.json, 57344, 2*28*4*(3584/28)*2",
        "Qwen__Qwen1.5-MoE-A2.7B.config.json, 196608, 2*24*16*128*2",
        "Qwen__Qwen3-8B.json, 147456, 2*36*8*128*2",
        "Qwen__Qwen3-30B-A3B.json, 98304, 2*48*4*128*2",
        "google__gemma-7b.config.json, 458752, 2*28*16*256*2",
        "google__gemma-2-9b.json, 344064, 2*42*8*256*2",
        "google__gemma-3-27b-it.json, 507904, 2*62*16*128*2 (text_config)",
        "microsoft__Phi-3-mini-4k-instruct.json, 393216, 2*32*32*(3072/32)*2",
        "microsoft__phi-2.config.json, 327680, 2*32*32*80*2 (MHA)",
        "ibm-granite__granite-3.0-8b-instruct.config.json, 163840, 2*40*8*128*2",
        "tiiuae__falcon-7b.config.json, 8192, 2*32*1*64*2 (MQA)",
        "deepseek-ai__DeepSeek-V2-Lite.json, 31104, (512+64)*27*2",
        "deepseek-ai__DeepSeek-V3.json, 70272, (512+64)*61*2",
        "openai__gpt-oss-120b.json, 73728, 2*36*8*64*2",
        "meta-llama__Llama-4-Scout-17B-16E-Instruct.json, 196608, 2*48*8*128*2",
        "ai21labs__Jamba-v0.1.json, 16384, 2*4*8*128*2 (4 attention layers)",
        "Qwen__Qwen3-Next-80B-A3B-Instruct.config.json, 24576, 2*12*2*256*2 (12 attention layers)"})
    void kvBytesPerToken(String file, long expected, String hand) throws Exception {
        ModelImport m = load(file);
        SizingResult r = calc(m);
        assertEquals(expected, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(), hand);
    }

    @Test
    void windowsAndPatterns() throws Exception {
        assertEquals(List.of(new LayerWindow(32, 4096L, WindowKind.SLIDING)), load("mistralai__Mistral-7B-v0.1.json").kv().windows());
        assertEquals(List.of(new LayerWindow(21, 4096L, WindowKind.SLIDING)), load("google__gemma-2-9b.json").kv().windows());
        assertEquals(List.of(new LayerWindow(52, 1024L, WindowKind.SLIDING)), load("google__gemma-3-27b-it.json").kv().windows());
        assertEquals(List.of(new LayerWindow(18, 128L, WindowKind.SLIDING)), load("openai__gpt-oss-120b.json").kv().windows());
        assertEquals(List.of(new LayerWindow(36, 8192L, WindowKind.CHUNKED)),
                load("meta-llama__Llama-4-Scout-17B-16E-Instruct.json").kv().windows());
        assertEquals(List.of(new LayerWindow(32, 2047L, WindowKind.SLIDING)),
                load("microsoft__Phi-3-mini-4k-instruct.json").kv().windows());
        assertEquals(List.of(), load("Qwen__Qwen2.5-7B-Instruct.json").kv().windows(), "use_sliding_window false");
        // past the window only the global layers grow: gemma 3 10 x 2 x 16 x 128 x 2
        assertEquals(81_920, calc(load("google__gemma-3-27b-it.json")).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS).value());
    }

    @Test
    void hybridStates() throws Exception {
        ModelImport jamba = load("ai21labs__Jamba-v0.1.json");
        assertEquals(28, jamba.kv().stateLayers());
        assertEquals((3L * 8192 + 16L * 8192) * 2, jamba.kv().stateBytesPerLayer(), "(conv 3 + ssm 16) x d_inner 8192 x 2 B");
        ModelImport next = load("Qwen__Qwen3-Next-80B-A3B-Instruct.config.json");
        assertEquals(36, next.kv().stateLayers());
        assertEquals((32L * 128 * 128 + 3L * (2 * 16 * 128 + 32 * 128)) * 2, next.kv().stateBytesPerLayer());
    }

    @Test
    void attentionKinds() throws Exception {
        assertEquals(AttentionKind.MLA, load("deepseek-ai__DeepSeek-V3.json").kv().kind());
        assertEquals(AttentionKind.MQA, load("tiiuae__falcon-7b.config.json").kv().kind());
        assertEquals(AttentionKind.MHA, load("meta-llama__Llama-2-7b-hf.json").kv().kind());
        assertEquals(AttentionKind.GQA, load("meta-llama__Llama-3.1-8B-Instruct.json").kv().kind());
        assertTrue(load("microsoft__phi-2.config.json").assumed().stream().anyMatch(a -> a.contains("MHA")));
    }

    @ParameterizedTest(name = "{0}: {1} parameters")
    @CsvSource({
        "meta-llama__Llama-3.1-8B-Instruct.json, 8030261248",
        "meta-llama__Llama-3.1-70B-Instruct.json, 70553706496",
        "mistralai__Mistral-7B-v0.1.json, 7241732096",
        "mistralai__Mixtral-8x7B-v0.1.json, 46702792704",
        "google__gemma-2-9b.json, 9241705984",
        "deepseek-ai__DeepSeek-V2-Lite.json, 15706484224"})
    void exactParameterCounts(String file, long params) throws Exception {
        assertEquals(params, load(file).weights().totalParams());
    }

    @Test
    void moeTotalAndActive() throws Exception {
        ModelImport q = load("Qwen__Qwen3-30B-A3B.json");
        assertEquals(30.5, q.weights().totalParams() / 1e9, 0.1);
        assertEquals(3.35, q.weights().activeParams() / 1e9, 0.05);
        ModelImport ds = load("deepseek-ai__DeepSeek-V3.json");
        assertEquals(671.0, ds.weights().totalParams() / 1e9, 0.5);
        assertEquals(37.6, ds.weights().activeParams() / 1e9, 0.5);
        assertNull(load("meta-llama__Llama-3.1-8B-Instruct.json").weights().activeParams(), "dense");
    }

    @Test
    void quantizationFormats() throws Exception {
        ModelImport awq = load("hugging-quants__Meta-Llama-3.1-70B-Instruct-AWQ-INT4.json");
        assertEquals(WeightFormat.INT4, awq.weights().format());
        assertEquals(128, awq.weights().groupSize());
        assertEquals(4, awq.weights().zeroPointBits());
        assertEquals(2L * 128_256 * 8192, awq.weights().unquantizedParams(), "embeddings and LM head stay fp16");
        assertEquals(KvDtype.AUTO, awq.kv().kvDtype(), "4-bit weights do not make a 4-bit cache");
        ModelImport gptq = load("hugging-quants__Meta-Llama-3.1-8B-Instruct-GPTQ-INT4.config.json");
        assertEquals(WeightFormat.INT4, gptq.weights().format());
        ModelImport fp8 = load("Qwen__Qwen3-32B-FP8.json");
        assertEquals(WeightFormat.FP8, fp8.weights().format());
        assertEquals(128 * 128, fp8.weights().groupSize());
        ModelImport oss = load("openai__gpt-oss-120b.json");
        assertEquals(WeightFormat.MXFP4, oss.weights().format());
        // attention (36 x 26.5M), router, embeddings and LM head (2 x 201,088 x 2,880) stay bf16: about 2.13B
        assertEquals(2.13, oss.weights().unquantizedParams() / 1e9, 0.01);
        // and the estimate lands on the checkpoint's tensor bytes (65,248,815,744 per shared/reference) within 0.5 %
        long est = calc(oss).get(FigureKey.WEIGHTS_ESTIMATED_BYTES).value();
        assertEquals(1.0, est / 65_248_815_744.0, 0.005, "estimate " + est);
        ModelImport modelopt = load("nvidia__Llama-3.1-70B-Instruct-FP8.json");
        assertEquals(WeightFormat.FP8, modelopt.weights().format());
        assertEquals(KvDtype.FP8_E4M3, modelopt.kv().kvDtype());
    }

    @Test
    void bitsandbytesAndCompressedTensors() throws Exception {
        String base = "\"model_type\":\"llama\",\"num_hidden_layers\":32,\"num_attention_heads\":32,"
                + "\"num_key_value_heads\":8,\"hidden_size\":4096,\"intermediate_size\":14336,\"vocab_size\":128256";
        ModelImport bnb = ConfigImporter.parse("{" + base + ",\"quantization_config\":{\"quant_method\":\"bitsandbytes\","
                + "\"load_in_4bit\":true,\"bnb_4bit_quant_type\":\"nf4\"}}", "bnb.json");
        assertEquals(WeightFormat.INT4, bnb.weights().format());
        assertEquals(64, bnb.weights().groupSize());
        ModelImport ct = ConfigImporter.parse("{" + base + ",\"quantization_config\":{\"quant_method\":\"compressed-tensors\","
                + "\"config_groups\":{\"group_0\":{\"weights\":{\"num_bits\":8,\"type\":\"float\"}}},"
                + "\"kv_cache_scheme\":{\"num_bits\":8,\"type\":\"float\"}}}", "ct.json");
        assertEquals(WeightFormat.FP8, ct.weights().format());
        assertEquals(KvDtype.FP8_E4M3, ct.kv().kvDtype());
    }

    @Test
    void checkpointBytesWinAndDisagreementIsReported() throws Exception {
        ModelImport mix = load("mistralai__Mixtral-8x7B-v0.1.json");
        assertEquals(93_405_585_408L, mix.weights().checkpointBytes());
        assertEquals(List.of(), mix.warnings(), "estimate and index agree");
        JsonNode root = WorksheetJson.shared().readTree(ConfigImporterTest.class.getResourceAsStream(
                "/configs/meta-llama__Llama-3.1-8B-Instruct.json"));
        ModelImport off = ConfigImporter.parse(root, "x", 30_000_000_000L, "meta-llama/Llama-3.1-8B-Instruct");
        assertTrue(off.warnings().get(0).contains("differ by"), off.warnings().toString());
    }

    @Test
    void unknownArchitectureIsBestEffortWithAssumptions() throws Exception {
        ModelImport m = ConfigImporter.parse("{\"model_type\":\"frobnicator\",\"num_hidden_layers\":10,"
                + "\"num_attention_heads\":8,\"hidden_size\":512}", "f.json");
        assertTrue(m.assumed().stream().anyMatch(a -> a.contains("unknown architecture 'frobnicator'")), m.assumed().toString());
        assertTrue(m.assumed().stream().anyMatch(a -> a.contains("max_position_embeddings")));
        assertEquals(2L * 10 * 8 * 64 * 2, calc(m).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
    }

    /**
     * Seen (issue 15): a GPT-2-style config without model_type (n_head, n_layer, n_embd) was taken as Falcon with one
     * KV head: 3,072 B/token instead of 36,864. Read by its keys, it has a K and V per head.
     */
    @Test
    void aGpt2StyleConfigWithoutModelTypeIsReadByItsKeys() throws Exception {
        ModelImport m = ConfigImporter.parse("{\"n_embd\":768,\"n_head\":12,\"n_layer\":12,\"vocab_size\":50257,"
                + "\"n_positions\":1024}", "gpt2/config.json");
        assertEquals(12, m.kv().kvHeads(), "MHA: one K and V per head");
        assertEquals(36_864, calc(m).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        assertTrue(m.assumed().stream().anyMatch(a -> a.contains("GPT-2-style")), m.assumed().toString());
        ModelImport falcon = ConfigImporter.parse("{\"hidden_size\":4544,\"n_head\":71,\"n_layer\":32,\"multi_query\":true,"
                + "\"vocab_size\":65024}", "falcon/config.json");
        assertEquals(1, falcon.kv().kvHeads(), "old Falcon keys keep multi-query attention");
    }

    @Test
    void brokenFilesGetClearErrors() {
        var truncated = assertThrows(ConfigImporter.ImportException.class,
                () -> ConfigImporter.parse("{\"model_type\": \"llama\", \"num_hidden_la", "config.json"));
        assertTrue(truncated.getMessage().contains("truncated"), truncated.getMessage());
        var noLayers = assertThrows(ConfigImporter.ImportException.class,
                () -> ConfigImporter.parse("{\"model_type\": \"mystery\", \"hidden_size\": 4096}", "config.json"));
        assertTrue(noLayers.getMessage().contains("num_hidden_layers"), noLayers.getMessage());
        ModelImport llama = assertDoesNotThrow(() -> ConfigImporter.parse("{\"model_type\": \"llama\", \"hidden_size\": 4096}",
                "config.json"));
        assertEquals(32, llama.kv().layers(), "a known family takes its config class defaults, as transformers does");
        assertTrue(llama.assumed().contains("default used: num_hidden_layers = 32 (transformers LlamaConfig, the config "
                + "leaves it out)"), llama.assumed().toString());
    }

    @Test
    void importingKeepsTheRestOfTheSheet() throws Exception {
        Worksheet before = WorksheetJson.read(java.nio.file.Path.of("assets/samples/seed003-70b-int4-80gib.json"));
        Worksheet after = load("meta-llama__Llama-3.1-8B-Instruct.json").applyTo(before);
        assertEquals(before.workloads(), after.workloads());
        assertEquals(before.gpu(), after.gpu());
        assertEquals(131_072, SizingCalculator.calculate(after).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
    }

    /** Issue 15: GPT-J / BLOOM / MPT-style keys (n_embd, n_heads, n_layers, max_seq_len, attn_config.kv_n_heads). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "gptj|{\"model_type\":\"gptj\",\"n_embd\":4096,\"n_head\":16,\"n_layer\":28,\"n_positions\":2048,\"rotary_dim\":64,"
                + "\"n_inner\":null,\"vocab_size\":50400}|6050882784|458752|2048",
        "bloom|{\"model_type\":\"bloom\",\"hidden_size\":1024,\"n_head\":16,\"n_layer\":24,\"vocab_size\":250880}|559214592|98304|2048",
        "mpt|{\"model_type\":\"mpt\",\"d_model\":4096,\"n_heads\":32,\"n_layers\":32,\"max_seq_len\":2048,\"vocab_size\":50432,"
        + "\"attn_config\":{\"kv_n_heads\":32}}|6649286656|524288|2048"})
    void olderFamiliesAreReadByTheirKeys(String family, String json, long params, long kvBytesPerToken, long context) throws Exception {
        ModelImport m = ConfigImporter.parse(json, family + "/config.json");
        double err = Math.abs(m.weights().totalParams() - params) / (double) params;
        assertTrue(err < 0.001, family + ": " + m.weights().totalParams() + " against the published " + params);
        assertEquals(kvBytesPerToken, calc(m).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(), family);
        assertEquals(context, m.model().maxContextTokens(), family);
        assertTrue(m.assumed().stream().noneMatch(a -> a.startsWith("unknown architecture")), m.assumed().toString());
    }

    /**
     * Seen (issue 27): a config whose sliding window (4,096) is above its own max position embeddings (2,048) was refused on
     * import ("window above context"). The real gemma-2-9b config with max_position_embeddings lowered to 2,048: it imports, the
     * import says the window never binds, and the sheet calculates with those layers holding the whole context.
     */
    @Test
    void aWindowAboveTheConfigsOwnMaxPositionsImportsAndNeverBinds() throws Exception {
        String json;
        try (InputStream in = ConfigImporterTest.class.getResourceAsStream("/configs/google__gemma-2-9b.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("\"max_position_embeddings\": 8192",
                    "\"max_position_embeddings\": 2048");
        }
        assertTrue(json.contains("\"max_position_embeddings\": 2048"));
        ModelImport m = ConfigImporter.parse(json, "gemma-2-9b with max positions 2048");
        assertTrue(m.detected().stream().anyMatch(d -> d.contains("above max_position_embeddings 2,048")), m.detected().toString());
        SizingResult r = calc(m);
        assertTrue(r.issues().stream().noneMatch(i -> i.field().equals("kv.windows")), r.issues().toString());
        assertTrue(r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().assumptions().stream().anyMatch(n -> n.contains("never binds")));
    }
}
