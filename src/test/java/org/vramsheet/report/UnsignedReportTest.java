package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDMetadata;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationSquare;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Issue 26, point 6: an unsigned report is verified against its attachment as strictly as a signed one, whatever its
 * Creator says. Each Seen case was exit 4 ("consistent but not signed") and is now exit 1 with the reason.
 */
class UnsignedReportTest {
    private static final String SHEET = "assets/samples/seed003-70b-int4-80gib.json";

    static Worksheet sheet() throws Exception {
        return WorksheetJson.read(Path.of(SHEET));
    }

    static byte[] report() throws Exception {
        return PdfReport.render(new ReportData(sheet(), "test", ZonedDateTime.now()), PDRectangle.A4);
    }

    static byte[] save(PDDocument doc) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        doc.save(out);
        return out.toByteArray();
    }

    static ReportVerifier.Result verify(byte[] pdf) throws Exception {
        return ReportVerifier.verify(pdf, "test");
    }

    private static String all(ReportVerifier.Result r) {
        return String.join("\n", r.lines());
    }

    @Test
    void anUntouchedReportIsConsistentAndSaysItIsNotTamperEvident() throws Exception {
        var r = verify(report());
        assertEquals(ReportVerifier.Status.UNSIGNED, r.status(), all(r));
        assertEquals(4, r.status().exitCode);
        assertTrue(all(r).contains("every page drawn is what the attached worksheet gives"), all(r));
        assertTrue(all(r).contains("not tamper-evident"), all(r));
        try (PDDocument doc = Loader.loadPDF(report())) {
            var again = verify(save(doc));
            assertEquals(ReportVerifier.Status.UNSIGNED, again.status(), "saved again (objects renumbered): " + all(again));
        }
    }

    /** Seen: a white box with "FITS" drawn (as outlines, not text) over the verdict got exit 4. */
    @Test
    void aWhiteBoxAndADrawnWordOverTheVerdictAreCaught() throws Exception {
        byte[] pdf = report();
        byte[] forged;
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            PDPage page = doc.getPage(0);
            try (PDPageContentStream cs = new PDPageContentStream(doc, page, PDPageContentStream.AppendMode.APPEND, true)) {
                cs.setNonStrokingColor(1f, 1f, 1f);
                cs.addRect(40, 600, 520, 40); // the verdict line, whited out
                cs.fill();
                cs.setNonStrokingColor(0.1f, 0.6f, 0.2f);
                drawFits(cs, 50, 610);
            }
            forged = save(doc);
        }
        var r = verify(forged);
        assertEquals(ReportVerifier.Status.CHANGED, r.status(), all(r));
        assertTrue(!all(r).contains("text differs"), "the text alone is the same: " + all(r));
        assertTrue(all(r).contains("page 1 draws what a rendering of its attached worksheet does not"), all(r));
        assertTrue(all(r).contains("more 're' (rectangles)"), all(r));
    }

    /** "FITS" as filled bars: letters a text extraction never sees. */
    private static void drawFits(PDPageContentStream cs, float x, float y) throws Exception {
        float[][] bars = {{0, 0, 3, 20}, {0, 17, 12, 3}, {0, 9, 9, 3}, // F
            {18, 0, 3, 20}, // I
            {26, 17, 14, 3}, {31.5f, 0, 3, 20}, // T
            {46, 17, 12, 3}, {46, 9, 3, 11}, {46, 9, 12, 3}, {55, 0, 3, 12}, {46, 0, 12, 3}}; // S
        for (float[] b : bars) {
            cs.addRect(x + b[0], y + b[1], b[2], b[3]);
        }
        cs.fill();
    }

    /** Seen: a white square annotation over the verdict got exit 4. */
    @Test
    void anAnnotationIsCaught() throws Exception {
        byte[] forged;
        try (PDDocument doc = Loader.loadPDF(report())) {
            PDAnnotationSquare box = new PDAnnotationSquare();
            box.setRectangle(new PDRectangle(40, 600, 520, 40));
            doc.getPage(0).getAnnotations().add(box);
            forged = save(doc);
        }
        var r = verify(forged);
        assertEquals(ReportVerifier.Status.CHANGED, r.status(), all(r));
        assertTrue(all(r).contains("annotation (Square) that is not a signature"), all(r));
    }

    /** Seen: an XMP-only change (another title and description) got exit 4. */
    @Test
    void anXmpOnlyChangeIsCaught() throws Exception {
        byte[] forged;
        try (PDDocument doc = Loader.loadPDF(report())) {
            PDMetadata meta = doc.getDocumentCatalog().getMetadata();
            String xmp = new String(meta.toByteArray(), StandardCharsets.UTF_8).replace("VRAM sizing report: ",
                    "VRAM sizing report (approved, fits): ");
            PDMetadata changed = new PDMetadata(doc);
            changed.importXMPMetadata(xmp.getBytes(StandardCharsets.UTF_8));
            doc.getDocumentCatalog().setMetadata(changed);
            forged = save(doc);
        }
        var r = verify(forged);
        assertEquals(ReportVerifier.Status.CHANGED, r.status(), all(r));
        assertTrue(all(r).contains("the XMP metadata"), all(r));
    }

    /** Seen: "VRAM Sheet 0.0.9" in the Creator reduced the check to five key numbers, and got exit 4. */
    @Test
    void aVersionThatNeverExistedIsRefused() throws Exception {
        byte[] forged;
        try (PDDocument doc = Loader.loadPDF(report())) {
            doc.getDocumentInformation().setCreator("VRAM Sheet 0.0.9");
            forged = save(doc);
        }
        var r = verify(forged);
        assertEquals(ReportVerifier.Status.CHANGED, r.status(), all(r));
        assertTrue(all(r).contains("\"0.0.9\" made it, a version that never existed"), all(r));
    }

    /**
     * Seen: a report claiming an earlier version had five key numbers checked, so a changed digit on page 2 passed. An
     * earlier version that existed (a report without its recorded time) now has every number it prints compared.
     */
    @Test
    void anEarlierVersionsReportHasEveryNumberCompared() throws Exception {
        byte[] older;
        try (PDDocument doc = Loader.loadPDF(report())) {
            doc.getDocumentInformation().getCOSObject().removeItem(COSName.getPDFName(PrintedText.GENERATED_KEY));
            older = save(doc);
        }
        var fine = verify(older);
        assertEquals(ReportVerifier.Status.UNSIGNED, fine.status(), all(fine));
        assertTrue(all(fine).contains("is one the attached worksheet gives"), all(fine));
        String[] changedDigit = new String[1];
        byte[] edited;
        try (PDDocument doc = Loader.loadPDF(older)) {
            changedDigit[0] = changeADigit(doc, 1);
            edited = save(doc);
        }
        var r = verify(edited);
        assertEquals(ReportVerifier.Status.CHANGED, r.status(), changedDigit[0] + ": " + all(r));
        assertTrue(all(r).contains("numbers printed that the attached worksheet does not give"), all(r));
        try (PDDocument doc = Loader.loadPDF(report())) {
            changedDigit[0] = changeADigit(doc, 1);
            edited = save(doc);
        }
        var current = verify(edited);
        assertEquals(ReportVerifier.Status.CHANGED, current.status(), changedDigit[0] + ": " + all(current));
        assertTrue(all(current).contains("text differs from what its attached worksheet gives, on page 2"), all(current));
    }

    /** A cross-reference stream written with a PNG predictor (as Acrobat writes them) is read, not refused. */
    @Test
    void aCrossReferenceStreamWithAPredictorIsRead() throws Exception {
        String raw = new String(report(), StandardCharsets.ISO_8859_1);
        int type = raw.lastIndexOf("/Type /XRef");
        int obj = raw.lastIndexOf("\n", raw.lastIndexOf(" 0 obj", type)) + 1;
        Matcher m = Pattern.compile(">>\\s*stream\r?\n").matcher(raw);
        assertTrue(m.find(type));
        String dict = raw.substring(obj, m.start());
        int w = 5; // /W [1 3 1]
        assertTrue(dict.contains("/W [1 3 1]"), dict);
        Inflater inf = new Inflater();
        inf.setInput(raw.substring(m.end(), raw.indexOf("endstream", m.end())).getBytes(StandardCharsets.ISO_8859_1));
        byte[] rows = new byte[1 << 20];
        int n = inf.inflate(rows);
        inf.end();
        ByteArrayOutputStream filtered = new ByteArrayOutputStream();
        for (int r = 0; r < n / w; r++) {
            filtered.write(2); // PNG "Up": each byte less the one above
            for (int i = 0; i < w; i++) {
                filtered.write(rows[r * w + i] - (r > 0 ? rows[(r - 1) * w + i] : 0));
            }
        }
        Deflater def = new Deflater();
        def.setInput(filtered.toByteArray());
        def.finish();
        byte[] packed = new byte[1 << 20];
        int len = def.deflate(packed);
        def.end();
        String newDict = dict.replaceAll("/Length \\d+", "/Length " + len).replace("/Filter /FlateDecode",
                "/Filter /FlateDecode\n/DecodeParms << /Columns 5 /Predictor 12 >>");
        String pdf = raw.substring(0, obj) + newDict + ">>\nstream\n" + new String(packed, 0, len, StandardCharsets.ISO_8859_1)
                + "\nendstream\nendobj\nstartxref\n" + obj + "\n%%EOF\n";
        var r = verify(pdf.getBytes(StandardCharsets.ISO_8859_1));
        assertEquals(ReportVerifier.Status.UNSIGNED, r.status(), all(r));
    }

    /**
     * Changes the last digit of the longest number shown on a page (its glyph, in the content stream, for the glyph of
     * the next digit) and returns the number as shown before.
     */
    static String changeADigit(PDDocument doc, int pageIndex) throws Exception {
        PDPage page = doc.getPage(pageIndex);
        List<PDStream> streams = new ArrayList<>();
        page.getContentStreams().forEachRemaining(streams::add);
        Map<Character, Integer> codeOf = new HashMap<>();
        PDFont font = page.getResources().getFont(COSName.getPDFName("F1"));
        String best = null;
        int bestStream = -1;
        int bestAt = -1;
        for (int s = 0; s < streams.size(); s++) {
            byte[] content = streams.get(s).toByteArray();
            PdfLexer lx = new PdfLexer(content, 0, content.length);
            for (Object o = lx.next(); o != PdfLexer.EOF; o = lx.next()) {
                if (o instanceof byte[] glyphs && glyphs.length % 2 == 0 && content[lx.pos - 1] == '>') {
                    StringBuilder shown = new StringBuilder();
                    for (int i = 0; i < glyphs.length; i += 2) {
                        int code = (glyphs[i] & 0xff) << 8 | glyphs[i + 1] & 0xff;
                        String u = font.toUnicode(code);
                        shown.append(u == null ? "?" : u);
                        if (u != null && u.length() == 1 && Character.isDigit(u.charAt(0))) {
                            codeOf.put(u.charAt(0), code);
                        }
                    }
                    String digits = shown.toString().replaceAll("[^0-9]", "");
                    if (best == null || digits.length() > best.replaceAll("[^0-9]", "").length()) {
                        best = shown.toString();
                        bestStream = s;
                        bestAt = lx.pos;
                    }
                }
            }
        }
        assertNotNull(best, "page " + (pageIndex + 1) + " shows a number");
        byte[] content = streams.get(bestStream).toByteArray();
        String raw = new String(content, StandardCharsets.ISO_8859_1);
        int close = raw.lastIndexOf('>', bestAt - 1);
        int open = raw.lastIndexOf('<', close);
        String hex = raw.substring(open + 1, close);
        int lastDigit = best.length() - 1;
        while (!Character.isDigit(best.charAt(lastDigit))) {
            lastDigit--;
        }
        char next = (char) ('0' + (best.charAt(lastDigit) - '0' + 1) % 10);
        assertNotNull(codeOf.get(next), "the page shows the digit " + next + " somewhere");
        String changed = hex.substring(0, lastDigit * 4) + String.format("%04X", codeOf.get(next)) + hex.substring(lastDigit * 4 + 4);
        String edited = raw.substring(0, open + 1) + changed + raw.substring(close);
        PDStream replacement = new PDStream(doc);
        try (OutputStream out = replacement.createOutputStream(COSName.FLATE_DECODE)) {
            out.write(edited.getBytes(StandardCharsets.ISO_8859_1));
        }
        streams.set(bestStream, replacement);
        page.setContents(streams);
        return best;
    }
}
