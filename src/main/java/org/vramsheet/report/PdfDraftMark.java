package org.vramsheet.report;

import java.awt.geom.AffineTransform;
import java.awt.geom.PathIterator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.util.Matrix;

/**
 * A Draft report's mark on every page: "DRAFT — not approved" in the top margin, and a large pale "DRAFT" across the
 * page behind the content. The large word is drawn as the font's glyph outlines, opaque and under everything else, so it
 * needs no transparency (PDF/A) and is no text: the page's text, which verify compares, carries the mark once.
 */
final class PdfDraftMark {
    /** The words at the top of every page of a Draft. */
    static final String HEADER = "DRAFT — not approved";
    private static final String WORD = "DRAFT";
    private static final float[] PALE = {0.96f, 0.89f, 0.89f};

    private PdfDraftMark() { }

    static void apply(PDDocument doc, PDType0Font font) throws IOException {
        for (PDPage p : doc.getPages()) {
            PDRectangle box = p.getMediaBox();
            try (PDPageContentStream cs = new PDPageContentStream(doc, p, PDPageContentStream.AppendMode.PREPEND, true)) {
                behind(cs, font, box);
            }
            try (PDPageContentStream cs = new PDPageContentStream(doc, p, PDPageContentStream.AppendMode.APPEND, true, true)) {
                float pt = 9;
                float w = font.getStringWidth(HEADER) / 1000 * pt;
                cs.beginText();
                cs.setFont(font, pt);
                cs.setNonStrokingColor(PdfPalette.BAD[0], PdfPalette.BAD[1], PdfPalette.BAD[2]);
                cs.newLineAtOffset(box.getWidth() - PdfCanvas.MARGIN - w, box.getHeight() - 28);
                cs.showText(HEADER);
                cs.endText();
            }
        }
    }

    /** The word's outlines, centred on the page along its diagonal. */
    private static void behind(PDPageContentStream cs, PDType0Font font, PDRectangle box) throws IOException {
        float size = box.getWidth() * 0.27f;
        float width = font.getStringWidth(WORD) / 1000 * size;
        float cap = 0.72f * size;
        double angle = Math.atan2(box.getHeight(), box.getWidth());
        cs.saveGraphicsState();
        cs.setNonStrokingColor(PALE[0], PALE[1], PALE[2]);
        cs.transform(Matrix.getRotateInstance(angle, box.getWidth() / 2, box.getHeight() / 2));
        cs.transform(Matrix.getTranslateInstance(-width / 2, -cap / 2));
        cs.transform(Matrix.getScaleInstance(size / 1000, size / 1000));
        float x = 0;
        try (ByteArrayInputStream codes = new ByteArrayInputStream(font.encode(WORD))) {
            while (codes.available() > 0) {
                int code = font.readCode(codes);
                outline(cs, font.getNormalizedPath(code).getPathIterator(AffineTransform.getTranslateInstance(x, 0)));
                x += font.getWidth(code);
            }
        }
        cs.fill();
        cs.restoreGraphicsState();
    }

    /** A glyph's path as PDF path operators (TrueType's quadratic curves as cubic ones). */
    private static void outline(PDPageContentStream cs, PathIterator it) throws IOException {
        float[] c = new float[6];
        float[] at = new float[4]; // the current point, and where the subpath started
        for (; !it.isDone(); it.next()) {
            int seg = it.currentSegment(c);
            switch (seg) {
                case PathIterator.SEG_MOVETO -> {
                    cs.moveTo(c[0], c[1]);
                    at = new float[] {c[0], c[1], c[0], c[1]};
                }
                case PathIterator.SEG_LINETO -> {
                    cs.lineTo(c[0], c[1]);
                    at = new float[] {c[0], c[1], at[2], at[3]};
                }
                case PathIterator.SEG_QUADTO -> {
                    cs.curveTo(at[0] + 2f / 3 * (c[0] - at[0]), at[1] + 2f / 3 * (c[1] - at[1]),
                            c[2] + 2f / 3 * (c[0] - c[2]), c[3] + 2f / 3 * (c[1] - c[3]), c[2], c[3]);
                    at = new float[] {c[2], c[3], at[2], at[3]};
                }
                case PathIterator.SEG_CUBICTO -> {
                    cs.curveTo(c[0], c[1], c[2], c[3], c[4], c[5]);
                    at = new float[] {c[4], c[5], at[2], at[3]};
                }
                default -> {
                    cs.closePath();
                    at = new float[] {at[2], at[3], at[2], at[3]};
                }
            }
        }
    }
}
