package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;

/**
 * The models of the Ollama field logs as the planner reads them. Architecture keys from the model configs in
 * src/test/resources/configs (Llama 3.2 3B, Llama 3.1 8B and 70B, Mistral Small 3.1 24B, DeepSeek V3) and, for Gemma 3
 * 12B, from Google's MaxText config (AI-Hypercomputer/maxtext@0ed7bd52 MaxText/configs/models/gemma3-12b.yml: 48 layers,
 * 3840, 16 heads, 8 KV heads, head_dim 256, mlp 15360, vocab 262,144, window 1024); its vision tower's keys from the
 * gemma-3-4b-it config's vision_config (the same SigLIP tower: 896, patch 14, 16 heads, 1152).
 *
 * <p>Tensor bytes: the logs do not print the tensor table, so the Q4_K_M files' block sizes are RECONSTRUCTED with the
 * quantizer's rule (llama.cpp llama_tensor_get_type, ported to Ollama's server/quantization.go getTensorNewType): Q4_K,
 * Q6_K for attn_v and ffn_down of the "more bits" blocks ({@code i < n/8 || i >= 7n/8 || (i - n/8) % 3 == 2}), the output
 * (or a tied token_embd) Q6_K, norms F32. OL13 checks the rule: it gives the runner's own model buffers to the hundredth
 * of a MiB (CUDA0 4403.49 MiB, CPU token_embd 281.81 MiB). The Q8_0 70B is Q8_0 throughout. Mistral Small's quantization
 * is not known (neither Q4_K_M, 12.5 GiB, nor Q5_K_M, 14.7 GiB, gives the printed 14.5 GiB): its blocks are the log's own
 * printed repeating weights split evenly, an input at the log's precision, not a prediction.
 */
final class OllamaPlanLogModels {
    static final long MIB = 1L << 20;
    static final long GIB = 1L << 30;

    private OllamaPlanLogModels() { }

    static long q4k(long n) { return n / 256 * 144; }

    static long q6k(long n) { return n / 256 * 210; }

    static long q8(long n) { return n / 32 * 34; }

    static boolean moreBits(int i, int n) { return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2; }

    /** A Q4_K_M block of a dense model: q and o (e x q), k and v (e x kv), gate, up, down (e x ff), norms F32. */
    static List<Long> q4km(int n, long e, long q, long kv, long ff, long normFloats) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean more = moreBits(i, n);
            long b = 2 * q4k(e * q) + q4k(e * kv) + (more ? q6k(e * kv) : q4k(e * kv)) + 2 * q4k(e * ff)
                    + (more ? q6k(e * ff) : q4k(e * ff)) + 4 * normFloats;
            out.add(b);
        }
        return out;
    }

    /** Llama 3.2 3B Q4_K_M: 28 blocks, tied embeddings (token_embd Q6_K is the output layer). */
    static OllamaPlanModel llama32_3b() {
        return OllamaPlanModel.builder("llama").embedding(3072).heads(24).headsKv(8).keyLength(128).valueLength(128)
                .vocab(128_256).layers(q4km(28, 3072, 3072, 1024, 8192, 2 * 3072)).outputNorm(3072 * 4)
                .tokenEmbd(q6k(128_256L * 3072)).build();
    }

    /** Llama 3.1 8B Q4_K_M: 32 blocks, output Q6_K, token_embd Q4_K (on the CPU). */
    static OllamaPlanModel llama31_8b() {
        return OllamaPlanModel.builder("llama").embedding(4096).heads(32).headsKv(8).vocab(128_256)
                .layers(q4km(32, 4096, 4096, 1024, 14_336, 2 * 4096)).outputNorm(4096 * 4).output(q6k(128_256L * 4096))
                .tokenEmbd(q4k(128_256L * 4096)).build();
    }

    /** A Llama 3 70B (80 blocks, 8192, 64 heads, 8 KV heads, vocab 128,256) in Q8_0. */
    static OllamaPlanModel llama70bQ8() {
        long block = q8(8192L * 8192) * 2 + q8(8192L * 1024) * 2 + q8(8192L * 28_672) * 3 + 2 * 8192 * 4;
        return OllamaPlanModel.builder("llama").embedding(8192).heads(64).headsKv(8).vocab(128_256).layers(80, block)
                .outputNorm(8192 * 4).output(q8(128_256L * 8192)).tokenEmbd(q8(128_256L * 8192)).build();
    }

    /** Gemma 3 12B Q4_K_M with its vision tower in the file; the tower's bytes are the log's projector.weights. */
    static OllamaPlanModel gemma3_12b(long visionBytes) {
        return OllamaPlanModel.builder("gemma3").embedding(3840).heads(16).headsKv(8).keyLength(256).valueLength(256)
                .vocab(262_144).slidingWindow(1024).layers(q4km(48, 3840, 4096, 2048, 15_360, 4 * 3840 + 2 * 256))
                .outputNorm(3840 * 4).tokenEmbd(q6k(262_144L * 3840))
                .vision(OllamaVision.of(visionBytes, 896, 14, 16, 1152)).build();
    }

    /** Mistral Small 3.1 24B (mistral3: 40 blocks, 5120, 32 heads, 8 KV heads of 128, vocab 131,072; pixtral tower). */
    static OllamaPlanModel mistralSmall(long repeatingBytes, long outputBytes, long visionBytes) {
        return OllamaPlanModel.builder("mistral3").embedding(5120).heads(32).headsKv(8).keyLength(128).valueLength(128)
                .vocab(131_072).layers(40, repeatingBytes / 40).output(outputBytes)
                .vision(OllamaVision.of(visionBytes, 1540, 14, 16, 1024)).build();
    }

    /** DeepSeek V3 as llama.cpp's converter of early 2025 wrote it: 128 KV heads, key 192 (128 + 64), value 128. */
    static OllamaPlanModel deepseekV3(long blockBytes) {
        return OllamaPlanModel.builder("deepseek2").embedding(7168).heads(128).headsKv(128).keyLength(192).valueLength(128)
                .vocab(129_280).layers(61, blockBytes).build();
    }
}
