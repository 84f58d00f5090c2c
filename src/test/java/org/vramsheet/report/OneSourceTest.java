package org.vramsheet.report;

import org.vramsheet.core.engine.Engines;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.xssf.usermodel.XSSFFormulaEvaluator;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.cli.Cli;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.MemoryStacks;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;

/**
 * One source for every derived number: for each engine, the GPU-memory stacks (chart, PDF, {@code calc --json})
 * are the core's figures and fit the GPU where the engine reserves; XLSX and PDF show the same value for every
 * figure both show.
 */
class OneSourceTest {
    /** XLSX name -> the figure it must equal (inputs the workbook takes resolved from the core, and results). */
    static final Map<String, FigureKey> SHARED = Map.ofEntries(Map.entry("Page", FigureKey.POOL_PAGE_BYTES),
            Map.entry("HeadDim", FigureKey.KV_CACHE_HEAD_DIM), Map.entry("MaxModelLen", FigureKey.POOL_MAX_MODEL_LEN),
            Map.entry("GroupSize", FigureKey.WEIGHTS_GROUP_SIZE), Map.entry("ScaleBits", FigureKey.WEIGHTS_SCALE_BITS),
            Map.entry("ZeroBits", FigureKey.WEIGHTS_ZERO_POINT_BITS), Map.entry("PoolGpu", FigureKey.POOL_KV_POOL_BYTES),
            Map.entry("Weights", FigureKey.WEIGHTS_BYTES), Map.entry("KvPerToken", FigureKey.KV_CACHE_BYTES_PER_TOKEN),
            Map.entry("Budget", FigureKey.RESULT_BUDGET_BYTES), Map.entry("Capacity", FigureKey.POOL_CAPACITY_TOKENS));

    /** A model imported from a test config onto a sample sheet (its workloads, runtime and GPU kept). */
    static Worksheet imported(String config, Worksheet onto) throws Exception {
        try (var in = OneSourceTest.class.getResourceAsStream("/configs/" + config)) {
            var m = org.vramsheet.io.model.ConfigImporter.parse(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                    config);
            return m.applyTo(onto.withValidation(org.vramsheet.core.sheet.Validation.empty()));
        }
    }

    static Stream<Arguments> engines() throws Exception {
        Worksheet seed = XlsxReportTest.sample("seed003-70b-int4-80gib.json");
        Worksheet gemma = XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json");
        Worksheet perType = imported("gemma4-style-per-type-geometry.config.json", gemma);
        Worksheet vision = imported("Qwen__Qwen2.5-VL-7B-Instruct.config.json", gemma);
        Stream.Builder<Arguments> out = Stream.builder();
        for (Engine e : Engine.values()) {
            out.add(Arguments.of("seed003 70B int4 on " + e.label(), XlsxReportTest.withEngine(seed, e)));
            out.add(Arguments.of("gemma-2-9b on " + e.label(), XlsxReportTest.withEngine(gemma, e)));
            // issue 15: per-layer-type KV geometry and a vision tower, in the workbook's formulas too
            out.add(Arguments.of("Gemma-4-style per-type geometry on " + e.label(), XlsxReportTest.withEngine(perType, e)));
            out.add(Arguments.of("Qwen2.5-VL-7B (vision tower) on " + e.label(), XlsxReportTest.withEngine(vision, e)));
        }
        return out.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void stacksAreFiguresAndFitTheGpu(String label, Worksheet ws) {
        SizingResult r = SizingCalculator.calculate(ws);
        MemoryStacks m = r.memory();
        long gpu = r.get(FigureKey.MEMORY_GPU_BYTES).value();
        assertEquals(gpu, m.gpuBytes());
        assertEquals(ws.gpu().totalBytes(), gpu);
        for (String name : MemoryStacks.NAMES) {
            List<MemoryStacks.Segment> segs = m.stack(name);
            assertNotNull(segs, label + ": stack " + name);
            long used = 0;
            for (MemoryStacks.Segment s : segs) {
                assertEquals(r.get(s.key()).value(), s.bytesPerGpu(), label + ": " + name + " " + s.name());
                assertTrue(s.bytesPerGpu() >= 0, label + ": " + name + " " + s.name());
            }
            for (int i = 0; i < segs.size() - 1; i++) {
                used += segs.get(i).bytesPerGpu();
            }
            long last = segs.get(segs.size() - 1).bytesPerGpu();
            assertEquals(Math.max(0, gpu - used), last, label + ": " + name + " free / unreserved");
            assertEquals(Math.max(gpu, used), m.total(name), label + ": " + name + " total");
        }
        if (Engines.of(ws.runtime().engine()).usesFraction()) {
            assertTrue(m.total("engine") <= gpu, label + ": the engine's reservation " + m.total("engine")
                    + " B sums to at most the GPU's " + gpu + " B");
        }
        // the budget's stack is the production budget per GPU
        long budgetPerGpu = -Math.floorDiv(-r.get(FigureKey.RESULT_BUDGET_BYTES).value(), ws.runtime().ranks());
        long sizing = m.total(ws.result().sizingScenario().key()) - m.stack(ws.result().sizingScenario().key()).get(4).bytesPerGpu();
        assertTrue(Math.abs(sizing - budgetPerGpu) <= 3, label + ": " + sizing + " vs " + budgetPerGpu);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void calcJsonPrintsTheSameStacks(String label, Worksheet ws, @TempDir Path dir) throws Exception {
        Path f = dir.resolve("s.json");
        Files.writeString(f, WorksheetJson.write(ws));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Cli.run(new String[] {"calc", f.toString(), "--json"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        JsonNode json = WorksheetJson.shared().readTree(out.toString(StandardCharsets.UTF_8));
        MemoryStacks m = SizingCalculator.calculate(ws).memory();
        assertEquals(m.gpuBytes(), json.at("/memory/gpuBytes").asLong());
        for (String name : MemoryStacks.NAMES) {
            JsonNode a = json.at("/memory/stacks/" + name);
            assertEquals(m.stack(name).size(), a.size(), label + " " + name);
            for (int i = 0; i < a.size(); i++) {
                assertEquals(m.stack(name).get(i).name(), a.get(i).get("name").asText());
                assertEquals(m.stack(name).get(i).bytesPerGpu(), a.get(i).get("bytesPerGpu").asLong());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void xlsxAndPdfShowTheCoresValues(String label, Worksheet ws) throws Exception {
        ReportData d = new ReportData(ws, "test", ZonedDateTime.now());
        String pdf;
        try (var doc = Loader.loadPDF(PdfReport.render(d, org.apache.pdfbox.pdmodel.common.PDRectangle.A4))) {
            pdf = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(d)))) {
            XSSFFormulaEvaluator ev = wb.getCreationHelper().createFormulaEvaluator();
            int compared = 0;
            for (var e : SHARED.entrySet()) {
                Figure f = d.figure(e.getValue());
                if (!f.available() || wb.getName(e.getKey()) == null) {
                    continue;
                }
                double cell = XlsxReportTest.named(wb, ev, e.getKey());
                if (Double.isNaN(cell)) {
                    continue; // a value the app writes as text where the engine has no formula
                }
                assertEquals((double) f.value(), cell, 0.5, label + ": XLSX " + e.getKey());
                assertTrue(pdf.contains(Units.grouped(f.value())), label + ": PDF shows " + f.key() + " = "
                        + Units.grouped(f.value()));
                compared++;
            }
            assertTrue(compared >= 6, label + ": compared " + compared);
        }
    }
}
