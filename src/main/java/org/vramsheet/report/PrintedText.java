package org.vramsheet.report;

import java.io.IOException;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.contentstream.operator.Operator;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.AppVersion;
import org.vramsheet.io.Messages;

/**
 * Every number a report prints, and what it draws, checked against its attached worksheet. A report this version made
 * is rendered again from that worksheet (the same version, times and page size): its text must be the printed text line
 * for line, and its pages, fonts, metadata and attachment the same objects ({@link PdfStructure}), so a white box or a
 * word drawn over the verdict is caught. A report made by an earlier version (one that existed: {@link AppVersion})
 * cannot be rendered again exactly: every number it prints must be one the worksheet gives, and its drawing is not
 * compared. Whatever the Creator says, the check is never weaker than that.
 */
final class PrintedText {
    /** The report's generation time as printed, kept in the document information so it can be rendered again. */
    static final String GENERATED_KEY = "VRAMSheetGenerated";
    /** How the Creator entry names the app. */
    static final String CREATOR = "VRAM Sheet ";
    /** More drawing operators than any report has (a few thousand a page); text extraction stops there. */
    static final long MAX_OPERATORS = 5_000_000;

    /** A date, or a number as printed ("2026-11-30", "141,107,412,992", "4.00"). */
    private static final Pattern NUMBER = Pattern.compile("\\d{4}-\\d{2}-\\d{2}|(?<![\\w.,])\\d(?:[\\d,.]*\\d)?");

    private PrintedText() { }

    static boolean check(PDDocument doc, Worksheet ws, String version, String text, List<String> lines, boolean signed)
            throws IOException {
        PDDocumentInformation info = doc.getDocumentInformation();
        String generated = info.getCustomMetadataValue(GENERATED_KEY);
        String creator = info.getCreator();
        String made = creator != null && creator.startsWith(CREATOR) ? creator.substring(CREATOR.length()) : null;
        if (made == null) {
            lines.add("FAIL the report does not say it was made by VRAM Sheet (Creator: "
                    + (creator == null ? "none" : Messages.quote(creator)) + ")");
            return false;
        }
        if (!AppVersion.existed(made, version)) {
            lines.add("FAIL the report says VRAM Sheet " + Messages.quote(made) + " made it, a version that never existed "
                    + "(versions: " + String.join(", ", AppVersion.RELEASED) + (AppVersion.RELEASED.contains(version) ? ""
                    : ", " + version) + ")");
            return false;
        }
        PDRectangle size = doc.getNumberOfPages() > 0 && doc.getPage(0).getMediaBox().getWidth() > 600 ? PDRectangle.LETTER
                : PDRectangle.A4;
        if (made.equals(version) && generated != null) {
            return sameAsRendering(doc, new ReportData(ws, version, generated), size, text, lines, signed);
        }
        return everyNumber(new ReportData(ws, version, ZonedDateTime.now()), size, text, lines, made);
    }

    /** The report is what this version renders from its worksheet at the time it says it was made: text and drawing. */
    private static boolean sameAsRendering(PDDocument doc, ReportData d, PDRectangle size, String text, List<String> lines,
                                           boolean signed) throws IOException {
        Calendar when = doc.getDocumentInformation().getCreationDate();
        byte[] again = PdfReport.render(d, size, when == null ? new GregorianCalendar() : when);
        try (PDDocument re = Loader.loadPDF(again)) {
            String[] printed = text.strip().split("\\R");
            String[] expected = new PDFTextStripper().getText(re).strip().split("\\R");
            for (int i = 0; i < Math.max(printed.length, expected.length); i++) {
                String a = i < printed.length ? printed[i].strip() : "(nothing)";
                String b = i < expected.length ? expected[i].strip() : "(nothing)";
                if (!a.equals(b)) {
                    lines.add("FAIL the report's text differs from what its attached worksheet gives, at line " + (i + 1)
                            + ": printed " + Messages.quote(a) + ", the worksheet gives " + Messages.quote(b));
                    return false;
                }
            }
            lines.add("OK   every number printed (" + printed.length + " lines) is what the attached worksheet gives");
            String drawn = PdfStructure.difference(doc, re, signed);
            if (drawn != null) {
                lines.add("FAIL " + drawn);
                return false;
            }
            lines.add("OK   every page draws what the attached worksheet gives (drawing, fonts, metadata, attachment)");
            return true;
        }
    }

    /**
     * A report of an earlier version: every number it prints must be one a rendering of its worksheet prints (numbers
     * as printed, dates whole); page footers, the generation date and chart axes (its layout) are left out. An earlier
     * layout may print a number more often or beside other words, so the numbers are compared, not their places.
     */
    private static boolean everyNumber(ReportData d, PDRectangle size, String text, List<String> lines, String made)
            throws IOException {
        String again;
        try (PDDocument re = Loader.loadPDF(PdfReport.render(d, size))) {
            again = new PDFTextStripper().getText(re);
        }
        Set<String> expected = numbers(again).keySet();
        Map<String, Integer> printed = numbers(text);
        List<String> extra = new ArrayList<>();
        int total = 0;
        for (var e : printed.entrySet()) {
            total += e.getValue();
            if (!expected.contains(e.getKey()) && extra.size() < 5) {
                extra.add("'" + e.getKey() + "'");
            }
        }
        if (!extra.isEmpty()) {
            lines.add(Messages.oneLine("FAIL numbers printed that the attached worksheet does not give: " + String.join(", ", extra)
                    + "; made by VRAM Sheet " + made + ", so every printed number is compared"));
            return false;
        }
        lines.add("OK   every number printed (" + total + ") is one the attached worksheet gives; made by VRAM Sheet "
                + Messages.quote(made) + (made.equals(d.version) ? " before reports recorded their time" : "")
                + ", so its layout and drawing are not compared");
        return true;
    }

    /** The numbers of a text as printed ("141,107,412,992", "4.00", "2026-11-20"), counted. */
    static Map<String, Integer> numbers(String text) {
        Map<String, Integer> out = new TreeMap<>();
        for (String raw : text.split("\\R")) {
            String line = raw.strip();
            if (line.startsWith("Fingerprint: ") || line.startsWith("Date ") || line.matches("[\\d,.]+[KM]?")) {
                continue;
            }
            Matcher m = NUMBER.matcher(line.replaceAll("\\b[0-9a-f]{64}\\b", "#"));
            while (m.find()) {
                out.merge(m.group(), 1, Integer::sum);
            }
        }
        return out;
    }

    /** The report's text, stopping at {@link #MAX_OPERATORS} (a page that draws forms inside forms could run on). */
    static String text(PDDocument doc) throws IOException {
        PDFTextStripper s = new PDFTextStripper() {
            private long operators;

            @Override
            protected void processOperator(Operator operator, List<COSBase> operands) throws IOException {
                if (++operators > MAX_OPERATORS) {
                    throw new PdfBounds.Refused("more than " + MAX_OPERATORS + " drawing operators (a VRAM Sheet report "
                            + "has a few thousand a page)");
                }
                super.processOperator(operator, operands);
            }
        };
        return s.getText(doc);
    }
}
