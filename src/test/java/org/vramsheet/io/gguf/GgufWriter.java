package org.vramsheet.io.gguf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes GGUF files for the tests, byte for byte as ggml's docs/gguf.md lays them out (and gguf-py's GGUFWriter writes
 * them: the magic "GGUF" as bytes, everything else in the file's byte order), with every value type, nested arrays,
 * tensor infos whose offsets follow ggml's padding rule, and hooks to write what a broken or hostile file would claim.
 */
final class GgufWriter {
    static final int U8 = 0, I8 = 1, U16 = 2, I16 = 3, U32 = 4, I32 = 5, F32 = 6, BOOL = 7, STR = 8, ARR = 9, U64 = 10,
            I64 = 11, F64 = 12;

    /** An array value: its element type and elements (an element of an ARR array is itself an Arr). */
    record Arr(int type, List<?> values) { }

    private record Kv(String key, int type, Object value) { }

    record Tensor(String name, long[] shape, int type, long offset) { }

    private final ByteOrder order;
    private int version = 3;
    private final List<Kv> kvs = new ArrayList<>();
    private final List<Tensor> tensors = new ArrayList<>();
    private Long claimKv;
    private Long claimTensors;
    private int alignment = 32;
    private long nextOffset;

    GgufWriter(ByteOrder order) {
        this.order = order;
    }

    GgufWriter() {
        this(ByteOrder.LITTLE_ENDIAN);
    }

    GgufWriter version(int v) {
        version = v;
        return this;
    }

    /** A metadata entry of any type id (also ones GGUF does not have, for the hostile tests). */
    GgufWriter kv(String key, int type, Object value) {
        kvs.add(new Kv(key, type, value));
        if (key.equals("general.alignment") && type == U32) {
            alignment = ((Number) value).intValue();
        }
        return this;
    }

    GgufWriter str(String key, String value) { return kv(key, STR, value); }

    GgufWriter u32(String key, long value) { return kv(key, U32, value); }

    GgufWriter arr(String key, int type, List<?> values) { return kv(key, ARR, new Arr(type, values)); }

    /** A tensor whose offset follows the previous one's data, padded to the alignment (as ggml requires). */
    GgufWriter tensor(String name, int type, long... shape) {
        GgmlType t = GgmlType.byId(type);
        long bytes = 0;
        if (t != null && !t.removed()) {
            try {
                bytes = t.bytes(name, shape);
            } catch (GgufException e) {
                bytes = 0; // a broken row: the reader is to refuse it
            }
        }
        tensors.add(new Tensor(name, shape, type, nextOffset));
        nextOffset += (bytes + alignment - 1) / alignment * alignment;
        return this;
    }

    /** A tensor at a given offset. */
    GgufWriter tensorAt(String name, int type, long offset, long... shape) {
        tensors.add(new Tensor(name, shape, type, offset));
        return this;
    }

    /** Writes {@code n} as the metadata count whatever the entries are. */
    GgufWriter claimKv(long n) {
        claimKv = n;
        return this;
    }

    GgufWriter claimTensors(long n) {
        claimTensors = n;
        return this;
    }

    /** Bytes of tensor data the infos describe (each tensor padded to the alignment). */
    long dataBytes() { return nextOffset; }

    /** The header, the tensor infos and the padding before the data; no data. */
    byte[] header() {
        Out o = new Out(order);
        o.raw(new byte[] {'G', 'G', 'U', 'F'});
        o.u32(version);
        o.u64(claimTensors != null ? claimTensors : tensors.size());
        o.u64(claimKv != null ? claimKv : kvs.size());
        for (Kv kv : kvs) {
            o.string(kv.key());
            o.u32(kv.type());
            o.value(kv.type(), kv.value());
        }
        for (Tensor t : tensors) {
            o.string(t.name());
            o.u32(t.shape().length);
            for (long d : t.shape()) {
                o.u64(d);
            }
            o.u32(t.type());
            o.u64(t.offset());
        }
        while (!tensors.isEmpty() && o.size() % alignment != 0) {
            o.raw(new byte[] {0});
        }
        return o.bytes();
    }

    /** The header followed by zeros for the data. */
    byte[] withData() {
        byte[] h = header();
        byte[] all = new byte[Math.toIntExact(h.length + dataBytes())];
        System.arraycopy(h, 0, all, 0, h.length);
        return all;
    }

    /** Writes the header, and the data as a sparse tail (the file has its full size, the disk holds the header). */
    Path write(Path file) throws IOException {
        byte[] h = header();
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(0);
            f.write(h);
            f.setLength(h.length + dataBytes());
        }
        return file;
    }

    /** The encoder. */
    static final class Out {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final ByteBuffer b;

        Out(ByteOrder order) {
            b = ByteBuffer.allocate(8).order(order);
        }

        int size() { return out.size(); }

        byte[] bytes() { return out.toByteArray(); }

        void raw(byte[] x) { out.writeBytes(x); }

        private void put(int n) {
            out.write(b.array(), 0, n);
            b.clear();
        }

        void u8(long v) { b.put((byte) v); put(1); }

        void u16(long v) { b.putShort((short) v); put(2); }

        void u32(long v) { b.putInt((int) v); put(4); }

        void u64(long v) { b.putLong(v); put(8); }

        void f32(double v) { b.putFloat((float) v); put(4); }

        void f64(double v) { b.putDouble(v); put(8); }

        void string(String s) {
            byte[] x = s.getBytes(StandardCharsets.UTF_8);
            u64(x.length);
            raw(x);
        }

        void value(int type, Object v) {
            switch (type) {
                case U8, I8, BOOL -> u8(v instanceof Boolean x ? (x ? 1 : 0) : ((Number) v).longValue());
                case U16, I16 -> u16(((Number) v).longValue());
                case U32, I32 -> u32(((Number) v).longValue());
                case U64, I64 -> u64(((Number) v).longValue());
                case F32 -> f32(((Number) v).doubleValue());
                case F64 -> f64(((Number) v).doubleValue());
                case STR -> string((String) v);
                case ARR -> {
                    Arr a = (Arr) v;
                    u32(a.type());
                    u64(a.values().size());
                    for (Object e : a.values()) {
                        value(a.type(), e);
                    }
                }
                default -> u32(((Number) v).longValue()); // a type GGUF does not have: 4 bytes of something
            }
        }
    }
}
