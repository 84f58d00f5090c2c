package org.vramsheet.core.engine.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.Worksheet;

/** The Ollama engine is sized as the llama.cpp runner it starts, each setting by its release's rule. */
class OllamaModuleTest {
    /** Llama 3.1 70B at 4 bits on two 24 GiB cards, as llama.cpp's two-GPU test sheet, run by Ollama. */
    private static Worksheet ollama(String version, OllamaSettings o) {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b);
        return ws.withRuntime(ws.runtime().toBuilder().engine(Engine.OLLAMA).engineVersion(version).maxModelLen(null)
                .maxNumSeqs(null).ollama(o).build()).withKv(ws.kv().toBuilder().kvDtype(KvDtype.AUTO).build());
    }

    private static long kv(SizingResult r, String gpu) { return Sheets.value(r, FigureKey.device(gpu, "kvBytes")); }

    @Test
    void theSheetsKvIsTheLlamaCppRunnersForTheSameSettings() {
        OllamaSettings o = OllamaSettings.builder().numCtx(8192L).numParallel(2).kvCacheType(KvDtype.Q8_0)
                .flashAttention(true).build();
        SizingResult ol = SizingCalculator.calculate(ollama("0.12.3", o));
        Worksheet runner = Sheets.llamaCppTwoGpus(b -> b.flashAttention(FlashAttention.ON).ubatch(512L).batch(1024L));
        runner = runner.withRuntime(runner.runtime().toBuilder().engineVersion("").maxModelLen(16_384L).maxNumSeqs(2).build())
                .withKv(runner.kv().toBuilder().kvDtype(KvDtype.Q8_0).build());
        SizingResult lc = SizingCalculator.calculate(runner);
        assertTrue(ol.issues().isEmpty(), ol.issues().toString());
        for (String gpu : List.of("gpu0", "gpu1")) {
            assertEquals(kv(lc, gpu), kv(ol, gpu), gpu);
        }
        // 41 of the 80 layers on GPU 0 (llama.cpp's split with the output layer): 16,384 cells x 2 x 8 KV heads x 128 x 34/32 B
        assertEquals(41L * 16_384 * 2 * 8 * 128 * 34 / 32, kv(ol, "gpu0"));
        assertEquals(Sheets.value(lc, FigureKey.POOL_KV_POOL_BYTES), Sheets.value(ol, FigureKey.POOL_KV_POOL_BYTES));
        String notes = String.join("\n", ol.get(FigureKey.device("gpu0", "kvBytes")).provenance().assumptions())
                + String.join("\n", ol.get(FigureKey.POOL_KV_POOL_BYTES).provenance().assumptions());
        assertTrue(notes.contains("num_ctx 8192 x 2 parallel = 16384 cells"), notes);
        assertTrue(notes.contains("num_ctx 8192 from the model's parameters"), notes);
    }

    /** The same sheet with nothing set: Ollama 0.6.6 gives num_ctx 2048, 0.6.7 gives 4096 (commit 44b466ee). */
    @Test
    void theReleasesDefaultContextChangesTheFigure() {
        OllamaSettings one = OllamaSettings.builder().numParallel(1).build();
        SizingResult old = SizingCalculator.calculate(ollama("0.6.6", one));
        SizingResult later = SizingCalculator.calculate(ollama("0.6.7", one));
        assertEquals(41L * 2048 * 2 * 8 * 128 * 2, kv(old, "gpu0"));
        assertEquals(41L * 4096 * 2 * 8 * 128 * 2, kv(later, "gpu0"));
        assertEquals(2048L, Sheets.value(old, FigureKey.POOL_MAX_MODEL_LEN));
        assertEquals(4096L, Sheets.value(later, FigureKey.POOL_MAX_MODEL_LEN));
    }

    /**
     * num_gpu unset on a release whose planner decides (0.9.5): the runner's -ngl is the planner's layers.offload, so
     * "all that fit" is Ollama's count, not every layer. 70B at 4 bits on one 24 GiB card does not fit whole; on two it
     * does (81 = 80 blocks and the output layer); num_gpu set decides instead.
     */
    @Test
    void numGpuUnsetOffloadsThePlannersLayersOffload() {
        Worksheet two = ollama("0.9.5", OllamaSettings.builder().numCtx(4096L).numParallel(1).build());
        Worksheet one = two.withGpu(two.gpu().withCount(1)).withRuntime(two.runtime().toBuilder().pipelineParallel(1).build());
        SizingResult r = SizingCalculator.calculate(one);
        long planned = Sheets.value(r, FigureKey.OLLAMA_PLAN_LAYERS);
        assertTrue(planned > 0 && planned < 80, "a partial offload: " + planned);
        assertEquals(planned, Sheets.value(r, FigureKey.device("gpu0", "layers")), "-ngl = layers.offload");
        assertEquals(80 - planned, Sheets.value(r, FigureKey.device("host", "layers")), "the rest on the host");
        String notes = String.join("\n", r.get(FigureKey.device("gpu0", "kvBytes")).provenance().assumptions());
        assertTrue(notes.contains("-ngl " + planned + ": the layers.offload of Ollama's planner"), notes);
        assertEquals(planned * 4096L * 2 * 8 * 128 * 2, kv(r, "gpu0"), "the KV of the offloaded layers only");
        SizingResult both = SizingCalculator.calculate(two);
        assertEquals(81, Sheets.value(both, FigureKey.OLLAMA_PLAN_LAYERS));
        assertEquals(80, Sheets.value(both, FigureKey.device("gpu0", "layers")) + Sheets.value(both, FigureKey.device("gpu1", "layers")));
        Worksheet set = one.withRuntime(one.runtime().toBuilder().ollama(one.runtime().ollama().toBuilder().numGpu(20).build()).build());
        assertEquals(20, Sheets.value(SizingCalculator.calculate(set), FigureKey.device("gpu0", "layers")), "num_gpu 20");
    }

    /** OLLAMA_KV_CACHE_TYPE q8_0 without flash attention on: Ollama keeps f16 (llm/server.go), and says why. */
    @Test
    void aQuantizedCacheWithoutFlashAttentionStaysF16() {
        OllamaSettings o = OllamaSettings.builder().numCtx(4096L).numParallel(1).kvCacheType(KvDtype.Q8_0).build();
        Worksheet ws = ollama("0.12.3", o);
        assertEquals(KvDtype.FP16, OllamaSheet.runner(ws).kv().kvDtype());
        SizingResult r = SizingCalculator.calculate(ws);
        assertEquals(41L * 4096 * 2 * 8 * 128 * 2, kv(r, "gpu0"));
        assertNotEquals(-1, String.join("\n", OllamaSheet.notes(OllamaSheet.runnerSetup(ws))).indexOf("needs flash attention on"));
    }

    @Test
    void badSettingsNameTheField() {
        SizingResult r = SizingCalculator.calculate(ollama("0.12.3", OllamaSettings.builder().numParallel(0).build()));
        assertTrue(r.issues().stream().anyMatch(i -> i.field().equals("runtime.ollama.numParallel")), r.issues().toString());
        Worksheet fp8 = ollama("0.12.3", OllamaSettings.builder().kvCacheType(KvDtype.FP8_E4M3).build());
        r = SizingCalculator.calculate(fp8);
        assertTrue(r.issues().stream().anyMatch(i -> i.field().equals("runtime.ollama.kvCacheType")), r.issues().toString());
        Worksheet typed = ollama("0.12.3", OllamaSettings.defaults());
        typed = typed.withKv(typed.kv().toBuilder().kvDtype(KvDtype.Q4_0).build());
        r = SizingCalculator.calculate(typed);
        assertTrue(r.issues().stream().anyMatch(i -> i.field().equals("kv.kvDtype") && i.message().contains("f16")),
                r.issues().toString());
    }
}
