package org.vramsheet.io.model.gguf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.vramsheet.io.gguf.GgmlType;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufTensor;

/**
 * A test GGUF header as a file's bytes, laid out as ggml's docs/gguf.md gives it (little endian, version 3): the metadata
 * (whole numbers as int64, decimals as float64, bools, strings, arrays of one of those) and the tensor infos, each
 * tensor's offset following the previous one's data padded to 32 bytes, then padding. A file written with {@link #write}
 * has its data as a sparse zero tail, so that the reader finds every tensor inside the file.
 */
public final class GgufBytes {
    private static final int BOOL = 7;
    private static final int STR = 8;
    private static final int ARR = 9;
    private static final int I64 = 11;
    private static final int F64 = 12;
    private static final int ALIGN = 32;

    private GgufBytes() { }

    /** The header bytes of a file with this metadata and these tensors. */
    public static byte[] header(GgufFile f) {
        Out o = new Out();
        o.raw("GGUF".getBytes(StandardCharsets.US_ASCII));
        o.u32(3);
        o.u64(f.tensors().size());
        o.u64(f.metadata().size());
        for (Map.Entry<String, Object> e : f.metadata().entrySet()) {
            o.string(e.getKey());
            o.value(e.getValue(), true);
        }
        long offset = 0;
        for (GgufTensor t : f.tensors()) {
            o.string(t.name());
            o.u32(t.shape().length);
            for (long d : t.shape()) {
                o.u64(d);
            }
            o.u32(t.ggmlType());
            o.u64(offset);
            offset += (bytes(t) + ALIGN - 1) / ALIGN * ALIGN;
        }
        while (o.size() % ALIGN != 0) {
            o.raw(new byte[] {0});
        }
        return o.bytes();
    }

    /** Bytes of the tensors' data, each padded to 32. */
    public static long dataBytes(GgufFile f) {
        long n = 0;
        for (GgufTensor t : f.tensors()) {
            n += (bytes(t) + ALIGN - 1) / ALIGN * ALIGN;
        }
        return n;
    }

    /** Writes the header and a sparse zero tail for the data. */
    public static Path write(GgufFile f, Path file) throws IOException {
        byte[] h = header(f);
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.setLength(0);
            out.write(h);
            out.setLength(h.length + dataBytes(f));
        }
        return file;
    }

    private static long bytes(GgufTensor t) {
        GgmlType type = GgmlType.byId(t.ggmlType());
        long n = t.elements();
        return type == null || type.removed() ? 0 : n / type.blockSize() * type.typeSize();
    }

    /** The little-endian encoder. */
    private static final class Out {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        void raw(byte[] b) { out.write(b, 0, b.length); }

        void u32(long v) { raw(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array()); }

        void u64(long v) { raw(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array()); }

        void string(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            u64(b.length);
            raw(b);
        }

        /** A value with its type id first when {@code typed} (an array's elements are written without). */
        void value(Object v, boolean typed) {
            if (v instanceof Long l) {
                typeId(I64, typed);
                u64(l);
            } else if (v instanceof Double d) {
                typeId(F64, typed);
                u64(Double.doubleToLongBits(d));
            } else if (v instanceof Boolean b) {
                typeId(BOOL, typed);
                raw(new byte[] {(byte) (b ? 1 : 0)});
            } else if (v instanceof String s) {
                typeId(STR, typed);
                string(s);
            } else if (v instanceof List<?> list) {
                typeId(ARR, typed);
                Object first = list.isEmpty() ? 0L : list.get(0);
                u32(first instanceof String ? STR : first instanceof Boolean ? BOOL : first instanceof Double ? F64 : I64);
                u64(list.size());
                list.forEach(e -> value(e, false));
            } else {
                throw new IllegalArgumentException("no GGUF type for " + v);
            }
        }

        private void typeId(int id, boolean typed) {
            if (typed) {
                u32(id);
            }
        }

        int size() { return out.size(); }

        byte[] bytes() { return out.toByteArray(); }
    }
}
