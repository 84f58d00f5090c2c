package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.Fingerprint;

/**
 * Issue 25, "say what is estimated": page 1 of the PDF and the XLSX mark each headline figure as estimated before launch
 * or measured on an engine version and date, and say when VALIDATION holds measurements of another setup; a Draft PDF
 * carries a DRAFT mark on every page and an Approved one none; page 1 says what each of its two hashes is.
 */
class HeadlineMarksReportTest {
    private static final String MEASURED = "measured on vLLM 0.19.0, 2026-11-30";

    /** The seed-003 sample (no measurement) with a non-KV footprint measured on its own setup on 2026-11-30. */
    static Worksheet measured() throws Exception {
        Worksheet ws = XlsxReportTest.sample("seed003-70b-int4-80gib.json");
        long weightsPerGpu = SizingCalculator.compute(ws).result().get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        ws = ws.withValidation(ws.validation().toBuilder().measuredNonKvBytes(weightsPerGpu + (3L << 30)).build());
        return StaleMeasurements.recorded(ws, "2026-11-30");
    }

    /** The gemma-2-9b sample, whose measurements were taken on vLLM 0.19.0, now on 0.21.0: they are not used. */
    static Worksheet stale() throws Exception {
        Worksheet ws = XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json");
        return ws.withRuntime(ws.runtime().toBuilder().engineVersion("0.21.0").build());
    }

    static byte[] pdf(Worksheet ws) throws Exception {
        return PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4);
    }

    /** Each page's text. */
    static List<String> pages(byte[] pdf) throws Exception {
        List<String> out = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            for (int p = 1; p <= doc.getNumberOfPages(); p++) {
                PDFTextStripper s = new PDFTextStripper();
                s.setStartPage(p);
                s.setEndPage(p);
                out.add(s.getText(doc));
            }
        }
        return out;
    }

    /** Page 1 with each run of white space as one space (wrapped lines joined). */
    static String pageOne(Worksheet ws) throws Exception {
        return pages(pdf(ws)).get(0).replaceAll("\\s+", " ");
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void aSheetWithoutMeasurementsIsEstimatedBeforeLaunch() throws Exception {
        Worksheet ws = XlsxReportTest.sample("seed003-70b-int4-80gib.json");
        String one = pageOne(ws);
        assertTrue(one.contains("per replica (estimated before launch)"), one);
        assertTrue(one.contains("), estimated before launch. Memory capacity is not a latency SLA."), "max concurrency: " + one);
        for (String row : List.of("Margin", "KV pool per GPU", "Production memory budget per replica")) {
            assertTrue(one.matches(".*" + row + " [-0-9.,]+ GiB \\([^)]*\\) estimated before launch.*"), row + " is marked: " + one);
        }
        assertEquals(7, count(one, "estimated before launch"), "the verdict, max concurrency and five budget rows: " + one);
        assertFalse(one.contains("measured on"), one);
        assertFalse(one.contains("another setup"), one);
    }

    @Test
    void aMeasurementOfItsOwnSetupSaysOnWhatAndWhen() throws Exception {
        Worksheet ws = measured();
        assertTrue(SizingCalculator.compute(ws).result().get(FigureKey.VALIDATION_MEASURED_USED).isTrue(), "the measurement is used");
        String one = pageOne(ws);
        assertTrue(one.contains("per replica (" + MEASURED + ")"), one);
        assertTrue(one.contains("), " + MEASURED + ". Memory capacity"), one);
        assertEquals(7, count(one, MEASURED), one);
        assertFalse(one.contains("estimated before launch"), one);
    }

    @Test
    void measurementsOfAnotherSetupAreSaidAndNotUsed() throws Exception {
        String one = pageOne(stale());
        assertTrue(one.contains("VALIDATION holds measurements of another setup (not used): engine version: 0.19.0 -> 0.21.0")
                || one.contains("VALIDATION holds measurements of another setup (not used): engine version: 0.19.0 → 0.21.0"), one);
        assertTrue(one.contains("per replica (estimated before launch)"), one);
        assertFalse(pageOne(XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json")).contains("another setup"),
                "its own setup: nothing to say");
    }

    @Test
    void aDraftIsMarkedOnEveryPageAndAnApprovedReportOnNone() throws Exception {
        Worksheet approved = PdfReportTest.sheet();
        assertEquals(SignOffStatus.APPROVED, approved.signOff().status());
        Worksheet draft = approved.withSignOff(approved.signOff().withStatus(SignOffStatus.DRAFT).withApprovedFingerprint(""));
        byte[] draftPdf = pdf(draft);
        byte[] approvedPdf = pdf(approved);
        List<String> draftPages = pages(draftPdf);
        List<String> approvedPages = pages(approvedPdf);
        assertTrue(draftPages.size() > 5, "a report of several pages: " + draftPages.size());
        for (int p = 0; p < draftPages.size(); p++) {
            assertEquals(1, count(draftPages.get(p), "DRAFT — not approved"), "Draft page " + (p + 1) + ": " + draftPages.get(p));
        }
        for (int p = 0; p < approvedPages.size(); p++) {
            assertFalse(approvedPages.get(p).contains("DRAFT"), "Approved page " + (p + 1) + ": " + approvedPages.get(p));
        }
        // the large word behind the content: pale pixels on every page of the Draft, none on the Approved report
        try (PDDocument d = Loader.loadPDF(draftPdf); PDDocument a = Loader.loadPDF(approvedPdf)) {
            for (int p = 0; p < d.getNumberOfPages(); p++) {
                assertTrue(pale(new PDFRenderer(d).renderImage(p, 0.5f)) > 2000, "the watermark on Draft page " + (p + 1));
            }
            for (int p = 0; p < a.getNumberOfPages(); p++) {
                assertTrue(pale(new PDFRenderer(a).renderImage(p, 0.5f)) < 200, "no watermark on Approved page " + (p + 1));
            }
        }
        var verified = ReportVerifier.verify(draftPdf, "test");
        assertTrue(verified.ok(), "the marks are part of the text verify renders again: " + verified.lines());
    }

    /** Pixels of the watermark's pale red (elsewhere only a few, where a red chart line is smoothed against white). */
    private static int pale(BufferedImage img) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int r = rgb >> 16 & 0xff;
                int g = rgb >> 8 & 0xff;
                int b = rgb & 0xff;
                n += Math.abs(r - 245) <= 3 && Math.abs(g - 227) <= 3 && Math.abs(b - 227) <= 3 ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void pageOneSaysWhatEachHashIs() throws Exception {
        Worksheet approved = PdfReportTest.sheet();
        String one = pages(pdf(approved)).get(0).replaceAll("\\s+", "");
        String file = PdfReport.WORKSHEET_HASH + Fingerprint.of(approved);
        String content = PdfReport.APPROVED_HASH + approved.signOff().approvedFingerprint();
        assertTrue(one.contains(file.replaceAll("\\s+", "")), "the worksheet file's hash, labelled: " + one);
        assertTrue(one.contains(content.replaceAll("\\s+", "")), "the approved content's hash, labelled: " + one);
        assertTrue(PdfReport.WORKSHEET_HASH.startsWith("Worksheet file SHA-256 (all sections, as attached"));
        assertTrue(PdfReport.APPROVED_HASH.startsWith("Approved content SHA-256 (every section but SIGN-OFF; verify checks it)"));
        assertFalse(Fingerprint.of(approved).equals(approved.signOff().approvedFingerprint()), "two different hashes");
        Worksheet draft = XlsxReportTest.sample("seed003-70b-int4-80gib.json");
        String draftOne = pageOne(draft);
        assertTrue(draftOne.contains("Approved content SHA-256: none (a Draft is not approved)"), draftOne);
        assertTrue(draftOne.replace(" ", "").contains((PdfReport.WORKSHEET_HASH + Fingerprint.of(draft)).replace(" ", "")),
                draftOne);
    }

    /** The text of the cell beside a label in column A of the Worksheet sheet, or null. */
    private static String beside(XSSFSheet s, String label) {
        for (Row r : s) {
            Cell a = r.getCell(0);
            if (a != null && a.getStringCellValue().equals(label)) {
                return r.getCell(1).getStringCellValue();
            }
        }
        return null;
    }

    /** The mark beside a named row: column E, or F when E holds a note. */
    private static String markOf(XSSFWorkbook wb, String name) {
        Row r = wb.getSheet("Worksheet").getRow(new CellReference(wb.getName(name).getRefersToFormula()).getRow());
        Cell f = r.getCell(5);
        return f != null ? f.getStringCellValue() : r.getCell(4) == null ? "" : r.getCell(4).getStringCellValue();
    }

    @Test
    void theXlsxMarksTheHeadlineFigures() throws Exception {
        Worksheet estimated = XlsxReportTest.sample("seed003-70b-int4-80gib.json");
        for (Worksheet ws : List.of(estimated, measured(), stale())) {
            String mark = ws == estimated || ws.model().modelId().contains("gemma") ? "estimated before launch" : MEASURED;
            byte[] xlsx = XlsxReport.render(new ReportData(ws, "test", ZonedDateTime.now()));
            try (XSSFWorkbook wb = new XSSFWorkbook(new ByteArrayInputStream(xlsx))) {
                XSSFSheet s = wb.getSheet("Worksheet");
                assertEquals(mark, beside(s, XlsxReport.HEADLINE), ws.model().modelId());
                for (String name : List.of("Fits", "MaxConcurrency", "Margin", "Budget", "PoolGpu", "Capacity", "NonKvReplica")) {
                    assertEquals(mark, markOf(wb, name), name + " of " + ws.model().modelId());
                }
                assertEquals("", markOf(wb, "Headroom"), "an input is not marked");
                // and the formulas rest on what the mark says: a measurement of another setup is no input there either
                var ev = wb.getCreationHelper().createFormulaEvaluator();
                ReportData d = new ReportData(ws, "test", ZonedDateTime.now());
                for (var e : Map.of("Margin", FigureKey.RESULT_MARGIN_BYTES, "PoolGpu", FigureKey.POOL_KV_POOL_BYTES,
                        "NonKvReplica", FigureKey.RESULT_NON_KV_BYTES).entrySet()) {
                    assertEquals((double) d.figure(e.getValue()).value(), XlsxReportTest.named(wb, ev, e.getKey()), 0.5,
                            e.getKey() + " of " + ws.model().modelId());
                }
                String note = beside(s, "Measurements not used");
                if (ws.model().modelId().contains("gemma")) {
                    assertTrue(note != null && note.startsWith("VALIDATION holds measurements of another setup (not used): "
                            + "engine version: 0.19.0"), String.valueOf(note));
                } else {
                    assertEquals(null, note);
                }
            }
        }
    }
}
