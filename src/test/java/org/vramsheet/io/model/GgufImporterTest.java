package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;

/** GGUF metadata to the sheet's model, one architecture rule of llama.cpp's load_hparams per test. */
class GgufImporterTest {
    /** A dense GQA model (Llama 3.1 8B's shape: config meta-llama__Llama-3.1-8B-Instruct.json). */
    static GgufFixture llama8b() {
        return GgufFixture.of("llama").key("general.name", "Meta Llama 3.1 8B Instruct").a("block_count", 32)
                .a("context_length", 131072).a("embedding_length", 4096).a("attention.head_count", 32)
                .a("attention.head_count_kv", 8).a("vocab_size", 128256).key("general.file_type", 15)
                .tensor("token_embd.weight", 12, 4096, 128256).tensor("blk.0.attn_k.weight", 12, 4096, 1024);
    }

    static String all(ModelImport m) {
        return String.join("\n", m.detected()) + "\n" + String.join("\n", m.assumed()) + "\n" + String.join("\n", m.warnings());
    }

    static long kvPerToken(ModelImport m) {
        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80L << 30), null, null, null, null));
        return SizingCalculator.calculate(ws).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value();
    }

    @Test
    void aDenseModelNamesTheKeyOfEveryKvField() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().file());
        KvArchitecture kv = m.kv();
        assertEquals(AttentionKind.GQA, kv.kind());
        assertEquals(32, kv.layers());
        assertEquals(32, kv.attentionHeads());
        assertEquals(8, kv.kvHeads());
        assertEquals(128, kv.headDim(), "no key_length: n_embd / n_head, as llama.cpp defaults it");
        assertEquals(KvDtype.FP16, kv.kvDtype(), "llama.cpp's default cache type");
        assertEquals(2 * 32 * 8 * 128 * 2, kvPerToken(m));
        String text = all(m);
        assertTrue(text.contains("KV heads 8 ('llama.attention.head_count_kv'): GQA, 4 query heads per KV head"), text);
        assertTrue(text.contains("head_dim = hidden 4096 / 32 heads = 128 (no 'llama.attention.key_length'"), text);
        assertTrue(text.contains("32 of 32 layers hold a KV cache of their own ('llama.block_count')"), text);
        assertTrue(text.contains("32 attention heads ('llama.attention.head_count')"), text);
        assertTrue(text.contains("file type 'Q4_K_M' ('general.file_type' 15)"), text);
        assertEquals("Meta Llama 3.1 8B Instruct", m.model().modelId());
        assertEquals(131072L, m.model().maxContextTokens());
        assertEquals(128256L, m.model().vocabSize());
        assertEquals("llama", m.model().architecture());
        assertTrue(m.warnings().isEmpty(), m.warnings().toString());
    }

    @Test
    void weightsAreTheTensorsExactBytes() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().tensor("output_norm.weight", 0, 4096).file());
        // Q4_K: 144 bytes per 256 values; F32: 4 bytes a value
        long q4k = (4096L * 128256 + 4096L * 1024) / 256 * 144;
        assertEquals(q4k + 4096 * 4, m.weights().checkpointBytes());
        assertEquals(4096L * 128256 + 4096L * 1024 + 4096, m.weights().totalParams());
        assertEquals(WeightFormat.INT4, m.weights().format(), "the sheet's nearest format; the exact bytes win");
        assertEquals(4096L, m.weights().unquantizedParams());
        assertTrue(m.weights().checkpointFormat().startsWith("GGUF Q4_K"), m.weights().checkpointFormat());
    }

    @Test
    void aTypeTheImporterDoesNotKnowIsNamedNotGuessed() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().tensor("blk.0.odd.weight", 77, 4096).file());
        assertNull(m.weights().checkpointBytes());
        assertTrue(all(m).contains("1 tensors of ggml type 77, a type this importer does not know"), all(m));
    }

    @Test
    void moeActiveParametersComeFromTheExpertTensors() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().a("expert_count", 8).a("expert_used_count", 2)
                .tensor("blk.0.ffn_up_exps.weight", 0, 4096, 1024, 8).file());
        long experts = 4096L * 1024 * 8;
        long total = m.weights().totalParams();
        assertEquals(total - experts + experts / 8 * 2, m.weights().activeParams());
        assertTrue(all(m).contains("8 experts, 2 used per token ('llama.expert_count', 'llama.expert_used_count')"), all(m));
    }

    @Test
    void noHeadCountKvIsMhaAsLlamaCppDefaultsIt() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().without("llama.attention.head_count_kv").file());
        assertEquals(AttentionKind.MHA, m.kv().kind());
        assertEquals(32, m.kv().kvHeads());
        assertTrue(all(m).contains("no 'llama.attention.head_count_kv': every query head has its own K/V (MHA)"), all(m));
    }

    @Test
    void theVocabularyIsTheTokenListWithoutVocabSize() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().without("llama.vocab_size").key("tokenizer.ggml.tokens",
                List.of("<s>", "</s>", "a")).file());
        assertEquals(3L, m.model().vocabSize());
    }

    @Test
    void gptOssSlidesEveryOtherLayer() throws Exception {
        ModelImport m = GgufImporter.parse(GgufFieldLogTest.gptOss20b());
        List<LayerWindow> w = m.kv().windows();
        assertEquals(1, w.size());
        assertEquals(12, w.get(0).layers());
        assertEquals(128L, w.get(0).window());
        assertEquals(24, m.kv().layers());
        assertTrue(all(m).contains("sliding window 128 tokens on 12 of 24 layers ('gpt-oss.attention.sliding_window') "
                + "(llama-model.cpp load_hparams, 'gpt-oss')"), all(m));
    }

    @Test
    void gemma3KeepsOneFullLayerInSix() throws Exception {
        ModelImport m = GgufImporter.parse(GgufFieldLogTest.gemma3_1b());
        assertEquals(22, m.kv().windows().get(0).layers(), "26 layers: 5, 11, 17, 23 full attention");
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(GgufFieldLogTest.gemma3_1b());
        assertEquals(6, lc.hparams().swaPattern());
        assertEquals(512L, lc.hparams().window());
    }

    @Test
    void gemma2WithoutItsWindowKeyTakesLlamaCppsDefault() throws Exception {
        ModelImport m = GgufImporter.parse(GgufFixture.of("gemma2").a("block_count", 42).a("context_length", 8192)
                .a("embedding_length", 3584).a("attention.head_count", 16).a("attention.head_count_kv", 8)
                .a("attention.key_length", 256).a("attention.value_length", 256).tensor("blk.0.attn_k.weight", 0, 3584, 2048).file());
        assertEquals(21, m.kv().windows().get(0).layers());
        assertEquals(4096L, m.kv().windows().get(0).window());
        assertTrue(all(m).contains("no 'gemma2.attention.sliding_window': window 4,096 tokens, llama.cpp's default"), all(m));
    }

    @Test
    void llama4IsChunkedAsLlamaCppFixesIt() throws Exception {
        ModelImport m = GgufImporter.parse(GgufFixture.of("llama4").a("block_count", 48).a("context_length", 10485760)
                .a("embedding_length", 5120).a("attention.head_count", 40).a("attention.head_count_kv", 8)
                .a("attention.key_length", 128).a("attention.value_length", 128).tensor("blk.0.attn_k.weight", 0, 5120, 1024).file());
        LayerWindow w = m.kv().windows().get(0);
        assertEquals(WindowKind.CHUNKED, w.kind());
        assertEquals(36, w.layers(), "3 chunked : 1 full");
        assertEquals(8192L, w.window());
    }

    @Test
    void deepSeekMlaCachesTheLatentOnly() throws Exception {
        // DeepSeek-V2-Lite (config deepseek-ai__DeepSeek-V2-Lite.json: 27 layers, kv_lora_rank 512, qk_rope_head_dim 64,
        // qk_nope 128, v_head_dim 128) as llama.cpp's converter writes MLA: head_count_kv 1, key_length 512 + 64,
        // value_length 512, key_length_mla 128 + 64, value_length_mla 128
        GgufFixture f = GgufFixture.of("deepseek2").a("block_count", 27).a("context_length", 163840).a("embedding_length", 2048)
                .a("attention.head_count", 16).a("attention.head_count_kv", 1).a("attention.key_length", 576)
                .a("attention.value_length", 512).a("attention.key_length_mla", 192).a("attention.value_length_mla", 128)
                .a("attention.kv_lora_rank", 512).a("rope.dimension_count", 64).tensor("blk.0.attn_kv_a_mqa.weight", 0, 2048, 576);
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(AttentionKind.MLA, m.kv().kind());
        assertEquals(512, m.kv().kvLoraRank());
        assertEquals(64, m.kv().qkRopeHeadDim());
        assertEquals((512 + 64) * 27 * 2, kvPerToken(m));
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(f.file());
        assertEquals(576L, lc.hparams().embdK());
        assertEquals(0L, lc.hparams().embdV(), "llama-kv-cache.cpp: has_v = !is_mla");
        assertNull(lc.inexact());
    }

    @Test
    void anMlaFileFromBeforeTheLatentCacheIsWarnedAbout() throws Exception {
        GgufFixture f = GgufFixture.of("deepseek2").a("block_count", 27).a("context_length", 163840).a("embedding_length", 2048)
                .a("attention.head_count", 16).a("attention.head_count_kv", 16).a("attention.key_length", 192)
                .a("attention.value_length", 128).a("attention.kv_lora_rank", 512).a("rope.dimension_count", 64)
                .tensor("blk.0.attn_kv_a_mqa.weight", 0, 2048, 576);
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(AttentionKind.MLA, m.kv().kind());
        assertTrue(all(m).contains("no 'deepseek2.attention.key_length_mla': a file converted before llama.cpp cached the MLA "
                + "latent"), all(m));
        assertEquals(16L * 192, GgufImporter.llamaCpp(f.file()).hparams().embdK(), "llama.cpp caches K per head for it");
    }

    @Test
    void gemma3nKeepsKvOnTwentyLayers() throws Exception {
        GgufFixture f = GgufFixture.of("gemma3n").a("block_count", 30).a("context_length", 32768).a("embedding_length", 2048)
                .a("attention.head_count", 8).a("attention.head_count_kv", 2).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("attention.sliding_window", 512).a("attention.shared_kv_layers", 10)
                .tensor("blk.0.attn_k.weight", 0, 2048, 512);
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(20, m.kv().layers());
        assertEquals(16, m.kv().windows().get(0).layers(), "pattern 5 over the first 20: 4, 9, 14, 19 full");
        assertTrue(all(m).contains("K/V on the first 20 layers, the others reuse them (llama.cpp sets 20 for 'gemma3n')"), all(m));
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(f.file());
        assertNotNull(lc.inexact(), "10 layers without K/V of their own");
        assertEquals(20, lc.layers().stream().filter(GgufLayer::kv).count());
    }

    @Test
    void gemma4SlidingLayersHaveTheirOwnGeometry() throws Exception {
        // a Gemma-4-shaped header (not a real model): 7 layers, the 6th full attention with 2 KV heads 512 wide, the
        // sliding ones 4 KV heads 256 wide (key_length_swa); the last layer shares an earlier layer's K/V
        boolean[] pattern = {true, true, true, true, true, false, true};
        GgufFixture f = GgufFixture.of("gemma4").a("block_count", 7).a("context_length", 131072).a("embedding_length", 2560)
                .a("attention.head_count", 8).a("attention.head_count_kv", new int[] {4, 4, 4, 4, 4, 2, 4})
                .a("attention.key_length", 512).a("attention.value_length", 512).a("attention.key_length_swa", 256)
                .a("attention.value_length_swa", 256).a("attention.sliding_window", 1024)
                .a("attention.sliding_window_pattern", pattern).a("attention.shared_kv_layers", 1)
                .tensor("blk.0.attn_k.weight", 0, 2560, 1024);
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(6, m.kv().layers(), "K/V on the first 6 of 7");
        assertEquals(2, m.kv().kvHeads(), "the full-attention layer's");
        assertEquals(512, m.kv().headDim());
        LayerWindow w = m.kv().windows().get(0);
        assertEquals(5, w.layers());
        assertEquals(4, w.kvHeads());
        assertEquals(256, w.headDim());
        assertEquals((1L * 2 * 2 * 512 + 5L * 2 * 4 * 256) * 2, kvPerToken(m));
        assertTrue(all(m).contains("the last 1 layers reuse earlier layers' K/V ('gemma4.attention.shared_kv_layers')"), all(m));
        assertNotNull(GgufImporter.llamaCpp(f.file()).inexact(), "other K/V widths on the sliding layers");
    }

    @Test
    void qwen3NextIsLinearAttentionButEveryFourthLayer() throws Exception {
        // Qwen3-Next-80B-A3B: the GGUF keys of the llama.cpp issue 17578 dump (shared/reference/model-configs); inner_size,
        // state_size and group_count from the HF linear_* values (32 value heads x 128, key dim 128, 16 key heads)
        GgufFixture f = GgufFixture.of("qwen3next").a("block_count", 48).a("context_length", 262144).a("embedding_length", 2048)
                .a("attention.head_count", 16).a("attention.head_count_kv", 2).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("ssm.conv_kernel", 4).a("ssm.inner_size", 4096).a("ssm.state_size", 128)
                .a("ssm.group_count", 16).a("ssm.time_step_rank", 32).a("expert_count", 512).a("expert_used_count", 10)
                .tensor("blk.3.attn_k.weight", 0, 2048, 512);
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(12, m.kv().layers());
        assertEquals(36, m.kv().stateLayers());
        // the config importer's count of the same state on the HF config: 32 x 128 x 128 + 3 x (2 x 16 x 128 + 32 x 128)
        assertEquals(548_864L * 4, m.kv().stateBytesPerLayer(), "f32, as llama_memory_recurrent keeps it");
        ModelImport hf = ConfigImporterTest.load("Qwen__Qwen3-Next-80B-A3B-Instruct.config.json");
        assertEquals(hf.kv().stateBytesPerLayer() / 2 * 4, m.kv().stateBytesPerLayer(), "the same elements (bf16 there)");
        assertEquals(hf.kv().layers(), m.kv().layers());
    }

    @Test
    void graniteHybridRecurrentLayersAreThoseWithoutKvHeads() throws Exception {
        int[] kvHeads = new int[40];
        for (int il = 0; il < 40; il++) {
            kvHeads[il] = il % 10 == 5 ? 4 : 0;
        }
        GgufFixture f = GgufFixture.of("granitehybrid").a("block_count", 40).a("context_length", 131072).a("embedding_length", 1536)
                .a("attention.head_count", 12).a("attention.head_count_kv", kvHeads).a("ssm.conv_kernel", 4)
                .a("ssm.inner_size", 3072).a("ssm.state_size", 128).a("ssm.group_count", 1).a("ssm.time_step_rank", 48)
                .tensor("blk.5.attn_k.weight", 0, 1536, 512);
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(4, m.kv().layers());
        assertEquals(36, m.kv().stateLayers());
        long values = 3L * (3072 + 2 * 128) + 128L * 3072; // (d_conv - 1)(d_inner + 2 n_group d_state) + d_state d_inner
        assertEquals(values * 4, m.kv().stateBytesPerLayer());
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(f.file());
        assertTrue(lc.hparams().recurrent());
        assertEquals(values, lc.hparams().embdR() + lc.hparams().embdS());
        assertTrue(lc.inexact().contains("36 of 40 layers hold no K/V of their own"), lc.inexact());
    }

    @Test
    void lfm2ShortConvState() throws Exception {
        int[] kvHeads = {0, 0, 8, 0, 0, 8, 0, 0, 8, 0};
        ModelImport m = GgufImporter.parse(GgufFixture.of("lfm2").a("block_count", 10).a("context_length", 128000)
                .a("embedding_length", 1024).a("attention.head_count", 16).a("attention.head_count_kv", kvHeads)
                .a("shortconv.l_cache", 3).tensor("blk.2.attn_k.weight", 0, 1024, 512).file());
        assertEquals(3, m.kv().layers());
        assertEquals(7, m.kv().stateLayers());
        assertEquals(1024L * 2 * 4, m.kv().stateBytesPerLayer(), "n_embd x (l_cache - 1), f32");
    }

    @Test
    void nemotronHMlpLayersHoldNeitherCacheNorState() throws Exception {
        ModelImport m = GgufImporter.parse(GgufFixture.of("nemotron_h").a("block_count", 4).a("context_length", 8192)
                .a("embedding_length", 1024).a("attention.head_count", 8).a("attention.head_count_kv", new int[] {0, 0, 2, 0})
                .a("feed_forward_length", new int[] {0, 4096, 0, 4096}).a("attention.key_length", 128)
                .a("attention.value_length", 128).a("ssm.conv_kernel", 4).a("ssm.inner_size", 2048).a("ssm.state_size", 128)
                .a("ssm.group_count", 8).tensor("blk.2.attn_k.weight", 0, 1024, 256).file());
        assertEquals(1, m.kv().layers());
        assertEquals(1, m.kv().stateLayers(), "layer 0: no KV heads and no FFN; layers 1 and 3 are MLP layers");
        assertTrue(all(m).contains("layers: 1 full attention, 0 windowed, 1 recurrent, 2 without a cache of their own (of 4)"));
    }

    @Test
    void mtpLayersHoldNoCache() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().key("general.architecture", "glm4moe").without("llama.block_count")
                .key("glm4moe.block_count", 47).key("glm4moe.nextn_predict_layers", 1).key("glm4moe.context_length", 131072)
                .key("glm4moe.embedding_length", 4096).key("glm4moe.attention.head_count", 96)
                .key("glm4moe.attention.head_count_kv", 8).key("glm4moe.attention.key_length", 128)
                .key("glm4moe.attention.value_length", 128).file());
        assertEquals(46, m.kv().layers());
    }

    @Test
    void aPureRecurrentModelIsRefusedNamingWhy() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(ConfigImporter.ImportException.class, () -> GgufImporter.parse(
                GgufFixture.of("rwkv6").a("block_count", 24).a("context_length", 1048576).a("embedding_length", 2048)
                        .a("wkv.head_size", 64).tensor("blk.0.x.weight", 0, 2048).file()));
        assertTrue(e.getMessage().contains("every layer of 'rwkv6' is recurrent"), e.getMessage());
        // llama.cpp's hyperparameters are still read, with the reason the prediction is not exact
        assertFalse(org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> GgufImporter.llamaCpp(GgufFixture.of("rwkv6")
                .a("block_count", 24).a("context_length", 1048576).a("embedding_length", 2048).a("wkv.head_size", 64).file()))
                .inexact().isEmpty());
    }

    @Test
    void anUnknownArchitectureIsReadFromTheGenericKeysAndNamed() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().key("general.architecture", "novel9").without("llama.block_count")
                .key("novel9.block_count", 32).key("novel9.context_length", 32768).key("novel9.embedding_length", 4096)
                .key("novel9.attention.head_count", 32).key("novel9.attention.head_count_kv", 8)
                .key("novel9.attention.sliding_window", 4096).file());
        assertEquals(32, m.kv().layers());
        assertTrue(m.kv().windows().isEmpty());
        assertTrue(all(m).contains("architecture 'novel9' has no llama.cpp rule known to the importer"), all(m));
        assertTrue(all(m).contains("'novel9.attention.sliding_window' is 4,096 but llama.cpp applies no window to 'novel9'"),
                all(m));
    }

    @Test
    void phi3sWindowIsOffAsInLlamaCpp() throws Exception {
        ModelImport m = GgufImporter.parse(llama8b().key("general.architecture", "phi3").key("phi3.block_count", 32)
                .key("phi3.context_length", 4096).key("phi3.embedding_length", 3072).key("phi3.attention.head_count", 32)
                .key("phi3.attention.head_count_kv", 32).key("phi3.attention.sliding_window", 2047).file());
        assertTrue(m.kv().windows().isEmpty());
        assertTrue(all(m).contains("but llama.cpp turns the window off for 'phi3'"), all(m));
    }
}
