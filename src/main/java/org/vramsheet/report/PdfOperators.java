package org.vramsheet.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.common.PDStream;

/**
 * A page's drawing operators (re, f, m, l, c, BT, Tj, ...), compared with a rendering's to say in one line what a page
 * draws that its worksheet does not: a white box over the verdict and a word drawn as outlines are operators a
 * rendering never has.
 */
final class PdfOperators {
    private PdfOperators() { }

    /** The operators of a page's content streams, in order; null when they do not read as PDF tokens. */
    static List<String> of(PDPage page) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Iterator<PDStream> it = page.getContentStreams(); it.hasNext();) {
            COSStream s = it.next().getCOSObject();
            all.write(PdfBounds.decoded(s, PdfBounds.MAX_STREAM));
            all.write('\n');
        }
        byte[] b = all.toByteArray();
        List<String> ops = new ArrayList<>();
        PdfLexer lx = new PdfLexer(b, 0, b.length);
        try {
            for (Object o = lx.next(); o != PdfLexer.EOF; o = lx.next()) {
                if (o instanceof PdfLexer.Keyword k) {
                    ops.add(k.word());
                }
            }
        } catch (PdfBounds.Refused e) {
            return null;
        }
        return ops;
    }

    /** What page {@code number} (from 1) draws beyond or instead of the rendering's; null when that cannot be said. */
    static String difference(PDDocument report, PDDocument again, int number) throws IOException {
        if (number > report.getNumberOfPages() || number > again.getNumberOfPages()) {
            return null;
        }
        List<String> a = of(report.getPage(number - 1));
        List<String> b = of(again.getPage(number - 1));
        if (a == null || b == null) {
            return null;
        }
        int i = 0;
        while (i < a.size() && i < b.size() && a.get(i).equals(b.get(i))) {
            i++;
        }
        String extra = a.size() > b.size() ? ", " + counts(a.subList(i, a.size()), b.subList(i, b.size())) : "";
        return "page " + number + " draws what a rendering of its attached worksheet does not: " + a.size() + " drawing "
                + "operators against " + b.size() + extra + "; from operator " + (i + 1) + " it has '" + window(a, i)
                + "' where the rendering has '" + window(b, i) + "'";
    }

    private static String window(List<String> ops, int from) {
        return from >= ops.size() ? "(nothing)" : String.join(" ", ops.subList(from, Math.min(ops.size(), from + 6)));
    }

    /** "3 more 're' (rectangles), 2 more 'f' (fills)": the operators the report has more of. */
    private static String counts(List<String> a, List<String> b) {
        Map<String, Integer> more = new TreeMap<>();
        a.forEach(o -> more.merge(o, 1, Integer::sum));
        b.forEach(o -> more.merge(o, -1, Integer::sum));
        List<String> parts = new ArrayList<>();
        more.forEach((op, n) -> {
            if (n > 0 && parts.size() < 4) {
                parts.add(n + " more '" + op + "'" + meaning(op));
            }
        });
        return String.join(", ", parts);
    }

    private static String meaning(String op) {
        return switch (op) {
            case "re" -> " (rectangles)";
            case "f", "f*", "F" -> " (fills)";
            case "m", "l", "c", "v", "y", "h" -> " (path segments, as of drawn letters)";
            case "Tj", "TJ", "'", "\"" -> " (text)";
            case "Do" -> " (images or forms)";
            default -> "";
        };
    }
}
