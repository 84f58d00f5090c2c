package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.model.ModelImport;

/**
 * A Nemotron-H Mamba2 state per sequence (issue 30's "Done when"), worked from public sources: NVIDIA Nemotron 3 Nano
 * 30B-A3B's GGUF metadata as llama.cpp printed it in two public logs (src/test/resources/hybrid/nemotron-h-gguf.txt, each
 * line verbatim with its URL). The file is built from those values only; the importer then applies llama.cpp's rule
 * (a nemotron_h(_moe) layer is recurrent when it has neither KV heads nor a feed-forward, llama-model.cpp) and its state
 * sizes (llama-hparams.cpp n_embd_r = (d_conv - 1) x (d_inner + 2 x n_group x d_state), n_embd_s = d_state x d_inner,
 * both f32 in llama_memory_recurrent): 6 attention layers, 23 MoE layers with no cache, 23 Mamba2 layers of
 * (3 x 6,144 + 524,288) x 4 = 2,170,880 B, 49,930,240 B (47.62 MiB: R 1.62 MiB, S 46.00 MiB) per sequence, at any context.
 * No llama.cpp "llama_memory_recurrent" line for this model was found to compare the total with.
 */
class NemotronHStateTest {
    private static final Path SOURCE = Path.of("src/test/resources/hybrid/nemotron-h-gguf.txt");

    private static List<String> quoted() throws IOException {
        return Files.readAllLines(SOURCE).stream().filter(l -> l.startsWith("A | ") || l.startsWith("B | "))
                .map(l -> l.substring(4)).toList();
    }

    /** The value after "= " of the quoted line that contains {@code key}. */
    private static String value(List<String> lines, String key) {
        for (String l : lines) {
            if (l.contains(key)) {
                return l.substring(l.lastIndexOf("= ") + 2).trim();
            }
        }
        throw new AssertionError(key + " is not quoted in " + SOURCE);
    }

    private static int[] array(List<String> lines, String key) {
        Matcher m = Pattern.compile("\\[([0-9, ]+)]").matcher(value(lines, key));
        assertEquals(true, m.find(), key);
        return Arrays.stream(m.group(1).split(",\\s*")).mapToInt(Integer::parseInt).toArray();
    }

    static GgufFixture nemotron3Nano() throws IOException {
        List<String> q = quoted();
        int keyLength = Integer.parseInt(value(q, "attention.key_length"));
        int[] kvWidth = array(q, "print_info: n_embd_k_gqa");
        int[] kvHeads = Arrays.stream(kvWidth).map(w -> w / keyLength).toArray(); // kv 14's array, cut short in the log
        int[] ff = array(q, "print_info: n_ff");
        assertEquals(52, kvHeads.length, "arr[i32,52]");
        assertEquals(52, ff.length);
        return GgufFixture.of("nemotron_h_moe").a("block_count", 52)
                // not in the quoted lines: neither enters the KV per token nor the state (the peer test's 2,688 hidden size)
                .a("context_length", 8192).a("embedding_length", 2688)
                .a("attention.head_count", Integer.parseInt(value(q, "attention.head_count u32")))
                .a("attention.head_count_kv", kvHeads).a("feed_forward_length", ff)
                .a("attention.key_length", keyLength).a("attention.value_length", Integer.parseInt(value(q, "attention.value_length")))
                .a("ssm.conv_kernel", Integer.parseInt(value(q, "ssm.conv_kernel"))).a("ssm.inner_size",
                        Integer.parseInt(value(q, "ssm.inner_size"))).a("ssm.state_size", Integer.parseInt(value(q, "ssm.state_size")))
                .a("ssm.group_count", Integer.parseInt(value(q, "ssm.group_count"))).tensor("blk.5.attn_k.weight", 0, 2688, 256);
    }

    @Test
    void nemotron3NanoHolds23Mamba2StatesOf2170880BytesPerSequence() throws Exception {
        ModelImport m = GgufImporter.parse(nemotron3Nano().file());
        assertEquals(6, m.kv().layers(), "attention at layers 5, 12, 19, 26, 33, 42 (head_count_kv 2)");
        assertEquals(23, m.kv().stateLayers(), "52 - 6 attention - 23 MoE layers (n_ff 1,856): no cache, no state");
        long perLayer = (3L * (4096 + 2 * 8 * 128) + 128L * 4096) * 4;
        assertEquals(2_170_880L, perLayer);
        assertEquals(perLayer, m.kv().stateBytesPerLayer(), "n_embd_r + n_embd_s in f32");

        Worksheet ws = m.applyTo(new Worksheet(null, null, null, null, null, new Gpu("x", 1, 80L << 30), null, null, null,
                null));
        SizingResult r = SizingCalculator.calculate(ws);
        var state = r.get(FigureKey.KV_CACHE_STATE_BYTES_PER_SEQUENCE);
        assertNotNull(state);
        assertEquals(49_930_240L, state.value(), "23 x 2,170,880 B = 47.62 MiB per sequence, whatever its length");
        assertEquals(6L * 2 * 256 * 2, r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN).value(),
                "only the 6 attention layers grow with the context: K and V of 2 x 128 in f16");
    }
}
