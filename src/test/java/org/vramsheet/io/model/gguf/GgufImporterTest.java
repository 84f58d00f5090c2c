package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;

/** GGUF metadata to the sheet's model, one architecture rule of llama.cpp's load_hparams per test. */
class GgufImporterTest {
    static GgufFixture llama8b() { return GgufModels.llama8b(); }

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
        assertTrue(all(m).contains("1 tensors of ggml type 77, a type ggml removed or the reader does not know"), all(m));
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
        ModelImport m = GgufImporter.parse(GgufModels.gemma2NoWindowKey().file());
        assertEquals(21, m.kv().windows().get(0).layers());
        assertEquals(4096L, m.kv().windows().get(0).window());
        assertTrue(all(m).contains("no 'gemma2.attention.sliding_window': window 4,096 tokens, the default of llama.cpp"), all(m));
    }

    @Test
    void llama4IsChunkedAsLlamaCppFixesIt() throws Exception {
        ModelImport m = GgufImporter.parse(GgufModels.llama4().file());
        LayerWindow w = m.kv().windows().get(0);
        assertEquals(WindowKind.CHUNKED, w.kind());
        assertEquals(36, w.layers(), "3 chunked : 1 full");
        assertEquals(8192L, w.window());
    }

    @Test
    void deepSeekMlaCachesTheLatentOnly() throws Exception {
        GgufFixture f = GgufModels.deepseekV2Lite();
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(AttentionKind.MLA, m.kv().kind());
        assertEquals(512, m.kv().kvLoraRank());
        assertEquals(64, m.kv().qkRopeHeadDim());
        assertEquals((512 + 64) * 27 * 2, kvPerToken(m));
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(f.file());
        assertEquals(576L, lc.hparams().embdK());
        assertEquals(0L, lc.hparams().embdV(), "llama-kv-cache.cpp: has_v = !is_mla");
        assertTrue(lc.exact(), lc.inexact().toString());
    }

    @Test
    void anMlaFileFromBeforeTheLatentCacheIsWarnedAbout() throws Exception {
        GgufFixture f = GgufModels.deepseekV2LiteOld();
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(AttentionKind.MLA, m.kv().kind());
        assertTrue(all(m).contains("no 'deepseek2.attention.key_length_mla': a file converted before llama.cpp cached the MLA "
                + "latent"), all(m));
        assertEquals(16L * 192, GgufImporter.llamaCpp(f.file()).hparams().embdK(), "llama.cpp caches K per head for it");
    }

    @Test
    void gemma3nKeepsKvOnTwentyLayers() throws Exception {
        GgufFixture f = GgufModels.gemma3n();
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(20, m.kv().layers());
        assertEquals(16, m.kv().windows().get(0).layers(), "pattern 5 over the first 20: 4, 9, 14, 19 full");
        assertTrue(all(m).contains("K/V on the first 20 layers, the others reuse them (llama.cpp sets 20 for 'gemma3n')"), all(m));
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(f.file());
        assertFalse(lc.exact(), "10 layers without K/V of their own");
        assertEquals(20, lc.layers().stream().filter(GgufLayer::kv).count());
    }

    @Test
    void gemma4SlidingLayersHaveTheirOwnGeometry() throws Exception {
        GgufFixture f = GgufModels.gemma4Shaped();
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(6, m.kv().layers(), "K/V on the first 6 of 7");
        assertEquals(2, m.kv().kvHeads(), "the full-attention layer's");
        assertEquals(512, m.kv().headDim());
        LayerWindow w = m.kv().windows().get(0);
        assertEquals(5, w.layers());
        assertEquals(4, w.kvHeads());
        assertEquals(256, w.headDim());
        assertEquals((1L * 2 * 2 * 512 + 5L * 2 * 4 * 256) * 2, kvPerToken(m));
        assertTrue(all(m).contains("the last 1 layers reuse the K/V of earlier layers ('gemma4.attention.shared_kv_layers')"), all(m));
        assertFalse(GgufImporter.llamaCpp(f.file()).exact(), "other K/V widths on the sliding layers");
    }

    @Test
    void qwen3NextIsLinearAttentionButEveryFourthLayer() throws Exception {
        GgufFixture f = GgufModels.qwen3Next();
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(12, m.kv().layers());
        assertEquals(36, m.kv().stateLayers());
        // the config importer's count of the same state on the HF config: 32 x 128 x 128 + 3 x (2 x 16 x 128 + 32 x 128)
        assertEquals(548_864L * 4, m.kv().stateBytesPerLayer(), "f32, as llama_memory_recurrent keeps it");
        ModelImport hf;
        try (var in = GgufImporterTest.class.getResourceAsStream("/configs/Qwen__Qwen3-Next-80B-A3B-Instruct.config.json")) {
            hf = ConfigImporter.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), "qwen3next");
        }
        assertEquals(hf.kv().stateBytesPerLayer() / 2 * 4, m.kv().stateBytesPerLayer(), "the same elements (bf16 there)");
        assertEquals(hf.kv().layers(), m.kv().layers());
    }

    @Test
    void graniteHybridRecurrentLayersAreThoseWithoutKvHeads() throws Exception {
        GgufFixture f = GgufModels.graniteHybrid();
        ModelImport m = GgufImporter.parse(f.file());
        assertEquals(4, m.kv().layers());
        assertEquals(36, m.kv().stateLayers());
        long values = 3L * (3072 + 2 * 128) + 128L * 3072; // (d_conv - 1)(d_inner + 2 n_group d_state) + d_state d_inner
        assertEquals(values * 4, m.kv().stateBytesPerLayer());
        GgufImporter.LlamaCpp lc = GgufImporter.llamaCpp(f.file());
        assertTrue(lc.hparams().recurrent());
        assertEquals(values, lc.hparams().embdR() + lc.hparams().embdS());
        assertTrue(lc.inexact().contains("36 of 40 layers hold no K/V of their own, and the prediction puts K/V on every layer"),
                lc.inexact().toString());
    }

    @Test
    void lfm2ShortConvState() throws Exception {
        int[] kvHeads = {0, 0, 8, 0, 0, 8, 0, 0, 8, 0};
        ModelImport m = GgufImporter.parse(GgufModels.lfm2().file());
        assertEquals(3, m.kv().layers());
        assertEquals(7, m.kv().stateLayers());
        assertEquals(1024L * 2 * 4, m.kv().stateBytesPerLayer(), "n_embd x (l_cache - 1), f32");
    }

    @Test
    void nemotronHMlpLayersHoldNeitherCacheNorState() throws Exception {
        ModelImport m = GgufImporter.parse(GgufModels.nemotronH().file());
        assertEquals(1, m.kv().layers());
        assertEquals(1, m.kv().stateLayers(), "layer 0: no KV heads and no FFN; layers 1 and 3 are MLP layers");
        assertTrue(all(m).contains("layers: 1 full attention, 0 windowed, 1 recurrent, 2 without a cache of their own (of 4)"));
    }

    @Test
    void mtpLayersHoldNoCache() throws Exception {
        ModelImport m = GgufImporter.parse(GgufModels.glm4moeWithMtp().file());
        assertEquals(46, m.kv().layers());
    }

    @Test
    void aPureRecurrentModelIsRefusedNamingWhy() throws Exception {
        var e = assertThrows(ConfigImporter.ImportException.class, () -> GgufImporter.parse(GgufModels.rwkv6().file()));
        assertTrue(e.getMessage().contains("every layer of 'rwkv6' is recurrent"), e.getMessage());
        // llama.cpp's hyperparameters are still read, with the reason the prediction is not exact
        assertTrue(GgufImporter.llamaCpp(GgufModels.rwkv6().file()).inexact().toString().contains("RWKV"));
    }

    @Test
    void anUnknownArchitectureIsReadFromTheGenericKeysAndNamed() throws Exception {
        ModelImport m = GgufImporter.parse(GgufModels.unknownArch().file());
        assertEquals(32, m.kv().layers());
        assertTrue(m.kv().windows().isEmpty());
        assertTrue(all(m).contains("architecture 'novel9' has no llama.cpp rule known to the importer"), all(m));
        assertTrue(all(m).contains("'novel9.attention.sliding_window' is 4,096 but llama.cpp applies no window to 'novel9'"),
                all(m));
    }

    @Test
    void phi3sWindowIsOffAsInLlamaCpp() throws Exception {
        ModelImport m = GgufImporter.parse(GgufModels.phi3().file());
        assertTrue(m.kv().windows().isEmpty());
        assertTrue(all(m).contains("but llama.cpp turns the window off for 'phi3'"), all(m));
    }
}
