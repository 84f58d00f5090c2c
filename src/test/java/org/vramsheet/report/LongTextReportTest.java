package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.cli.Cli;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.AppVersion;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Issue 26, point 5: long text. Seen: a 1,000-character word in Notes made the PDF export take 12 s (10 ms a character),
 * 40,000 more than 12 minutes, and verify paid the same; Notes or a model ID over 32,767 characters crashed export
 * --xlsx. Now line breaking measures each character once, the PDF prints at most 4,000 characters of a text and the
 * XLSX at most a cell's 32,767, each with a note saying how long the text is and where the rest is.
 */
class LongTextReportTest {
    private static Worksheet withNotes(Worksheet ws, String notes) {
        return ws.withValidation(ws.validation().toBuilder().notes(notes).build());
    }

    @Test
    void aFortyThousandCharacterWordExportsInUnderTwoSecondsAndVerifies() throws Exception {
        Worksheet ws = UnsignedReportTest.sheet();
        PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4); // classes and fonts loaded
        Worksheet longWord = withNotes(ws, "x".repeat(40_000));
        long t = System.nanoTime();
        byte[] pdf = PdfReport.render(new ReportData(longWord, "test", ZonedDateTime.now()), PDRectangle.A4);
        long ms = (System.nanoTime() - t) / 1_000_000;
        assertTrue(ms < 2000, "exported in " + ms + " ms");
        var r = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> ReportVerifier.verify(pdf, "test"));
        assertEquals(ReportVerifier.Status.UNSIGNED, r.status(), String.join("\n", r.lines()));
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String text = new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
            assertTrue(text.contains("(truncated: 40,000 characters, full text in the worksheet attached)"), "the note");
            assertTrue(doc.getNumberOfPages() < 20, doc.getNumberOfPages() + " pages");
        }
    }

    /** The line breaker is linear: a million-character word breaks at the width, every line within it, nothing lost. */
    @Test
    void wrappingIsLinearAndLosesNothing() throws Exception {
        try (PDDocument doc = new PDDocument();
             InputStream in = PdfReport.class.getResourceAsStream("/org/vramsheet/report/fonts/NanumGothic.ttf")) {
            PDType0Font font = PDType0Font.load(doc, in, true);
            try (PdfCanvas c = new PdfCanvas(doc, font, PDRectangle.A4)) {
                String word = "ab".repeat(500_000);
                long t = System.nanoTime();
                List<String> lines = c.wrap(word, 9, 200);
                long ms = (System.nanoTime() - t) / 1_000_000;
                assertTrue(ms < 2000, "a million characters wrapped in " + ms + " ms");
                assertEquals(word, String.join("", lines), "nothing lost");
                for (String l : lines) {
                    assertTrue(c.textWidth(l, 9) <= 200.01f, l.length() + " characters wider than the line");
                }
                assertTrue(c.textWidth(lines.get(0) + "a", 9) > 200, "each line as full as it can be");
                String text = "a few short words " + "y".repeat(300) + " and the end";
                List<String> mixed = c.wrap(text, 9, 200);
                assertEquals(text.replace(" ", ""), String.join("", mixed).replace(" ", ""));
                assertTrue(mixed.get(0).equals("a few short words"), "short words stay on their line: " + mixed);
            }
        }
    }

    /** Seen: Notes or a model ID over 32,767 characters crashed export --xlsx; the PDF printed every character. */
    @Test
    void textsOverAFormatsLimitAreCutWithANote(@TempDir Path dir) throws Exception {
        Worksheet ws = withNotes(UnsignedReportTest.sheet(), "n".repeat(100_000));
        ws = ws.withModel(ws.model().withModelId("acme/" + "m".repeat(40_000)));
        Path sheet = dir.resolve("long.json");
        WorksheetJson.save(ws, sheet);
        Path xlsx = dir.resolve("long.xlsx");
        Path pdf = dir.resolve("long.pdf");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Cli.run(new String[] {"export", sheet.toString(),
            "--xlsx", xlsx.toString(), "--pdf", pdf.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(out, true, StandardCharsets.UTF_8)));
        assertEquals(0, code, out.toString(StandardCharsets.UTF_8));
        int cut = 0;
        try (XSSFWorkbook wb = new XSSFWorkbook(Files.newInputStream(xlsx))) {
            for (Sheet s : wb) {
                for (Row r : s) {
                    for (Cell c : r) {
                        if (c.getCellType() == CellType.STRING && c.getStringCellValue().contains("(truncated: ")) {
                            String v = c.getStringCellValue();
                            assertTrue(v.length() <= 32_767, v.length() + " characters in a cell");
                            assertTrue(v.endsWith("(truncated: 100,000 characters, full text in the worksheet JSON)")
                                    || v.endsWith("(truncated: 40,005 characters, full text in the worksheet JSON)"),
                                    v.substring(v.length() - 80));
                            cut++;
                        }
                    }
                }
            }
        }
        assertTrue(cut >= 2, "the notes and the model ID, cut with a note (" + cut + " cells)");
        var r = ReportVerifier.verify(Files.readAllBytes(pdf), AppVersion.get());
        assertEquals(ReportVerifier.Status.UNSIGNED, r.status(), String.join("\n", r.lines()));
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertTrue(doc.getDocumentInformation().getTitle().length() < 250, "the title is clipped");
            assertTrue(new PDFTextStripper().getText(doc).replaceAll("\\s+", " ").contains("(truncated: 100,000 characters, "
                    + "full text in the worksheet attached)"), "the note, wrapped as the text is");
        }
    }
}
