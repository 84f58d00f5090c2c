package org.vramsheet.core.engine.llamacpp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * llama.cpp's placement per device on sheets: llama-model.cpp's layer split (-ngl, --tensor-split, the output layer),
 * --no-kv-offload, the cells by --parallel and --kv-unified, the layer patterns, and the flags' mistakes as issues
 * naming the field.
 */
class LlamaCppDevicesTest {
    static Worksheet twoGpus(UnaryOperator<LlamaCppSettings.Builder> flags) { return Sheets.llamaCppTwoGpus(flags); }

    private static long fig(SizingResult r, String device, String part) {
        return r.get(FigureKey.device(device, part)).value();
    }

    /** The message of the issue on {@code field}, or null. */
    static String issue(Worksheet ws, String field) {
        for (Issue i : SizingCalculator.calculate(ws).issues()) {
            if (i.field().equals(field)) {
                return i.message();
            }
        }
        return null;
    }

    @Test
    void layersSplitAsLlamaCppSplitsThem() {
        SizingResult r = SizingCalculator.calculate(twoGpus(b -> b));
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertEquals(41, fig(r, "gpu0", "layers"), "upper_bound over split points 0.5, 1 at il / 81: layers 0 to 40");
        assertEquals(39, fig(r, "gpu1", "layers"));
        assertEquals(0, fig(r, "gpu0", "outputLayerBytes"));
        assertTrue(fig(r, "gpu1", "outputLayerBytes") > 0, "the output layer (index 80) on the last GPU");
        long perLayer = 2L * 8192 * 1024 * 2; // K and V rows of 1,024 f16 values, 8,192 cells
        assertEquals(41 * perLayer, fig(r, "gpu0", "kvBytes"));
        assertEquals(39 * perLayer, fig(r, "gpu1", "kvBytes"));
        assertEquals(41 * perLayer, r.get(FigureKey.POOL_KV_POOL_BYTES).value(), "the pool per GPU is the largest GPU's cache");
        assertEquals(128_256L * 4, fig(r, "host", "outputBufferBytes"), "one sequence's logits");

        SizingResult split = SizingCalculator.calculate(twoGpus(b -> b.tensorSplit(List.of(3.0, 1.0))));
        assertEquals(61, fig(split, "gpu0", "layers"), "--tensor-split 3,1: il / 81 below 0.75");
        assertEquals(19, fig(split, "gpu1", "layers"));
    }

    @Test
    void partialOffloadLeavesTheFirstLayersAndTheOutputOnTheHost() {
        SizingResult r = SizingCalculator.calculate(twoGpus(b -> b.gpuLayers(20)));
        assertEquals(60, fig(r, "host", "layers"), "i_gpu_start = 80 - 20");
        assertEquals(10, fig(r, "gpu0", "layers"));
        assertEquals(10, fig(r, "gpu1", "layers"));
        assertEquals(0, fig(r, "gpu1", "outputLayerBytes"), "-ngl 20 does not reach the output layer");
        assertTrue(fig(r, "host", "outputLayerBytes") > 0);
        assertEquals(60L * 2 * 8192 * 1024 * 2, fig(r, "host", "kvBytes"), "a host layer's cache stays on the host");
        assertEquals(80L * 2 * 8192 * 1024 * 2, r.get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).value(),
                "the replica's cache holds every layer's cells, the host's too");
        long stagedOn0 = fig(r, "gpu0", "computeBytes") - fig(r, "gpu1", "computeBytes");
        assertEquals(fig(r, "gpu1", "weightsBytes") / 10, stagedOn0, 1, "the first GPU stages one host layer's weights");

        SizingResult none = SizingCalculator.calculate(twoGpus(b -> b.noKvOffload(true)));
        assertEquals(0, fig(none, "gpu0", "kvBytes"));
        assertEquals(80L * 2 * 8192 * 1024 * 2, fig(none, "host", "kvBytes"), "--no-kv-offload: the whole cache in host memory");
        assertEquals(0, none.get(FigureKey.POOL_KV_POOL_BYTES).value());
    }

    @Test
    void cellsFollowParallelAndUnified() {
        Worksheet four = twoGpus(b -> b);
        four = four.withRuntime(four.runtime().toBuilder().maxNumSeqs(3).build());
        SizingResult old = SizingCalculator.calculate(four);
        assertEquals(3 * 2730L, old.get(FigureKey.POOL_CAPACITY_TOKENS).value(), "b6209: n_ctx_seq = 8192 / 3 = 2,730");
        four = four.withRuntime(four.runtime().toBuilder().engineVersion("b8164").build());
        SizingResult split = SizingCalculator.calculate(four);
        assertEquals(3 * 2816L, split.get(FigureKey.POOL_CAPACITY_TOKENS).value(), "b8164: n_ctx_seq = pad(8192 / 3, 256) = 2,816");
        assertEquals(41L * 3 * 2816 * 4096, fig(split, "gpu0", "kvBytes"));
        Worksheet unified = four.withRuntime(four.runtime().toBuilder().llamaCpp(LlamaCppSettings.builder().kvUnified(true)
                .build()).build());
        assertEquals(8192L, SizingCalculator.calculate(unified).get(FigureKey.POOL_CAPACITY_TOKENS).value());
    }

    @Test
    void theLayerPatternsAreLlamaCpps() {
        boolean[] gemma3 = LlamaCppLayers.minorityAt(26, 4);
        for (int il = 0; il < 26; il++) {
            assertEquals(il % 6 == 5, gemma3[il], "gemma3: full attention at il % 6 == 5, layer " + il);
        }
        boolean[] gptOss = LlamaCppLayers.minorityAt(24, 12);
        assertTrue(gptOss[1] && !gptOss[0], "gpt-oss: every other layer full, the first slides");
        boolean[] spread = LlamaCppLayers.minorityAt(10, 3);
        assertEquals(3, count(spread), "no period gives 3 of 10: spread");
        Worksheet hybrid = twoGpus(b -> b);
        hybrid = hybrid.withKv(hybrid.kv().toBuilder().layers(12).stateLayers(36).stateBytesPerLayer(1L << 20).build());
        SizingResult r = SizingCalculator.calculate(hybrid);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertEquals(48, fig(r, "gpu0", "layers") + fig(r, "gpu1", "layers"), "n_layer = attention + state layers");
        assertEquals((1L << 20) * 19, fig(r, "gpu0", "stateBytes"), "qwen3next-like: attention at il % 4 == 3; gpu0 holds layers "
                + "0 to 24, 6 of them attention, 19 state");
        assertEquals(6L * 2 * 8192 * 1024 * 2, fig(r, "gpu0", "kvBytes"));
    }

    private static int count(boolean[] b) {
        int n = 0;
        for (boolean x : b) {
            n += x ? 1 : 0;
        }
        return n;
    }

    @Test
    void aSlidingCacheIsTheWindowPerSequencePlusTheMicroBatch() {
        Worksheet ws = twoGpus(b -> b);
        ws = ws.withKv(ws.kv().toBuilder().windows(List.of(new LayerWindow(40, 4096L, WindowKind.SLIDING))).build());
        ws = ws.withRuntime(ws.runtime().toBuilder().engineVersion("b8164").maxModelLen(32768L).build());
        SizingResult r = SizingCalculator.calculate(ws);
        long swa = LlamaCppCache.pad(4096 + 512, 256); // 4,608 cells
        long rows = 2L * 1024 * 2;
        assertEquals(20 * 32768 * rows + 21 * swa * rows, fig(r, "gpu0", "kvBytes"), "gpu0: 20 full and 21 sliding layers");
    }

    @Test
    void theFlagsMistakesNameTheirField() {
        assertEquals("V cache quantization requires flash attention: llama.cpp refuses -ctv q8_0 with -fa off",
                issue(twoGpus(b -> b.cacheTypeV(KvDtype.Q8_0).flashAttention(FlashAttention.OFF)), "runtime.llamaCpp.cacheTypeV"));
        assertNotNull(issue(twoGpus(b -> b.cacheTypeV(KvDtype.FP8_E4M3)), "runtime.llamaCpp.cacheTypeV"));
        assertEquals("inconsistent: 3 shares for 2 GPU(s); give one per GPU",
                issue(twoGpus(b -> b.tensorSplit(List.of(1.0, 1.0, 1.0))), "runtime.llamaCpp.tensorSplit"));
        assertNotNull(issue(twoGpus(b -> b.tensorSplit(List.of(Double.NaN))), "runtime.llamaCpp.tensorSplit"));
        assertNotNull(issue(twoGpus(b -> b.gpuLayers(-1)), "runtime.llamaCpp.gpuLayers"));
        assertNotNull(issue(twoGpus(b -> b.ubatch(0L)), "runtime.llamaCpp.ubatch"));
        assertNotNull(issue(twoGpus(b -> b.batch(Long.MAX_VALUE)), "runtime.llamaCpp.batch"));
        Worksheet tp = twoGpus(b -> b);
        assertNotNull(issue(tp.withRuntime(tp.runtime().toBuilder().tensorParallel(2).pipelineParallel(1).build()),
                "runtime.tensorParallel"));
        assertEquals("inconsistent: llama.cpp puts layers on all 2 GPU(s) of the sheet (--split-mode layer): set 2",
                issue(tp.withRuntime(tp.runtime().toBuilder().pipelineParallel(3).build()), "runtime.pipelineParallel"));
        assertNotNull(issue(tp.withKv(tp.kv().toBuilder().kvDtype(KvDtype.Q8_0).headDim(80).build()), "kv.kvDtype"),
                "q8_0 blocks of 32 do not divide a head of 80");
        Worksheet vllm = tp.withRuntime(tp.runtime().toBuilder().engine(Engine.VLLM).tensorParallel(1).pipelineParallel(1)
                .llamaCpp(LlamaCppSettings.builder().gpuLayers(-5).build()).build());
        assertEquals(null, issue(vllm, "runtime.llamaCpp.gpuLayers"), "another engine ignores llama.cpp's flags");
        SizingResult bad = SizingCalculator.calculate(twoGpus(b -> b.ubatch(0L)));
        assertFalse(bad.get(FigureKey.RESULT_FITS).available(), "a bad flag leaves the verdict unavailable, not wrong");
    }

    @Test
    void theFullestGpuDecidesAndTheLayersThatFitAreTheLargestNgl() {
        Worksheet one = twoGpus(b -> b);
        one = one.withRuntime(one.runtime().toBuilder().pipelineParallel(1).build()).withGpu(new Gpu("24 GiB card", 1,
                24 * Units.GIB));
        SizingResult r = SizingCalculator.calculate(one);
        assertFalse(r.get(FigureKey.RESULT_FITS).isTrue(), "35 GB of weights on one 24 GiB card");
        long ngl = r.get(FigureKey.DEVICES_MAX_GPU_LAYERS).value();
        assertTrue(ngl > 0 && ngl < 80, "some layers fit: " + ngl);
        Worksheet at = one.withRuntime(one.runtime().toBuilder().llamaCpp(one.runtime().llamaCpp().withGpuLayers((int) ngl))
                .build());
        assertTrue(SizingCalculator.calculate(at).get(FigureKey.DEVICES_FITS).isTrue(), "-ngl " + ngl + " fits");
        Worksheet over = one.withRuntime(one.runtime().toBuilder().llamaCpp(one.runtime().llamaCpp()
                .withGpuLayers((int) ngl + 1)).build());
        assertFalse(SizingCalculator.calculate(over).get(FigureKey.DEVICES_FITS).isTrue(), "-ngl " + (ngl + 1) + " does not");
        assertTrue(r.get(FigureKey.DEVICES_FITS).provenance().assumptions().get(0).startsWith("GPU 0 is short by"));
        assertTrue(r.get(FigureKey.RESULT_MARGIN_BYTES).value() < 0, "the margin is the fullest GPU's");
        assertEquals(r.get(FigureKey.DEVICES_WORST_FREE_BYTES).value(), r.get(FigureKey.RESULT_MARGIN_BYTES).value());
    }
}
