package org.vramsheet.io.gguf;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.RandomAccess;

/**
 * GGUF metadata values ({@code enum gguf_metadata_value_type} in ggml's {@code docs/gguf.md}: 0 uint8, 1 int8,
 * 2 uint16, 3 int16, 4 uint32, 5 int32, 6 float32, 7 bool, 8 string, 9 array, 10 uint64, 11 int64, 12 float64),
 * read as {@link GgufFile} documents them. An array is its element type, a uint64 count, then the elements; arrays may
 * nest (the spec allows it; ggml's own reader does not). Every count is checked before anything is allocated: against
 * the bytes left in the file, {@link #MAX_ARRAY} elements per array and {@link #MAX_VALUES} elements in all.
 */
final class GgufValues {
    static final int ARRAY = 9;
    static final int STRING = 8;
    /** Longest string value (ggml allows 1 GiB; real chat templates are tens of kilobytes). */
    static final int MAX_STRING = 16 << 20;
    /** Most elements in one array: 16 x the largest vocabulary known (Gemma 3's 262,144 tokens). */
    static final int MAX_ARRAY = 4 << 20;
    /** Most array elements in one header, all arrays together. */
    static final long MAX_VALUES = 8L << 20;
    /** Deepest array nesting read. */
    static final int MAX_DEPTH = 4;
    private static final String[] NAMES = {"uint8", "int8", "uint16", "int16", "uint32", "int32", "float32", "bool",
        "string", "array", "uint64", "int64", "float64"};
    /** Smallest encoded size of one element of each type (a string is at least its 8-byte length). */
    private static final int[] MIN_BYTES = {1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8};

    private final GgufInput in;
    private long values;

    GgufValues(GgufInput in) {
        this.in = in;
    }

    /** The type's name in the spec, e.g. "uint32", or "type 13" for one the spec does not have. */
    static String typeName(long type) {
        return type >= 0 && type < NAMES.length ? NAMES[(int) type] : "type " + type;
    }

    /** One value of {@code type} (read from the file just before). */
    Object value(long type, int depth) throws IOException {
        switch ((int) Math.min(type, Integer.MAX_VALUE)) {
            case 0: return (long) in.u8();
            case 1: return (long) (byte) in.u8();
            case 2: return (long) in.u16();
            case 3: return (long) in.i16();
            case 4: return in.u32();
            case 5: return (long) in.i32();
            case 6: return (double) in.f32();
            case 7: return bool();
            case STRING: return string(MAX_STRING);
            case ARRAY: return array(depth + 1);
            case 10: return unsigned(in.i64());
            case 11: return in.i64();
            case 12: return in.f64();
            default: throw new GgufException(in.where() + " has value type " + type + ", which GGUF does not have "
                    + "(0 to 12) " + in.byteAt(4));
        }
    }

    /**
     * A GGUF string: a uint64 byte length, then UTF-8 without a terminator; longer than {@code max} or than the bytes
     * left in the file is refused before it is read. Malformed UTF-8 becomes U+FFFD (ggml does not check it).
     */
    String string(long max) throws IOException {
        long start = in.position();
        long n = in.i64();
        if (n < 0 || n > max) {
            throw new GgufException(in.where() + " is a string of " + Long.toUnsignedString(n) + " bytes (at byte "
                    + GgufException.num(start) + "): more than the " + GgufException.num(max) + " this reader accepts");
        }
        if (n > in.fileLeft()) {
            throw new GgufException(in.where() + " is a string of " + GgufException.num(n) + " bytes (at byte "
                    + GgufException.num(start) + "), longer than the " + GgufException.num(in.fileLeft())
                    + " bytes left in the file");
        }
        return n == 0 ? "" : new String(in.bytes((int) n), StandardCharsets.UTF_8);
    }

    private Boolean bool() throws IOException {
        long at = in.position();
        int b = in.u8();
        if (b > 1) {
            // the spec: "1-byte value where 0 is false and 1 is true. Anything else is invalid"
            throw new GgufException(in.where() + " is a bool of " + b + " at byte " + GgufException.num(at)
                    + " (a bool is 0 or 1)");
        }
        return b == 1;
    }

    private static Object unsigned(long raw) {
        return raw >= 0 ? (Object) raw : new BigInteger(Long.toUnsignedString(raw));
    }

    private List<Object> array(int depth) throws IOException {
        long at = in.position();
        if (depth > MAX_DEPTH) {
            throw new GgufException(in.where() + " nests arrays deeper than " + MAX_DEPTH + " (at byte "
                    + GgufException.num(at) + ")");
        }
        long type = in.u32();
        long n = in.i64();
        if (type >= MIN_BYTES.length) {
            throw new GgufException(in.where() + " is an array of value type " + type + ", which GGUF does not have "
                    + "(0 to 12), at byte " + GgufException.num(at));
        }
        String what = in.where() + " is an array of " + Long.toUnsignedString(n) + " " + typeName(type) + " values (at "
                + "byte " + GgufException.num(at) + ")";
        if (n < 0 || n > MAX_ARRAY) {
            throw new GgufException(what + ": more than the " + GgufException.num(MAX_ARRAY) + " this reader accepts");
        }
        if (n * MIN_BYTES[(int) type] > in.fileLeft()) {
            throw new GgufException(what + ", at least " + GgufException.num(n * MIN_BYTES[(int) type]) + " bytes, but "
                    + "only " + GgufException.num(in.fileLeft()) + " are left in the file");
        }
        values += n;
        if (values > MAX_VALUES) {
            throw new GgufException(what + ": the header's arrays hold more than " + GgufException.num(MAX_VALUES)
                    + " values in all, more than this reader accepts");
        }
        return elements(type, (int) n, depth);
    }

    private List<Object> elements(long type, int n, int depth) throws IOException {
        if (n == 0) {
            return List.of();
        }
        if (type == STRING || type == ARRAY || type == 7) {
            List<Object> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(value(type, depth));
            }
            return Collections.unmodifiableList(out);
        }
        if (type == 6 || type == 12) {
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = type == 6 ? in.f32() : in.f64();
            }
            return new Numbers(null, d, false);
        }
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = ((Number) value(type, depth)).longValue();
        }
        return new Numbers(v, null, type == 10);
    }

    /** A numeric array kept as primitives (a 262,144-entry score array is 2 MiB, not 6): Long, BigInteger or Double. */
    private static final class Numbers extends AbstractList<Object> implements RandomAccess {
        private final long[] longs;
        private final double[] doubles;
        private final boolean unsigned64;

        Numbers(long[] longs, double[] doubles, boolean unsigned64) {
            this.longs = longs;
            this.doubles = doubles;
            this.unsigned64 = unsigned64;
        }

        @Override
        public Object get(int i) {
            if (doubles != null) {
                return doubles[i];
            }
            return unsigned64 ? unsigned(longs[i]) : (Object) longs[i];
        }

        @Override
        public int size() { return doubles != null ? doubles.length : longs.length; }
    }
}
