package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.Arguments;
import java.util.stream.Stream;
import org.vramsheet.io.model.ConfigImporter;

/**
 * Metadata a stranger's GGUF file may hold: every value of the wrong type, out of range, or an array of the wrong length is
 * refused with an import error naming the key and why; never a crash, a NaN, an overflow or a value read as another.
 */
class GgufHostileTest {
    static Stream<Arguments> hostile() {
        return Stream.of(
            bad("head_count_kv a text", f -> f.a("attention.head_count_kv", "eight"),
                    "'llama.attention.head_count_kv' holds a text, not a whole number"),
            bad("head_count_kv a decimal", f -> f.a("attention.head_count_kv", 8.0),
                    "'llama.attention.head_count_kv' holds a decimal number, not a whole number"),
            bad("block_count negative", f -> f.a("block_count", -5), "'llama.block_count' is -5: must be at least 1"),
            bad("block_count 0", f -> f.a("block_count", 0), "'llama.block_count' is 0: must be at least 1"),
            bad("block_count 10^12", f -> f.a("block_count", 1_000_000_000_000L),
                    "'llama.block_count' is 1,000,000,000,000: above the largest the sheet takes (10,000)"),
            bad("block_count a uint64 above 2^63", f -> f.a("block_count", new BigInteger("18446744073709551615")),
                    "'llama.block_count' is 18446744073709551615: above the largest"),
            bad("head_count_kv an array of the wrong length", f -> f.a("attention.head_count_kv", new int[] {8, 8, 8}),
                    "'llama.attention.head_count_kv' has 3 entries for 32 layers"),
            bad("head_count_kv array entry a text", f -> f.a("attention.head_count_kv", perLayer(32, "x")),
                    "'llama.attention.head_count_kv' entry 31 holds a text, not a whole number"),
            bad("more KV heads than heads", f -> f.a("attention.head_count_kv", 64),
                    "'llama.attention.head_count_kv' gives layer 0 64 KV heads, more than its 32 attention heads"),
            bad("key_length 0", f -> f.a("attention.key_length", 0), "'llama.attention.key_length' is 0: must be at least 1"),
            bad("no architecture", f -> f.without("general.architecture"), "no 'general.architecture': not a model file"),
            bad("architecture not a text", f -> f.key("general.architecture", 7L),
                    "'general.architecture' holds a whole number, not an architecture name"),
            bad("an architecture with a terminal escape", f -> f.key("general.architecture", "llama\u001b[31m"),
                    "'general.architecture' holds 'llama\\u001b[31m', not an architecture name"),
            bad("no block_count", f -> f.without("llama.block_count"), "no 'llama.block_count': cannot tell how many layers"),
            bad("no context_length", f -> f.without("llama.context_length"), "no 'llama.context_length': llama.cpp refuses"),
            bad("experts without used", f -> f.a("expert_count", 8), "'llama.expert_count' is 8 but 'llama.expert_used_count' is 0"),
            bad("more used experts than experts", f -> f.a("expert_count", 8).a("expert_used_count", 9),
                    "'llama.expert_used_count' is 9: above the largest the sheet takes (8)"),
            bad("a name that is an array", f -> f.key("general.name", List.of(1L)), "'general.name' holds an array, not a text"),
            bad("tokens that are not an array", f -> f.without("llama.vocab_size").key("tokenizer.ggml.tokens", "abc"),
                    "'tokenizer.ggml.tokens' holds a text, not an array"),
            bad("a tensor of broken blocks", f -> f.tensor("blk.1.attn_q.weight", 12, 4000, 4096),
                    "tensor 'blk.1.attn_q.weight': rows of 4,000 values are not whole 'Q4_K' blocks of 256"),
            bad("a tensor too large to count", f -> f.tensor("huge", 0, Long.MAX_VALUE / 2, 4),
                    "numbers too large to count exactly (overflow)"),
            bad("no tensors", f -> GgufFixture.of("llama").a("block_count", 32).a("context_length", 8192)
                    .a("embedding_length", 4096).a("attention.head_count", 32), "no tensor infos: cannot count the weights"),
            bad("MLA latent smaller than its rank", f -> f.a("attention.kv_lora_rank", 512).a("attention.key_length_mla", 192)
                    .a("attention.key_length", 128), "'llama.attention.key_length' is 128, not above 'llama.attention.kv_lora_rank' 512"),
            bad("a sliding pattern entry that is not a bool", f -> f.key("general.architecture", "gemma4")
                    .key("gemma4.block_count", 2).key("gemma4.context_length", 8192).key("gemma4.embedding_length", 1024)
                    .key("gemma4.attention.head_count", 8).key("gemma4.attention.sliding_window", 512)
                    .key("gemma4.attention.sliding_window_pattern", List.of(true, "no")),
                    "'gemma4.attention.sliding_window_pattern' entry 1 holds a text, not a whole number"),
            bad("a window pattern of the wrong length", f -> f.key("general.architecture", "gemma4")
                    .key("gemma4.block_count", 2).key("gemma4.context_length", 8192).key("gemma4.embedding_length", 1024)
                    .key("gemma4.attention.head_count", 8).key("gemma4.attention.sliding_window", 512)
                    .key("gemma4.attention.sliding_window_pattern", List.of(true, false, true)),
                    "'gemma4.attention.sliding_window_pattern' has 3 entries for 2 layers"),
            bad("a negative window", f -> f.a("attention.sliding_window", -1),
                    "'llama.attention.sliding_window' is -1: must be at least 0"),
            bad("a state size of the wrong type", f -> f.key("general.architecture", "mamba").key("mamba.block_count", 2)
                    .key("mamba.context_length", 8192).key("mamba.embedding_length", 1024).key("mamba.ssm.state_size", true),
                    "'mamba.ssm.state_size' holds a true/false value, not a whole number"));
    }

    private static Arguments bad(String name, UnaryOperator<GgufFixture> edit, String message) {
        return Arguments.of(name, edit, message);
    }

    private static List<Object> perLayer(int n, Object last) {
        List<Object> out = new java.util.ArrayList<>();
        for (int i = 0; i < n - 1; i++) {
            out.add(8L);
        }
        out.add(last);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void isRefusedNamingTheKey(String name, UnaryOperator<GgufFixture> edit, String message) {
        var e = assertThrows(ConfigImporter.ImportException.class, () -> GgufImporter.parse(edit.apply(GgufModels.llama8b())
                .file()), name);
        assertTrue(e.getMessage().startsWith("'test/"), "names the file: " + e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
