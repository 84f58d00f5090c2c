package org.vramsheet.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSBoolean;
import org.apache.pdfbox.cos.COSDictionary;
import org.apache.pdfbox.cos.COSFloat;
import org.apache.pdfbox.cos.COSInteger;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSObject;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.cos.COSString;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;

/**
 * What a PDF shows, in a canonical form, to compare a report with a rendering of its attached worksheet: every page
 * (its drawing, resources, fonts and annotations), the catalog (metadata, attachment, output intent) and the document
 * information, as lines "path = value". Dictionaries are read in key order, streams by their decoded bytes, and an
 * object reached again names the path it was first reached by, so object numbers and compression do not matter and a
 * white box, drawn glyphs, another font or an edited XMP packet do. A signature's form field and widget are left out
 * when asked ({@link SignatureCheck} checks those).
 */
final class PdfStructure {
    /** More lines than any report has; a file with more is refused rather than walked. */
    static final int MAX_LINES = 2_000_000;
    private static final Set<String> SKIP = Set.of("Parent", "Length", "Filter", "DecodeParms", "DL");

    private PdfStructure() { }

    /** The document's lines; with {@code leaveOutSignatures}, without the pages' /Annots and the catalog's /AcroForm. */
    static List<String> of(PDDocument doc, boolean leaveOutSignatures) throws IOException {
        Walk w = new Walk(leaveOutSignatures);
        int n = 0;
        for (PDPage p : doc.getPages()) {
            w.visit("page " + ++n, p.getCOSObject(), true);
        }
        w.visit("catalog", doc.getDocumentCatalog().getCOSObject(), false);
        w.visit("information", doc.getDocumentInformation().getCOSObject(), false);
        return w.lines;
    }

    /** The first difference between the report's lines and the rendering's, in words; null when they show the same. */
    static String difference(List<String> a, List<String> b, PDDocument report, PDDocument again) throws IOException {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String x = i < a.size() ? a.get(i) : "(nothing)";
            String y = i < b.size() ? b.get(i) : "(nothing)";
            if (!x.equals(y)) {
                String path = (x.equals("(nothing)") ? y : x).split(" = ", 2)[0];
                String drawing = path.matches("page \\d+/Contents.*") ? PdfOperators.difference(report, again,
                        Integer.parseInt(path.replaceAll("page (\\d+)/.*", "$1"))) : null;
                return drawing != null ? drawing : "the report differs from a rendering of its attached worksheet in "
                        + where(path) + ": it has " + PdfCanvas.clip(value(x), 70) + " where the rendering has "
                        + PdfCanvas.clip(value(y), 70);
            }
        }
        return null;
    }

    private static String value(String line) {
        String[] parts = line.split(" = ", 2);
        return parts.length == 2 ? parts[1] : line;
    }

    /** A path in words: "page 3's resources (/Resources/Font/F1/BaseFont)", "the XMP metadata". */
    private static String where(String path) {
        String[] p = path.split("/", 2);
        String rest = p.length == 2 ? " (/" + p[1] + ")" : "";
        if (p[0].startsWith("page ")) {
            String what = rest.startsWith(" (/Annots") ? "annotations" : rest.startsWith(" (/Resources") ? "resources"
                    : "page dictionary";
            return p[0] + "'s " + what + PdfCanvas.clip(rest, 80);
        }
        if (path.startsWith("catalog/Metadata")) {
            return "the XMP metadata";
        }
        return (p[0].equals("catalog") ? "the document catalog" : "the document information") + PdfCanvas.clip(rest, 80);
    }

    /** A depth-first walk with an explicit stack (a deep file cannot overflow the Java stack). */
    private static final class Walk {
        final List<String> lines = new ArrayList<>();
        final Map<COSBase, String> seen = new IdentityHashMap<>();
        final boolean leaveOutSignatures;

        Walk(boolean leaveOutSignatures) {
            this.leaveOutSignatures = leaveOutSignatures;
        }

        void visit(String root, COSBase start, boolean page) throws IOException {
            Deque<Object[]> todo = new ArrayDeque<>();
            todo.push(new Object[] {root, start});
            while (!todo.isEmpty()) {
                Object[] t = todo.pop();
                String path = (String) t[0];
                COSBase v = t[1] instanceof COSObject o ? o.getObject() : (COSBase) t[1];
                if (lines.size() > MAX_LINES) {
                    throw new PdfBounds.Refused("more than " + MAX_LINES + " objects and values (a VRAM Sheet report has thousands)");
                }
                String first = v == null ? null : seen.get(v);
                if (first != null) {
                    lines.add(path + " = @" + first);
                } else if (v instanceof COSDictionary d) {
                    seen.put(v, path);
                    lines.add(path + " = " + (v instanceof COSStream s ? stream(s) : "<<>>"));
                    List<COSName> keys = new ArrayList<>(d.keySet());
                    keys.sort((x, y) -> y.getName().compareTo(x.getName()));
                    for (COSName k : keys) {
                        if (!SKIP.contains(k.getName()) && !(leaveOutSignatures && signatureKey(path, root, page, k))) {
                            todo.push(new Object[] {path + "/" + k.getName(), d.getItem(k)});
                        }
                    }
                } else if (v instanceof COSArray a) {
                    seen.put(v, path);
                    lines.add(path + " = [" + a.size() + "]");
                    for (int i = a.size() - 1; i >= 0; i--) {
                        todo.push(new Object[] {path + "[" + i + "]", a.get(i)});
                    }
                } else {
                    lines.add(path + " = " + scalar(v));
                }
            }
        }

        private static boolean signatureKey(String path, String root, boolean page, COSName k) {
            return path.equals(root) && (page ? k.getName().equals("Annots") : k.getName().equals("AcroForm"));
        }
    }

    private static String stream(COSStream s) throws IOException {
        byte[] data = PdfBounds.decoded(s, PdfBounds.MAX_STREAM);
        return "stream of " + data.length + " bytes, SHA-256 " + sha256(data).substring(0, 24);
    }

    private static String scalar(COSBase v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof COSString s) {
            byte[] b = s.getBytes();
            return b.length > 200 ? "a string of " + b.length + " bytes, SHA-256 " + sha256(b).substring(0, 24)
                    : "(" + new String(b, StandardCharsets.ISO_8859_1) + ")";
        }
        if (v instanceof COSName n) {
            return "/" + n.getName();
        }
        if (v instanceof COSInteger i) {
            return Long.toString(i.longValue());
        }
        if (v instanceof COSFloat f) {
            return Float.toString(f.floatValue());
        }
        return v instanceof COSBoolean b ? Boolean.toString(b.getValue()) : v.getClass().getSimpleName();
    }

    static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
