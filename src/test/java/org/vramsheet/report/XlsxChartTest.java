package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFChart;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Seen (issue 16): the XLSX chart came in empty in LibreOffice (every series with line style "none"), its data were
 * fixed numbers, and formulas carried no cached values (previews and openpyxl showed blanks).
 */
class XlsxChartTest {
    private static XSSFWorkbook book(Worksheet ws) throws Exception {
        byte[] x = XlsxReport.render(new ReportData(ws, "test", java.time.ZonedDateTime.now()));
        return new XSSFWorkbook(new ByteArrayInputStream(x));
    }

    @Test
    void seriesHaveVisibleLinesAndFollowTheInputs() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
        try (XSSFWorkbook wb = book(ws)) {
            XSSFSheet data = wb.getSheet("Chart data");
            XSSFChart chart = data.getDrawingPatriarch().getCharts().get(0);
            var cd = chart.getChartSeries().get(0);
            java.util.List<org.apache.poi.xddf.usermodel.chart.XDDFChartData.Series> series = new java.util.ArrayList<>();
            for (int i = 0; i < cd.getSeriesCount(); i++) {
                series.add(cd.getSeries(i));
            }
            assertEquals(4, series.size(), "three scenarios and the pool");
            for (var s : series) {
                var line = s.getShapeProperties().getLineProperties();
                assertTrue(line.getFillProperties() instanceof org.apache.poi.xddf.usermodel.XDDFSolidFillProperties,
                        "a solid line, not 'none'");
                assertTrue(line.getWidth() >= 1.5);
            }
            assertEquals(org.apache.poi.xddf.usermodel.PresetLineDash.DASH,
                    series.get(3).getShapeProperties().getLineProperties().getPresetDash().getValue(), "the pool is dashed");
            // each scenario its dash, as in the window and the PDF (equal curves stay apart)
            assertEquals(null, series.get(0).getShapeProperties().getLineProperties().getPresetDash(), "Typical solid");
            assertEquals(org.apache.poi.xddf.usermodel.PresetLineDash.LARGE_DASH,
                    series.get(1).getShapeProperties().getLineProperties().getPresetDash().getValue(), "Heavy");
            assertEquals(org.apache.poi.xddf.usermodel.PresetLineDash.LARGE_DASH_DOT,
                    series.get(2).getShapeProperties().getLineProperties().getPresetDash().getValue(), "Limit");
            Row r = data.getRow(5);
            for (int c = 1; c <= 4; c++) {
                assertEquals(CellType.FORMULA, r.getCell(c).getCellType(), "fed by formulas over the inputs");
                assertEquals(CellType.NUMERIC, r.getCell(c).getCachedFormulaResultType(), "with a cached value");
            }
            var pts = new ReportData(ws, "test", java.time.ZonedDateTime.now()).charts.kvSeries();
            for (int s = 0; s < 3; s++) {
                for (int i = 0; i < pts.get(s).points().size(); i++) {
                    double app = pts.get(s).points().get(i).y() / 1073741824.0;
                    assertEquals(app, data.getRow(i + 1).getCell(s + 1).getNumericCellValue(), 1e-9,
                            "the formula gives the app's curve: " + pts.get(s).name() + " point " + i);
                }
            }
            // the chart refers to the formula cells and its caches (what a viewer draws before recalculating) are their values
            var ser = chart.getCTChart().getPlotArea().getLineChartArray(0).getSerArray();
            for (int s = 0; s < 4; s++) {
                var ref = ser[s].getVal().getNumRef();
                String col = String.valueOf((char) ('B' + s));
                assertEquals("'Chart data'!$" + col + "$2:$" + col + "$" + (pts.get(0).points().size() + 1), ref.getF());
                assertEquals("'Chart data'!$A$2:$A$" + (pts.get(0).points().size() + 1), ser[s].getCat().getNumRef().getF());
                var cache = ref.getNumCache().getPtArray();
                assertEquals(pts.get(0).points().size(), cache.length);
                for (var pt : cache) {
                    assertEquals(data.getRow((int) pt.getIdx() + 1).getCell(s + 1).getNumericCellValue(), Double.parseDouble(pt.getV()),
                            1e-9, "cache of series " + s + " point " + pt.getIdx());
                }
            }
            double pool = new ReportData(ws, "test", java.time.ZonedDateTime.now()).figure(FigureKey.POOL_KV_POOL_BYTES_REPLICA)
                    .value() / 1073741824.0;
            assertEquals(pool, r.getCell(4).getNumericCellValue(), 1e-9);
        }
    }

    @Test
    void everyFormulaCarriesItsCachedValue() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
        try (XSSFWorkbook wb = book(ws)) {
            int formulas = 0;
            for (var sheet : wb) {
                for (Row row : sheet) {
                    for (Cell c : row) {
                        if (c.getCellType() == CellType.FORMULA) {
                            formulas++;
                            assertTrue(c.getCachedFormulaResultType() != CellType.ERROR, sheet.getSheetName() + "!"
                                    + c.getAddress() + " " + c.getCellFormula());
                            assertTrue(c.getCachedFormulaResultType() != CellType.NUMERIC || !Double.isNaN(c.getNumericCellValue()));
                        }
                    }
                }
            }
            assertTrue(formulas > 100, "formulas: " + formulas);
            var raw = new String(XlsxReport.render(new ReportData(ws, "test", java.time.ZonedDateTime.now())),
                    java.nio.charset.StandardCharsets.ISO_8859_1);
            assertTrue(raw.length() > 0);
        }
    }

    /** Seen: labels in column A cut off, no header / footer, the chart sheet over three portrait pages, "(bf16)" stale. */
    @Test
    void printSetUpAndLabelsThatFollowTheirInputs() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
        try (XSSFWorkbook wb = book(ws)) {
            for (var sheet : wb) {
                assertTrue(sheet.getFooter().getRight().contains("&P of &N"), sheet.getSheetName());
                assertTrue(sheet.getFooter().getLeft().contains(org.vramsheet.io.json.Fingerprint.of(ws)), sheet.getSheetName());
                assertTrue(sheet.getPrintSetup().getLandscape() && sheet.getFitToPage(), sheet.getSheetName());
            }
            assertEquals(1, wb.getSheet("Chart data").getPrintSetup().getFitHeight(), "the chart on one page");
            XSSFSheet main = wb.getSheet("Worksheet");
            int longest = 0;
            for (Row r : main) {
                if (r.getCell(0) != null && r.getCell(0).getCellType() == CellType.STRING) {
                    longest = Math.max(longest, Math.min(88, r.getCell(0).getStringCellValue().length()));
                }
            }
            assertTrue(main.getColumnWidth(0) >= longest * 256, "column A fits its labels");
            var flags = main.getDataValidations().stream().filter(v -> java.util.Arrays.equals(new String[] {"0", "1"},
                    v.getValidationConstraint().getExplicitListValues())).count();
            assertEquals(5, flags, "every 0 / 1 switch accepts 0 or 1 only");
            assertTrue(main.getDataValidations().stream().anyMatch(v -> java.util.Arrays.equals(new String[] {"Typical", "Heavy",
                    "Limit"}, v.getValidationConstraint().getExplicitListValues())), "the sizing scenario is a list");
            var kv = wb.getName("KvElemBytes").getRefersToFormula();
            var ref = new org.apache.poi.ss.util.CellReference(kv.substring(kv.indexOf('!') + 1));
            Cell note = main.getRow(ref.getRow()).getCell(4);
            assertEquals(CellType.FORMULA, note.getCellType(), "the dtype label is a formula over the input");
            main.getRow(ref.getRow()).getCell(1).setCellValue(1);
            wb.getCreationHelper().createFormulaEvaluator().evaluateFormulaCell(note);
            assertEquals("fp8", note.getStringCellValue(), "and follows it");
        }
    }

    /** Seen: a hybrid workbook (Qwen3-Next, TP 2) went inconsistent after a what-if: app values stayed behind. */
    @Test
    void workbooksWithAppValuesAreLockedAndSaySo() throws Exception {
        Worksheet gemma = WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json"));
        Worksheet hybrid = OneSourceTest.imported("Qwen__Qwen3-Next-80B-A3B-Instruct.config.json", gemma);
        hybrid = hybrid.withRuntime(hybrid.runtime().toBuilder().tensorParallel(2).build()).withGpu(hybrid.gpu().withCount(2));
        try (XSSFWorkbook wb = book(hybrid)) {
            XSSFSheet main = wb.getSheet("Worksheet");
            assertTrue(main.isSheetLocked(), "inputs cannot be edited into disagreement with the app's values");
            assertTrue(java.util.stream.StreamSupport.stream(main.spliterator(), false).limit(20)
                    .anyMatch(r -> r.getCell(0) != null && r.getCell(0).toString().equals("Inputs locked")), "and says so at the top");
        }
        try (XSSFWorkbook wb = book(gemma)) {
            assertTrue(!wb.getSheet("Worksheet").isSheetLocked(), "a layout with formulas stays open for what-ifs");
        }
    }
}
