package org.vramsheet.io.model.gguf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.engine.ollama.OllamaPlanModel;
import org.vramsheet.core.engine.ollama.OllamaPlanSetup;
import org.vramsheet.core.engine.ollama.OllamaPlanned;
import org.vramsheet.core.engine.ollama.OllamaPlanner;
import org.vramsheet.core.engine.ollama.OllamaRelease;
import org.vramsheet.io.gguf.GgufException;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.ollama.OllamaPlanModelReader;

/** SYNTHETIC GGUF headers (built in the test) read as Ollama's planner reads them: its keys and its tensor groups. */
class OllamaPlanModelReaderTest {
    private static final int F32 = 0;
    private static final int Q8_0 = 8;
    private static final int Q6_K = 14;

    private static GgufFixture twoBlocks() {
        return GgufFixture.of("llama").a("block_count", 2).a("embedding_length", 256).a("attention.head_count", new int[] {4, 8})
                .a("attention.head_count_kv", new int[] {2, 0}).key("tokenizer.ggml.tokens", List.of("a", "b", "c"))
                .tensor("token_embd.weight", Q8_0, 256, 3).tensor("blk.0.attn_q.weight", Q8_0, 256, 256)
                .tensor("blk.0.attn_norm.weight", F32, 256).tensor("blk.1.attn_q.weight", Q6_K, 256, 256)
                .tensor("output_norm.weight", F32, 256);
    }

    @Test
    void keysAndGroupsAreOllamas() throws Exception {
        OllamaPlanModel m = OllamaPlanModelReader.read(twoBlocks().file(), 0);
        assertEquals(8, m.headsMax());
        assertEquals(2, m.headsKvMax());
        assertEquals(0, m.headsKvMin(), "a layer without KV heads: the fewest is 0");
        assertEquals(64, m.keyLength(), "no key_length: embedding / the fewest heads (256 / 4)");
        assertEquals(3, m.vocab(), "the tokenizer's token count");
        assertEquals(List.of(256L * 256 / 32 * 34 + 256 * 4, 256L * 256 / 256 * 210), m.layerBytes());
        assertEquals(256 * 4 + 256L * 3 / 32 * 34, m.outputLayerBytes(), "tied: output_norm and token_embd");
        assertEquals(null, m.vision());
    }

    @Test
    void theVisionTowerIsTheVGroups() throws Exception {
        GgufFile f = twoBlocks().a("vision.block_count", 1).a("vision.image_size", 896).a("vision.patch_size", 14)
                .a("vision.num_channels", 3).a("vision.attention.head_count", 16).a("vision.embedding_length", 1152)
                .tensor("v.patch_embd.weight", F32, 14, 14, 3, 1152).tensor("v.blk.0.attn_q.weight", F32, 1152, 1152)
                .tensor("mm.0.weight", F32, 1152, 256).file();
        OllamaPlanModel m = OllamaPlanModelReader.read(f, 0);
        assertEquals(4L * (14 * 14 * 3 * 1152 + 1152 * 1152), m.vision().weightBytes(), "v and v.blk.0, not mm.0");
        assertEquals(4L * 1152 * 1152, m.vision().largestGroupBytes());
    }

    @Test
    void aTypeGgmlCannotSizeIsNamed() {
        GgufException e = assertThrows(GgufException.class,
                () -> OllamaPlanModelReader.read(twoBlocks().tensor("blk.1.ffn_up.weight", 99, 256, 256).file(), 0));
        assertTrue(e.getMessage().contains("blk.1.ffn_up.weight"), e.getMessage());
        assertThrows(GgufException.class, () -> OllamaPlanModelReader.read(twoBlocks().a("embedding_length", "x").file(), 0));
    }

    @Test
    void theHeaderPlansEndToEnd() throws Exception {
        OllamaPlanModel m = OllamaPlanModelReader.read(twoBlocks().file(), 0);
        OllamaPlanned p = OllamaPlanner.plan(m, OllamaPlanSetup.cuda(OllamaRelease.parse("0.9.0"), List.of(8L << 30), 4096, 1));
        assertTrue(p.ok(), p.problem());
        assertEquals(3, p.plan().layersOffload());
        assertEquals(2L * 4096 * (64 + 64) * 2 * 2, p.plan().kv(), "two blocks, 2 KV heads at most, f16");
    }
}
