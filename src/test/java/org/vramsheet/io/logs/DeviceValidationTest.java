package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.MeasuredDevice;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.gguf.GgufImporter;
import org.vramsheet.io.model.gguf.GgufLogModels;

/**
 * VALIDATION per device: a llama.cpp or Ollama log applied to the sheet keeps its buffers per device (saved in the file),
 * the sheet's memory per device is compared with them (validation.devices.gpuN.*Error) while the setup and the launch are
 * the ones they were measured on, and a log of another model asks first as any engine's does.
 */
class DeviceValidationTest {
    private static final double MIB = 1 << 20;

    private static Measurement log(String engine, String id) {
        return EngineLogParser.parse(FieldLogs.of(engine).filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    /** The sheet imported from the log's GGUF metadata, launched as the log was, with the log applied (VALIDATION). */
    private static Worksheet applied(String id, GgufFile gguf, Integer ngl) throws Exception {
        Measurement m = log("llamacpp", id);
        Worksheet ws = GgufImporter.parse(gguf).applyTo(LlamaCppSheetLogs.sheet(m, ngl, null));
        return LogComparison.apply(ws, m, "2026-12-02");
    }

    @Test
    void anAppliedLlamaCppLogIsComparedPerDeviceAndItsKvBuffersAreTheSheets() throws Exception {
        Map<String, GgufFile> files = Map.of("LC09", GgufLogModels.gemma3_1b(), "LC10", GgufLogModels.llama70b(),
                "LC11", GgufLogModels.gptOss20b(), "LC12", GgufLogModels.llama405b());
        List<String> rows = new ArrayList<>();
        for (String id : List.of("LC09", "LC10", "LC11", "LC12")) {
            Worksheet ws = applied(id, files.get(id), id.equals("LC12") ? 99 : null);
            assertFalse(ws.validation().devices().isEmpty(), id);
            assertNotNull(ws.validation().setup().launch(), id + ": the launch is recorded");
            assertEquals(ws, WorksheetJson.parse(WorksheetJson.write(ws), id + ".json"), id + ": saved and read back");
            SizingResult r = SizingCalculator.calculate(ws);
            assertFalse(r.get(FigureKey.VALIDATION_STALE_DEVICES).isTrue(), id + ": " + r.get(FigureKey.VALIDATION_STALE_DEVICES)
                    .provenance().expression());
            for (MeasuredDevice d : ws.validation().devices()) {
                if (d.kvBytes() == null) {
                    continue;
                }
                Figure measured = r.get(FigureKey.measuredDevice(d.device(), "kvBytes"));
                Figure error = r.get(FigureKey.measuredDevice(d.device(), "kvBytesError"));
                assertTrue(error.available(), id + " " + d.device() + ": " + error.reason());
                long sheet = r.get(FigureKey.device(d.device(), "kvBytes")).value();
                rows.add(String.format(Locale.ROOT, "%s %s '%s': KV log %.2f MiB, sheet %.2f MiB, %+.4f %%", id, d.device(),
                        d.name(), measured.value() / MIB, sheet / MIB, 100 * error.ratio()));
                assertTrue(Math.abs(sheet - d.kvBytes()) <= MIB, rows.get(rows.size() - 1));
            }
        }
        rows.forEach(System.out::println);
        assertEquals(7, rows.size(), "LC09 1, LC10 2, LC11 1, LC12 3 devices: " + rows);
    }

    @Test
    void anotherLaunchOrGpuMakesThemStaleAndNotCompared() throws Exception {
        Worksheet ws = applied("LC10", GgufLogModels.llama70b(), null);
        assertEquals(81, ws.validation().offloadedLayers(), "'offloaded 81/81 layers to GPU'");
        SizingResult r = SizingCalculator.calculate(ws);
        assertEquals(81, Sheets.value(r, FigureKey.VALIDATION_OFFLOADED_LAYERS_SHEET), "80 layers + the output layer");
        Worksheet ngl = ws.withRuntime(ws.runtime().toBuilder().llamaCpp(ws.runtime().llamaCpp().withGpuLayers(40)).build());
        SizingResult s = SizingCalculator.calculate(ngl);
        Figure stale = s.get(FigureKey.VALIDATION_STALE_DEVICES);
        assertTrue(stale.isTrue(), "another -ngl");
        assertTrue(stale.provenance().expression().contains("-ngl 999 → 40") || stale.provenance().expression().contains("-ngl 81 → 40"),
                stale.provenance().expression());
        Figure e = s.get(FigureKey.measuredDevice("gpu0", "kvBytesError"));
        assertFalse(e.available());
        assertTrue(e.reason().startsWith("measured on another setup: ") && e.reason().endsWith("(not compared)"), e.reason());
        assertTrue(s.get(FigureKey.measuredDevice("gpu0", "kvBytes")).available(), "the measurement is still shown");
        Worksheet gpu = ws.withGpu(new Gpu("NVIDIA H100 80GB HBM3", ws.gpu().count(), 85_045_460_992L));
        assertTrue(SizingCalculator.calculate(gpu).get(FigureKey.VALIDATION_STALE_DEVICES).isTrue(), "another GPU");
        Worksheet engine = ws.withRuntime(ws.runtime().toBuilder().engine(Engine.VLLM).build());
        assertTrue(SizingCalculator.calculate(engine).get(FigureKey.VALIDATION_STALE_DEVICES).isTrue(), "another engine");
    }

    @Test
    void aLogOfAnotherModelAsksFirstForLlamaCppAndOllama() throws Exception {
        Worksheet gemma = GgufImporter.parse(GgufLogModels.gemma3_1b()).applyTo(LlamaCppSheetLogs.sheet(log("llamacpp", "LC09"),
                null, null));
        LogComparison.Result r = LogComparison.compare(gemma, log("llamacpp", "LC10"));
        assertTrue(r.mismatched(), "Llama 3.1 70B's log on a Gemma 3 1B sheet: " + r.causes());
        gemma = gemma.withModel(gemma.model().withModelId("google/gemma-3-1b-it"));
        Worksheet ollamaGemma = gemma.withRuntime(gemma.runtime().toBuilder().engine(Engine.OLLAMA).engineVersion("0.9.5").build())
                .withKv(gemma.kv().toBuilder().kvDtype(KvDtype.AUTO).build());
        LogComparison.Result o = LogComparison.compare(ollamaGemma, log("ollama", "OL13"));
        assertTrue(o.mismatched(), "Ollama's Llama 3.1 8B log on a Gemma 3 1B sheet: " + o.causes());
        assertTrue(o.modelMismatch().contains("the log ran 'Meta Llama 3.1 8B Instruct'"), "its GGUF general.name: " + o.modelMismatch());
    }

    /** OL13 (Ollama 0.9.5, Llama 3.1 8B on one GPU): its runner's buffers are kept per device, and compared. */
    @Test
    void anOllamaLogIsKeptPerDevice() {
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b);
        ws = ws.withModel(new ModelInfo("meta-llama/Llama-3.1-8B-Instruct", "", "llama", 131_072L, 128_256L))
                .withWeights(Sheets.weights(8_030_261_248L, WeightFormat.INT4))
                .withKv(Sheets.gqa(32, 32, 8, 128, KvDtype.AUTO).toBuilder().hiddenSize(4096).build())
                .withGpu(new Gpu("13.7 GiB", 1, Math.round(13.7 * (1L << 30))))
                .withRuntime(ws.runtime().toBuilder().engine(Engine.OLLAMA).engineVersion("0.9.5").pipelineParallel(1)
                        .maxModelLen(null).maxNumSeqs(null).ollama(OllamaSettings.builder().build()).build());
        Measurement m = log("ollama", "OL13");
        assertFalse(LogComparison.compare(ws, m).mismatched(), LogComparison.compare(ws, m).causes().toString());
        Worksheet a = LogComparison.apply(ws, m, "2026-12-02");
        assertEquals(Engine.OLLAMA, a.runtime().engine());
        MeasuredDevice gpu0 = a.validation().devices().get(0);
        assertEquals("gpu0", gpu0.device());
        assertEquals("CUDA0", gpu0.name());
        SizingResult r = SizingCalculator.calculate(a);
        Figure model = r.get(FigureKey.measuredDevice("gpu0", "modelBytes"));
        assertEquals(Math.round(4403.49 * MIB), model.value(), "'CUDA0 model buffer size =  4403.49 MiB'");
        Figure error = r.get(FigureKey.measuredDevice("gpu0", "modelBytesError"));
        assertTrue(error.available(), error.reason());
        System.out.printf(Locale.ROOT, "OL13 gpu0 'CUDA0': model buffer log %.2f MiB, sheet %+.2f %%%n", model.value() / MIB,
                100 * error.ratio());
        assertEquals(33, a.validation().offloadedLayers());
        assertEquals(33, Sheets.value(r, FigureKey.VALIDATION_OFFLOADED_LAYERS_SHEET), "32 layers + the output layer");
        Worksheet other = a.withRuntime(a.runtime().toBuilder().ollama(a.runtime().ollama().toBuilder().numCtx(16_384L).build())
                .build());
        assertTrue(SizingCalculator.calculate(other).get(FigureKey.VALIDATION_STALE_DEVICES).isTrue(), "another num_ctx: another -c");
    }
    /**
     * A measurement belongs to its launch: after LC10 is applied, another -ngl, -np, cache type or n_ctx makes the applied KV
     * pool and the measured non-KV memory stale too (not used: the sheet's own estimate takes over), not only the buffers
     * per device.
     */
    @Test
    void anotherLaunchMakesTheAppliedPoolAndNonKvStale() throws Exception {
        Worksheet ws = applied("LC10", GgufLogModels.llama70b(), null);
        assertNotNull(ws.validation().allocatedKvBytes(), "LC10's KV buffers applied as the pool");
        SizingResult fresh = SizingCalculator.calculate(ws);
        assertFalse(fresh.get(FigureKey.VALIDATION_STALE_POOL).isTrue(), fresh.get(FigureKey.VALIDATION_STALE_POOL).provenance()
                .expression());
        var l = ws.runtime().llamaCpp();
        Map<String, Worksheet> launches = Map.of(
                "-ngl", ws.withRuntime(ws.runtime().toBuilder().llamaCpp(l.withGpuLayers(40)).build()),
                "-np", ws.withRuntime(ws.runtime().toBuilder().maxNumSeqs(4).build()),
                "-ctk", ws.withKv(ws.kv().toBuilder().kvDtype(KvDtype.Q8_0).build()),
                "-c", ws.withRuntime(ws.runtime().toBuilder().maxModelLen(ws.runtime().maxModelLen() / 2).build()));
        for (Map.Entry<String, Worksheet> e : launches.entrySet()) {
            SizingResult r = SizingCalculator.calculate(e.getValue());
            Figure pool = r.get(FigureKey.VALIDATION_STALE_POOL);
            assertTrue(pool.isTrue(), e.getKey() + ": the applied pool is of another launch");
            assertTrue(pool.provenance().expression().contains(e.getKey() + " "), e.getKey() + ": " + pool.provenance().expression());
            if (e.getValue().validation().measuredNonKvBytes() != null) {
                assertTrue(r.get(FigureKey.VALIDATION_STALE_NON_KV).isTrue(), e.getKey() + ": the non-KV memory too");
            }
            assertTrue(r.get(FigureKey.VALIDATION_STALE_DEVICES).isTrue(), e.getKey());
        }
    }

    /**
     * LC11 (Apple M5): 'MTL0_Mapped model buffer' is the Metal device's (ggml-metal's mapped buffer type is not a host
     * buffer), kept with MTL0's KV and compute buffers as GPU 0; only CPU_Mapped and CPU are the host. Its iSWA pool (3,072
     * MiB of full cache for 131,072 cells and 18 MiB of sliding-window cache) is not "another KV ARCHITECTURE".
     */
    @Test
    void aMetalMappedBufferIsTheGpusAndAnIswaPoolIsNotAnotherArchitecture() throws Exception {
        Measurement m = log("llamacpp", "LC11");
        Worksheet sheet = GgufImporter.parse(GgufLogModels.gptOss20b()).applyTo(LlamaCppSheetLogs.sheet(m, null, null));
        LogComparison.Result r = LogComparison.compare(sheet, m);
        assertFalse(r.mismatched(), r.modelMismatch());
        Worksheet ws = LogComparison.apply(sheet, m, "2026-12-02");
        List<MeasuredDevice> d = ws.validation().devices();
        assertEquals(2, d.size(), d.toString());
        assertEquals("gpu0", d.get(0).device());
        assertEquals("MTL0_Mapped + MTL0", d.get(0).name());
        assertEquals(Math.round(11536.18 * MIB), d.get(0).modelBytes(), 1, "'MTL0_Mapped model buffer size = 11536.18 MiB'");
        assertEquals(Math.round(3090.00 * MIB), d.get(0).kvBytes(), 1, "3,072 + 18 MiB on MTL0");
        assertEquals("host", d.get(1).device());
        assertEquals("CPU_Mapped + CPU", d.get(1).name());
        assertEquals(Math.round(586.82 * MIB), d.get(1).modelBytes(), 1, "'CPU_Mapped model buffer size = 586.82 MiB'");
        Figure model = SizingCalculator.calculate(ws).get(FigureKey.measuredDevice("gpu0", "modelBytes"));
        assertEquals(Math.round(11536.18 * MIB), model.value(), 1, "compared with GPU 0's weights, not the host's");
    }
}
