package org.vramsheet.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.PDResources;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.common.PDStream;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationWidget;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceDictionary;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAppearanceStream;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDSignatureField;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;

/**
 * The visible signature: who signed, when, and the key's certificate fingerprint, drawn on the report's signature line
 * (found by its text, "Signature:", on the last page that has it). Built as PDFBox's visual-signature template.
 */
final class SignatureAppearance {
    private SignatureAppearance() { }

    /** Where the signature line is: page index and the point right after "Signature:"; null when the report has none. */
    record Spot(int page, float x, float y) { }

    static Spot locate(PDDocument doc) throws IOException {
        Spot[] found = {null};
        PDFTextStripper s = new PDFTextStripper() {
            @Override
            protected void writeString(String text, List<TextPosition> positions) throws IOException {
                int at = text.indexOf("Signature:");
                if (at >= 0 && positions.size() > at + 9) {
                    TextPosition colon = positions.get(at + 9);
                    found[0] = new Spot(getCurrentPageNo() - 1, colon.getXDirAdj() + colon.getWidthDirAdj() + 6,
                            colon.getPageHeight() - colon.getYDirAdj());
                }
                super.writeString(text, positions);
            }
        };
        s.getText(doc);
        return found[0];
    }

    /** A one-page template document carrying the signature field and its appearance at {@code spot}. */
    static byte[] template(PDDocument src, Spot spot, List<String> lines) throws IOException {
        PDRectangle media = src.getPage(spot.page()).getMediaBox();
        float w = Math.min(330, media.getWidth() - spot.x() - PdfCanvas.MARGIN);
        float h = 11 + 6.5f * lines.size();
        PDRectangle rect = new PDRectangle(spot.x(), spot.y() - h + 9, w, h);
        try (PDDocument doc = new PDDocument()) {
            doc.addPage(new PDPage(media));
            PDAcroForm form = new PDAcroForm(doc);
            doc.getDocumentCatalog().setAcroForm(form);
            PDSignatureField field = new PDSignatureField(form);
            PDAnnotationWidget widget = field.getWidgets().get(0);
            form.setSignaturesExist(true);
            form.setAppendOnly(true);
            form.getCOSObject().setDirect(true);
            form.getFields().add(field);
            widget.setRectangle(rect);
            widget.setPrinted(true);
            PDFormXObject xo = new PDFormXObject(new PDStream(doc));
            xo.setResources(new PDResources());
            xo.setFormType(1);
            xo.setBBox(new PDRectangle(w, h));
            PDAppearanceDictionary ap = new PDAppearanceDictionary();
            ap.getCOSObject().setDirect(true);
            PDAppearanceStream stream = new PDAppearanceStream(xo.getCOSObject());
            ap.setNormalAppearance(stream);
            widget.setAppearance(ap);
            PDType0Font font;
            try (InputStream in = SignatureAppearance.class.getResourceAsStream("/org/vramsheet/report/fonts/NanumGothic.ttf")) {
                font = PDType0Font.load(doc, in, true);
            }
            try (PDPageContentStream cs = new PDPageContentStream(doc, stream)) {
                cs.setNonStrokingColor(0.95f, 0.97f, 1f);
                cs.addRect(0, 0, w, h);
                cs.fill();
                cs.setStrokingColor(PdfPalette.ACCENT[0], PdfPalette.ACCENT[1], PdfPalette.ACCENT[2]);
                cs.addRect(0.5f, 0.5f, w - 1, h - 1);
                cs.stroke();
                cs.setNonStrokingColor(PdfPalette.TEXT[0], PdfPalette.TEXT[1], PdfPalette.TEXT[2]);
                float y = h - 9;
                for (int i = 0; i < lines.size(); i++) {
                    cs.beginText();
                    cs.setFont(font, i == 0 ? 7f : 5.5f);
                    cs.newLineAtOffset(4, y);
                    cs.showText(lines.get(i));
                    cs.endText();
                    y -= 6.5f;
                }
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            doc.save(out);
            return out.toByteArray();
        }
    }
}
