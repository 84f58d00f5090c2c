package org.vramsheet.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;

/** A cursor over pages: writes wrapped text and rows top to bottom, opening a new page when one is full. */
final class PdfCanvas implements AutoCloseable {
    static final float MARGIN = 48;
    static final float FOOTER = 36;
    final PDDocument doc;
    final PDFont font;
    final PDRectangle size;
    PDPageContentStream cs;
    PDPage page;
    float y;

    PdfCanvas(PDDocument doc, PDFont font, PDRectangle size) throws IOException {
        this.doc = doc;
        this.font = font;
        this.size = size;
        newPage();
    }

    float width() { return size.getWidth() - 2 * MARGIN; }

    void newPage() throws IOException {
        if (cs != null) {
            cs.close();
        }
        page = new PDPage(size);
        doc.addPage(page);
        cs = new PDPageContentStream(doc, page);
        y = size.getHeight() - MARGIN;
    }

    /** Makes room for h points, starting a new page if needed. */
    void need(float h) throws IOException {
        if (y - h < MARGIN + FOOTER) {
            newPage();
        }
    }

    float textWidth(String s, float pt) throws IOException {
        return font.getStringWidth(clean(s)) / 1000 * pt;
    }

    private final Map<Integer, Boolean> glyphs = new HashMap<>();

    /** Replaces characters the font lacks (the minus sign U+2212, for one) with close ones. */
    String clean(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            String ch = new String(Character.toChars(cp));
            boolean ok = glyphs.computeIfAbsent(cp, c -> {
                try {
                    font.encode(ch);
                    return true;
                } catch (IllegalArgumentException | IOException e) {
                    return false;
                }
            });
            b.append(ok ? ch : cp == 0x2212 ? "-" : cp == 0x2192 ? "->" : cp == 0x2264 ? "<=" : cp == 0x203A ? ">" : "?");
        });
        return b.toString();
    }

    void text(float x, float yy, String s, float pt, float[] rgb) throws IOException {
        cs.beginText();
        cs.setFont(font, pt);
        cs.setNonStrokingColor(rgb[0], rgb[1], rgb[2]);
        cs.newLineAtOffset(x, yy);
        cs.showText(clean(s));
        cs.endText();
    }

    /** Splits text into lines no wider than w. */
    List<String> wrap(String s, float pt, float w) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String para : s.split("\n")) {
            StringBuilder line = new StringBuilder();
            for (String whole : para.split(" ")) {
                String word = whole;
                // a word wider than the line (a long model ID, a path, a hash) is broken where it must be
                while (textWidth(word, pt) > w && word.length() > 1) {
                    int cut = word.length() - 1;
                    while (cut > 1 && textWidth(word.substring(0, cut), pt) > w) {
                        cut--;
                    }
                    if (line.length() > 0) {
                        lines.add(line.toString());
                        line = new StringBuilder();
                    }
                    lines.add(word.substring(0, cut));
                    word = word.substring(cut);
                }
                String next = line.length() == 0 ? word : line + " " + word;
                if (textWidth(next, pt) > w && line.length() > 0) {
                    lines.add(line.toString());
                    line = new StringBuilder(word);
                } else {
                    line = new StringBuilder(next);
                }
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** A paragraph at the cursor. */
    void paragraph(String s, float pt, float[] rgb, float indent) throws IOException {
        for (String line : wrap(s, pt, width() - indent)) {
            need(pt * 1.35f);
            y -= pt * 1.35f;
            text(MARGIN + indent, y, line, pt, rgb);
        }
    }

    /** A table row: cells at column offsets (fractions of the width), wrapped; right-aligned cells end with '>'. */
    void row(String[] cells, float[] cols, float pt, float[] rgb, boolean rule) throws IOException {
        List<List<String>> wrapped = new ArrayList<>();
        int lines = 1;
        for (int i = 0; i < cells.length; i++) {
            float w = ((i + 1 < cols.length ? cols[i + 1] : 1) - cols[i]) * width() - 6;
            List<String> l = wrap(cells[i], pt, w);
            wrapped.add(l);
            lines = Math.max(lines, l.size());
        }
        float h = lines * pt * 1.3f + 3;
        need(h);
        for (int i = 0; i < cells.length; i++) {
            float x = MARGIN + cols[i] * width();
            for (int j = 0; j < wrapped.get(i).size(); j++) {
                text(x, y - (j + 1) * pt * 1.3f, wrapped.get(i).get(j), pt, rgb);
            }
        }
        y -= h;
        if (rule) {
            cs.setStrokingColor(0.85f, 0.87f, 0.9f);
            cs.setLineWidth(0.5f);
            cs.moveTo(MARGIN, y + 1);
            cs.lineTo(MARGIN + width(), y + 1);
            cs.stroke();
        }
    }

    @Override
    public void close() throws IOException {
        if (cs != null) {
            cs.close();
            cs = null;
        }
    }

    /** A heading kept with the {@code keep} points that follow it: never the last line of a page. */
    void heading(String s, float keep) throws IOException {
        need(22 + keep);
        y -= 18;
        text(MARGIN, y, s, 12.5f, PdfPalette.ACCENT);
        y -= 4;
    }
}
