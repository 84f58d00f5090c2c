package org.vramsheet.io.model.gguf;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GGUF headers the importer's tests read, one per llama.cpp rule. Where a header is a real model's, its values are from
 * the config or the metadata dump named beside it; the others are shaped like a family to exercise its rule.
 */
final class GgufModels {
    private GgufModels() { }

    /** A dense GQA model (Llama 3.1 8B's shape: config meta-llama__Llama-3.1-8B-Instruct.json). */
    static GgufFixture llama8b() {
        return GgufFixture.of("llama").key("general.name", "Meta Llama 3.1 8B Instruct").a("block_count", 32)
                .a("context_length", 131072).a("embedding_length", 4096).a("attention.head_count", 32)
                .a("attention.head_count_kv", 8).a("vocab_size", 128256).key("general.file_type", 15)
                .tensor("token_embd.weight", 12, 4096, 128256).tensor("blk.0.attn_k.weight", 12, 4096, 1024);
    }

    static GgufFixture gemma2NoWindowKey() {
        return GgufFixture.of("gemma2").a("block_count", 42).a("context_length", 8192).a("embedding_length", 3584)
                .a("attention.head_count", 16).a("attention.head_count_kv", 8).a("attention.key_length", 256)
                .a("attention.value_length", 256).tensor("blk.0.attn_k.weight", 0, 3584, 2048);
    }

    /** Llama 4 Scout's attention (config meta-llama__Llama-4-Scout-17B-16E-Instruct.json). */
    static GgufFixture llama4() {
        return GgufFixture.of("llama4").a("block_count", 48).a("context_length", 10485760).a("embedding_length", 5120)
                .a("attention.head_count", 40).a("attention.head_count_kv", 8).a("attention.key_length", 128)
                .a("attention.value_length", 128).tensor("blk.0.attn_k.weight", 0, 5120, 1024);
    }

    /**
     * DeepSeek-V2-Lite (config deepseek-ai__DeepSeek-V2-Lite.json: 27 layers, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope
     * 128, v_head_dim 128) as llama.cpp's converter writes MLA: head_count_kv 1, key_length 512 + 64, value_length 512,
     * key_length_mla 128 + 64, value_length_mla 128.
     */
    static GgufFixture deepseekV2Lite() {
        return GgufFixture.of("deepseek2").a("block_count", 27).a("context_length", 163840).a("embedding_length", 2048)
                .a("attention.head_count", 16).a("attention.head_count_kv", 1).a("attention.key_length", 576)
                .a("attention.value_length", 512).a("attention.key_length_mla", 192).a("attention.value_length_mla", 128)
                .a("attention.kv_lora_rank", 512).a("rope.dimension_count", 64).tensor("blk.0.attn_kv_a_mqa.weight", 0, 2048, 576);
    }

    /** The same model converted before llama.cpp cached the MLA latent: K/V per head, no _mla lengths. */
    static GgufFixture deepseekV2LiteOld() {
        return GgufFixture.of("deepseek2").a("block_count", 27).a("context_length", 163840).a("embedding_length", 2048)
                .a("attention.head_count", 16).a("attention.head_count_kv", 16).a("attention.key_length", 192)
                .a("attention.value_length", 128).a("attention.kv_lora_rank", 512).a("rope.dimension_count", 64)
                .tensor("blk.0.attn_kv_a_mqa.weight", 0, 2048, 576);
    }

    static GgufFixture gemma3n() {
        return GgufFixture.of("gemma3n").a("block_count", 30).a("context_length", 32768).a("embedding_length", 2048)
                .a("attention.head_count", 8).a("attention.head_count_kv", 2).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("attention.sliding_window", 512).a("attention.shared_kv_layers", 10)
                .tensor("blk.0.attn_k.weight", 0, 2048, 512);
    }

    /**
     * A Gemma-4-shaped header (not a real model): 7 layers, the 6th full attention with 2 KV heads 512 wide, the sliding ones
     * 4 KV heads 256 wide (key_length_swa); the last layer shares an earlier layer's K/V.
     */
    static GgufFixture gemma4Shaped() {
        boolean[] pattern = {true, true, true, true, true, false, true};
        return GgufFixture.of("gemma4").a("block_count", 7).a("context_length", 131072).a("embedding_length", 2560)
                .a("attention.head_count", 8).a("attention.head_count_kv", new int[] {4, 4, 4, 4, 4, 2, 4})
                .a("attention.key_length", 512).a("attention.value_length", 512).a("attention.key_length_swa", 256)
                .a("attention.value_length_swa", 256).a("attention.sliding_window", 1024)
                .a("attention.sliding_window_pattern", pattern).a("attention.shared_kv_layers", 1)
                .tensor("blk.0.attn_k.weight", 0, 2560, 1024);
    }

    /**
     * Qwen3-Next-80B-A3B: the GGUF keys of the llama.cpp issue 17578 dump (shared/reference/model-configs); inner_size,
     * state_size and group_count from the HF linear_* values (32 value heads x 128, key dim 128, 16 key heads).
     */
    static GgufFixture qwen3Next() {
        return GgufFixture.of("qwen3next").a("block_count", 48).a("context_length", 262144).a("embedding_length", 2048)
                .a("attention.head_count", 16).a("attention.head_count_kv", 2).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("ssm.conv_kernel", 4).a("ssm.inner_size", 4096).a("ssm.state_size", 128)
                .a("ssm.group_count", 16).a("ssm.time_step_rank", 32).a("expert_count", 512).a("expert_used_count", 10)
                .tensor("blk.3.attn_k.weight", 0, 2048, 512);
    }

    /** A Granite-4.0-H-shaped hybrid (not a real model): attention on layers 5, 15, 25, 35, Mamba-2 elsewhere. */
    static GgufFixture graniteHybrid() {
        int[] kvHeads = new int[40];
        for (int il = 0; il < 40; il++) {
            kvHeads[il] = il % 10 == 5 ? 4 : 0;
        }
        return GgufFixture.of("granitehybrid").a("block_count", 40).a("context_length", 131072).a("embedding_length", 1536)
                .a("attention.head_count", 12).a("attention.head_count_kv", kvHeads).a("ssm.conv_kernel", 4)
                .a("ssm.inner_size", 3072).a("ssm.state_size", 128).a("ssm.group_count", 1).a("ssm.time_step_rank", 48)
                .tensor("blk.5.attn_k.weight", 0, 1536, 512);
    }

    static GgufFixture lfm2() {
        return GgufFixture.of("lfm2").a("block_count", 10).a("context_length", 128000).a("embedding_length", 1024)
                .a("attention.head_count", 16).a("attention.head_count_kv", new int[] {0, 0, 8, 0, 0, 8, 0, 0, 8, 0})
                .a("shortconv.l_cache", 3).tensor("blk.2.attn_k.weight", 0, 1024, 512);
    }

    static GgufFixture nemotronH() {
        return GgufFixture.of("nemotron_h").a("block_count", 4).a("context_length", 8192).a("embedding_length", 1024)
                .a("attention.head_count", 8).a("attention.head_count_kv", new int[] {0, 0, 2, 0})
                .a("feed_forward_length", new int[] {0, 4096, 0, 4096}).a("attention.key_length", 128)
                .a("attention.value_length", 128).a("ssm.conv_kernel", 4).a("ssm.inner_size", 2048).a("ssm.state_size", 128)
                .a("ssm.group_count", 8).tensor("blk.2.attn_k.weight", 0, 1024, 256);
    }

    static GgufFixture glm4moeWithMtp() {
        return llama8b().key("general.architecture", "glm4moe").without("llama.block_count").key("glm4moe.block_count", 47)
                .key("glm4moe.nextn_predict_layers", 1).key("glm4moe.context_length", 131072).key("glm4moe.embedding_length", 4096)
                .key("glm4moe.attention.head_count", 96).key("glm4moe.attention.head_count_kv", 8)
                .key("glm4moe.attention.key_length", 128).key("glm4moe.attention.value_length", 128);
    }

    static GgufFixture rwkv6() {
        return GgufFixture.of("rwkv6").a("block_count", 24).a("context_length", 1048576).a("embedding_length", 2048)
                .a("wkv.head_size", 64).tensor("blk.0.x.weight", 0, 2048);
    }

    static GgufFixture unknownArch() {
        return llama8b().key("general.architecture", "novel9").without("llama.block_count").key("novel9.block_count", 32)
                .key("novel9.context_length", 32768).key("novel9.embedding_length", 4096).key("novel9.attention.head_count", 32)
                .key("novel9.attention.head_count_kv", 8).key("novel9.attention.sliding_window", 4096);
    }

    static GgufFixture phi3() {
        return llama8b().key("general.architecture", "phi3").key("phi3.block_count", 32).key("phi3.context_length", 4096)
                .key("phi3.embedding_length", 3072).key("phi3.attention.head_count", 32).key("phi3.attention.head_count_kv", 32)
                .key("phi3.attention.sliding_window", 2047);
    }

    /** Every header above and its variants in the tests, by name (for the Russian coverage of what they print). */
    static Map<String, GgufFixture> all() {
        Map<String, GgufFixture> m = new LinkedHashMap<>(Map.ofEntries(Map.entry("llama8b", llama8b()),
                Map.entry("gemma2", gemma2NoWindowKey()), Map.entry("llama4", llama4()), Map.entry("deepseek", deepseekV2Lite()),
                Map.entry("deepseekOld", deepseekV2LiteOld()), Map.entry("gemma3n", gemma3n()), Map.entry("gemma4", gemma4Shaped()),
                Map.entry("qwen3next", qwen3Next()), Map.entry("granite", graniteHybrid()), Map.entry("lfm2", lfm2()),
                Map.entry("nemotron", nemotronH()), Map.entry("glm4moe", glm4moeWithMtp()), Map.entry("rwkv6", rwkv6()),
                Map.entry("novel9", unknownArch()), Map.entry("phi3", phi3()),
                Map.entry("unknownType", llama8b().tensor("blk.0.odd.weight", 77, 4096)),
                Map.entry("moe", llama8b().a("expert_count", 8).a("expert_used_count", 2).tensor("blk.0.ffn_up_exps.weight", 0,
                        4096, 1024, 8)), Map.entry("mha", llama8b().without("llama.attention.head_count_kv")),
                Map.entry("tokens", llama8b().without("llama.vocab_size").key("tokenizer.ggml.tokens", List.of("<s>", "a"))),
                Map.entry("noName", llama8b().without("general.name"))));
        m.putAll(variants());
        return m;
    }

    /** Headers that make the importer say each of its other sentences once. */
    private static Map<String, GgufFixture> variants() {
        int[] kv = new int[32];
        java.util.Arrays.fill(kv, 8);
        kv[31] = 4;
        boolean[] irregular = new boolean[32];
        irregular[3] = true;
        Map<String, GgufFixture> m = new LinkedHashMap<>();
        m.put("gemma3NoWindow", GgufModels.as(llama8b(), "gemma3"));
        m.put("gemma4NoPattern", GgufModels.as(llama8b(), "gemma4").key("gemma4.attention.sliding_window", 512));
        m.put("llama4Off", llama4().a("attention.sliding_window", 0));
        m.put("llama4Other", llama4().a("attention.sliding_window", 4096));
        m.put("smallthinker", GgufModels.as(llama8b(), "smallthinker").key("smallthinker.attention.sliding_window", 2048));
        m.put("exaone4Small", GgufModels.as(llama8b(), "exaone4").key("exaone4.attention.sliding_window", 4096));
        m.put("gemma3nShared", gemma3n().a("attention.shared_kv_layers", 12));
        m.put("oddHeads", llama8b().a("attention.key_length", 129).a("attention.value_length", 128));
        m.put("meanHeads", llama8b().a("attention.key_length", 192).a("attention.value_length", 128));
        m.put("perLayerKv", llama8b().a("attention.head_count_kv", kv));
        m.put("genericPattern", unknownArch().key("novel9.attention.sliding_window_pattern", 4));
        m.put("irregularPattern", unknownArch().key("novel9.attention.sliding_window_pattern", irregular));
        m.put("unknownHybrid", unknownArch().key("novel9.attention.head_count_kv", kvZeros()).key("novel9.ssm.conv_kernel", 4)
                .key("novel9.ssm.inner_size", 8192).key("novel9.ssm.state_size", 16));
        m.put("kimiLinear", GgufModels.as(llama8b(), "kimi-linear").key("kimi-linear.attention.head_count_kv", kvZeros())
                .key("kimi-linear.kda.head_dim", 128).key("kimi-linear.ssm.conv_kernel", 4));
        m.put("deepseekNoRope", deepseekV2LiteOld().without("deepseek2.rope.dimension_count"));
        m.put("gemma4HeadSizeOnly", gemma4Shaped().a("attention.head_count_kv", 4));
        m.put("gemma4HeadsOnly", gemma4Shaped().a("attention.key_length", 256).a("attention.value_length", 256));
        return m;
    }

    private static int[] kvZeros() {
        int[] kv = new int[32];
        for (int il = 3; il < 32; il += 4) {
            kv[il] = 8;
        }
        return kv;
    }

    /** llama8b's keys under another architecture's name. */
    static GgufFixture as(GgufFixture llama, String arch) {
        return llama.key("general.architecture", arch).key(arch + ".block_count", 32).key(arch + ".context_length", 131072)
                .key(arch + ".embedding_length", 4096).key(arch + ".attention.head_count", 32)
                .key(arch + ".attention.head_count_kv", 8);
    }
}
