package org.vramsheet.io.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.io.gguf.GgufWriter.I32;
import static org.vramsheet.io.gguf.GgufWriter.U16;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Split GGUF models as gguf-split writes them: NAME-0000k-of-0000n.gguf, split.no / split.count / split.tensors.count. */
class GgufSplitTest {
    @TempDir
    Path dir;

    /** Part k (from 0) of n: the first has the model's metadata, every part its split keys and two tensors. */
    static GgufWriter part(int k, int n, int tensorsInAll) {
        GgufWriter w = new GgufWriter();
        if (k == 0) {
            w.str("general.architecture", "llama").u32("llama.block_count", n * 2L);
        }
        w.kv("split.no", U16, k).kv("split.count", U16, n).kv("split.tensors.count", I32, tensorsInAll);
        return w.tensor("blk." + (2 * k) + ".attn_q.weight", 0, 8, 8).tensor("blk." + (2 * k + 1) + ".attn_q.weight", 0, 8, 8);
    }

    private void writeParts(String prefix, int n) throws IOException {
        for (int k = 0; k < n; k++) {
            part(k, n, 2 * n).write(dir.resolve(String.format("%s-%05d-of-%05d.gguf", prefix, k + 1, n)));
        }
    }

    @Test
    void aFolderOrAnyPartReadsEveryPartMerged() throws IOException {
        writeParts("Model-Q4_K_M", 3);
        Files.writeString(dir.resolve("mmproj-Model-F16.gguf"), "a vision projector: not the model");
        GgufFile f = GgufSplit.read(dir);
        assertEquals(6, f.tensors().size());
        assertEquals(List.of(0, 0, 1, 1, 2, 2), f.tensors().stream().map(GgufTensor::part).toList());
        assertEquals("blk.5.attn_q.weight", f.tensors().get(5).name());
        assertEquals(0, f.tensors().get(2).offset(), "offsets are within each part's data");
        assertEquals("llama", f.architecture(), "the first part's metadata");
        assertTrue(f.source().endsWith("Model-Q4_K_M-00001-of-00003.gguf and 2 more parts"), f.source());
        GgufFile fromSecond = GgufSplit.read(dir.resolve("Model-Q4_K_M-00002-of-00003.gguf"));
        assertEquals(f.tensors().size(), fromSecond.tensors().size());
        assertEquals(6 * 256, GgufWeights.of(f).totalBytes(), "six 8 x 8 F32 tensors");
    }

    @Test
    void aMissingPartIsNamed() throws IOException {
        writeParts("m", 3);
        Files.delete(dir.resolve("m-00002-of-00003.gguf"));
        String e = assertThrows(GgufException.class, () -> GgufSplit.read(dir.resolve("m-00001-of-00003.gguf")))
                .getMessage();
        assertEquals("part 2 of 3, m-00002-of-00003.gguf, is missing from " + dir.toAbsolutePath(), e);
        Files.delete(dir.resolve("m-00001-of-00003.gguf"));
        assertTrue(assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage()
                .startsWith("part 1 of 3, m-00001-of-00003.gguf, is missing"), "a folder holding parts 3 of 3 only");
    }

    @Test
    void partsThatDisagreeAreRefusedAsLlamaCppRefusesThem() throws IOException {
        writeParts("a", 2);
        part(0, 2, 2 * 2).kv("x", GgufWriter.STR, "y").write(dir.resolve("a-00002-of-00002.gguf"));
        assertEquals("a-00002-of-00002.gguf has split.no = 0, but it is part 2 (split.no 1)",
                assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage());
        Files.delete(dir.resolve("a-00002-of-00002.gguf"));
        Files.delete(dir.resolve("a-00001-of-00002.gguf"));
        part(0, 2, 5).write(dir.resolve("b-00001-of-00002.gguf"));
        part(1, 2, 5).write(dir.resolve("b-00002-of-00002.gguf"));
        assertEquals("b-00001-of-00002.gguf has split.tensors.count = 5, but the 2 parts hold 4 tensors",
                assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage());
        part(0, 3, 4).write(dir.resolve("b-00001-of-00002.gguf"));
        assertEquals("b-00001-of-00002.gguf has split.count = 3, but its name says 2 parts",
                assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage());
        part(0, 2, 4).write(dir.resolve("b-00001-of-00002.gguf"));
        part(0, 2, 4).kv("split.no", U16, 1).write(dir.resolve("b-00002-of-00002.gguf"));
        assertTrue(assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage()
                .contains("appears twice"), "the writer repeats split.no: a duplicate key");
    }

    @Test
    void aTensorInTwoPartsIsRefused() throws IOException {
        part(0, 2, 4).write(dir.resolve("c-00001-of-00002.gguf"));
        new GgufWriter().kv("split.no", U16, 1).kv("split.count", U16, 2).tensor("blk.0.attn_q.weight", 0, 8, 8)
                .tensor("blk.9.attn_q.weight", 0, 8, 8).write(dir.resolve("c-00002-of-00002.gguf"));
        assertEquals("tensor \"blk.0.attn_q.weight\" is in two parts (again in c-00002-of-00002.gguf)",
                assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage());
    }

    @Test
    void aFolderWithTwoModelsOrNoneIsRefused() throws IOException {
        assertTrue(assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage().startsWith("no .gguf model"));
        new GgufWriter().str("general.architecture", "llama").write(dir.resolve("a-Q4_K_M.gguf"));
        assertEquals("llama", GgufSplit.read(dir).architecture(), "one single-file model");
        new GgufWriter().str("general.architecture", "llama").write(dir.resolve("a-Q8_0.gguf"));
        writeParts("big", 2);
        assertEquals(dir + " holds 3 GGUF models (a-Q4_K_M.gguf, a-Q8_0.gguf, big-*-of-00002.gguf): give the file to read",
                assertThrows(GgufException.class, () -> GgufSplit.read(dir)).getMessage());
    }

    @Test
    void aSingleFileThatSaysItIsSplitIsRefused() throws IOException {
        Path f = part(0, 3, 6).write(dir.resolve("renamed.gguf"));
        assertEquals("renamed.gguf has split.count = 3 but its name does not end in -00001-of-00003.gguf: its other "
                + "parts cannot be found", assertThrows(GgufException.class, () -> GgufSplit.read(f)).getMessage());
        Path one = new GgufWriter().str("general.architecture", "llama").write(dir.resolve("x-00001-of-00001.gguf"));
        assertEquals("llama", GgufSplit.read(one).architecture(), "one part of one, without split keys");
    }
}
