package org.vramsheet.report;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of PDF objects over raw bytes (ISO 32000-1, 7.2 and 7.3), for {@link PdfBounds}: numbers, names,
 * strings, arrays, dictionaries, references and keywords, with comments and white space skipped. What a PDF writer
 * never writes (an unterminated string, a stray delimiter, nesting deeper than {@link #MAX_DEPTH}) is refused rather
 * than guessed at, as a repairing reader would.
 */
final class PdfLexer {
    /** Nesting of arrays and dictionaries; a report needs 5. */
    static final int MAX_DEPTH = 32;

    /** A name (decoded from its #xx escapes). */
    record Name(String name) { }

    /** An indirect reference "N G R". */
    record Ref(long number, long generation) { }

    /** A keyword: obj, endobj, stream, xref, trailer, startxref, true, false, null, n, f, and content operators. */
    record Keyword(String word) { }

    /** Where a thing ended: nothing more to read. */
    static final Object EOF = new Object();

    private final byte[] b;
    private final int end;
    int pos;

    PdfLexer(byte[] b, int from, int to) {
        this.b = b;
        this.pos = from;
        this.end = to;
    }

    static boolean isSpace(int c) {
        return c == 0 || c == 9 || c == 10 || c == 12 || c == 13 || c == 32;
    }

    static boolean isDelimiter(int c) {
        return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/'
                || c == '%';
    }

    private PdfBounds.Refused refused(String what) {
        return new PdfBounds.Refused(what + " at byte " + pos);
    }

    /** Skips white space and comments. */
    void skip() {
        while (pos < end) {
            int c = b[pos] & 0xff;
            if (c == '%') {
                while (pos < end && b[pos] != '\n' && b[pos] != '\r') {
                    pos++;
                }
            } else if (isSpace(c)) {
                pos++;
            } else {
                return;
            }
        }
    }

    /** The next object: a number (Long or Double), Name, Ref, Keyword, byte[] string, List, Map, or {@link #EOF}. */
    Object next() throws PdfBounds.Refused {
        return value(0);
    }

    private Object value(int depth) throws PdfBounds.Refused {
        if (depth > MAX_DEPTH) {
            throw refused("nesting deeper than " + MAX_DEPTH);
        }
        skip();
        if (pos >= end) {
            return EOF;
        }
        int c = b[pos] & 0xff;
        if (c == '[') {
            pos++;
            List<Object> list = new ArrayList<>();
            for (Object o = value(depth + 1); !(o instanceof Close k) || k.ch != ']'; o = value(depth + 1)) {
                if (o == EOF || o instanceof Close) {
                    throw refused("an array not closed");
                }
                list.add(o);
            }
            return list;
        }
        if (c == '<' && pos + 1 < end && b[pos + 1] == '<') {
            pos += 2;
            return dictionary(depth);
        }
        if (c == ']' || c == '>' && pos + 1 < end && b[pos + 1] == '>') {
            pos += c == ']' ? 1 : 2;
            return new Close((char) c);
        }
        return c == '(' ? literal() : c == '<' ? hex() : c == '/' ? name() : word();
    }

    /** The end of an array or a dictionary, returned to the loop that reads it. */
    private record Close(char ch) { }

    private Map<String, Object> dictionary(int depth) throws PdfBounds.Refused {
        Map<String, Object> dict = new LinkedHashMap<>();
        while (true) {
            Object key = value(depth + 1);
            if (key instanceof Close k && k.ch == '>') {
                return dict;
            }
            if (!(key instanceof Name n)) {
                throw refused("a dictionary key that is not a name");
            }
            Object v = value(depth + 1);
            if (v == EOF || v instanceof Close) {
                throw refused("a dictionary not closed");
            }
            dict.put(n.name(), v);
        }
    }

    /** A literal string's bytes, escapes read (7.3.4.2). */
    private byte[] literal() throws PdfBounds.Refused {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        pos++;
        int open = 1;
        while (pos < end) {
            int c = b[pos++] & 0xff;
            if (c == '\\' && pos < end) {
                escape(out);
                continue;
            }
            open += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (open == 0) {
                return out.toByteArray();
            }
            out.write(c);
        }
        throw refused("a string not closed");
    }

    private void escape(ByteArrayOutputStream out) {
        int c = b[pos++] & 0xff;
        int octal = Character.digit(c, 8);
        if (octal >= 0) {
            for (int i = 0; i < 2 && pos < end && Character.digit(b[pos], 8) >= 0; i++) {
                octal = octal * 8 + Character.digit(b[pos++], 8);
            }
            out.write(octal & 0xff);
            return;
        }
        switch (c) {
            case 'n' -> out.write('\n');
            case 'r' -> out.write('\r');
            case 't' -> out.write('\t');
            case 'b' -> out.write('\b');
            case 'f' -> out.write('\f');
            case '\r' -> pos += pos < end && b[pos] == '\n' ? 1 : 0;
            case '\n' -> { }
            default -> out.write(c);
        }
    }

    /** A hex string's bytes (an odd last digit is followed by 0). */
    private byte[] hex() throws PdfBounds.Refused {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        pos++;
        int high = -1;
        while (pos < end && b[pos] != '>') {
            int c = b[pos++] & 0xff;
            int d = Character.digit(c, 16);
            if (d < 0 && !isSpace(c)) {
                pos--;
                throw refused("a hex string with '" + (char) c + "'");
            }
            if (d >= 0 && high < 0) {
                high = d;
            } else if (d >= 0) {
                out.write(high * 16 + d);
                high = -1;
            }
        }
        if (pos >= end) {
            throw refused("a hex string not closed");
        }
        pos++;
        if (high >= 0) {
            out.write(high * 16);
        }
        return out.toByteArray();
    }

    private Name name() throws PdfBounds.Refused {
        StringBuilder s = new StringBuilder();
        pos++;
        while (pos < end && !isSpace(b[pos] & 0xff) && !isDelimiter(b[pos] & 0xff)) {
            int c = b[pos] & 0xff;
            if (c == '#' && pos + 2 < end && Character.digit(b[pos + 1], 16) >= 0 && Character.digit(b[pos + 2], 16) >= 0) {
                c = Character.digit(b[pos + 1], 16) * 16 + Character.digit(b[pos + 2], 16);
                pos += 2;
            }
            s.append((char) c);
            pos++;
        }
        return new Name(s.toString());
    }

    /** [+-] digits with at most one dot, and at least one digit (7.3.3). */
    private static boolean isNumber(String w) {
        int digits = 0;
        int dots = 0;
        for (int i = 0; i < w.length(); i++) {
            char c = w.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.') {
                dots++;
            } else if (i > 0 || c != '+' && c != '-') {
                return false;
            }
        }
        return digits > 0 && dots <= 1;
    }

    /** A number, a reference "N G R", or a keyword. */
    private Object word() throws PdfBounds.Refused {
        int start = pos;
        while (pos < end && !isSpace(b[pos] & 0xff) && !isDelimiter(b[pos] & 0xff)) {
            pos++;
        }
        if (pos == start) {
            throw refused("'" + (char) (b[pos] & 0xff) + "' where an object belongs");
        }
        String w = new String(b, start, pos - start, StandardCharsets.ISO_8859_1);
        if (!isNumber(w)) {
            return new Keyword(w);
        }
        if (w.length() > 40) {
            throw refused("a number of " + w.length() + " digits");
        }
        if (w.contains(".")) {
            return Double.parseDouble(w);
        }
        long n = w.length() > 18 ? Long.MAX_VALUE : Long.parseLong(w);
        int back = pos;
        // "N G R" is a reference; any other pair of numbers is two numbers
        skip();
        int g = pos;
        while (pos < end && Character.isDigit(b[pos])) {
            pos++;
        }
        if (pos > g && pos - g <= 5) {
            long gen = Long.parseLong(new String(b, g, pos - g, StandardCharsets.ISO_8859_1));
            skip();
            if (pos < end && b[pos] == 'R' && (pos + 1 >= end || isSpace(b[pos + 1] & 0xff) || isDelimiter(b[pos + 1] & 0xff))) {
                pos++;
                return new Ref(n, gen);
            }
        }
        pos = back;
        return n;
    }
}
