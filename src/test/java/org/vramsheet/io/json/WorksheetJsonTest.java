package org.vramsheet.io.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
        assertTrue(WorksheetJson.representable(ws, 5));
        assertEquals(text, WorksheetJson.writeAs(ws, 5), "the version-5 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : 8") && now.contains("\"llamaCpp\" : {"), now);
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
        assertTrue(WorksheetJson.representable(ws, 6));
        assertEquals(text, WorksheetJson.writeAs(ws, 6), "the version-6 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : 8") && now.contains("\"ollama\" : {"), now);
        assertEquals(ws, WorksheetJson.parse(now, "now.json"));
        Worksheet ollama = ws.withRuntime(ws.runtime().toBuilder().engine(Engine.OLLAMA)
                .ollama(org.vramsheet.core.sheet.OllamaSettings.builder().numCtx(8192L).build()).build());
        assertFalse(WorksheetJson.representable(ollama, 6), "num_ctx 8192 is content a version-6 file cannot hold");
        assertEquals(ollama, WorksheetJson.parse(WorksheetJson.write(ollama), "ollama.json"));
        assertTrue(SizingCalculator.calculate(ws).issues().isEmpty(), SizingCalculator.calculate(ws).issues().toString());
    }

    /**
     * A version-7 sheet (Qwen3-30B-A3B imported by main's build before issue 27 point 3, written as saved) opens with the
     * MoE shape unset (no fused-MoE workspace in its estimate, as it computed then), is written back as version 8, and
     * still reads as the same version-7 text; a MoE shape is content a version-7 file cannot hold.
     */
    @Test
    void aVersionSevenSheetOpensWithoutTheMoeShape() throws Exception {
        Path file = Path.of("src/test/resources/worksheets/v7-imported-qwen3-30b-a3b.json");
        String text = Files.readString(file);
        Worksheet ws = WorksheetJson.read(file);
        assertEquals(30_532_122_624L, ws.weights().totalParams());
        assertEquals(null, ws.weights().expertsPerToken());
        assertEquals(null, ws.weights().expertIntermediateSize());
        assertTrue(WorksheetJson.representable(ws, 7));
        assertEquals(text, WorksheetJson.writeAs(ws, 7), "the version-7 form is the file as saved");
        String now = WorksheetJson.write(ws);
        assertTrue(now.contains("\"schemaVersion\" : 8") && now.contains("\"expertsPerToken\" : null"), now);
        Worksheet moe = ws.withWeights(ws.weights().toBuilder().expertsPerToken(8).expertIntermediateSize(768).build());
        assertFalse(WorksheetJson.representable(moe, 7), "a MoE shape is content a version-7 file cannot hold");
        assertEquals(moe, WorksheetJson.parse(WorksheetJson.write(moe), "moe.json"));
        assertTrue(org.vramsheet.core.engine.NonKvEstimator.features(moe).moeWorkspace() > 0, "the shape sizes the workspace");
        assertEquals(0, org.vramsheet.core.engine.NonKvEstimator.features(ws).moeWorkspace(), "an old file's estimate is unchanged");
    }
}
