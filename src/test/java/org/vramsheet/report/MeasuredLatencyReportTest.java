package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.LatencyComparison;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The measured-against-predicted latency table (issue 29) in the PDF and the XLSX: the probe's steps of the sample
 * (Llama 3.1 70B BF16 on one H200), each quantity measured, predicted (the window's {@link LatencyComparison}, not
 * computed again) and the error; a run of another GPU prints why it is not compared; a sheet without one prints nothing.
 */
class MeasuredLatencyReportTest {
    static Worksheet measured(String gpu) throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        MeasuredLatency m = new MeasuredLatency(ws.model().modelId(), ws.runtime().engine(), "", gpu, ws.runtime().ranks(),
                ws.weights().format(), ws.kv().kvDtype(), "2026-12-02T01:23:45Z", "ramp", 1000L, 200L, List.of(
                        new LatencyStep(1, 350.0, 360.0, 370.0, 44.0, 45.0, 46.0, 22.5, 2, 0),
                        new LatencyStep(4, 420.0, 500.0, 510.0, 48.0, 60.0, 70.0, 80.25, 4, 0)));
        return ws.withValidation(ws.validation().toBuilder().latency(m).build());
    }

    static String pdf(Worksheet ws) throws Exception {
        byte[] bytes = PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4);
        try (PDDocument doc = Loader.loadPDF(bytes)) {
            return new PDFTextStripper().getText(doc);
        }
    }

    @Test
    void thePdfPrintsEachStepMeasuredPredictedAndTheError() throws Exception {
        Worksheet ws = measured(WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json")).gpu().name());
        LatencyComparison c = LatencyComparison.of(ws, SizingCalculator.compute(ws));
        assertTrue(c.available(), c.reason());
        String text = pdf(ws);
        assertTrue(text.contains(PdfMeasuredLatency.TITLE), "the section is printed");
        LatencyComparison.Pair itl = c.rows().get(1).get(LatencyComparison.Quantity.ITL_P50);
        String row = "4 ITL p50 (ms) 48.00 " + PdfMeasuredLatency.num(itl.predicted()) + " "
                + String.format(java.util.Locale.ROOT, "%+.1f %%", itl.errorPercent());
        assertTrue(text.replace('\n', ' ').contains(row), "row '" + row + "' in:\n" + section(text));
        assertTrue(text.replace('\n', ' ').contains("1 TTFT p99 (ms) 370.00 - -"), section(text));
    }

    @Test
    void aRunOfAnotherGpuSaysWhyItIsNotCompared() throws Exception {
        String text = pdf(measured("NVIDIA A100 SXM4 80GB"));
        assertTrue(text.replace('\n', ' ').contains("Not compared: measured on another setup: GPU model: NVIDIA A100 SXM4 80GB"),
                section(text));
    }

    @Test
    void aSheetWithoutAMeasuredRunPrintsNoSuchSection() throws Exception {
        String text = pdf(WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json")));
        assertFalse(text.contains(PdfMeasuredLatency.TITLE));
    }

    @Test
    void theXlsxLatencySheetHoldsTheTableAsNumbers() throws Exception {
        Worksheet ws = measured(WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json")).gpu().name());
        LatencyComparison c = LatencyComparison.of(ws, SizingCalculator.compute(ws));
        byte[] xlsx = XlsxReport.render(new ReportData(ws, "test", ZonedDateTime.now()));
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(xlsx))) {
            Sheet s = wb.getSheet("Latency");
            assertNotNull(s);
            Row found = null;
            for (Row r : s) {
                if (r.getCell(1) != null && "Output tokens/s".equals(r.getCell(1).toString()) && r.getCell(0) != null
                        && r.getCell(0).getNumericCellValue() == 4) {
                    found = r;
                }
            }
            assertNotNull(found, "the row of 4 sequences' tokens/s");
            assertEquals(80.25, found.getCell(3).getNumericCellValue(), 1e-9);
            LatencyComparison.Pair p = c.rows().get(1).get(LatencyComparison.Quantity.THROUGHPUT);
            assertEquals(p.predicted(), found.getCell(4).getNumericCellValue(), 1e-9);
            assertEquals(p.errorPercent(), found.getCell(5).getNumericCellValue(), 0.006);
        }
    }

    private static String section(String text) {
        int i = text.indexOf("MEASURED LATENCY");
        return i < 0 ? text.substring(0, Math.min(2000, text.length())) : text.substring(i, Math.min(text.length(), i + 2500));
    }
}
