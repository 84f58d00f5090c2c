package org.vramsheet.report;

import org.vramsheet.core.sheet.ScenarioId;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.util.AreaReference;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFCell;
import org.apache.poi.xssf.usermodel.XSSFFormulaEvaluator;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.engine.spi.Capacity;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/** The XLSX read back with POI: formulas present, and their evaluated values equal the app's. */
class XlsxReportTest {
    static final Map<String, FigureKey> CHECKS = Map.ofEntries(Map.entry("Weights", FigureKey.WEIGHTS_BYTES),
            Map.entry("KvPerToken", FigureKey.KV_CACHE_BYTES_PER_TOKEN), Map.entry("PoolGpu", FigureKey.POOL_KV_POOL_BYTES),
            Map.entry("Blocks", FigureKey.POOL_GPU_BLOCKS), Map.entry("Capacity", FigureKey.POOL_CAPACITY_TOKENS),
            Map.entry("MaxConcurrency", FigureKey.POOL_MAX_CONCURRENCY),
            Map.entry("Typical_Active", FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.ACTIVE_TOKENS)),
            Map.entry("Typical_Unique", FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.UNIQUE_TOKENS)),
            Map.entry("Typical_KvLogical", FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.KV_BYTES)),
            Map.entry("Heavy_KvLogical", FigureKey.scenario(ScenarioId.HEAVY, ScenarioFigure.KV_BYTES)),
            Map.entry("Limit_KvLogical", FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.KV_BYTES)),
            Map.entry("Typical_Physical", FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.PHYSICAL_KV_BYTES)),
            Map.entry("Limit_Physical", FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.PHYSICAL_KV_BYTES)),
            Map.entry("Budget", FigureKey.RESULT_BUDGET_BYTES), Map.entry("NonKvReplica", FigureKey.RESULT_NON_KV_BYTES),
            Map.entry("Fragmentation", FigureKey.RESULT_FRAGMENTATION_BYTES),
            Map.entry("Margin", FigureKey.RESULT_MARGIN_BYTES));

    static Worksheet sample(String name) throws Exception {
        return WorksheetJson.read(Path.of("assets/samples", name));
    }

    static Worksheet withEngine(Worksheet ws, Engine e) {
        RuntimeSettings r = ws.runtime();
        return ws.withRuntime(r.toBuilder().engine(e).engineVersion("").utilization(null).blockSize(null)
                .cudaGraphsInPool(null).kvCacheMemoryBytes(null).build());
    }

    static Stream<Arguments> sheets() throws Exception {
        List<Arguments> out = new ArrayList<>();
        for (String s : List.of("llama-3.1-70b-bf16-h200.json", "seed003-70b-int4-80gib.json", "deepseek-v2-lite-mla-h100.json",
                "gemma-2-9b-sliding-window-h100.json")) {
            out.add(Arguments.of(s + " (vLLM)", sample(s)));
        }
        Worksheet seed = sample("seed003-70b-int4-80gib.json");
        out.add(Arguments.of("seed003 on SGLang", withEngine(seed, Engine.SGLANG)));
        out.add(Arguments.of("seed003 on TensorRT-LLM", withEngine(seed, Engine.TENSORRT_LLM)));
        Worksheet llama = sample("llama-3.1-70b-bf16-h200.json");
        out.add(Arguments.of("Limit longer than the max model length", llama.withRuntime(llama.runtime().toBuilder()
                .maxModelLen(8192L).build())
                .withResult(llama.result().withContextLength(4096L))));
        // version 9: half of Typical's sequences share its 1,000-token prefix (vLLM, prefix caching on); LoRA slots on
        Worksheet v8 = WorksheetJson.read(Path.of("src/test/resources/worksheets/v8-lora-prefix.json"));
        var l = v8.workloads().limit(); // Limit without its prefix: the doubling check below assumes none
        v8 = org.vramsheet.core.calc.Sheets.withScenario(v8, ScenarioId.LIMIT, org.vramsheet.core.sheet.Scenario.of(
                l.inputTokens(), l.generatedTokens(), l.concurrentSequences()));
        var t = v8.workloads().typical();
        out.add(Arguments.of("Typical: half share the prefix", org.vramsheet.core.calc.Sheets.withScenario(v8, ScenarioId.TYPICAL,
                new org.vramsheet.core.sheet.Scenario(t.inputTokens(), t.generatedTokens(), t.concurrentSequences(), List.of(),
                        t.sharedPrefixTokens(), 0.5))));
        // version 10: DeepSeek-V2-Lite over 2 attention ranks with expert parallel (weights per GPU as the app's value)
        Worksheet lite = sample("deepseek-v2-lite-mla-h100.json");
        lite = lite.withWeights(lite.weights().toBuilder().experts(64).expertsPerToken(6).build());
        out.add(Arguments.of("DeepSeek-V2-Lite, expert parallel over 2 attention ranks", lite.withGpu(new org.vramsheet.core.sheet
                .Gpu(lite.gpu().name(), 2, lite.gpu().totalBytes(), lite.gpu().performance())).withRuntime(lite.runtime()
                .toBuilder().expert(new org.vramsheet.core.sheet.ExpertSettings(true, 2)).build())));
        out.add(Arguments.of("LoRA slots on vLLM", v8.withRuntime(v8.runtime().toBuilder().lora(
                org.vramsheet.core.sheet.LoraSettings.builder().maxLoras(4).intermediateSize(14_336).build()).build())));
        return out.stream();
    }

    static double named(XSSFWorkbook wb, XSSFFormulaEvaluator ev, String name) {
        var n = wb.getName(name);
        CellReference ref = new AreaReference(n.getRefersToFormula(), wb.getSpreadsheetVersion()).getFirstCell();
        XSSFCell c = wb.getSheet(ref.getSheetName()).getRow(ref.getRow()).getCell(ref.getCol());
        var v = ev.evaluate(c);
        return v.getCellType() == CellType.NUMERIC ? v.getNumberValue() : Double.NaN;
    }

    /**
     * Issue 31, Seen 11: the XLSX printed "0.00 GiB" beside per-token bytes. No row shows a non-zero byte count as 0.00 GiB
     * or 0.00 GB: bytes of a token, a layer, a page or one sequence's state get KiB and KB beside them.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sheets")
    void noByteCountPrintsAsZeroGib(String label, Worksheet ws) throws Exception {
        byte[] xlsx = XlsxReport.render(new ReportData(ws, "test", ZonedDateTime.now()));
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(xlsx))) {
            XSSFFormulaEvaluator ev = wb.getCreationHelper().createFormulaEvaluator();
            var formatter = new org.apache.poi.ss.usermodel.DataFormatter();
            int small = 0;
            for (var row : wb.getSheet("Worksheet")) {
                XSSFCell b = (XSSFCell) row.getCell(1);
                XSSFCell c = (XSSFCell) row.getCell(2);
                if (b == null || c == null || c.getCellType() != CellType.FORMULA || !c.getCellFormula().contains("ISNUMBER")) {
                    continue;
                }
                var v = ev.evaluate(b);
                if (v == null || v.getCellType() != CellType.NUMERIC || v.getNumberValue() == 0) {
                    continue;
                }
                String shown = formatter.formatCellValue(c, ev);
                assertFalse(shown.startsWith("0.00 "), label + ": row '" + row.getCell(0).getStringCellValue() + "' = "
                        + v.getNumberValue() + " B shows " + shown);
                small += shown.endsWith("KiB") ? 1 : 0;
            }
            assertTrue(small > 0, label + ": per-token bytes are in KiB");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sheets")
    void formulasEvaluateToTheAppsValues(String label, Worksheet ws) throws Exception {
        ReportData d = new ReportData(ws, "test", ZonedDateTime.now());
        byte[] xlsx = XlsxReport.render(d);
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(xlsx))) {
            XSSFFormulaEvaluator ev = wb.getCreationHelper().createFormulaEvaluator();
            var budget = wb.getName("Budget");
            CellReference ref = new AreaReference(budget.getRefersToFormula(), wb.getSpreadsheetVersion()).getFirstCell();
            XSSFCell cell = wb.getSheet("Worksheet").getRow(ref.getRow()).getCell(ref.getCol());
            assertEquals(CellType.FORMULA, cell.getCellType(), "the budget is a live formula");
            assertTrue(cell.getCellFormula().contains("NonKvReplica"), cell.getCellFormula());
            for (var e : CHECKS.entrySet()) {
                Figure f = d.figure(e.getValue());
                if (!f.available()) {
                    continue;
                }
                assertEquals((double) f.value(), named(wb, ev, e.getKey()), 0.5, label + ": " + e.getKey());
            }
            String fits = ev.evaluate(wb.getSheet("Worksheet").getRow(new AreaReference(wb.getName("Fits").getRefersToFormula(),
                    wb.getSpreadsheetVersion()).getFirstCell().getRow()).getCell(1)).getStringValue();
            assertEquals(d.figure(FigureKey.RESULT_FITS).isTrue() ? "yes" : "no", fits);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sheets")
    void changingAnInputRecomputesTheResults(String label, Worksheet ws) throws Exception {
        byte[] xlsx = XlsxReport.render(new ReportData(ws, "test", ZonedDateTime.now()));
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(xlsx))) {
            XSSFFormulaEvaluator ev = wb.getCreationHelper().createFormulaEvaluator();
            double before = named(wb, ev, "Limit_KvLogical");
            var n = new AreaReference(wb.getName("Limit_Seqs").getRefersToFormula(), wb.getSpreadsheetVersion()).getFirstCell();
            XSSFCell seqs = wb.getSheet("Worksheet").getRow(n.getRow()).getCell(n.getCol());
            seqs.setCellValue(seqs.getNumericCellValue() * 2);
            ev.clearAllCachedResultValues();
            assertEquals(before * 2, named(wb, ev, "Limit_KvLogical"), 1.0, "doubling the sequences doubles the KV");
        }
    }
}
