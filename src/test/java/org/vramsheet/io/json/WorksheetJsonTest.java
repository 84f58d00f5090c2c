package org.vramsheet.io.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.core.units.Units;

class WorksheetJsonTest {
    private static final Path SAMPLES = Path.of("assets/samples");

    @Test
    void everySampleRoundTripsToAnEqualWorksheet() throws Exception {
        try (Stream<Path> files = Files.list(SAMPLES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                Worksheet ws = WorksheetJson.read(f);
                assertTrue(SizingCalculator.calculate(ws).valid(), f + ": " + SizingCalculator.calculate(ws).issues());
                Worksheet again = WorksheetJson.parse(WorksheetJson.write(ws), "copy");
                assertEquals(ws, again, f.toString());
                assertEquals(WorksheetJson.write(ws), WorksheetJson.write(again), "canonical text is stable");
            }
        }
    }

    @Test
    void sizesWithUnitsAreExactBytes() throws Exception {
        Worksheet ws = WorksheetJson.read(SAMPLES.resolve("deepseek-v2-lite-mla-h100.json"));
        assertEquals(Units.gib(79.19), ws.gpu().totalBytes());
        assertEquals(Units.gib(31.62), ws.validation().measuredNonKvBytes());
        assertEquals(Long.valueOf(1_000_000_000L), NumberGrammar.read("1 GB", NumberGrammar.Kind.BYTES).value());
        assertEquals(Long.valueOf(1L << 30), NumberGrammar.read("1 GiB", NumberGrammar.Kind.BYTES).value());
        assertEquals(Long.valueOf(32_768), NumberGrammar.read("32_768", NumberGrammar.Kind.TOKENS).value());
        assertEquals(null, NumberGrammar.read("lots", NumberGrammar.Kind.BYTES).value());
    }

    @Test
    void unknownFieldsAreToleratedAndMissingSectionsTakeDefaults() throws Exception {
        Worksheet ws = WorksheetJson.parse("{\"schemaVersion\":1,\"futureThing\":{\"a\":1},"
                + "\"kv\":{\"layers\":80,\"kvDtype\":\"fp8_e4m3\",\"comment\":\"x\"}}", "t.json");
        assertEquals(80, ws.kv().layers());
        assertEquals(KvDtype.FP8_E4M3, ws.kv().kvDtype());
        assertEquals("", ws.model().modelId());
        assertEquals(1, ws.runtime().tensorParallel());
    }

    @Test
    void badFilesGetOneClearLine() {
        WorksheetFormatException notJson = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.parse("{\"kv\": {", "broken.json"));
        assertTrue(notJson.getMessage().startsWith("broken.json: not valid JSON (line 1"), notJson.getMessage());

        WorksheetFormatException nonNumeric = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.parse("{\"weights\":{\"totalParams\":\"seventy billion\"}}", "w.json"));
        assertTrue(nonNumeric.getMessage().startsWith("w.json: weights.totalParams: "), nonNumeric.getMessage());
        assertTrue(nonNumeric.getMessage().contains("not a parameter count: 'seventy billion'"), nonNumeric.getMessage());

        WorksheetFormatException badEnum = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.parse("{\"kv\":{\"kvDtype\":\"fp7\"}}", "e.json"));
        assertTrue(badEnum.getMessage().startsWith("e.json: kv.kvDtype: unknown value"), badEnum.getMessage());

        WorksheetFormatException word = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.parse("{\"gpu\":{\"count\":\"two\"}}", "g.json"));
        assertEquals("g.json: gpu.count: not a whole number: 'two'", word.getMessage());

        WorksheetFormatException future = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.parse("{\"schemaVersion\":99}", "f.json"));
        assertTrue(future.getMessage().contains("newer"), future.getMessage());

        assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse("[1,2]", "a.json"));
        for (String m : new String[] {notJson.getMessage(), nonNumeric.getMessage(), badEnum.getMessage()}) {
            assertTrue(!m.contains("\n"), "one line: " + m);
        }
    }

    @Test
    void missingFileNamesTheFile() {
        WorksheetFormatException e = assertThrows(WorksheetFormatException.class,
                () -> WorksheetJson.read(Path.of("no/such/sheet.json")));
        assertTrue(e.getMessage().endsWith("no such file"), e.getMessage());
    }

    @Test
    void saveIsAtomicAndLeavesNoTempFiles(@TempDir Path dir) throws Exception {
        Worksheet ws = WorksheetJson.read(SAMPLES.resolve("seed003-70b-int4-80gib.json"));
        Path target = dir.resolve("sheet.json");
        Files.writeString(target, "old content");
        WorksheetJson.save(ws, target);
        assertEquals(ws, WorksheetJson.read(target));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(1, left.count(), "only the target remains");
        }
    }

    @Test
    void aFailedSaveLeavesTheOldFile(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("sheet.json");
        Files.writeString(target, "old content");
        Path blocker = dir.resolve("blocked");
        Files.createDirectory(blocker);
        Files.writeString(blocker.resolve("x"), "x");
        Worksheet ws = WorksheetJson.read(SAMPLES.resolve("seed003-70b-int4-80gib.json"));
        assertThrows(java.io.IOException.class, () -> WorksheetJson.save(ws, blocker));
        assertEquals("old content", Files.readString(target));
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(2, left.count(), "no temp file left behind");
        }
    }

    /** Every earlier schemaVersion keeps opening: a saved file of each, read, migrated, and written as the current version. */
    @Test
    void savedFilesOfEveryEarlierVersionOpen() throws Exception {
        int seen = 0;
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/worksheets"))) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("v\\d+-.*\\.json")).sorted().toList()) {
                int version = Integer.parseInt(f.getFileName().toString().replaceAll("^v(\\d+)-.*", "$1"));
                assertTrue(Files.readString(f).matches("(?s).*\"schemaVersion\"\\s*:\\s*" + version + "\\b.*"), f.toString());
                Worksheet ws = WorksheetJson.read(f);
                assertTrue(SizingCalculator.calculate(ws).valid(), f + ": " + SizingCalculator.calculate(ws).issues());
                String written = WorksheetJson.write(ws);
                assertTrue(written.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION), written.substring(0, 40));
                assertEquals(ws, WorksheetJson.parse(written, "migrated"), f.toString());
                if (version == 1) {
                    assertEquals("", ws.signOff().approvedFingerprint(), "version 1 had no approval fingerprint");
                    assertTrue(ws.signOff().history().isEmpty());
                }
                seen++;
            }
        }
        assertTrue(seen >= 2, "saved files of version 1: " + seen);
        Worksheet approved = WorksheetJson.read(Path.of("src/test/resources/worksheets/v1-approved.json"));
        assertEquals(org.vramsheet.core.sheet.SignOffStatus.APPROVED, approved.signOff().status());
        assertEquals("C. Lead", approved.signOff().approvedBy());
    }

    @Test
    void approvalFingerprintAndHistoryRoundTrip() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v1-approved.json"));
        Worksheet reopened = org.vramsheet.core.sheet.SignOffFlow.reopen(org.vramsheet.core.sheet.SignOffFlow.approve(ws,
                Fingerprint.ofContent(ws)), "2026-11-30");
        Worksheet again = WorksheetJson.parse(WorksheetJson.write(reopened), "copy");
        assertEquals(reopened, again);
        assertEquals(1, again.signOff().history().size());
        assertEquals(Fingerprint.ofContent(ws), again.signOff().history().get(0).fingerprint());
        assertEquals("2026-11-30", again.signOff().history().get(0).reopenedOn());
    }

    /**
     * Seen: the non-KV estimate was written into the sheet at import, so TP 2 kept the one-GPU non-torch memory.
     * A version-2 file whose three numbers are exactly the estimator's opens with them live; absent numbers stay 0.
     */
    @Test
    void versionTwoImportEstimatesBecomeLiveAndAbsentOnesStayZero() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v2-imported-gemma3.json"));
        assertEquals(null, ws.runtime().nonTorchBytes(), "the import's estimate is live again");
        Worksheet tp2 = ws.withRuntime(ws.runtime().toBuilder().tensorParallel(2).build()).withGpu(ws.gpu().withCount(2));
        var f = SizingCalculator.calculate(tp2).get(org.vramsheet.core.result.FigureKey.POOL_NON_TORCH_BYTES);
        long rope = 2_048L * 128 * 2; // vLLM's RoPE cos/sin cache: the sheet's 2,048 positions x head dim x bf16
        assertEquals(org.vramsheet.core.units.Units.gib(2.1) + rope, f.value(), f.provenance().toString());
        assertEquals("estimated", f.provenance().formula());
        Worksheet handWritten = WorksheetJson.parse("{\"schemaVersion\": 2, \"runtime\": {\"engine\": \"VLLM\"}}", "old.json");
        assertEquals(0L, handWritten.runtime().activationPeakBytes(), "absent meant 0 before version 3");
        Worksheet typed = WorksheetJson.parse("{\"schemaVersion\": 2, \"runtime\": {\"nonTorchBytes\": 12345}}", "old.json");
        assertEquals(12345L, typed.runtime().nonTorchBytes(), "a number that is not the estimator's stays typed");
        Worksheet now = WorksheetJson.parse("{\"schemaVersion\": 3, \"runtime\": {\"engine\": \"VLLM\"}}", "new.json");
        assertEquals(null, now.runtime().activationPeakBytes(), "from version 3 absent is live");
    }

    /**
     * A version-4 file the previous release wrote after applying gemma-2-9b's own vLLM 0.19 log (P08) to the sample: its
     * measurements are taken as measured on the sheet as saved, so they are used there and nowhere else.
     */
    @Test
    void versionFourMeasurementsAreBoundToTheSheetAsSaved() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v4-applied-log-gemma2.json"));
        MeasuredSetup s = ws.validation().setup();
        assertEquals("google/gemma-2-9b-it", s.modelId());
        assertEquals(Engine.VLLM, s.engine());
        assertEquals("0.19.0", s.engineVersion());
        assertEquals(1, s.tensorParallel());
        assertEquals(ws.gpu().totalBytes(), s.gpuTotalBytes());
        assertEquals("", s.date(), "the file did not say when");
        SizingResult here = SizingCalculator.calculate(ws);
        assertTrue(here.get(FigureKey.VALIDATION_MEASURED_USED).isTrue());
        assertEquals(22_666_689_905L, here.get(FigureKey.POOL_NON_KV_BYTES).value(), "the measured non-KV memory is used");
        assertFalse(here.get(FigureKey.VALIDATION_STALE_NON_KV).isTrue());

        Worksheet otherModel = ws.withModel(ws.model().withModelId("google/gemma-2-27b-it"));
        SizingResult there = SizingCalculator.calculate(otherModel);
        assertTrue(there.get(FigureKey.VALIDATION_STALE_NON_KV).isTrue());
        assertTrue(there.get(FigureKey.VALIDATION_STALE_POOL).isTrue());
        assertFalse(there.get(FigureKey.VALIDATION_MEASURED_USED).isTrue());
        assertTrue(there.get(FigureKey.POOL_NON_KV_BYTES).value() != 22_666_689_905L, "the estimate takes over");

        Worksheet twoGpus = ws.withRuntime(ws.runtime().withParallel(2, 1, 1)).withGpu(ws.gpu().withCount(2));
        SizingResult split = SizingCalculator.calculate(twoGpus);
        assertFalse(split.get(FigureKey.VALIDATION_STALE_NON_KV).isTrue(), "across TP the non-KV memory is carried");
        assertTrue(split.get(FigureKey.POOL_NON_KV_BYTES).provenance().formula().startsWith("weights / GPUs now"), "derived");
        assertTrue(split.get(FigureKey.VALIDATION_STALE_POOL).isTrue(), "the pool of one GPU is not the pool of two");
        assertTrue(split.get(FigureKey.VALIDATION_STALE_POOL).provenance().expression().contains("TP x PP: 1 x 1 → 2 x 1"));

        Worksheet saved = WorksheetJson.parse(WorksheetJson.write(ws), "saved");
        assertEquals(s, saved.validation().setup(), "written as version 5, the setup is kept");
    }

    /** An Approved file of an earlier version opens as it was approved: no setup is added to content it signed. */
    @Test
    void anApprovedEarlierFileIsNotChangedByTheMigration() throws Exception {
        String text = Files.readString(Path.of("src/test/resources/worksheets/v4-applied-log-gemma2.json"))
                .replace("\"status\" : \"DRAFT\"", "\"status\" : \"APPROVED\"");
        Worksheet ws = WorksheetJson.parse(text, "approved.json");
        assertEquals(org.vramsheet.core.sheet.SignOffStatus.APPROVED, ws.signOff().status());
        assertEquals(null, ws.validation().setup());
    }

    /**
     * A version-5 llama.cpp sheet (written by writeAs(5), the previous release's canonical form) opens with every llama.cpp
     * flag at its default, is written back as version 6 with them, and still reads as the same version-5 text.
     */
    @Test
    void aVersionFiveLlamaCppSheetOpensWithTheFlagsAtTheirDefaults() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v5-llamacpp-gemma2.json");
        String text = Files.readString(file);
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(Engine.LLAMA_CPP, ws.runtime().engine());
        assertEquals(org.vramsheet.core.sheet.LlamaCppSettings.defaults(), ws.runtime().llamaCpp());
        assertEquals(KvDtype.Q8_0, ws.kv().kvDtype());
        Worksheet bare = ws.withGpu(ws.gpu().withPerformance(null)); // version 8 took the catalog GPU's performance
        assertTrue(WorksheetJson.representable(bare, 5));
        assertEquals(text, WorksheetJson.writeAs(bare, 5), "the version-5 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION) && now.contains("\"llamaCpp\" : {"), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        Worksheet offload = ws.withRuntime(ws.runtime().toBuilder().llamaCpp(ws.runtime().llamaCpp().withGpuLayers(20)).build());
        assertFalse(WorksheetJson.representable(offload, 5), "-ngl 20 is content a version-5 file cannot hold");
        assertTrue(SizingCalculator.calculate(ws).issues().isEmpty(), SizingCalculator.calculate(ws).issues().toString());
    }

    /**
     * A version-6 llama.cpp sheet (-ngl 30, -fa on; written by writeAs(6), the previous release's canonical form) opens with
     * RUNTIME › Ollama settings at their defaults and its llama.cpp flags kept, is written back as version 7, and still reads
     * as the same version-6 text; an Ollama num_ctx is content a version-6 file cannot hold.
     */
    @Test
    void aVersionSixSheetOpensWithOllamaSettingsAtTheirDefaults() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v6-llamacpp-gemma2-ngl30.json");
        String text = Files.readString(file);
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(Engine.LLAMA_CPP, ws.runtime().engine());
        assertEquals(30, ws.runtime().llamaCpp().gpuLayers());
        assertEquals(org.vramsheet.core.sheet.OllamaSettings.defaults(), ws.runtime().ollama());
        Worksheet bare = ws.withGpu(ws.gpu().withPerformance(null)); // version 8 took the catalog GPU's performance
        assertTrue(WorksheetJson.representable(bare, 6));
        assertEquals(text, WorksheetJson.writeAs(bare, 6), "the version-6 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION) && now.contains("\"ollama\" : {"), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        Worksheet ollama = ws.withRuntime(ws.runtime().toBuilder().engine(Engine.OLLAMA)
                .ollama(org.vramsheet.core.sheet.OllamaSettings.builder().numCtx(8192L).build()).build());
        assertFalse(WorksheetJson.representable(ollama, 6), "num_ctx 8192 is content a version-6 file cannot hold");
        assertEquals(ollama, WorksheetJson.parse(WorksheetJson.write(ollama), "ollama.json"));
        assertTrue(SizingCalculator.calculate(ws).issues().isEmpty(), SizingCalculator.calculate(ws).issues().toString());
    }

    /**
     * A version-7 llama.cpp sheet with field log LC11 applied (written by the previous release's jar: import of the catalog's
     * gpt-oss-20b, then validate LC11 -o) opens with nothing measured per device and no launch recorded (the per-device
     * comparison starts with the next applied log), is written back as the current version, and still reads as the same
     * version-7 text; a measured device is content a version-7 file cannot hold.
     */
    @Test
    void aVersionSevenSheetOpensWithNothingMeasuredPerDevice() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v7-llamacpp-gptoss20b-lc11.json");
        String text = Files.readString(file);
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(Engine.LLAMA_CPP, ws.runtime().engine());
        assertEquals(3_240_099_840L, ws.validation().allocatedKvBytes(), "LC11's 3,090.00 MiB KV buffer, applied");
        assertTrue(ws.validation().devices().isEmpty());
        assertEquals(null, ws.validation().offloadedLayers());
        assertEquals(null, ws.validation().setup().launch(), "version 7 recorded no launch");
        Worksheet bare = ws.withGpu(ws.gpu().withPerformance(null)); // (a Draft on a catalog GPU takes its performance)
        assertTrue(WorksheetJson.representable(bare, 7));
        assertEquals(text, WorksheetJson.writeAs(bare, 7), "the version-7 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION) && now.contains("\"devices\" : [ ]"), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        var mtl0 = new org.vramsheet.core.sheet.MeasuredDevice("gpu0", "MTL0", null, 3_240_099_840L, null, null, 440_487_444L, null);
        Worksheet measured = ws.withValidation(ws.validation().toBuilder().devices(java.util.List.of(mtl0)).build());
        assertFalse(WorksheetJson.representable(measured, 7), "a measured device is content a version-7 file cannot hold");
        assertEquals(measured, WorksheetJson.parse(WorksheetJson.write(measured), "measured.json"));
        assertFalse(SizingCalculator.calculate(ws).figures().containsKey("validation.staleDevices"), "nothing per device to compare");
    }

    /**
     * A version-7 sheet (Llama 3.1 70B on one H200, written by writeAs(7), the previous release's canonical form) opens
     * with GPU › Performance from the catalog (its GPU is a catalog GPU and the sheet a Draft), so the latency estimate
     * is there at once; written back as version 8 it holds the performance; the version-7 form is still the file as saved
     * once the performance is taken out, and a performance or a target is content a version-7 file cannot hold.
     */
    @Test
    void aVersionSevenSheetOpensWithTheCatalogsPerformance() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v7-llama70b-h200.json");
        String text = Files.readString(file);
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(4800.0, ws.gpu().performance().bandwidthGbPerS());
        assertTrue(ws.gpu().performance().source().startsWith("GPU catalog, NVIDIA H200 SXM 141GB: "),
                ws.gpu().performance().source());
        assertFalse(WorksheetJson.representable(ws, 7), "the performance is content a version-7 file cannot hold");
        Worksheet bare = ws.withGpu(ws.gpu().withPerformance(null));
        assertTrue(WorksheetJson.representable(bare, 7));
        assertEquals(text, WorksheetJson.writeAs(bare, 7), "the version-7 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION) && now.contains("\"bandwidthGbPerS\" : 4800"), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        Worksheet sla = bare.withResult(bare.result().withSla(new org.vramsheet.core.sheet.SlaTargets(500.0, null, 50.0,
                null)).withPricePerGpuHour(3.5));
        assertFalse(WorksheetJson.representable(sla, 7), "SLA targets are content a version-7 file cannot hold");
        assertEquals(sla, WorksheetJson.parse(WorksheetJson.write(sla), "sla.json"));
        assertTrue(SizingCalculator.calculate(ws).issues().isEmpty(), SizingCalculator.calculate(ws).issues().toString());
        assertTrue(SizingCalculator.calculate(ws).get(org.vramsheet.core.result.FigureKey.performance(
                org.vramsheet.core.sheet.ScenarioId.TYPICAL, org.vramsheet.core.result.LatencyFigure.ITL)).available());
    }

    /**
     * Version 9 (i29-rank): a version-8 MoE sheet (Qwen3-30B-A3B's config imported by main's version-8 build: 8 of 128
     * experts per token) opens without the routed expert count E, so its latency estimate reads every expert each step
     * as version 8 did, and says so; it still reads as the same version-8 text; with E set (as an import now sets it)
     * a decode step at one sequence reads only its 8 of 128 experts, and E is content a version-8 file cannot hold.
     */
    @Test
    void aVersionEightSheetOpensWithoutTheExpertCountAndEstimatesAsBefore() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v8-i29rank-qwen3-30b-a3b.json");
        String text = Files.readString(file);
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(8, ws.weights().expertsPerToken());
        assertEquals(null, ws.weights().experts(), "version 8 held no expert count");
        assertTrue(WorksheetJson.representable(ws, 8));
        assertEquals(text, WorksheetJson.writeAs(ws, 8), "the version-8 form is the file as saved");
        var itl = org.vramsheet.core.result.FigureKey.performance(org.vramsheet.core.sheet.ScenarioId.TYPICAL,
                org.vramsheet.core.result.LatencyFigure.DECODE_STEP);
        var before = SizingCalculator.calculate(ws).get(itl);
        assertTrue(before.provenance().assumptions().stream().anyMatch(a -> a.contains("every expert's weights are taken "
                + "as read")), before.provenance().assumptions().toString());
        Worksheet withE = ws.withWeights(ws.weights().toBuilder().experts(128).build());
        assertFalse(WorksheetJson.representable(withE, 8), "the expert count is content a version-8 file cannot hold");
        assertEquals(withE, WorksheetJson.parse(WorksheetJson.write(withE), "e.json"));
        var after = SizingCalculator.calculate(withE).get(itl);
        assertTrue(after.ratio() < before.ratio(), "the batch reads fewer experts than all: " + after.ratio() + " < "
                + before.ratio());
    }

    /**
     * A version-7 file (saved by main's build after a probe ramp recorded VALIDATION) opens with no latency measurement,
     * is written back as version 8, and still reads as the same version-7 text; a latency measurement is content a
     * version-7 file cannot hold, and it survives a save.
     */
    @Test
    void aVersionSevenSheetOpensWithoutALatencyMeasurement() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v7-probed-seed003.json");
        String text = Files.readString(file);
        assertTrue(text.contains("\"schemaVersion\" : 7"), "a version-7 file");
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(1600L, ws.validation().kvCapacityTokens());
        assertEquals(11L, ws.validation().preemptionSequences());
        assertEquals(null, ws.validation().latency());
        Worksheet bare = ws.withGpu(ws.gpu().withPerformance(null)); // (a Draft on a catalog GPU takes its performance)
        assertTrue(WorksheetJson.representable(bare, 7));
        assertEquals(text, WorksheetJson.writeAs(bare, 7), "the version-7 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        var step = new org.vramsheet.core.sheet.LatencyStep(4, 82.11, 90.5, 91.0, 40.16, 44.0, 47.5, 92.46, 4, 0);
        Worksheet measured = ws.withValidation(ws.validation().toBuilder().latency(new org.vramsheet.core.sheet.MeasuredLatency(
                "meta-llama/Llama-3.1-8B-Instruct", Engine.VLLM, "0.19.0", ws.gpu().name(), 1, ws.weights().format(),
                ws.kv().kvDtype(), "2026-12-02T01:23:45Z", "ramp", 100L, 60L, List.of(step))).build());
        assertFalse(WorksheetJson.representable(measured, 7), "a latency measurement is content a version-7 file cannot hold");
        assertEquals(measured, WorksheetJson.parse(WorksheetJson.write(measured), "m.json"));
        String bad = WorksheetJson.write(measured).replace("\"itlP50Ms\" : 40.16", "\"itlP50Ms\" : -1");
        var e = assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(bad, "bad.json"));
        assertTrue(e.getMessage().contains("itlP50Ms") && e.getMessage().contains("not a time or rate"), e.getMessage());
    }

    /**
     * A version-8 Ollama sheet (Llama 3.1 70B at 4 bits on two RTX 4090, num_ctx 8192, OLLAMA_NUM_PARALLEL 2, q8_0, flash
     * attention; written by the version-8 build) opens with OLLAMA_GPU_OVERHEAD unset (0 B, as version 8 sized it), writes
     * back as version 9 and reads as the same version-8 text; an overhead is content version 8 cannot hold, and it reaches
     * Ollama's planner (each GPU keeps it free).
     */
    @Test
    void aVersionEightSheetOpensWithOllamasGpuOverheadUnset() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v8-ollama-2x4090.json");
        String text = Files.readString(file);
        assertTrue(text.contains("\"schemaVersion\" : 8"), text.substring(0, 40));
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(Engine.OLLAMA, ws.runtime().engine());
        assertEquals(8192L, ws.runtime().ollama().numCtx());
        assertEquals(null, ws.runtime().ollama().gpuOverheadBytes(), "unset: OLLAMA_GPU_OVERHEAD's default, 0 B");
        assertTrue(WorksheetJson.representable(ws, 8));
        assertEquals(text, WorksheetJson.writeAs(ws, 8), "the version-8 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION) && now.contains("\"gpuOverheadBytes\" : null"), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        Worksheet overhead = ws.withRuntime(ws.runtime().toBuilder().ollama(ws.runtime().ollama().toBuilder()
                .gpuOverheadBytes(8L << 30).build()).build());
        assertFalse(WorksheetJson.representable(overhead, 8), "8 GiB of overhead is content a version-8 file cannot hold");
        assertEquals(overhead, WorksheetJson.parse(WorksheetJson.write(overhead), "overhead.json"));
        var before = org.vramsheet.core.calc.SizingCalculator.calculate(ws);
        var after = org.vramsheet.core.calc.SizingCalculator.calculate(overhead);
        long layers = before.get(org.vramsheet.core.result.FigureKey.OLLAMA_PLAN_LAYERS).value();
        long fewer = after.get(org.vramsheet.core.result.FigureKey.OLLAMA_PLAN_LAYERS).value();
        assertTrue(fewer < layers, "8 GiB kept free on each 24 GiB card: the planner offloads fewer layers (" + layers + " → "
                + fewer + ")");
    }

    // ---- added in schema version 9 (issue 30 points 2, 3, 6) ----

    /**
     * A version-8 file saved by main's build (Llama-3.1-8B-Instruct on one H200 under vLLM, prefix caching on, shared
     * prefixes of 1,000 / 2,000 / 4,000 tokens) opens with no LoRA, no KV offload, no host RAM and every sequence sharing
     * the prefix, computes the figures main's build printed for it ({@code calc --json}: typical uniqueTokens 38,152,
     * kvBytes 5,000,658,944, physicalKvBytes 5,012,193,280; pool capacityTokens 890,640), and reads back as the same
     * version-8 text; a LoRA setting is content a version-8 file cannot hold.
     */
    // ---- version 9 (issue 30 point 5, i30-sparse): a version-8 file has no indexer key width; it opens without one ----
    @Test
    void aVersionEightSheetOpensWithoutASparseAttentionIndexer() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v8-lora-prefix.json");
        String text = Files.readString(file);
        assertTrue(text.contains("\"schemaVersion\" : 8"), text.substring(0, 40));
        assertTrue(!text.contains("indexHeadDim"), "version 8 held no indexer");
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(null, ws.kv().indexHeadDim(), "no indexer: the KV bytes per token are the version-8 ones");
        assertTrue(WorksheetJson.representable(ws, 8));
        Worksheet withIndexer = ws.withKv(ws.kv().toBuilder().indexHeadDim(128).build());
        assertTrue(!WorksheetJson.representable(withIndexer, 8), "an indexer needs version 9");
        String now = WorksheetJson.write(withIndexer);
        assertTrue(now.contains("\"indexHeadDim\" : 128"), now);
        assertEquals(withIndexer, WorksheetJson.parse(now, "now.json"));
        assertTrue(!WorksheetJson.writeAs(withIndexer, 8).contains("indexHeadDim"));
    }

    @Test
    void aVersionEightSheetOpensWithoutLoraOffloadOrAPrefixShare() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v8-lora-prefix.json");
        String text = Files.readString(file);
        assertTrue(text.contains("\"schemaVersion\" : 8"), "a version-8 file");
        Worksheet ws = WorksheetJson.read(file);
        assertFalse(ws.runtime().lora().on());
        assertEquals(org.vramsheet.core.sheet.LoraSettings.defaults(), ws.runtime().lora());
        assertEquals(org.vramsheet.core.sheet.OffloadSettings.defaults(), ws.runtime().offload());
        assertEquals(null, ws.workloads().typical().sharedPrefixShare());
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        var t = org.vramsheet.core.sheet.ScenarioId.TYPICAL;
        assertEquals(38_152L, r.get(t, org.vramsheet.core.result.ScenarioFigure.UNIQUE_TOKENS).value());
        assertEquals(5_000_658_944L, r.get(t, org.vramsheet.core.result.ScenarioFigure.KV_BYTES).value());
        assertEquals(5_012_193_280L, r.get(t, org.vramsheet.core.result.ScenarioFigure.PHYSICAL_KV_BYTES).value());
        assertEquals(890_640L, r.get(FigureKey.POOL_CAPACITY_TOKENS).value());
        assertEquals(0L, r.get(FigureKey.LORA_GPU_BYTES).value());
        assertEquals(0L, r.get(FigureKey.OFFLOAD_HOST_BYTES_PER_NODE).value());
        assertTrue(WorksheetJson.representable(ws, 8));
        assertEquals(text, WorksheetJson.writeAs(ws, 8), "the version-8 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : " + WorksheetJson.SCHEMA_VERSION) && now.contains("\"lora\" : {"), now);
        Worksheet lora = ws.withRuntime(ws.runtime().toBuilder().lora(org.vramsheet.core.sheet.LoraSettings.builder()
                .maxLoras(4).maxRank(16).intermediateSize(14_336).build()).build());
        assertFalse(WorksheetJson.representable(lora, 8), "LoRA is content a version-8 file cannot hold");
        assertEquals(lora, WorksheetJson.parse(WorksheetJson.write(lora), "l.json"));
        String bad = WorksheetJson.write(lora).replace("\"maxLoras\" : 4", "\"maxLoras\" : \"four\"");
        var e = assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(bad, "bad.json"));
        assertTrue(e.getMessage().contains("runtime.lora.maxLoras"), e.getMessage());
    }

    /**
     * Version 10 (issue 30 point 4) adds RUNTIME › Expert parallel. A version-9 MoE sheet (DeepSeek-V2-Lite on one H200,
     * written by the version-9 build from the config in src/test/resources/configs) opens with expert parallel off and one
     * attention rank, is sized as before, writes back as the same version-9 text; expert parallel is content version 9
     * cannot hold.
     */
    @Test
    void aVersionNineSheetOpensWithoutExpertParallel() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v9-ep-deepseek-v2-lite.json");
        String text = Files.readString(file);
        assertTrue(text.contains("\"schemaVersion\" : 9"), "a version-9 file");
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(org.vramsheet.core.sheet.ExpertSettings.defaults(), ws.runtime().expert());
        assertEquals(64, ws.weights().experts());
        SizingResult r = SizingCalculator.calculate(ws);
        assertTrue(r.issues().isEmpty(), r.issues().toString());
        assertEquals(31_412_968_448L, r.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value(), "one GPU holds every weight");
        assertEquals(28_789_702_656L, r.get(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES).value(), "64 x 26 x 3 x 2,048 x 1,408 x 2 B");
        assertEquals(64L, r.get(FigureKey.PLACEMENT_EXPERTS_PER_GPU).value());
        assertTrue(WorksheetJson.representable(ws, 9));
        assertEquals(text, WorksheetJson.writeAs(ws, 9), "the version-9 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : 10") && now.contains("\"expert\" : {"), now);
        Worksheet ep = ws.withGpu(new org.vramsheet.core.sheet.Gpu(ws.gpu().name(), 2, ws.gpu().totalBytes(),
                ws.gpu().performance())).withRuntime(
                ws.runtime().toBuilder().expert(new org.vramsheet.core.sheet.ExpertSettings(true, 2)).build());
        assertFalse(WorksheetJson.representable(ep, 9), "expert parallel is content a version-9 file cannot hold");
        assertEquals(ep, WorksheetJson.parse(WorksheetJson.write(ep), "ep.json"));
        SizingResult two = SizingCalculator.calculate(ep);
        assertEquals(2_623_265_792L + 14_394_851_328L, two.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value());
        String bad = WorksheetJson.write(ep).replace("\"dataParallel\" : 2", "\"dataParallel\" : \"two\"");
        var e = assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(bad, "bad.json"));
        assertTrue(e.getMessage().contains("runtime.expert.dataParallel"), e.getMessage());
    }

    /**
     * Version 10 (issue 30 point 7): a version-9 llama.cpp sheet (v9-gpt-oss-20b-llamacpp.json, written by the version-9
     * jar's {@code import catalog:ggml-org/gpt-oss-20b-GGUF:gpt-oss-20b-mxfp4.gguf}) opens on a GPU with memory of its own,
     * no unified RAM and no iogpu.wired_limit_mb, and writes back as the same version-9 text; on a Mac it is content a
     * version-9 file cannot hold.
     */
    @Test
    void aVersionNineSheetOpensWithoutUnifiedMemory() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v9-gpt-oss-20b-llamacpp.json");
        String text = Files.readString(file);
        assertTrue(text.contains("\"schemaVersion\" : 9"), text.substring(0, 40));
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(Engine.LLAMA_CPP, ws.runtime().engine());
        assertFalse(ws.gpu().unified());
        assertEquals(null, ws.gpu().wiredLimitMb());
        assertEquals(150_119_844_413L, ws.gpu().usableBytes(), "the H200's CUDA-visible total, as version 9 sized it");
        assertTrue(WorksheetJson.representable(ws, 9));
        assertEquals(text, WorksheetJson.writeAs(ws, 9), "the version-9 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : 10") && now.contains("\"unifiedRamBytes\" : null"), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        Worksheet mac = ws.withGpu(new org.vramsheet.core.sheet.Gpu("Apple silicon Mac 16 GB (macOS 26)", 1,
                12_713_115_648L, null, 16L << 30, 14_000L));
        assertFalse(WorksheetJson.representable(mac, 9), "a Mac's unified memory is content a version-9 file cannot hold");
        Worksheet back = WorksheetJson.parse(WorksheetJson.write(mac), "mac.json");
        assertEquals(mac, back);
        assertEquals(14_000L << 20, SizingCalculator.calculate(back).get(FigureKey.MEMORY_GPU_BYTES).value());
        String bad = WorksheetJson.write(mac).replace("\"wiredLimitMb\" : 14000", "\"wiredLimitMb\" : 1.5");
        var e = assertThrows(WorksheetFormatException.class, () -> WorksheetJson.parse(bad, "bad.json"));
        assertTrue(e.getMessage().contains("gpu.wiredLimitMb"), e.getMessage());
    }
}
