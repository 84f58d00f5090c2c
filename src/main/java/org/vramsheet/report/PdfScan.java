package org.vramsheet.report;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.vramsheet.report.PdfBounds.Refused;
import org.vramsheet.report.PdfLexer.Keyword;
import org.vramsheet.report.PdfLexer.Name;

/**
 * One pass over a PDF's raw bytes, before PDFBox parses it ({@link PdfBounds}): every object "N G obj ... endobj", every
 * cross-reference table and stream, every trailer, read with {@link PdfLexer}; every stream's inflated size counted
 * (object streams and cross-reference streams are read, and their objects checked); then the cross-references must
 * point at objects this pass read, so a strict parser reads nothing else.
 */
final class PdfScan {
    private final byte[] pdf;
    private final PdfLexer lx;
    /** Object number of each "N G obj" by the offset of its N. */
    private final Map<Integer, Long> objects = new HashMap<>();
    private final Set<Long> objectStreams = new HashSet<>();
    /** Offsets of "xref" tables and of cross-reference stream objects. */
    private final Set<Long> sections = new HashSet<>();
    /** startxref, /Prev and /XRefStm values: each must be one of the sections. */
    private final List<Long> pointers = new ArrayList<>();
    /** Cross-reference entries in use: {number, 1, offset} or {number, 2, object stream number}. */
    private final List<long[]> entries = new ArrayList<>();
    private long lastStartxref = -1;
    private long total;

    private PdfScan(byte[] pdf) {
        this.pdf = pdf;
        this.lx = new PdfLexer(pdf, 0, pdf.length);
    }

    /** Refuses a file that is not one a PDF writer wrote, or whose streams inflate past the bounds. */
    static void check(byte[] pdf) throws Refused {
        if (pdf.length < 8 || !new String(pdf, 0, 5, StandardCharsets.ISO_8859_1).equals("%PDF-")) {
            throw new Refused("not a PDF (it does not start with %PDF-)");
        }
        PdfScan s = new PdfScan(pdf);
        s.read();
        s.crossCheck();
    }

    private void read() throws Refused {
        while (true) {
            lx.skip();
            int at = lx.pos;
            Object o = lx.next();
            if (o == PdfLexer.EOF) {
                return;
            }
            if (o instanceof Long number && lx.next() instanceof Long && lx.next() instanceof Keyword k && k.word().equals("obj")) {
                object(at, number);
            } else if (o instanceof Keyword k && k.word().equals("xref")) {
                sections.add((long) at);
                table();
            } else if (o instanceof Keyword k && k.word().equals("startxref") && lx.next() instanceof Long offset) {
                lastStartxref = offset;
                pointers.add(offset);
            } else {
                throw new Refused("not a PDF a writer made: " + shown(o) + " at byte " + at + " outside any object");
            }
        }
    }

    private static String shown(Object o) {
        String s = o instanceof Keyword k ? "'" + k.word() + "'" : o instanceof Name n ? "/" + n.name()
                : o instanceof byte[] ? "a string" : o instanceof Map ? "a dictionary" : o instanceof List ? "an array" : "a number";
        return PdfCanvas.clip(s, 40);
    }

    private void object(int at, long number) throws Refused {
        Object value = lx.next();
        Object k = lx.next();
        if (k instanceof Keyword w && w.word().equals("stream") && value instanceof Map<?, ?> dict) {
            stream(at, number, dict);
            k = lx.next();
        }
        if (!(k instanceof Keyword w && w.word().equals("endobj"))) {
            throw new Refused("object " + number + " at byte " + at + " does not end with endobj");
        }
        objects.put(at, number);
    }

    private void stream(int at, long number, Map<?, ?> dict) throws Refused {
        int data = dataStart(lx.pos);
        int end = dataEnd(data, dict.get("Length"));
        for (String external : List.of("F", "FFilter", "FDecodeParms")) {
            if (dict.containsKey(external)) {
                throw new Refused("object " + number + ": a stream with /" + external + " (a VRAM Sheet report has none)");
            }
        }
        parameters(number, dict.get("DecodeParms"));
        parameters(number, dict.get("DP"));
        boolean flate = PdfBounds.flateFilter(dict.get("Filter"));
        Object type = dict.get("Type");
        boolean read = type instanceof Name t && (t.name().equals("ObjStm") || t.name().equals("XRef"));
        long size;
        byte[] bytes = null;
        if (flate && read) {
            bytes = PdfBounds.inflated(pdf, data, PdfBounds.MAX_STREAM);
            size = bytes.length;
        } else if (flate) {
            size = PdfBounds.inflatedSize(pdf, data, PdfBounds.MAX_STREAM);
        } else {
            size = end - data;
            bytes = read ? Arrays.copyOfRange(pdf, data, end) : null;
        }
        total += size;
        if (total > PdfBounds.MAX_TOTAL) {
            throw new Refused("its streams inflate to more than " + PdfBounds.mib(PdfBounds.MAX_TOTAL) + " in all");
        }
        if (read && ((Name) type).name().equals("ObjStm")) {
            objectStreams.add(number);
            objectsIn(number, bytes);
        } else if (read) {
            sections.add((long) at);
            trailer(dict);
            xrefEntries(number, dict, bytes);
        }
        lx.pos = end;
        if (!(lx.next() instanceof Keyword w && w.word().equals("endstream"))) {
            throw new Refused("object " + number + ": a stream without endstream");
        }
    }

    /** Where PDFBox starts a stream's data: after "stream", any spaces, then CR LF, LF or CR. */
    private int dataStart(int p) {
        while (p < pdf.length && pdf[p] == ' ') {
            p++;
        }
        if (p < pdf.length && pdf[p] == '\r') {
            p++;
        }
        if (p < pdf.length && pdf[p] == '\n') {
            p++;
        }
        return p;
    }

    /** Where the data ends: at /Length when "endstream" follows there, else before the first "endstream". */
    private int dataEnd(int data, Object length) throws Refused {
        if (length instanceof Long n && n >= 0 && n <= pdf.length - data && startsAt(skipSpace((int) (data + n)), "endstream")) {
            return (int) (data + n);
        }
        for (int i = data; i + 9 <= pdf.length; i++) {
            if (pdf[i] == 'e' && startsAt(i, "endstream")) {
                return i;
            }
        }
        throw new Refused("a stream at byte " + data + " without endstream");
    }

    private int skipSpace(int p) {
        while (p < pdf.length && PdfLexer.isSpace(pdf[p] & 0xff)) {
            p++;
        }
        return p;
    }

    private boolean startsAt(int p, String word) {
        if (p + word.length() > pdf.length) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (pdf[p + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** A predictor's row (Columns x Colors x BitsPerComponent) is allocated whole: each must be small. */
    private static void parameters(long number, Object p) throws Refused {
        if (p == null) {
            return;
        }
        if (!(p instanceof Map<?, ?> m)) {
            throw new Refused("object " + number + ": /DecodeParms that are not a dictionary");
        }
        long[] max = {65_536, 32, 16, 15};
        String[] keys = {"Columns", "Colors", "BitsPerComponent", "Predictor"};
        for (int i = 0; i < keys.length; i++) {
            Object v = m.get(keys[i]);
            if (v != null && !(v instanceof Long n && n >= 0 && n <= max[i])) {
                throw new Refused("object " + number + ": /DecodeParms /" + keys[i] + " is not a whole number up to " + max[i]);
            }
        }
    }

    /** Every object in an object stream must read as one (and none of them may be a stream). */
    private void objectsIn(long number, byte[] bytes) throws Refused {
        PdfLexer in = new PdfLexer(bytes, 0, bytes.length);
        for (Object o = in.next(); o != PdfLexer.EOF; o = in.next()) {
            if (o instanceof Keyword k && !List.of("true", "false", "null").contains(k.word())) {
                throw new Refused("object stream " + number + " holds '" + PdfCanvas.clip(k.word(), 20) + "'");
            }
        }
    }

    /** The entries of a cross-reference stream: rows of /W widths, object numbers from /Index (default 0 to /Size). */
    private void xrefEntries(long number, Map<?, ?> dict, byte[] rows) throws Refused {
        if (!(dict.get("W") instanceof List<?> w && w.size() == 3 && w.stream().allMatch(x -> x instanceof Long n && n >= 0 && n <= 8))) {
            throw new Refused("cross-reference stream " + number + " without a valid /W");
        }
        int[] width = w.stream().mapToInt(x -> ((Long) x).intValue()).toArray();
        int row = width[0] + width[1] + width[2];
        rows = unpredicted(number, dict.get("DecodeParms"), rows, row);
        List<?> index = dict.get("Index") instanceof List<?> l ? l : List.of(0L, dict.get("Size"));
        int at = 0;
        for (int i = 0; i + 1 < index.size(); i += 2) {
            if (!(index.get(i) instanceof Long first && index.get(i + 1) instanceof Long count && first >= 0 && count >= 0)) {
                throw new Refused("cross-reference stream " + number + " with a broken /Index");
            }
            for (long j = 0; j < count; j++, at += row) {
                if (row == 0 || at + row > rows.length) {
                    throw new Refused("cross-reference stream " + number + " is shorter than its /Index says");
                }
                long type = width[0] == 0 ? 1 : field(rows, at, width[0]);
                long a = field(rows, at + width[0], width[1]);
                if (type == 1 || type == 2) {
                    entries.add(new long[] {first + j, type, a});
                }
            }
        }
    }

    /**
     * The rows of a cross-reference stream written with a PNG predictor (as other writers do, Acrobat for one): each row
     * is a filter byte and {@code row} bytes, each byte relative to the one above or to its left.
     */
    private static byte[] unpredicted(long number, Object parameters, byte[] data, int row) throws Refused {
        long predictor = parameters instanceof Map<?, ?> m && m.get("Predictor") instanceof Long p ? p : 1;
        if (predictor == 1) {
            return data;
        }
        long columns = parameters instanceof Map<?, ?> m && m.get("Columns") instanceof Long c ? c : 1;
        if (predictor < 10 || columns != row) {
            throw new Refused("cross-reference stream " + number + " with predictor " + predictor + " over " + columns + " columns");
        }
        byte[] out = new byte[data.length / (row + 1) * row];
        byte[] above = new byte[row];
        for (int r = 0; r < out.length / row; r++) {
            int type = data[r * (row + 1)];
            for (int i = 0; i < row; i++) {
                int x = data[r * (row + 1) + 1 + i] & 0xff;
                int left = i > 0 ? out[r * row + i - 1] & 0xff : 0;
                int up = above[i] & 0xff;
                int upLeft = i > 0 ? above[i - 1] & 0xff : 0;
                int v = switch (type) {
                    case 0 -> x;
                    case 1 -> x + left;
                    case 2 -> x + up;
                    case 3 -> x + (left + up) / 2;
                    case 4 -> x + paeth(left, up, upLeft);
                    default -> throw new Refused("cross-reference stream " + number + " with a row filtered by type " + type);
                };
                out[r * row + i] = (byte) v;
            }
            System.arraycopy(out, r * row, above, 0, row);
        }
        return out;
    }

    private static int paeth(int a, int b, int c) {
        int p = a + b - c;
        int pa = Math.abs(p - a);
        int pb = Math.abs(p - b);
        int pc = Math.abs(p - c);
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }

    private static long field(byte[] b, int at, int width) {
        long v = 0;
        for (int i = 0; i < width; i++) {
            v = v << 8 | (b[at + i] & 0xff);
        }
        return v;
    }

    private void table() throws Refused {
        Object o = lx.next();
        while (o instanceof Long first && lx.next() instanceof Long count) {
            for (long i = 0; i < count; i++) {
                Object off = lx.next();
                Object gen = lx.next();
                Object use = lx.next();
                if (!(off instanceof Long offset && gen instanceof Long && use instanceof Keyword k
                        && (k.word().equals("n") || k.word().equals("f")))) {
                    throw new Refused("a cross-reference table with a broken entry for object " + (first + i));
                }
                if (k.word().equals("n")) {
                    entries.add(new long[] {first + i, 1, offset});
                }
            }
            o = lx.next();
        }
        if (!(o instanceof Keyword k && k.word().equals("trailer") && lx.next() instanceof Map<?, ?> dict)) {
            throw new Refused("a cross-reference table not followed by its trailer");
        }
        trailer(dict);
    }

    private void trailer(Map<?, ?> dict) throws Refused {
        if (dict.containsKey("Encrypt")) {
            throw new Refused("the file is encrypted (a VRAM Sheet report never is)");
        }
        for (String key : List.of("Prev", "XRefStm")) {
            Object v = dict.get(key);
            if (v != null) {
                if (!(v instanceof Long p)) {
                    throw new Refused("a trailer's /" + key + " is not an offset");
                }
                pointers.add(p);
            }
        }
    }

    /** The cross-references point at what this pass read: a strict parser then reads nothing unchecked. */
    private void crossCheck() throws Refused {
        if (lastStartxref < 0) {
            throw new Refused("no startxref: the file is cut short");
        }
        for (long p : pointers) {
            if (!sections.contains(p)) {
                throw new Refused("a cross-reference offset " + p + " that points at no cross-reference section");
            }
        }
        for (long[] e : entries) {
            if (e[1] == 1 && (e[2] > Integer.MAX_VALUE || objects.get((int) e[2]) == null || objects.get((int) e[2]) != e[0])) {
                throw new Refused("the cross-reference entry of object " + e[0] + " points at byte " + e[2] + ", where it is not");
            }
            if (e[1] == 2 && !objectStreams.contains(e[2])) {
                throw new Refused("object " + e[0] + " is said to be in object stream " + e[2] + ", which there is not");
            }
        }
    }
}
