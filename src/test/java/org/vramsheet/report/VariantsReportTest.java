package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.io.json.WorksheetJson;

/** Variants in the reports: the PDF's VARIANTS section and the XLSX "Variants" sheet print the Compare table. */
class VariantsReportTest {
    private static final Path FILE = Path.of("assets/samples/llama-3.1-70b-variants-bf16-fp8-int4.json");

    private static long concurrency(Worksheet ws, String variant) {
        Worksheet v = Variants.switchTo(ws, variant);
        return SizingCalculator.calculate(v).get(FigureKey.POOL_MAX_CONCURRENCY).value();
    }

    @Test
    void thePdfPrintsEveryVariantAndItsFingerprintCoversThem() throws Exception {
        Worksheet ws = WorksheetJson.read(FILE);
        ReportData d = new ReportData(ws, "test", ZonedDateTime.parse("2026-11-30T12:00:00Z"));
        byte[] pdf = PdfReport.render(d, PDRectangle.A4);
        String text;
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
        assertTrue(text.contains("VARIANTS (3, compared at 8,192 tokens per sequence)"), "the section's heading");
        assertTrue(text.contains("'INT4 on H100' of BF16, FP8, INT4 on H100 (all under VARIANTS)"), "page 1 says which one");
        assertTrue(text.contains("MAXIMUM CONCURRENCY AGAINST CONTEXT LENGTH, BY VARIANT"));
        String row = "Max concurrency at this context " + concurrency(ws, "BF16") + " sequences " + concurrency(ws, "FP8")
                + " sequences " + concurrency(ws, "INT4 on H100") + " sequences";
        assertTrue(text.contains(row), row);
        assertEquals(46, concurrency(ws, "FP8"), "FP8 weights and KV on one H200 at 8,192 tokens, as the window showed");
        ReportVerifier.Result r = ReportVerifier.verify(pdf, "test");
        assertTrue(r.ok(), r.lines().toString());
        assertEquals(ws, r.sheet(), "the attached sheet holds every variant");
        assertEquals(Fingerprint.of(WorksheetJson.write(ws)), d.fingerprint);
        assertNotEquals(d.fingerprint, Fingerprint.of(WorksheetJson.write(ws.withVariants(Variants.none()))));
    }

    @Test
    void aSheetWithoutVariantsPrintsNoVariantsSection() throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        ReportData d = new ReportData(ws, "test", ZonedDateTime.parse("2026-11-30T12:00:00Z"));
        String text;
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(d, PDRectangle.A4))) {
            text = new PDFTextStripper().getText(doc);
        }
        assertFalse(text.contains("VARIANTS"));
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(d)))) {
            assertNull(wb.getSheet("Variants"));
        }
    }

    @Test
    void theXlsxHasAVariantsSheetWithSizesAsNumbers() throws Exception {
        Worksheet ws = WorksheetJson.read(FILE);
        ReportData d = new ReportData(ws, "test", ZonedDateTime.parse("2026-11-30T12:00:00Z"));
        try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(d)))) {
            XSSFSheet s = wb.getSheet("Variants");
            Row head = null;
            Row weights = null;
            Row conc = null;
            for (Row r : s) {
                if (r.getCell(1) != null && r.getCell(1).toString().equals("BF16")) {
                    head = r;
                }
                String label = r.getCell(0) == null ? "" : r.getCell(0).toString();
                weights = label.equals("Weights per GPU (GiB)") ? r : weights;
                conc = label.equals("Max concurrency at this context") ? r : conc;
            }
            assertEquals("INT4 on H100 (shown)", head.getCell(3).getStringCellValue());
            Worksheet int4 = Variants.switchTo(ws, "INT4 on H100");
            long w = SizingCalculator.calculate(int4).get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
            assertEquals(w / (double) (1L << 30), weights.getCell(3).getNumericCellValue(), 1e-9);
            assertEquals(concurrency(ws, "FP8") + " sequences", conc.getCell(2).getStringCellValue());
        }
    }
}
