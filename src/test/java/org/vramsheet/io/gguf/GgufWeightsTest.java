package org.vramsheet.io.gguf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.gguf.GgufOffload.Order;

/**
 * Weight bytes of a small llama-shaped GGUF written here (4 layers, n_embd 256, vocabulary 100) and their split for
 * -ngl as llama.cpp's load_tensors assigns layers. Bytes by hand: a Q4_K row of 256 values is one 144-byte block, a
 * Q6_K row 210 bytes, F32 4 bytes a value.
 */
class GgufWeightsTest {
    /** attn_norm 1,024 + q 36,864 + k 9,216 + v (Q6_K) 13,440 + o 36,864 + ffn_norm 1,024 + gate 73,728 + up 73,728
     *  + down (Q6_K, 512 x 256: 2 blocks a row) 107,520. */
    static final long LAYER = 353_408;
    static final long EMBD = 100 * 144;
    static final long OUTPUT = 100 * 210;
    static final long OUTPUT_NORM = 1024;
    static final long ROPE = 64 * 4;

    @TempDir
    Path dir;

    static GgufWriter llama(String arch, boolean withOutput) {
        GgufWriter w = new GgufWriter().str("general.architecture", arch).u32(arch + ".block_count", 4)
                .tensor("token_embd.weight", 12, 256, 100).tensor("output_norm.weight", 0, 256);
        if (withOutput) {
            w.tensor("output.weight", 14, 256, 100);
        }
        w.tensor("rope_freqs.weight", 0, 64);
        for (int i = 0; i < 4; i++) {
            String b = "blk." + i + ".";
            w.tensor(b + "attn_norm.weight", 0, 256).tensor(b + "attn_q.weight", 12, 256, 256)
                    .tensor(b + "attn_k.weight", 12, 256, 64).tensor(b + "attn_v.weight", 14, 256, 64)
                    .tensor(b + "attn_output.weight", 12, 256, 256).tensor(b + "ffn_norm.weight", 0, 256)
                    .tensor(b + "ffn_gate.weight", 12, 256, 512).tensor(b + "ffn_up.weight", 12, 256, 512)
                    .tensor(b + "ffn_down.weight", 14, 512, 256);
        }
        return w;
    }

    private GgufWeights weights(GgufWriter w) throws IOException {
        return GgufWeights.of(GgufReader.read(w.write(dir.resolve("m.gguf"))));
    }

    @Test
    void exactBytesPerTypePerLayerAndInTotal() throws IOException {
        GgufWeights w = weights(llama("llama", true));
        assertEquals(4 * LAYER + EMBD + OUTPUT + OUTPUT_NORM + ROPE, w.totalBytes());
        assertEquals(1_450_312, w.totalBytes());
        assertArrayEquals(new long[] {LAYER, LAYER, LAYER, LAYER}, w.layerBytes());
        assertEquals(4, w.layerCount());
        assertEquals(EMBD, w.bytes(GgufRole.INPUT));
        assertEquals(OUTPUT + OUTPUT_NORM, w.bytes(GgufRole.OUTPUT));
        assertEquals(ROPE, w.bytes(GgufRole.PER_DEVICE_COPY));
        assertEquals(0, w.tiedOutputBytes(), "output.weight is there: nothing tied");
        List<GgufWeights.TypeBytes> t = w.byType();
        assertEquals(List.of(new GgufWeights.TypeBytes(GgmlType.F32, 10, 1024 + 256 + 8 * 1024),
                new GgufWeights.TypeBytes(GgmlType.Q4_K, 21, EMBD + 4 * (36_864 + 9_216 + 36_864 + 73_728 + 73_728)),
                new GgufWeights.TypeBytes(GgmlType.Q6_K, 9, OUTPUT + 4 * (13_440 + 107_520))), t);
        assertEquals(w.totalBytes(), t.stream().mapToLong(GgufWeights.TypeBytes::bytes).sum());
        assertTrue(w.complete());
    }

    @Test
    void outputFirstAsLlamaCppSincePr18148() throws IOException {
        GgufWeights w = weights(llama("llama", true));
        GgufOffload none = w.offload(0, Order.OUTPUT_FIRST);
        assertEquals(0, none.gpuBytes());
        assertEquals(w.totalBytes(), none.hostBytes());
        GgufOffload one = w.offload(1, Order.OUTPUT_FIRST);
        assertTrue(one.outputOnGpu());
        assertEquals(0, one.gpuLayers());
        assertEquals(OUTPUT + OUTPUT_NORM, one.gpuBytes(), "-ngl 1: the output layer alone");
        GgufOffload three = w.offload(3, Order.OUTPUT_FIRST);
        assertEquals(2, three.firstGpuLayer(), "i_gpu_start = 4 + 1 - 3");
        assertEquals(2 * LAYER + OUTPUT + OUTPUT_NORM + ROPE, three.gpuBytes());
        assertEquals(EMBD + 2 * LAYER + ROPE, three.hostBytes(), "layers on both: a rope copy on each");
        GgufOffload all = w.offload(5, Order.OUTPUT_FIRST);
        assertEquals(4, all.gpuLayers());
        assertEquals(EMBD, all.hostBytes(), "token_embd stays on the host");
        assertEquals(w.totalBytes() - EMBD, all.gpuBytes());
        GgufOffload more = w.offload(999, Order.OUTPUT_FIRST);
        assertEquals(List.of(all.gpuBytes(), all.hostBytes()), List.of(more.gpuBytes(), more.hostBytes()));
        GgufOffload four = w.offload(4, Order.OUTPUT_FIRST);
        assertEquals(3, four.gpuLayers(), "-ngl n_layer leaves layer 0 on the host");
        assertTrue(four.rule().startsWith("llama.cpp load_tensors (src/llama-model.cpp): i_gpu_start = max(n_layer + 1 - "
                + "ngl, 0), so -ngl 4 of 4 layers puts layers 1 to 3 and the output layer on the GPU"), four.rule());
    }

    @Test
    void outputLastAsLlamaCppBefore() throws IOException {
        GgufWeights w = weights(llama("llama", true));
        GgufOffload one = w.offload(1, Order.OUTPUT_LAST);
        assertEquals(3, one.firstGpuLayer());
        assertFalse(one.outputOnGpu());
        assertEquals(LAYER + ROPE, one.gpuBytes());
        GgufOffload four = w.offload(4, Order.OUTPUT_LAST);
        assertEquals(4, four.gpuLayers());
        assertFalse(four.outputOnGpu(), "the output needs -ngl n_layer + 1");
        assertEquals(4 * LAYER + ROPE, four.gpuBytes());
        assertEquals(EMBD + OUTPUT + OUTPUT_NORM, four.hostBytes());
        assertTrue(w.offload(5, Order.OUTPUT_LAST).outputOnGpu());
        assertTrue(four.rule().contains("the output layer on the host"), four.rule());
        assertThrows(IllegalArgumentException.class, () -> w.offload(-1, Order.OUTPUT_LAST));
    }

    @Test
    void aTiedOutputPutsACopyOfTheEmbeddingOnTheGpu() throws IOException {
        GgufWeights w = weights(llama("qwen2", false));
        assertEquals(EMBD, w.tiedOutputBytes());
        GgufOffload all = w.offload(5, Order.OUTPUT_FIRST);
        assertEquals(4 * LAYER + OUTPUT_NORM + ROPE + EMBD, all.gpuBytes());
        assertEquals(EMBD, all.hostBytes());
        assertTrue(all.rule().contains("the tied output's copy of token_embd is on the GPU"), all.rule());
        assertEquals(w.totalBytes(), w.offload(0, Order.OUTPUT_FIRST).hostBytes(), "on the host the copy is the same tensor");
        assertEquals(0, weights(llama("bert", false)).tiedOutputBytes(), "an encoder has no output head");
    }

    @Test
    void unknownTypesAndUnplacedTensorsAreSaid() throws IOException {
        GgufWeights w = weights(llama("llama", true).tensor("blk.1.future.weight", 77, 256, 4)
                .tensor("mystery.weight", 0, 8));
        assertFalse(w.complete());
        assertEquals(List.of(new GgufWeights.Uncounted("blk.1.future.weight", 77,
                "ggml type id 77 is not one this reader knows (ids 0 to 42)")), w.uncounted());
        assertEquals(1_450_312 + 32, w.totalBytes(), "the known tensors only");
        assertEquals(List.of("mystery.weight"), w.otherTensors());
        GgufOffload o = w.offload(5, Order.OUTPUT_FIRST);
        assertFalse(o.complete());
        assertEquals(EMBD + 32, o.hostBytes());
        assertTrue(o.rule().endsWith("; 1 tensors of no known place counted on the host (mystery.weight); incomplete: 1 "
                + "tensors of unknown type not counted"), o.rule());
        GgufWeights removed = weights(new GgufWriter().tensor("old.weight", 31, 32, 4));
        assertTrue(removed.uncounted().get(0).why().contains("Q4_0_4_4 (id 31): removed from ggml"));
    }

    @Test
    void lfm2sFinalNormIsAnOutputTensor() throws IOException {
        GgufWeights w = weights(llama("lfm2", true).tensor("token_embd_norm.weight", 0, 256));
        assertEquals(OUTPUT + OUTPUT_NORM + 1024, w.bytes(GgufRole.OUTPUT));
        assertEquals(GgufRole.LAYER, GgufRole.of("token_embd_norm.weight", "bert"), "elsewhere: the first layer's");
        assertEquals(0, GgufRole.layer("token_embd_norm.weight"));
        assertEquals(GgufRole.INPUT, GgufRole.of("per_layer_token_embd.weight", "gemma3n"));
        assertEquals(17, GgufRole.layer("dec.blk.17.attn_q.weight"));
        assertEquals(GgufRole.OUTPUT, GgufRole.of("cls.output.bias", "bert"));
    }
}
