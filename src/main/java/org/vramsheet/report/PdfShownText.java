package org.vramsheet.report;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDFont;

/**
 * The text a page shows, one string per text object (what Tj, TJ, ' and " show, decoded by the page's fonts), read from
 * the content with {@link PdfLexer}: a fast reading for the fingerprint on every page, the approval and the first line
 * that differs from a rendering. Layout does not matter for those, so PDFTextStripper is not needed.
 */
final class PdfShownText {
    private PdfShownText() { }

    /** Every page's strings, a page after another, one a line. */
    static String of(PDDocument doc) throws IOException {
        StringBuilder b = new StringBuilder();
        for (PDPage p : doc.getPages()) {
            for (String s : page(p)) {
                b.append(s).append('\n');
            }
        }
        return b.toString();
    }

    /** The strings a page shows, in drawing order; a content that does not read says so as its last line. */
    static List<String> page(PDPage page) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Iterator<PDStream> it = page.getContentStreams(); it.hasNext();) {
            all.write(PdfBounds.decoded(it.next().getCOSObject(), PdfBounds.MAX_STREAM));
            all.write('\n');
        }
        byte[] content = all.toByteArray();
        PDResources res = page.getResources();
        List<String> out = new ArrayList<>();
        List<Object> operands = new ArrayList<>();
        PDFont font = null;
        StringBuilder line = new StringBuilder();
        PdfLexer lx = new PdfLexer(content, 0, content.length);
        try {
            for (Object o = lx.next(); o != PdfLexer.EOF; o = lx.next()) {
                if (!(o instanceof PdfLexer.Keyword k)) {
                    operands.add(o);
                    continue;
                }
                switch (k.word()) {
                    case "Tf" -> font = operands.size() == 2 && operands.get(0) instanceof PdfLexer.Name n && res != null
                            ? res.getFont(COSName.getPDFName(n.name())) : null;
                    case "Tj", "'", "\"" -> show(font, operands.isEmpty() ? null : operands.get(operands.size() - 1), line);
                    case "TJ" -> show(font, operands.isEmpty() ? null : operands.get(0), line);
                    case "ET", "Td", "TD", "T*", "Tm" -> flush(line, out);
                    default -> { }
                }
                operands.clear();
            }
        } catch (PdfBounds.Refused e) {
            line.append(" (the rest of the page does not read: ").append(e.getMessage()).append(')');
        }
        flush(line, out);
        return out;
    }

    private static void flush(StringBuilder line, List<String> out) {
        if (line.length() > 0) {
            out.add(line.toString());
            line.setLength(0);
        }
    }

    private static void show(PDFont font, Object operand, StringBuilder line) throws IOException {
        if (operand instanceof List<?> parts) {
            for (Object p : parts) {
                show(font, p instanceof byte[] ? p : null, line);
            }
            return;
        }
        if (!(operand instanceof byte[] bytes)) {
            return;
        }
        if (font == null) {
            line.append('?');
            return;
        }
        ByteArrayInputStream in = new ByteArrayInputStream(bytes);
        while (in.available() > 0) {
            String u = font.toUnicode(font.readCode(in));
            line.append(u == null ? "?" : u);
        }
    }
}
