package org.vramsheet.io.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.vramsheet.io.hub.FakeHub;
import org.vramsheet.io.hub.ModelSources;

/** safetensors headers are held to the format's own rules before any size is taken from them (issue 26, point 9). */
class SafetensorsHeaderTest {
    private static final String GOOD = "{\"__metadata__\":{\"format\":\"pt\"},"
            + "\"w\":{\"dtype\":\"BF16\",\"shape\":[4,8],\"data_offsets\":[0,64]},"
            + "\"b\":{\"dtype\":\"F32\",\"shape\":[8],\"data_offsets\":[64,96]},"
            + "\"q\":{\"dtype\":\"F4\",\"shape\":[2,3],\"data_offsets\":[96,99]}}";

    private static Map<String, Long> read(String header, long data) throws IOException {
        return Safetensors.dtypeBytes(header.getBytes(StandardCharsets.UTF_8), data);
    }

    @Test
    void aHeaderThatKeepsTheRulesGivesItsSizes() throws Exception {
        assertEquals(Map.of("BF16", 64L, "F32", 32L, "F4", 3L), read(GOOD, 99));
        assertEquals(Map.of("BF16", 64L, "F32", 32L, "F4", 3L), read(GOOD + "    ", -1), "padded with spaces, size unknown");
        assertEquals(Map.of(), read("{}", 0), "no tensors");
        assertEquals(Map.of("U8", 0L), read("{\"e\":{\"dtype\":\"U8\",\"shape\":[0,5],\"data_offsets\":[0,0]}}", 0),
                "an empty tensor");
    }

    /** Seen: headers that fail the format's own rules were still used as the exact checkpoint size (2,987 of 10,000). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // what breaks the rule | the header | what the refusal says
        "not JSON | {\"w\":{\"dtype\":\"BF16\",\"shape\":[4,8],\"data_offsets\":[0,64] | does not parse",
        "not an object | [1,2] | does not start with '{'",
        "leading space | ' {}' | does not start with '{'",
        "unknown dtype | {\"w\":{\"dtype\":\"BF17\",\"shape\":[32],\"data_offsets\":[0,64]}} | no known dtype",
        "no shape | {\"w\":{\"dtype\":\"BF16\",\"data_offsets\":[0,64]}} | has no shape",
        "negative dim | {\"w\":{\"dtype\":\"BF16\",\"shape\":[-4,-8],\"data_offsets\":[0,64]}} | not a whole number",
        "fractional dim | {\"w\":{\"dtype\":\"BF16\",\"shape\":[32.0],\"data_offsets\":[0,64]}} | not a whole number",
        "size not shape x dtype | {\"w\":{\"dtype\":\"BF16\",\"shape\":[4,8],\"data_offsets\":[0,65]}} | give 64",
        "backwards | {\"w\":{\"dtype\":\"U8\",\"shape\":[0],\"data_offsets\":[10,2]}} | run backwards",
        "gap | {\"w\":{\"dtype\":\"U8\",\"shape\":[4],\"data_offsets\":[4,8]}} | a gap before it",
        "overlap | {\"a\":{\"dtype\":\"U8\",\"shape\":[8],\"data_offsets\":[0,8]},\"b\":{\"dtype\":\"U8\",\"shape\":[4],"
                + "\"data_offsets\":[4,8]}} | overlaps",
        "overflow | {\"w\":{\"dtype\":\"F64\",\"shape\":[4294967296,4294967296],\"data_offsets\":[0,8]}} | overflow",
        "sub-byte | {\"w\":{\"dtype\":\"F4\",\"shape\":[3],\"data_offsets\":[0,1]}} | not whole bytes",
        "duplicate | {\"w\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0,1]},\"w\":{\"dtype\":\"U8\",\"shape\":[1],"
                + "\"data_offsets\":[1,2]}} | does not parse",
        "metadata not strings | {\"__metadata__\":{\"n\":1}} | is not a string",
        "offsets not a pair | {\"w\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0]}} | no data_offsets",
        "two values | {}{} | more than one JSON value",
    })
    void aHeaderThatBreaksARuleIsRefusedSayingWhich(String rule, String header, String says) {
        IOException e = assertThrows(IOException.class, () -> read(header, -1), rule);
        assertTrue(e.getMessage().startsWith("not a valid safetensors header: ") && e.getMessage().contains(says),
                rule + ": " + e.getMessage());
        assertTrue(e.getMessage().length() <= 300 && !e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void theTensorsMustEndWhereTheFileEnds() throws Exception {
        assertTrue(assertThrows(IOException.class, () -> read(GOOD, 100)).getMessage()
                .contains("the tensors cover 99 bytes of data, the file holds 100"));
        byte[] bad = {'{', '}', (byte) 0xC3, (byte) 0x28};
        assertTrue(assertThrows(IOException.class, () -> Safetensors.dtypeBytes(bad, -1)).getMessage().contains("not UTF-8"));
    }

    private static void file(Path f, String header, int dataBytes) throws IOException {
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(8 + h.length + dataBytes).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(h.length).put(h);
        Files.write(f, b.array());
    }

    /** A folder with a broken shard: the import goes on without the headers' sizes and says why, never a partial sum. */
    @Test
    void anImportIgnoresABrokenHeaderWithANote(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("config.json"), FakeHub.resource("/configs/meta-llama__Llama-3.1-8B-Instruct.json"));
        file(dir.resolve("model-00001-of-00002.safetensors"), GOOD, 99);
        file(dir.resolve("model-00002-of-00002.safetensors"), GOOD, 100); // one byte more than its tensors
        ModelImport m = ModelSources.fromPath(dir, null, null);
        assertNull(m.weights().checkpointBytes(), "no checkpoint size from headers that break the rules");
        assertTrue(m.warnings().stream().anyMatch(w -> w.contains("model-00002-of-00002.safetensors: not a valid safetensors "
                + "header: the tensors cover 99 bytes of data, the file holds 100")), m.warnings().toString());
        file(dir.resolve("model-00002-of-00002.safetensors"), GOOD, 99);
        assertEquals(198L, ModelSources.fromPath(dir, null, null).weights().checkpointBytes(), "both whole: their sum");
    }
}
