package org.vramsheet.report;

import java.io.IOException;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Every number a report prints, checked against its attached worksheet: the report is rendered again from that
 * worksheet (the same version, date and page size) and its text must be the printed text, line for line. A report
 * made by another version of the app cannot be rendered again exactly: its key numbers are checked instead.
 */
final class PrintedText {
    /** The report's generation time as printed, kept in the document information so it can be rendered again. */
    static final String GENERATED_KEY = "VRAMSheetGenerated";

    private PrintedText() { }

    static boolean check(PDDocument doc, Worksheet ws, String version, String text, List<String> lines) throws IOException {
        String generated = doc.getDocumentInformation().getCustomMetadataValue(GENERATED_KEY);
        String creator = doc.getDocumentInformation().getCreator();
        if (generated == null || creator == null || !creator.equals("VRAM Sheet " + version)) {
            return keyNumbers(ws, version, text, lines, creator == null ? "an unknown version" : creator);
        }
        PDRectangle size = doc.getNumberOfPages() > 0 && doc.getPage(0).getMediaBox().getWidth() > 600 ? PDRectangle.LETTER
                : PDRectangle.A4;
        String again;
        try (PDDocument re = Loader.loadPDF(PdfReport.render(new ReportData(ws, version, generated), size))) {
            again = new PDFTextStripper().getText(re);
        }
        String[] printed = text.strip().split("\\R");
        String[] expected = again.strip().split("\\R");
        for (int i = 0; i < Math.max(printed.length, expected.length); i++) {
            String a = i < printed.length ? printed[i].strip() : "(nothing)";
            String b = i < expected.length ? expected[i].strip() : "(nothing)";
            if (!a.equals(b)) {
                lines.add("FAIL the report's text differs from what its attached worksheet gives, at line " + (i + 1)
                        + ": printed '" + a + "', the worksheet gives '" + b + "'");
                return false;
            }
        }
        lines.add("OK   every number printed (" + printed.length + " lines) is what the attached worksheet gives");
        return true;
    }

    /** The key numbers recomputed from the attached worksheet are all printed (a report from another version). */
    private static boolean keyNumbers(Worksheet ws, String version, String text, List<String> lines, String madeBy) {
        ReportData d = new ReportData(ws, version, ZonedDateTime.now());
        List<String> missing = new ArrayList<>();
        for (String n : d.keyNumbers()) {
            if (!text.contains(n)) {
                missing.add(n);
            }
        }
        if (!missing.isEmpty()) {
            lines.add("FAIL numbers recomputed from the worksheet are not printed: " + missing);
            return false;
        }
        lines.add("OK   printed key numbers match the worksheet (" + String.join(", ", d.keyNumbers()) + "); made by "
                + madeBy + ", so the rest of the text is not compared");
        return true;
    }
}
