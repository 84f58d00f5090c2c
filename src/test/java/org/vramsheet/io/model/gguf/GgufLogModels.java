package org.vramsheet.io.model.gguf;

import org.vramsheet.io.gguf.GgufFile;

/**
 * GGUF headers of the models of the real llama.cpp logs LC09-LC12, LC16, LC18 and LC19
 * (src/test/resources/field-logs/llamacpp), their metadata as each log prints it (its {@code llama_model_loader: - kv}
 * lines and print_info) or, where a log prints none, as the sources in each javadoc give it. Each carries one tensor
 * (blk.0.attn_k.weight, n_embd x n_embd_k_gqa as print_info gives them, its type not from the log) so that the import
 * can count weights; no weight figure of these headers is real.
 */
public final class GgufLogModels {
    private GgufLogModels() { }

    /** LC10: Llama 3.1 70B Q4_0 on two RPC devices, build 6209 (dense GQA, the layers split by free memory). */
    public static GgufFile llama70b() {
        return GgufFixture.of("llama").a("block_count", 80).a("context_length", 131072).a("embedding_length", 8192)
                .a("attention.head_count", 64).a("attention.head_count_kv", 8).a("attention.key_length", 128)
                .a("attention.value_length", 128).key("general.file_type", 2).tensor("blk.0.attn_k.weight", 0, 8192, 1024).file();
    }

    /** LC12: Llama 3.1 405B Q4_0, two RPC devices and the CPU (-ngl 99); key_length absent: n_embd / n_head = 128. */
    public static GgufFile llama405b() {
        return GgufFixture.of("llama").a("block_count", 126).a("context_length", 131072).a("embedding_length", 16384)
                .a("attention.head_count", 128).a("attention.head_count_kv", 8).tensor("blk.0.attn_k.weight", 0, 16384, 1024).file();
    }

    /** LC11: gpt-oss 20B MXFP4 on Apple M5, build 8164 (iSWA: sliding window 128 on every other layer). */
    public static GgufFile gptOss20b() {
        return GgufFixture.of("gpt-oss").a("block_count", 24).a("context_length", 131072).a("embedding_length", 2880)
                .a("attention.head_count", 64).a("attention.head_count_kv", 8).a("attention.key_length", 64)
                .a("attention.value_length", 64).a("attention.sliding_window", 128).tensor("blk.0.attn_k.weight", 0, 2880, 512)
                .file();
    }

    /** LC09: Gemma 3 1B Q4_K_M on a Jetson, build 5050 (sliding window 512, pattern 6, before llama.cpp's SWA cache). */
    public static GgufFile gemma3_1b() {
        return GgufFixture.of("gemma3").a("block_count", 26).a("context_length", 32768).a("embedding_length", 1152)
                .a("attention.head_count", 4).a("attention.head_count_kv", 1).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("attention.sliding_window", 512).tensor("blk.0.attn_k.weight", 0, 1152, 256)
                .file();
    }

    /**
     * LC16: Qwen3.5-35B-A3B (qwen35moe) on one Vulkan device. The log prints no metadata: the keys are those other
     * published dumps of the same model print (llama.cpp PR #23269: embedding_length 2048, head_count 16, head_count_kv 2,
     * key_length / value_length 256, expert_count 256, expert_used_count 8; ik_llama.cpp issue #1363 and am17an/llama.cpp
     * PR #6: ssm.conv_kernel 4, ssm.state_size 128, ssm.group_count 16, ssm.time_step_rank 32, ssm.inner_size 4096,
     * full_attention_interval 4), block_count 40 as the log's "40 layers" (PR #23269's file has 41: its MTP layer).
     */
    public static GgufFile qwen35moe35bA3b() {
        return GgufFixture.of("qwen35moe").a("block_count", 40).a("context_length", 262144).a("embedding_length", 2048)
                .a("attention.head_count", 16).a("attention.head_count_kv", 2).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("expert_count", 256).a("expert_used_count", 8).a("ssm.conv_kernel", 4)
                .a("ssm.state_size", 128).a("ssm.group_count", 16).a("ssm.time_step_rank", 32).a("ssm.inner_size", 4096)
                .a("full_attention_interval", 4).tensor("blk.3.attn_k.weight", 0, 2048, 512).file();
    }

    /**
     * LC18: a Qwen 27B hybrid (qwen35). Its log prints no metadata: the keys are those llama.cpp PR #23792 prints for the
     * qwen35 27B GGUF (turn 6: block_count 64, embedding_length 5120, head_count 24, head_count_kv 4; turn 10: key_length /
     * value_length 256, ssm.conv_kernel 4, ssm.state_size 128, ssm.group_count 16, ssm.time_step_rank 48, ssm.inner_size
     * 6144, full_attention_interval 4); its MTP block (turn 10's nextn_predict_layers 1) is left out, as LC18's memory prints
     * 64 layers.
     */
    public static GgufFile qwen35_27b() {
        return GgufFixture.of("qwen35").a("block_count", 64).a("context_length", 262144).a("embedding_length", 5120)
                .a("attention.head_count", 24).a("attention.head_count_kv", 4).a("attention.key_length", 256)
                .a("attention.value_length", 256).a("ssm.conv_kernel", 4).a("ssm.state_size", 128).a("ssm.group_count", 16)
                .a("ssm.time_step_rank", 48).a("ssm.inner_size", 6144).a("full_attention_interval", 4)
                .tensor("blk.3.attn_k.weight", 0, 5120, 1024).file();
    }

    /**
     * LC19: LFM2.5-2.6B (lfm2). Its log prints 30 layers, 8 of them attention; embedding_length 2048, head_count 32,
     * head_count_kv 8 and shortconv.l_cache 3 are the LFM2 family's (LiquidAI/LFM2-1.2B's config.json; the 2.6B's own is not
     * in the stored sources). Which 8 layers attend is not printed: the positions here are a placeholder, and on one device
     * they move no figure.
     */
    public static GgufFile lfm25_2_6b() {
        int[] kv = new int[30];
        for (int il : new int[] {2, 5, 8, 11, 14, 17, 20, 23}) {
            kv[il] = 8;
        }
        return GgufFixture.of("lfm2").a("block_count", 30).a("context_length", 128000).a("embedding_length", 2048)
                .a("attention.head_count", 32).a("attention.head_count_kv", kv).a("shortconv.l_cache", 3)
                .tensor("blk.2.attn_k.weight", 0, 2048, 512).file();
    }
}
