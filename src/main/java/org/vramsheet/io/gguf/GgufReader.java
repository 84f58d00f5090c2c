package org.vramsheet.io.gguf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a GGUF file's header and tensor-info table, never the tensor data, validating as it reads. The layout is the
 * one in ggml's {@code docs/gguf.md} (ggml-org/ggml d99724f2): the magic "GGUF", a uint32 version, uint64 tensor and
 * metadata counts, the key-value pairs, the tensor infos (name, uint32 n_dims, uint64 ne[n_dims], uint32 ggml type,
 * uint64 offset), padding to {@code general.alignment} (default 32), then the data.
 * <p>
 * The checks are ggml's own ({@code ggml/src/gguf.cpp}, {@code gguf_init_from_reader}), with tighter limits where
 * ggml trusts the file to a gigabyte: version 2 or 3 (v1 is refused as llama.cpp refuses it, "GGUFv1 is no longer
 * supported"); a big-endian file is told by its version, whose low 16 bits read 0 in little-endian (ggml's "is there a
 * mismatch between the host and model endianness?" test, and gguf-py's {@code GGUFReader}); the magic is the bytes
 * "GGUF" in either byte order (gguf-py writes it little-endian in a big-endian file too). Keys are non-empty, unique,
 * at most 65,535 bytes; {@code general.alignment} is a uint32 power of two; tensor names are unique and shorter than
 * 64 bytes ({@code GGML_MAX_NAME}); n_dims is at most 4 ({@code GGML_MAX_DIMS}); no dimension is negative and their
 * product fits in 63 bits; a row of a known type is a whole number of blocks; each offset is a multiple of the
 * alignment and, when the file's size is known, each tensor's data lies inside the file. A type id this reader does not
 * know is kept as it is (reported by {@link GgufWeights}, never guessed). Counts are checked against the bytes the file
 * has left before anything is allocated.
 */
public final class GgufReader {
    /** Most bytes of header a file may have before it is refused (real headers are a few megabytes). */
    public static final long DEFAULT_BUDGET = 128L << 20;
    /** Most metadata entries and most tensors one file may claim. */
    public static final long MAX_ENTRIES = 1L << 20;
    static final int MAX_KEY = 65_535;
    /** ggml's GGML_MAX_NAME (64) counts the terminating NUL: a name has at most 63 bytes. */
    static final int MAX_NAME = 63;
    static final int MAX_DIMS = 4;
    static final int DEFAULT_ALIGNMENT = 32;
    /** Smallest encoded key-value pair: key length (8), a 1-byte key, type (4), a 1-byte value. */
    private static final int MIN_KV = 14;
    /** Smallest encoded tensor info: name length (8), n_dims (4), type (4), offset (8). */
    private static final int MIN_TENSOR = 24;
    private static final String ALIGNMENT_KEY = "general.alignment";

    private final GgufInput in;
    private final GgufValues values;
    private final String source;
    private final int part;

    private GgufReader(GgufSource src, String source, long budget, int part) {
        this.in = new GgufInput(src, budget);
        this.values = new GgufValues(in);
        this.source = source;
        this.part = part;
    }

    /** A local file, within {@link #DEFAULT_BUDGET}. */
    public static GgufFile read(Path file) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(file)) {
            return read(ch, file.toString(), DEFAULT_BUDGET);
        }
    }

    /** A local file as part {@code part} of a split model. */
    static GgufFile read(Path file, int part) throws IOException {
        try (SeekableByteChannel ch = Files.newByteChannel(file)) {
            return read(GgufSource.of(ch), file.toString(), DEFAULT_BUDGET, part);
        }
    }

    /** A channel from position 0 (its size bounds every count); at most {@code budget} bytes of header. */
    public static GgufFile read(SeekableByteChannel ch, String source, long budget) throws IOException {
        return read(GgufSource.of(ch), source, budget, 0);
    }

    /** A stream from its first byte, its size not known; at most {@code budget} bytes are read. */
    public static GgufFile read(InputStream in, String source, long budget) throws IOException {
        return read(GgufSource.of(in, -1), source, budget, 0);
    }

    /** Any source; {@code part} is written into every tensor (a split file's index, 0 for a single file). */
    static GgufFile read(GgufSource src, String source, long budget, int part) throws IOException {
        return new GgufReader(src, source, budget, part).file();
    }

    private GgufFile file() throws IOException {
        int version = header();
        long tensors = count("tensors", MIN_TENSOR);
        long kvs = count("metadata entries", MIN_KV);
        Map<String, Object> meta = new LinkedHashMap<>();
        Map<String, Long> types = new LinkedHashMap<>();
        for (long i = 0; i < kvs; i++) {
            keyValue(i, meta, types);
        }
        int alignment = alignment(meta, types);
        List<GgufTensor> infos = new ArrayList<>((int) Math.min(tensors, 4096));
        Set<String> names = new HashSet<>();
        for (long i = 0; i < tensors; i++) {
            infos.add(tensor(i, alignment, names));
        }
        checkData(infos, alignment);
        return new GgufFile(version, in.order(), meta, infos, alignment, source);
    }

    private int header() throws IOException {
        in.where("the magic");
        byte[] magic = in.bytes(4);
        if (magic[0] != 'G' || magic[1] != 'G' || magic[2] != 'U' || magic[3] != 'F') {
            throw new GgufException("not a GGUF file: it starts with " + GgufException.quote(new String(magic,
                    StandardCharsets.ISO_8859_1)) + ", not \"GGUF\"");
        }
        in.where("the version");
        long v = in.u32();
        if (v != 0 && (v & 0xffff) == 0) {
            in.order(ByteOrder.BIG_ENDIAN);
            v = Integer.reverseBytes((int) v) & 0xffffffffL;
        }
        if (v == 1) {
            throw new GgufException("GGUF version 1 (before November 2023) is no longer supported by llama.cpp, nor here: "
                    + "convert the model again");
        }
        if (v != 2 && v != 3) {
            throw new GgufException("GGUF version " + v + " is not one this reader knows (2 or 3)");
        }
        return (int) v;
    }

    /** A uint64 count, refused when negative, above {@link #MAX_ENTRIES} or more than the file could hold. */
    private long count(String what, int minBytes) throws IOException {
        in.where("the " + what + " count");
        long at = in.position();
        long n = in.i64();
        String claim = "the header claims " + Long.toUnsignedString(n) + " " + what + " (at byte " + GgufException.num(at) + ")";
        if (n < 0 || n > MAX_ENTRIES) {
            throw new GgufException(claim + ": more than the " + GgufException.num(MAX_ENTRIES) + " this reader accepts");
        }
        if (n * minBytes > in.fileLeft()) {
            throw new GgufException(claim + ", at least " + GgufException.num(n * minBytes) + " bytes, but the file has "
                    + GgufException.num(in.fileLeft()) + " bytes left");
        }
        return n;
    }

    private void keyValue(long i, Map<String, Object> meta, Map<String, Long> types) throws IOException {
        in.where("the key of metadata entry " + i);
        String key = values.string(MAX_KEY);
        if (key.isEmpty()) {
            throw new GgufException("metadata entry " + i + " has an empty key " + in.byteAt(8));
        }
        in.where("key " + GgufException.quote(key));
        if (meta.containsKey(key)) {
            throw new GgufException("key " + GgufException.quote(key) + " appears twice (entry " + i + ", key ending at byte "
                    + GgufException.num(in.position()) + ")");
        }
        long type = in.u32();
        meta.put(key, values.value(type, 0));
        types.put(key, type);
    }

    private int alignment(Map<String, Object> meta, Map<String, Long> types) throws GgufException {
        Object a = meta.get(ALIGNMENT_KEY);
        if (a == null) {
            return DEFAULT_ALIGNMENT;
        }
        if (types.get(ALIGNMENT_KEY) != 4) {
            throw new GgufException(ALIGNMENT_KEY + " is a " + GgufValues.typeName(types.get(ALIGNMENT_KEY))
                    + ", not a uint32 (as ggml requires)");
        }
        long v = (Long) a;
        if (v == 0 || (v & (v - 1)) != 0) {
            throw new GgufException(ALIGNMENT_KEY + " is " + v + ", not a power of 2");
        }
        return (int) v;
    }

    private GgufTensor tensor(long i, int alignment, Set<String> names) throws IOException {
        in.where("the name of tensor info " + i);
        String name = values.string(MAX_NAME);
        in.where("tensor " + i + " " + GgufException.quote(name));
        if (!names.add(name)) {
            throw new GgufException("tensor name " + GgufException.quote(name) + " appears twice (tensor " + i + ", name "
                    + "ending at byte " + GgufException.num(in.position()) + ")");
        }
        long dims = in.u32();
        if (dims > MAX_DIMS) {
            throw new GgufException(in.where() + " has " + dims + " dimensions, more than ggml's " + MAX_DIMS + " " + in.byteAt(4));
        }
        long[] shape = new long[(int) dims];
        for (int d = 0; d < dims; d++) {
            shape[d] = in.i64();
            if (shape[d] < 0) {
                throw new GgufException(in.where() + " has dimension " + d + " of " + Long.toUnsignedString(shape[d])
                        + ", above 2^63 " + in.byteAt(8));
            }
        }
        long type = in.u32();
        if (type > Integer.MAX_VALUE) {
            throw new GgufException(in.where() + " has ggml type id " + type + ", not a type id " + in.byteAt(4));
        }
        long offset = in.i64();
        GgufTensor t = new GgufTensor(name, shape, (int) type, offset, part);
        check(t, alignment);
        return t;
    }

    private void check(GgufTensor t, int alignment) throws GgufException {
        String what = in.where();
        try {
            t.elements();
        } catch (ArithmeticException e) {
            throw new GgufException(what + " has more elements than 2^63 (its info ends at byte " + GgufException.num(in.position())
                    + ")");
        }
        if (t.offset() < 0 || t.offset() % alignment != 0) {
            throw new GgufException(what + " has data offset " + Long.toUnsignedString(t.offset()) + ", not a multiple of "
                    + "the alignment " + alignment + " " + in.byteAt(8));
        }
        GgmlType type = GgmlType.byId(t.ggmlType());
        if (type != null && !type.removed()) {
            type.bytes(t.name(), t.shape());
        }
    }

    /** When the file's size is known: every tensor of a known type ends inside the file. */
    private void checkData(List<GgufTensor> infos, int alignment) throws GgufException {
        long size = in.size();
        if (size < 0 || infos.isEmpty()) {
            return;
        }
        long start = (in.position() + alignment - 1) / alignment * alignment;
        for (GgufTensor t : infos) {
            GgmlType type = GgmlType.byId(t.ggmlType());
            if (type == null || type.removed()) {
                continue;
            }
            long bytes = type.bytes(t.name(), t.shape());
            long end = start + t.offset() + bytes;
            if (end < 0 || end > size) {
                throw new GgufException("tensor " + GgufException.quote(t.name()) + " has its data at bytes "
                        + GgufException.num(start + t.offset()) + " to " + GgufException.num(end - 1) + ", past the end of "
                        + "the file (" + GgufException.num(size) + " bytes): truncated download?");
            }
        }
    }
}
