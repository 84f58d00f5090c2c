package org.vramsheet.io.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GgmlType against ggml itself: resources/gguf/ggml-types.txt holds, verbatim, the {@code enum ggml_type} lines of
 * ggml.h, the {@code sizeof} of every block struct printed by a program compiled against ggml-common.h, and the
 * {@code type_traits} entries of ggml.c (all at ggml-org/ggml d99724f2). Every id, block size, type size and name is
 * compared with what those say.
 */
class GgmlTypeTest {
    private static final Map<String, Integer> IDS = new HashMap<>();
    private static final Map<String, int[]> SIZEOF = new HashMap<>();
    private static final Map<String, String[]> TRAITS = new HashMap<>();
    private static int count;

    @BeforeAll
    static void parse() throws IOException {
        String text;
        try (InputStream in = GgmlTypeTest.class.getResourceAsStream("/gguf/ggml-types.txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher id = Pattern.compile("GGML_TYPE_(\\w+)\\s*=\\s*(\\d+),").matcher(text);
        while (id.find()) {
            if (id.group(1).equals("COUNT")) {
                count = Integer.parseInt(id.group(2));
            } else {
                IDS.put(id.group(1), Integer.parseInt(id.group(2)));
            }
        }
        Matcher size = Pattern.compile("(?m)^(\\w+)\\s+block\\s+(\\d+) size\\s+(\\d+)$").matcher(text);
        while (size.find()) {
            SIZEOF.put(size.group(1), new int[] {Integer.parseInt(size.group(2)), Integer.parseInt(size.group(3))});
        }
        Matcher trait = Pattern.compile("\\[(?:GGML_TYPE_(\\w+)\\]|\\d+\\] = \\{ // GGML_TYPE_(\\w+))[^\\n]*\\n"
                + "\\s+\\.type_name\\s+= \"([^\"]*)\",\\n\\s+\\.blck_size\\s+= (\\w+),\\n\\s+\\.type_size\\s+= ([\\w()]+),")
                .matcher(text);
        while (trait.find()) {
            String name = trait.group(1) != null ? trait.group(1) : trait.group(2);
            TRAITS.put(name, new String[] {trait.group(3), trait.group(4), trait.group(5)});
        }
    }

    private static int block(String name, String expr) {
        if (expr.matches("\\d+")) {
            return Integer.parseInt(expr);
        }
        assertNotNull(SIZEOF.get(name), name + ": no sizeof line for " + expr);
        if (expr.equals("QK_K")) {
            assertEquals(256, SIZEOF.get(name)[0], name);
        }
        return SIZEOF.get(name)[0];
    }

    private static int size(String name, String expr) {
        Map<String, Integer> plain = Map.of("sizeof(int8_t)", 1, "sizeof(int16_t)", 2, "sizeof(int32_t)", 4,
                "sizeof(int64_t)", 8, "sizeof(double)", 8, "sizeof(float)", 4, "sizeof(ggml_fp16_t)", 2,
                "sizeof(ggml_bf16_t)", 2, "0", 0);
        if (plain.containsKey(expr)) {
            return plain.get(expr);
        }
        assertEquals("sizeof(block_" + name.toLowerCase().replace("_k", "_K") + ")", expr, name);
        return SIZEOF.get(name)[1];
    }

    @Test
    void everyTypeHasGgmlsIdBlockSizeAndTypeSize() {
        assertEquals(43, count, "GGML_TYPE_COUNT at that commit");
        assertEquals(count, GgmlType.COUNT);
        assertEquals(count, GgmlType.values().length, "one constant per id, removed ones too");
        assertEquals(count, TRAITS.size(), "the resource's type_traits entries: " + TRAITS.keySet());
        for (GgmlType t : GgmlType.values()) {
            String[] tr = TRAITS.get(t.name());
            assertNotNull(tr, t + " has no type_traits entry");
            assertEquals(IDS.get(t.name()), t.id(), t + " id");
            assertEquals(block(t.name(), tr[1]), t.blockSize(), t + " block size");
            assertEquals(size(t.name(), tr[2]), t.typeSize(), t + " type size");
            assertEquals(t.removed(), tr[0].contains("REMOVED") || tr[0].equals("DEPRECATED"), t + ": " + tr[0]);
            if (!t.removed()) {
                assertEquals(tr[0], t.ggmlName(), t + " name");
            }
            assertEquals(t, GgmlType.byId(t.id()));
        }
    }

    @Test
    void unknownIdsAreNotGuessed() {
        assertNull(GgmlType.byId(43));
        assertNull(GgmlType.byId(-1));
        assertNull(GgmlType.byId(Integer.MAX_VALUE));
    }

    @Test
    void bytesFollowGgmlNbytes() throws GgufException {
        // a 4096 x 14336 ffn_down of Llama 3.1 8B: 4096 / 256 blocks x 144 bytes x 14336 rows
        assertEquals(16L * 144 * 14336, GgmlType.Q4_K.bytes("blk.0.ffn_down.weight", new long[] {4096, 14336}));
        assertEquals(4096L / 32 * 17 * 2880 * 32, GgmlType.MXFP4.bytes("blk.0.ffn_up_exps.weight",
                new long[] {4096, 2880, 32}), "3-d expert tensor: every dimension past the row multiplies");
        assertEquals(8L, GgmlType.F64.bytes("x", new long[] {1}));
        assertEquals(2L, GgmlType.BF16.bytes("x", new long[] {}), "no dimension: one value");
        assertEquals(0L, GgmlType.Q6_K.bytes("x", new long[] {256, 0}), "an empty dimension: nothing");
        String row = assertThrows(GgufException.class, () -> GgmlType.IQ4_XS.bytes("blk.3.attn_v.weight",
                new long[] {4000, 8})).getMessage();
        assertEquals("tensor \"blk.3.attn_v.weight\" of type IQ4_XS has 4000 values per row, not a whole number of blocks "
                + "of 256", row);
        assertTrue(assertThrows(GgufException.class, () -> GgmlType.Q4_0_4_4.bytes("t", new long[] {32}))
                .getMessage().contains("removed from ggml, use Q4_0 with runtime repacking"));
        assertTrue(assertThrows(GgufException.class, () -> GgmlType.F32.bytes("t", new long[] {1L << 40, 1L << 30}))
                .getMessage().contains("more bytes than a long holds"));
    }

    @Test
    void removedTypesSayWhatGgmlSays() {
        for (GgmlType t : List.of(GgmlType.Q4_2, GgmlType.Q4_3)) {
            assertTrue(t.removed() && t.removedNote().endsWith("support has been removed from ggml"), t.removedNote());
        }
        assertEquals("IQ4_NL_8_8 (id 38): removed from ggml, use IQ4_NL with runtime repacking",
                GgmlType.IQ4_NL_8_8.removedNote());
    }
}
