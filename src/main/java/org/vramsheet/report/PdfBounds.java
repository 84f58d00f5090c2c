package org.vramsheet.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSBase;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.cos.COSStream;
import org.apache.pdfbox.io.RandomAccessReadBuffer;
import org.apache.pdfbox.pdfparser.PDFParser;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.vramsheet.io.json.WorksheetJson;

/**
 * The bounds verify puts on a PDF before PDFBox reads it, because PDFBox inflates a stream whole into memory: every
 * object of the file is read from its raw bytes first ({@link PdfScan}), every stream inflates to at most
 * {@link #MAX_STREAM} (the largest worksheet, so the largest attachment) and all of them together to at most
 * {@link #MAX_TOTAL}, through a counting inflater that stops at the bound; no stream uses another filter than
 * FlateDecode; the cross-reference tables point only at objects that were read. Then PDFBox parses the file strictly
 * (no repair by scanning, so it reads no object that was not checked). A file past a bound is refused with one line.
 */
final class PdfBounds {
    /** The most one stream may inflate to: {@link WorksheetJson#MAX_FILE}, the largest worksheet (64 MiB). */
    static final long MAX_STREAM = WorksheetJson.MAX_FILE;
    /** The most all streams of a file may inflate to together. */
    static final long MAX_TOTAL = 256L << 20;

    private PdfBounds() { }

    /** Why verify refuses a file, in one line. */
    static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        Refused(String m) { super(m); }
    }

    /** The report, parsed strictly once every stream was found within the bounds. */
    static PDDocument load(byte[] pdf) throws IOException {
        PdfScan.check(pdf);
        PDDocument doc = new PDFParser(new RandomAccessReadBuffer(pdf)).parse(false);
        if (doc.isEncrypted()) {
            doc.close();
            throw new Refused("the file is encrypted (a VRAM Sheet report never is)");
        }
        return doc;
    }

    /** How many bytes a FlateDecode stream starting at {@code from} inflates to, read as PDFBox does; at most limit. */
    static long inflatedSize(byte[] pdf, int from, long limit) throws Refused {
        return inflate(pdf, from, limit, null);
    }

    /** The inflated bytes of a FlateDecode stream starting at {@code from}; at most limit of them. */
    static byte[] inflated(byte[] pdf, int from, long limit) throws Refused {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        inflate(pdf, from, limit, out);
        return out.toByteArray();
    }

    /** PDFBox skips the two bytes of the zlib header and inflates the rest raw, stopping at the end or an error. */
    private static long inflate(byte[] pdf, int from, long limit, ByteArrayOutputStream out) throws Refused {
        int start = Math.min(pdf.length, from + 2);
        Inflater inf = new Inflater(true);
        long n = 0;
        try {
            inf.setInput(pdf, start, pdf.length - start);
            byte[] buf = new byte[1 << 16];
            while (!inf.finished() && !inf.needsDictionary()) {
                int k = inf.inflate(buf);
                if (k == 0 && inf.needsInput()) {
                    break;
                }
                n += k;
                if (n > limit) {
                    throw new Refused("a stream at byte " + from + " inflates to more than " + mib(limit)
                            + " (a VRAM Sheet report's largest, its attachment, is at most " + mib(MAX_STREAM) + ")");
                }
                if (out != null) {
                    out.write(buf, 0, k);
                }
            }
        } catch (DataFormatException e) {
            // PDFBox keeps what inflated before the damage; so does this count
        } finally {
            inf.end();
        }
        return n;
    }

    static String mib(long bytes) {
        return (bytes >> 20) + " MiB";
    }

    /** Whether a stream is FlateDecode; refused when it has any other filter (a report uses no other). */
    static boolean flate(COSStream s) throws Refused {
        COSBase f = s.getFilters();
        if (f == null) {
            return false;
        }
        COSBase one = f instanceof COSArray a && a.size() == 1 ? a.getObject(0) : f;
        if (one instanceof COSName n && (n.equals(COSName.FLATE_DECODE) || n.equals(COSName.FLATE_DECODE_ABBREVIATION))) {
            return true;
        }
        throw new Refused("a stream with the filter " + f + " (a VRAM Sheet report uses FlateDecode only)");
    }

    /**
     * A stream's decoded bytes, read from its raw bytes through a counting inflater (never more than limit bytes in
     * memory: past that it is refused).
     */
    static byte[] decoded(COSStream s, long limit) throws IOException {
        boolean flate = flate(s);
        try (InputStream raw = s.createRawInputStream()) {
            // the raw bytes are part of the file, already in memory; only what they inflate to is bounded here
            byte[] in = flate ? raw.readAllBytes() : raw.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
            if (!flate && in.length > limit) {
                throw new Refused("a stream of more than " + mib(limit));
            }
            return flate ? inflated(in, 0, limit) : in;
        }
    }

    /** The names in a /Filter value that PDFBox would apply, or a refusal for anything but one FlateDecode. */
    static boolean flateFilter(Object filter) throws Refused {
        if (filter == null) {
            return false;
        }
        Object one = filter instanceof List<?> l && l.size() == 1 ? l.get(0) : filter;
        if (one instanceof PdfLexer.Name n && (n.name().equals("FlateDecode") || n.name().equals("Fl"))) {
            return true;
        }
        throw new Refused("a stream with the filter " + describe(filter) + " (a VRAM Sheet report uses FlateDecode only)");
    }

    private static String describe(Object o) {
        if (o instanceof PdfLexer.Name n) {
            return "/" + n.name();
        }
        if (o instanceof PdfLexer.Ref r) {
            return r.number() + " " + r.generation() + " R";
        }
        return o instanceof List<?> l ? "of " + l.size() + " entries" : String.valueOf(o);
    }
}
