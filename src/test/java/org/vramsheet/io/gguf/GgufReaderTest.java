package org.vramsheet.io.gguf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.io.gguf.GgufWriter.ARR;
import static org.vramsheet.io.gguf.GgufWriter.BOOL;
import static org.vramsheet.io.gguf.GgufWriter.F32;
import static org.vramsheet.io.gguf.GgufWriter.F64;
import static org.vramsheet.io.gguf.GgufWriter.I16;
import static org.vramsheet.io.gguf.GgufWriter.I32;
import static org.vramsheet.io.gguf.GgufWriter.I64;
import static org.vramsheet.io.gguf.GgufWriter.I8;
import static org.vramsheet.io.gguf.GgufWriter.STR;
import static org.vramsheet.io.gguf.GgufWriter.U16;
import static org.vramsheet.io.gguf.GgufWriter.U32;
import static org.vramsheet.io.gguf.GgufWriter.U64;
import static org.vramsheet.io.gguf.GgufWriter.U8;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.gguf.GgufWriter.Arr;

/** The GGUF reader on files written here: every value type, both byte orders, v2 and v3, and what it refuses. */
class GgufReaderTest {
    @TempDir
    Path dir;

    /** One entry of every value type, a nested array and a per-layer array, then two tensors. */
    static GgufWriter everyType(ByteOrder order) {
        return new GgufWriter(order)
                .str("general.architecture", "llama")
                .kv("t.u8", U8, 255).kv("t.i8", I8, -128).kv("t.u16", U16, 65_535).kv("t.i16", I16, -32_768)
                .kv("t.u32", U32, 4_294_967_295L).kv("t.i32", I32, Integer.MIN_VALUE).kv("t.f32", F32, 1.5)
                .kv("t.bool", BOOL, true).kv("t.false", BOOL, false).str("t.str", "привет, GGUF")
                .kv("t.u64", U64, new BigInteger("18446744073709551615")).kv("t.u64small", U64, 7L)
                .kv("t.i64", I64, Long.MIN_VALUE).kv("t.f64", F64, -0.25)
                .arr("llama.attention.head_count_kv", I32, List.of(8, 0, 8, 0))
                .arr("t.nested", ARR, List.of(new Arr(U16, List.of(1, 2)), new Arr(STR, List.of("a", "b", "c"))))
                .arr("t.bools", BOOL, List.of(true, false)).arr("t.f32s", F32, List.of(0.5, -2.0))
                .arr("t.u64s", U64, List.of(new BigInteger("18446744073709551615"), 3L)).arr("t.empty", STR, List.of())
                .tensor("token_embd.weight", 12, 256, 10).tensor("blk.0.attn_q.weight", 0, 16, 4, 2);
    }

    private GgufFile read(byte[] bytes) throws IOException {
        Path f = Files.write(dir.resolve("m.gguf"), bytes);
        return GgufReader.read(f);
    }

    private String refusal(byte[] bytes) {
        return assertThrows(GgufException.class, () -> read(bytes)).getMessage();
    }

    @Test
    void readsEveryValueTypeAsGgufFileDocumentsThem() throws IOException {
        GgufFile f = read(everyType(ByteOrder.LITTLE_ENDIAN).withData());
        Map<String, Object> m = f.metadata();
        assertEquals(3, f.version());
        assertEquals(ByteOrder.LITTLE_ENDIAN, f.order());
        assertEquals("llama", f.architecture());
        assertEquals(255L, m.get("t.u8"));
        assertEquals(-128L, m.get("t.i8"));
        assertEquals(65_535L, m.get("t.u16"));
        assertEquals(-32_768L, m.get("t.i16"));
        assertEquals(4_294_967_295L, m.get("t.u32"));
        assertEquals((long) Integer.MIN_VALUE, m.get("t.i32"));
        assertEquals(1.5, m.get("t.f32"));
        assertEquals(true, m.get("t.bool"));
        assertEquals(false, m.get("t.false"));
        assertEquals("привет, GGUF", m.get("t.str"));
        assertEquals(new BigInteger("18446744073709551615"), m.get("t.u64"), "a uint64 above Long.MAX_VALUE");
        assertEquals(7L, m.get("t.u64small"));
        assertEquals(Long.MIN_VALUE, m.get("t.i64"));
        assertEquals(-0.25, m.get("t.f64"));
        assertEquals(List.of(8L, 0L, 8L, 0L), m.get("llama.attention.head_count_kv"), "a per-layer array");
        assertEquals(List.of(List.of(1L, 2L), List.of("a", "b", "c")), m.get("t.nested"));
        assertEquals(List.of(true, false), m.get("t.bools"));
        assertEquals(List.of(0.5, -2.0), m.get("t.f32s"));
        assertEquals(List.of(new BigInteger("18446744073709551615"), 3L), m.get("t.u64s"));
        assertEquals(List.of(), m.get("t.empty"));
        assertEquals(List.copyOf(m.keySet()).subList(0, 3), List.of("general.architecture", "t.u8", "t.i8"), "file order");
    }

    @Test
    void readsTheTensorInfoTable() throws IOException {
        GgufFile f = read(everyType(ByteOrder.LITTLE_ENDIAN).withData());
        assertEquals(2, f.tensors().size());
        GgufTensor a = f.tensors().get(0);
        GgufTensor b = f.tensors().get(1);
        assertEquals("token_embd.weight", a.name());
        assertArrayEquals(new long[] {256, 10}, a.shape());
        assertEquals(12, a.ggmlType());
        assertEquals(0, a.offset());
        assertEquals(1440, GgmlType.Q4_K.bytes(a.name(), a.shape()), "10 rows of one 144-byte Q4_K block");
        assertEquals(1440, b.offset(), "the next tensor starts after 1,440 bytes (a multiple of 32)");
        assertEquals(0, b.part());
        assertEquals(32, f.alignment());
    }

    @Test
    void aBigEndianFileReadsTheSame() throws IOException {
        GgufFile le = read(everyType(ByteOrder.LITTLE_ENDIAN).withData());
        byte[] be = everyType(ByteOrder.BIG_ENDIAN).withData();
        assertEquals(0, be[4], "the version's first byte is 0 in a big-endian file");
        GgufFile b = read(be);
        assertEquals(ByteOrder.BIG_ENDIAN, b.order());
        assertEquals(le.metadata(), b.metadata());
        assertEquals(le.tensors().size(), b.tensors().size());
        for (int i = 0; i < le.tensors().size(); i++) {
            assertArrayEquals(le.tensors().get(i).shape(), b.tensors().get(i).shape());
            assertEquals(le.tensors().get(i).offset(), b.tensors().get(i).offset());
        }
    }

    @Test
    void versionTwoIsReadVersionOneAndUnknownOnesAreRefused() throws IOException {
        assertEquals(2, read(everyType(ByteOrder.LITTLE_ENDIAN).version(2).withData()).version());
        assertTrue(refusal(new GgufWriter().version(1).header()).contains("GGUF version 1"));
        assertTrue(refusal(new GgufWriter().version(4).header()).contains("version 4 is not one this reader knows"));
        String notGguf = refusal("{\"architectures\": [\"LlamaForCausalLM\"]}".getBytes());
        assertEquals("not a GGUF file: it starts with \"{\"ar\", not \"GGUF\"", notGguf);
    }

    @Test
    void aStreamReadsTheSameAsAFile() throws IOException {
        byte[] bytes = everyType(ByteOrder.LITTLE_ENDIAN).withData();
        GgufFile s = GgufReader.read(new ByteArrayInputStream(bytes), "stream", GgufReader.DEFAULT_BUDGET);
        assertEquals(read(bytes).metadata(), s.metadata());
    }

    @Test
    void everyCutOfTheHeaderIsATruncationNamingWhereItStopped() {
        byte[] whole = everyType(ByteOrder.LITTLE_ENDIAN).header();
        // read as a stream (no size known), a cut is seen where the reader runs out; the padding after the infos is
        // never needed, so every cut short of the infos' end fails and every cut from there reads
        int firstRead = -1;
        for (int cut = 0; cut <= whole.length; cut++) {
            byte[] part = java.util.Arrays.copyOf(whole, cut);
            try {
                GgufReader.read(new ByteArrayInputStream(part), "cut", GgufReader.DEFAULT_BUDGET);
                firstRead = firstRead < 0 ? cut : firstRead;
            } catch (IOException e) {
                assertTrue(firstRead < 0, "cut " + cut + " failed after cut " + firstRead + " read");
                assertTrue(e.getMessage().startsWith("the file ends inside "), "cut " + cut + ": " + e.getMessage());
            }
        }
        assertTrue(firstRead > whole.length - 32 && firstRead <= whole.length, firstRead + " of " + whole.length);
        byte[] one = new GgufWriter().str("general.architecture", "llama").header();
        byte[] cut = java.util.Arrays.copyOf(one, 66); // inside "llama" (bytes 64 to 68)
        assertEquals("the file ends inside key \"general.architecture\" (it needs bytes 64 to 68): truncated?",
                assertThrows(GgufException.class, () -> GgufReader.read(new ByteArrayInputStream(cut), "s", 1 << 20))
                        .getMessage());
        assertEquals("key \"general.architecture\" is a string of 5 bytes (at byte 56), longer than the 2 bytes left in the "
                + "file", refusal(cut), "a file's size is known: the string is refused before it is read");
        assertEquals("the header claims 2 tensors (at byte 8), at least 48 bytes, but the file has 28 bytes left",
                refusal(java.util.Arrays.copyOf(whole, 44)));
    }

    @Test
    void absurdCountsAreRefusedBeforeAnythingIsAllocated() {
        String kv = refusal(new GgufWriter().claimKv(1_000_000_000_000L).header());
        assertEquals("the header claims 1000000000000 metadata entries (at byte 16): more than the 1,048,576 this reader "
                + "accepts", kv);
        String tensors = refusal(new GgufWriter().claimTensors(1_000_000_000_000L).header());
        assertTrue(tensors.startsWith("the header claims 1000000000000 tensors (at byte 8)"), tensors);
        String fits = refusal(new GgufWriter().claimKv(1000).header());
        assertEquals("the header claims 1000 metadata entries (at byte 16), at least 14,000 bytes, but the file has 0 bytes "
                + "left", fits);
        String negative = refusal(new GgufWriter().claimKv(-1).header());
        assertTrue(negative.contains("claims 18446744073709551615 metadata entries"), negative);
    }

    @Test
    void aStringLongerThanTheFileOrTheCapIsRefusedNamingItsKey() {
        GgufWriter.Out o = new GgufWriter.Out(ByteOrder.LITTLE_ENDIAN);
        o.raw(new byte[] {'G', 'G', 'U', 'F'});
        o.u32(3);
        o.u64(0);
        o.u64(1);
        o.string("general.name");
        o.u32(STR);
        o.u64(1L << 40);
        o.raw("short".getBytes());
        String m = refusal(o.bytes());
        assertEquals("key \"general.name\" is a string of 1099511627776 bytes (at byte 48): more than the 16,777,216 this "
                + "reader accepts", m);
        GgufWriter.Out p = new GgufWriter.Out(ByteOrder.LITTLE_ENDIAN);
        p.raw(new byte[] {'G', 'G', 'U', 'F'});
        p.u32(3);
        p.u64(0);
        p.u64(1);
        p.string("general.name");
        p.u32(STR);
        p.u64(1000);
        p.raw("short".getBytes());
        assertEquals("key \"general.name\" is a string of 1,000 bytes (at byte 48), longer than the 5 bytes left in the file",
                refusal(p.bytes()));
    }

    @Test
    void arraysBeyondTheCapsAndUnknownTypesAreRefused() {
        byte[] claim = new GgufWriter().arr("tokenizer.ggml.scores", F32, List.of(0.5)).header();
        // the array count sits after magic, version, counts, key (8 + 21), value type and element type
        int count = 4 + 4 + 16 + 8 + 21 + 4 + 4;
        putLong(claim, count, 5_000_000);
        assertEquals("key \"tokenizer.ggml.scores\" is an array of 5000000 float32 values (at byte 57): more than the "
                + "4,194,304 this reader accepts", refusal(claim));
        putLong(claim, count, 1000);
        assertEquals("key \"tokenizer.ggml.scores\" is an array of 1000 float32 values (at byte 57), at least 4,000 bytes, "
                + "but only 4 are left in the file", refusal(claim));
        String unknown = refusal(new GgufWriter().kv("x.weird", 13, 0).header());
        assertEquals("key \"x.weird\" has value type 13, which GGUF does not have (0 to 12) (at byte 39)", unknown);
        assertTrue(refusal(new GgufWriter().arr("x", 99, List.of()).header()).contains("array of value type 99"));
        assertTrue(refusal(new GgufWriter().kv("x.flag", BOOL, 2).header()).contains("is a bool of 2"));
    }

    @Test
    void tensorInfosAreCheckedAsGgmlChecksThem() {
        assertTrue(refusal(new GgufWriter().tensor("t", 0, 1, 1, 1, 1, 1).header())
                .startsWith("tensor 0 \"t\" has 5 dimensions, more than ggml's 4"));
        String row = refusal(new GgufWriter().tensor("blk.0.ffn_down.weight", 12, 100, 4).withData());
        assertEquals("tensor \"blk.0.ffn_down.weight\" of type Q4_K has 100 values per row, not a whole number of blocks "
                + "of 256", row);
        assertTrue(refusal(new GgufWriter().tensorAt("a", 0, 16, 4).withData()).contains("data offset 16, not a multiple"));
        assertTrue(refusal(new GgufWriter().tensor("a", 0, 4).tensor("a", 0, 4).withData()).contains("appears twice"));
        assertTrue(refusal(new GgufWriter().tensor("n".repeat(64), 0, 4).withData()).contains("is a string of 64 bytes"));
        assertTrue(refusal(new GgufWriter().str("k", "a").str("k", "b").header()).contains("\"k\" appears twice"));
        assertTrue(refusal(new GgufWriter().u32("general.alignment", 48).header()).contains("48, not a power of 2"));
        assertTrue(refusal(new GgufWriter().kv("general.alignment", U64, 64L).header()).contains("not a uint32"));
        String past = refusal(new GgufWriter().tensor("blk.0.attn_q.weight", 1, 4096, 4096).header());
        assertEquals("tensor \"blk.0.attn_q.weight\" has its data at bytes 96 to 33,554,527, past the end of the file "
                + "(96 bytes): truncated download?", past);
    }

    @Test
    void anUnknownGgmlTypeIsKeptNotGuessed() throws IOException {
        GgufFile f = read(new GgufWriter().tensor("blk.0.new.weight", 77, 256, 8).tensor("b", 0, 8).withData());
        assertEquals(77, f.tensors().get(0).ggmlType());
        assertEquals(2, f.tensors().size());
    }

    @Test
    void aHeaderOverTheBudgetIsRefused() {
        byte[] h = new GgufWriter().str("general.description", "x".repeat(5000)).header();
        String m = assertThrows(GgufException.class,
                () -> GgufReader.read(new ByteArrayInputStream(h), "s", 1024)).getMessage();
        assertEquals("the header is larger than the 1,024 bytes this reader reads: refused at byte 63 inside key "
                + "\"general.description\"", m);
    }

    @Test
    void mutatedFilesFailWithAReasonNeverWithAnotherException() {
        byte[] whole = everyType(ByteOrder.LITTLE_ENDIAN).withData();
        java.util.Random r = new java.util.Random(28);
        int refused = 0;
        for (int i = 0; i < 3000; i++) {
            byte[] m = whole.clone();
            for (int k = 0; k < 1 + r.nextInt(4); k++) {
                m[r.nextInt(Math.min(m.length, 700))] = (byte) r.nextInt(256);
            }
            try {
                GgufReader.read(GgufSource.of(new ByteArrayInputStream(m), m.length), "fuzz", GgufReader.DEFAULT_BUDGET, 0);
            } catch (GgufException e) {
                refused++;
                assertTrue(!e.getMessage().isBlank());
            } catch (IOException | RuntimeException e) {
                throw new AssertionError("mutation " + i + " threw " + e, e);
            }
        }
        assertTrue(refused > 1000, refused + " of 3000 mutations refused");
    }

    private static void putLong(byte[] b, int at, long v) {
        java.nio.ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(at, v);
    }
}
