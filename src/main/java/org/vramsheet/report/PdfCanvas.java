package org.vramsheet.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
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

    /** The most characters of one text the PDF prints; the rest is in the attached worksheet (docs/limits.md). */
    static final int MAX_TEXT = 4_000;

    /** The text, or its first {@link #MAX_TEXT} characters and a note saying how long it is and where the rest is. */
    static String bounded(String s) {
        return s.length() <= MAX_TEXT ? s : clip(s, MAX_TEXT) + " (truncated: " + String.format(Locale.ROOT, "%,d", s.length())
                + " characters, full text in the worksheet attached)";
    }

    /** The first n characters and an ellipsis (never half of a surrogate pair), or the text when it is no longer. */
    static String clip(String s, int n) {
        if (s.length() <= n) {
            return s;
        }
        return s.substring(0, Character.isHighSurrogate(s.charAt(n - 1)) ? n - 1 : n) + "\u2026";
    }

    private final Map<Integer, Float> widths = new HashMap<>();

    /** The width of one code point in font units (as {@link #textWidth} measures it, before the scale to points). */
    private float units(int cp) throws IOException {
        Float w = widths.get(cp);
        if (w == null) {
            w = font.getStringWidth(clean(new String(Character.toChars(cp))));
            widths.put(cp, w);
        }
        return w;
    }

    /**
     * Splits text into lines no wider than w: at spaces, and a word wider than the line (a long model ID, a path, a hash)
     * where it must be. Each character is measured once, so the time is linear in the text.
     */
    List<String> wrap(String s, float pt, float w) throws IOException {
        List<String> lines = new ArrayList<>();
        float max = w * 1000 / pt;
        float space = units(' ');
        for (String para : s.split("\n")) {
            StringBuilder line = new StringBuilder();
            float lineWidth = 0;
            for (String whole : para.split(" ")) {
                String word = whole;
                float wordWidth = 0;
                int from = 0;
                for (int i = 0; i < word.length(); i += Character.charCount(word.codePointAt(i))) {
                    float cw = units(word.codePointAt(i));
                    if (wordWidth + cw > max && i > from) {
                        // the word so far fills a line: it goes on a line of its own
                        if (line.length() > 0) {
                            lines.add(line.toString());
                            line.setLength(0);
                            lineWidth = 0;
                        }
                        lines.add(word.substring(from, i));
                        from = i;
                        wordWidth = 0;
                    }
                    wordWidth += cw;
                }
                word = word.substring(from);
                if (line.length() > 0 && lineWidth + space + wordWidth > max) {
                    lines.add(line.toString());
                    line.setLength(0);
                    lineWidth = 0;
                }
                if (line.length() > 0) {
                    line.append(' ');
                    lineWidth += space;
                }
                line.append(word);
                lineWidth += wordWidth;
            }
            lines.add(line.toString());
        }
        return lines;
    }

    /** A paragraph at the cursor. */
    void paragraph(String s, float pt, float[] rgb, float indent) throws IOException {
        for (String line : wrap(bounded(s), pt, width() - indent)) {
            need(pt * 1.35f);
            y -= pt * 1.35f;
            text(MARGIN + indent, y, line, pt, rgb);
        }
    }

    /**
     * A table row: cells at column offsets (fractions of the width), wrapped; right-aligned cells end with '>'. A row
     * taller than a page goes on over the next pages.
     */
    void row(String[] cells, float[] cols, float pt, float[] rgb, boolean rule) throws IOException {
        List<List<String>> wrapped = new ArrayList<>();
        int lines = 1;
        for (int i = 0; i < cells.length; i++) {
            float w = ((i + 1 < cols.length ? cols[i + 1] : 1) - cols[i]) * width() - 6;
            List<String> l = wrap(bounded(cells[i]), pt, w);
            wrapped.add(l);
            lines = Math.max(lines, l.size());
        }
        float step = pt * 1.3f;
        float h = lines * step + 3;
        if (h <= size.getHeight() - 2 * MARGIN - FOOTER) {
            need(h);
            drawLines(wrapped, cols, 0, lines, pt, rgb);
            y -= h;
        } else {
            for (int j = 0; j < lines; j++) {
                need(step + 3);
                drawLines(wrapped, cols, j, j + 1, pt, rgb);
                y -= step;
            }
            y -= 3;
        }
        if (rule) {
            cs.setStrokingColor(0.85f, 0.87f, 0.9f);
            cs.setLineWidth(0.5f);
            cs.moveTo(MARGIN, y + 1);
            cs.lineTo(MARGIN + width(), y + 1);
            cs.stroke();
        }
    }

    /** Lines from (inclusive) to to (exclusive) of every cell, the first at the cursor. */
    private void drawLines(List<List<String>> wrapped, float[] cols, int from, int to, float pt, float[] rgb) throws IOException {
        for (int i = 0; i < wrapped.size(); i++) {
            float x = MARGIN + cols[i] * width();
            List<String> cell = wrapped.get(i);
            for (int j = from; j < Math.min(to, cell.size()); j++) {
                text(x, y - (j - from + 1) * pt * 1.3f, cell.get(j), pt, rgb);
            }
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
