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

    /** Checks what the report prints and draws against its worksheet {@code ws}, attached as a text hashing to {@code fp}. */
    static boolean check(PDDocument doc, Worksheet ws, String fp, String version, List<String> lines, boolean signed)
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
            Calendar when = doc.getDocumentInformation().getCreationDate();
            Rendering r = Rendering.of(ws, fp, version, generated, size, when == null ? new GregorianCalendar() : when);
            return sameAsRendering(doc, r, lines, signed);
        }
        return everyNumber(new ReportData(ws, version, ZonedDateTime.now()), size, text(doc), lines, made);
    }

    /** The report is what this version renders from its worksheet at the time it says it was made: text and drawing. */
    private static boolean sameAsRendering(PDDocument doc, Rendering r, List<String> lines, boolean signed) throws IOException {
        List<String> structure = PdfStructure.of(doc, signed);
        if (structure.equals(r.structure())) {
            lines.add("OK   every number printed (" + r.lines() + " lines) and every page drawn is what the attached "
                    + "worksheet gives (text, drawing, fonts, metadata, attachment)");
            return true;
        }
        String text = firstTextDifference(doc, r);
        if (text != null) {
            lines.add("FAIL the report's text differs from what its attached worksheet gives, " + text);
        }
        try (PDDocument re = Loader.loadPDF(r.pdf())) {
            lines.add("FAIL " + PdfStructure.difference(structure, r.structure(), doc, re));
        }
        return false;
    }

    /** Where the strings the pages show first differ from the rendering's ("on page 4: printed ..."), or null. */
    private static String firstTextDifference(PDDocument doc, Rendering r) throws IOException {
        for (int p = 0; p < Math.max(doc.getNumberOfPages(), r.shown().size()); p++) {
            List<String> a = p < doc.getNumberOfPages() ? PdfShownText.page(doc.getPage(p)) : List.of();
            List<String> b = p < r.shown().size() ? r.shown().get(p) : List.of();
            for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                String x = i < a.size() ? a.get(i).strip() : "(nothing)";
                String y = i < b.size() ? b.get(i).strip() : "(nothing)";
                if (!x.equals(y)) {
                    return "on page " + (p + 1) + ": printed " + Messages.quote(x) + ", the worksheet gives " + Messages.quote(y);
                }
            }
        }
        return null;
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
