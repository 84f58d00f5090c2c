package org.vramsheet.report;

import java.io.IOException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.digitalsignature.PDSignature;
import org.apache.pdfbox.pdmodel.interactive.form.PDAcroForm;
import org.apache.pdfbox.pdmodel.interactive.form.PDField;
import org.apache.pdfbox.pdmodel.interactive.form.PDSignatureField;

/**
 * A report's signatures together: each one's line ({@link SignatureCheck}); an earlier signature that does not cover
 * the file is still intact when a later valid one does and the revision it signed shows what the whole file shows (a
 * countersignature); and nothing on the pages but signature widgets on the signature line, no form field but
 * signatures, no action on opening (an unsigned report has none of them).
 */
final class ReportSignatures {
    private ReportSignatures() { }

    /** Every signature intact and covering the file, every signer trusted, any key expired. */
    record Summary(boolean intact, boolean trusted, boolean expired) { }

    static Summary check(PDDocument doc, byte[] pdf, List<X509Certificate> trust, List<String> lines) throws IOException {
        List<PDSignature> sigs = doc.getSignatureDictionaries();
        List<SignatureCheck.Outcome> all = sigs.stream().map(s -> SignatureCheck.check(s, pdf, trust)).toList();
        // where a widget is needs the page's text: only worth finding when the signatures themselves hold
        String extra = extras(doc, sigs, all.stream().allMatch(o -> o.valid() && o.failure().isEmpty()));
        if (extra != null) {
            lines.add("FAIL " + extra);
        }
        if (sigs.isEmpty()) {
            if (SignatureCheck.everSigned(pdf)) {
                lines.add("FAIL an earlier revision of this file was signed; a later update removed the signature");
                return new Summary(false, false, false);
            }
            lines.add("--   not signed: consistent with its attached worksheet, but not tamper-evident (anyone can edit "
                    + "the worksheet and export it again)");
            return new Summary(extra == null, false, false);
        }
        boolean covered = all.stream().anyMatch(o -> o.valid() && o.failure().isEmpty() && o.whole(pdf.length));
        boolean intact = extra == null;
        boolean trusted = true;
        boolean expired = false;
        for (SignatureCheck.Outcome o : all) {
            boolean counter = covered && o.valid() && o.end() > 0 && !o.whole(pdf.length) && onlySignaturesAfter(doc, pdf, o.end());
            String line = SignatureCheck.line(o, pdf.length, counter);
            lines.add(line);
            intact &= !line.startsWith("FAIL");
            trusted &= o.trusted();
            expired |= !o.expiry().isEmpty();
        }
        return new Summary(intact, trusted, expired);
    }

    /** Whether the revision a signature covers shows what the whole file shows: later updates added only signatures. */
    private static boolean onlySignaturesAfter(PDDocument doc, byte[] pdf, long end) {
        if (end > pdf.length) {
            return false;
        }
        try (PDDocument earlier = PdfBounds.load(Arrays.copyOf(pdf, (int) end))) {
            return PdfStructure.of(earlier, true).equals(PdfStructure.of(doc, true));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * What a report never has, or null: an annotation that is not a signature's widget, a visible widget off the
     * signature line (it could cover the verdict; checked when {@code where}), a form field that is not a signature, an
     * action on opening.
     */
    static String extras(PDDocument doc, List<PDSignature> sigs, boolean where) throws IOException {
        COSDictionary catalog = doc.getDocumentCatalog().getCOSObject();
        if (catalog.containsKey(COSName.OPEN_ACTION) || catalog.containsKey(COSName.AA)) {
            return "the report has an action on opening (a report never has)";
        }
        Set<COSBase> values = Collections.newSetFromMap(new IdentityHashMap<>());
        sigs.forEach(s -> values.add(s.getCOSObject()));
        SignatureAppearance.Spot spot = null;
        int n = 0;
        for (PDPage page : doc.getPages()) {
            n++;
            for (PDAnnotation a : page.getAnnotations()) {
                COSDictionary d = a.getCOSObject();
                COSDictionary field = d.containsKey(COSName.FT) || !(d.getDictionaryObject(COSName.PARENT) instanceof COSDictionary p)
                        ? d : p;
                if (!"Widget".equals(a.getSubtype()) || !COSName.SIG.equals(field.getCOSName(COSName.FT))
                        || !values.contains(field.getDictionaryObject(COSName.V))) {
                    return "page " + n + " has an annotation (" + a.getSubtype() + ") that is not a signature: a report has none";
                }
                PDRectangle r = a.getRectangle();
                if (!where || r == null || r.getWidth() == 0 && r.getHeight() == 0) {
                    continue; // an invisible signature, or one already failed
                }
                spot = spot != null ? spot : SignatureAppearance.locate(doc);
                if (!onTheLine(r, spot, n - 1)) {
                    return "page " + n + " has a signature appearance off the signature line (it could cover the report's text)";
                }
            }
        }
        PDAcroForm form = doc.getDocumentCatalog().getAcroForm(null);
        for (PDField f : form == null ? List.<PDField>of() : form.getFieldTree()) {
            if (!(f instanceof PDSignatureField) && f.getFieldType() != null) {
                return "a form field (" + f.getFieldType() + ") that is not a signature: a report has none";
            }
        }
        return null;
    }

    /** Where PdfSigner puts a visible signature: right after "Signature:" on the last signature line, at most 330 x 60. */
    private static boolean onTheLine(PDRectangle r, SignatureAppearance.Spot spot, int page) {
        return spot != null && spot.page() == page && Math.abs(r.getLowerLeftX() - spot.x()) < 1 && r.getWidth() <= 331
                && r.getHeight() <= 60 && r.getUpperRightY() <= spot.y() + 12 && r.getLowerLeftY() >= spot.y() - 60;
    }
}
