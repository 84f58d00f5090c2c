package org.vramsheet.core.engine.ollama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;

/** Ollama's planner beside the sheet's figures: only for an Ollama sheet, and OL13's model typed as a sheet. */
class OllamaSheetPlanTest {
    private static final long GIB = 1L << 30;

    /** The GGUF's tensor bytes of Llama 3.1 8B Q4_K_M, reconstructed (they give OL13's runner buffers to 0.01 MiB). */
    private static long ggufBytes() {
        OllamaPlanModel m = OllamaPlanLogModels.llama31_8b();
        return m.layerBytes().stream().mapToLong(Long::longValue).sum() + m.outputNormBytes() + m.outputBytes()
                + m.tokenEmbdBytes();
    }

    /** OL13 typed as a sheet: Llama 3.1 8B (config), the GGUF's bytes as the checkpoint, 13.7 GiB, num_ctx 4096 x 2. */
    private static Worksheet ol13(Engine engine) {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b);
        return ws.withModel(new ModelInfo("meta-llama/Llama-3.1-8B-Instruct", "", "llama", 131_072L, 128_256L))
                .withWeights(Sheets.weights(8_030_261_248L, WeightFormat.INT4).toBuilder().checkpointBytes(ggufBytes()).build())
                .withKv(Sheets.gqa(32, 32, 8, 128, KvDtype.AUTO).toBuilder().hiddenSize(4096).build())
                .withGpu(new Gpu("13.7 GiB", 1, Math.round(13.7 * GIB)))
                .withRuntime(ws.runtime().toBuilder().engine(engine).engineVersion(engine == Engine.OLLAMA ? "0.9.5" : "b6209")
                        .pipelineParallel(1).maxModelLen(engine == Engine.OLLAMA ? null : 8192L).maxNumSeqs(null)
                        .ollama(OllamaSettings.builder().numCtx(4096L).numParallel(2).build()).build());
    }

    @Test
    void anOllamaSheetGivesThePlannersFigures() {
        SizingResult r = SizingCalculator.calculate(ol13(Engine.OLLAMA));
        for (FigureKey k : new FigureKey[] {FigureKey.OLLAMA_PLAN_REQUIRED_FULL, FigureKey.OLLAMA_PLAN_KV,
            FigureKey.OLLAMA_PLAN_GRAPH_FULL, FigureKey.OLLAMA_PLAN_GRAPH_PARTIAL, FigureKey.OLLAMA_PLAN_LAYERS}) {
            Figure f = r.get(k);
            assertTrue(f != null && f.available(), k + ": " + (f == null ? "absent" : f.reason()));
            assertTrue(f.label().startsWith("Ollama's planner (its own estimate): "), f.label());
            assertTrue(f.provenance().assumptions().stream().anyMatch(a -> a.contains("derived from the sheet")), k.id());
        }
        assertEquals(33, Sheets.value(r, FigureKey.OLLAMA_PLAN_LAYERS));
        Figure gpu0 = r.get(FigureKey.device("gpu0", "ollamaPlanBytes"));
        assertEquals(Sheets.value(r, FigureKey.OLLAMA_PLAN_REQUIRED_FULL), gpu0.value(), "one GPU holds it all");
        assertNull(r.figures().get(FigureKey.device("gpu1", "ollamaPlanBytes").id()));
    }

    @Test
    void aLlamaCppSheetHasNone() {
        SizingResult r = SizingCalculator.calculate(ol13(Engine.LLAMA_CPP));
        assertTrue(r.figures().containsKey(FigureKey.device("gpu0", "layers").id()), "llama.cpp's own per-device figures are there");
        assertNull(r.figures().get(FigureKey.OLLAMA_PLAN_REQUIRED_FULL.id()));
        assertNull(r.figures().get(FigureKey.device("gpu0", "ollamaPlanBytes").id()));
    }

    /**
     * OL13 printed memory.required.full="6.5 GiB" (6.45 to 6.55 GiB), kv "1.0 GiB", graph.full "560.0 MiB". The planner
     * on the file's own tensor table gives 6,930,032,640 B (6.454 GiB); on the sheet 6,898,638,319 B (6.425 GiB, printed
     * "6.4 GiB"), 0.025 GiB under the printed range and 31.4 MB under the file: the sheet's even bytes per parameter
     * make token_embd (host) 25.9 MB larger than the file's Q4_K one, so the GPU's weights smaller, and blk.0, the
     * planner's buffer block, 5.4 MB smaller than the file's Q6_K-mixed block 0. KV and graph are exact.
     */
    @Test
    void ol13TypedAsASheetGivesThePrintedRequiredFullWithinItsDerivation() {
        Worksheet ws = ol13(Engine.OLLAMA);
        SizingResult r = SizingCalculator.calculate(ws);
        long sheet = Sheets.value(r, FigureKey.OLLAMA_PLAN_REQUIRED_FULL);
        long file = OllamaPlanner.plan(OllamaPlanLogModels.llama31_8b(), OllamaSheetPlan.setup(OllamaSheet.runner(ws),
                new ArrayList<>())).plan().requiredFull();
        assertEquals("6.5 GiB", OllamaBytes.human(file));
        assertEquals(file, sheet, 0.03 * GIB, "the sheet's derived model against the file's tensor table");
        assertEquals(6.5 * GIB, sheet, 0.05 * GIB + 0.03 * GIB, "printed precision plus the derivation's 0.03 GiB");
        assertEquals("1.0 GiB", OllamaBytes.human(Sheets.value(r, FigureKey.OLLAMA_PLAN_KV)));
        assertEquals("560.0 MiB", OllamaBytes.human(Sheets.value(r, FigureKey.OLLAMA_PLAN_GRAPH_FULL)));
    }

    @Test
    void aSheetWithoutLayersSaysWhichField() {
        Worksheet ws = ol13(Engine.OLLAMA);
        ws = ws.withKv(ws.kv().toBuilder().layers(null).build());
        Figure f = SizingCalculator.calculate(ws).get(FigureKey.OLLAMA_PLAN_REQUIRED_FULL);
        assertFalse(f.available());
        assertTrue(f.reason().contains("layers"), f.reason());
    }
}
