package org.vramsheet.io.gguf;

/**
 * Every ggml tensor type a GGUF file can name, with its block size (values per block) and type size (bytes per
 * block), exactly as ggml's {@code type_traits} table sets them ({@code ggml/src/ggml.c}: {@code .blck_size} and
 * {@code .type_size = sizeof(block_...)}, the block structs in {@code ggml/src/ggml-common.h}; ids from
 * {@code enum ggml_type} in {@code ggml/include/ggml.h}), read at ggml-org/ggml commit d99724f2 (2026-08-21), where
 * {@code GGML_TYPE_COUNT} is 43. The sizes were checked by compiling that {@code ggml-common.h} and printing
 * {@code sizeof} of every block, and against {@code GGML_QUANT_SIZES} in llama.cpp's {@code gguf-py/gguf/constants.py}.
 * Ids whose support ggml removed keep their number and say so ({@link #removed()}); they have no size.
 */
public enum GgmlType {
    F32(0, "f32", 1, 4),
    F16(1, "f16", 1, 2),
    Q4_0(2, "q4_0", 32, 18),
    Q4_1(3, "q4_1", 32, 20),
    Q4_2(4, "q4_2", 0, 0),
    Q4_3(5, "q4_3", 0, 0),
    Q5_0(6, "q5_0", 32, 22),
    Q5_1(7, "q5_1", 32, 24),
    Q8_0(8, "q8_0", 32, 34),
    Q8_1(9, "q8_1", 32, 36),
    Q2_K(10, "q2_K", 256, 84),
    Q3_K(11, "q3_K", 256, 110),
    Q4_K(12, "q4_K", 256, 144),
    Q5_K(13, "q5_K", 256, 176),
    Q6_K(14, "q6_K", 256, 210),
    Q8_K(15, "q8_K", 256, 292),
    IQ2_XXS(16, "iq2_xxs", 256, 66),
    IQ2_XS(17, "iq2_xs", 256, 74),
    IQ3_XXS(18, "iq3_xxs", 256, 98),
    IQ1_S(19, "iq1_s", 256, 50),
    IQ4_NL(20, "iq4_nl", 32, 18),
    IQ3_S(21, "iq3_s", 256, 110),
    IQ2_S(22, "iq2_s", 256, 82),
    IQ4_XS(23, "iq4_xs", 256, 136),
    I8(24, "i8", 1, 1),
    I16(25, "i16", 1, 2),
    I32(26, "i32", 1, 4),
    I64(27, "i64", 1, 8),
    F64(28, "f64", 1, 8),
    IQ1_M(29, "iq1_m", 256, 56),
    BF16(30, "bf16", 1, 2),
    Q4_0_4_4(31, "q4_0_4_4", 0, 0),
    Q4_0_4_8(32, "q4_0_4_8", 0, 0),
    Q4_0_8_8(33, "q4_0_8_8", 0, 0),
    TQ1_0(34, "tq1_0", 256, 54),
    TQ2_0(35, "tq2_0", 256, 66),
    IQ4_NL_4_4(36, "iq4_nl_4_4", 0, 0),
    IQ4_NL_4_8(37, "iq4_nl_4_8", 0, 0),
    IQ4_NL_8_8(38, "iq4_nl_8_8", 0, 0),
    MXFP4(39, "mxfp4", 32, 17),
    NVFP4(40, "nvfp4", 64, 36),
    Q1_0(41, "q1_0", 128, 18),
    Q2_0(42, "q2_0", 64, 18);

    /** The number of type ids ggml knows ({@code GGML_TYPE_COUNT}); an id at or above it is unknown here. */
    public static final int COUNT = 43;
    private static final GgmlType[] BY_ID = new GgmlType[COUNT];

    static {
        for (GgmlType t : values()) {
            BY_ID[t.id] = t;
        }
    }

    private final int id;
    private final String ggmlName;
    private final int blockSize;
    private final int typeSize;

    GgmlType(int id, String ggmlName, int blockSize, int typeSize) {
        this.id = id;
        this.ggmlName = ggmlName;
        this.blockSize = blockSize;
        this.typeSize = typeSize;
    }

    /** The type with this id, or null for an id ggml does not have (never guessed). */
    public static GgmlType byId(int id) {
        return id >= 0 && id < COUNT ? BY_ID[id] : null;
    }

    public int id() { return id; }

    /** ggml's own name ({@code ggml_type_name}), e.g. "q4_K". */
    public String ggmlName() { return ggmlName; }

    /** Values per block (1 for plain types); 0 for a removed type. */
    public int blockSize() { return blockSize; }

    /** Bytes per block; 0 for a removed type. */
    public int typeSize() { return typeSize; }

    /**
     * Whether ggml removed this type: Q4_2 and Q4_3 ("support has been removed"), and the repacked Q4_0_x_y and
     * IQ4_NL_x_y ("REMOVED, use Q4_0 / IQ4_NL with runtime repacking"); ggml refuses a tensor of such a type.
     */
    public boolean removed() { return blockSize == 0; }

    /** What ggml says of a removed type, for messages. */
    public String removedNote() {
        if (id == 4 || id == 5) {
            return name() + " (id " + id + "): support has been removed from ggml";
        }
        String base = name().startsWith("IQ4_NL") ? "IQ4_NL" : "Q4_0";
        return name() + " (id " + id + "): removed from ggml, use " + base + " with runtime repacking";
    }

    /**
     * Bytes of a tensor of this type with this shape, as ggml's {@code ggml_nbytes}: the row (ne[0]) is a whole number
     * of blocks, and bytes = ne[0] / block size x type size x ne[1] x ne[2] x ne[3]; a dimension of 0 gives 0.
     *
     * @throws GgufException naming the tensor when the row is not a whole number of blocks, the type was removed, or
     *                       the product does not fit in a long
     */
    public long bytes(String tensor, long[] shape) throws GgufException {
        if (removed()) {
            throw new GgufException("tensor " + GgufException.quote(tensor) + " has type " + removedNote());
        }
        long row = shape.length == 0 ? 1 : shape[0];
        if (row % blockSize != 0) {
            throw new GgufException("tensor " + GgufException.quote(tensor) + " of type " + name() + " has " + row
                    + " values per row, not a whole number of blocks of " + blockSize);
        }
        try {
            long n = Math.multiplyExact(row / blockSize, (long) typeSize);
            for (int i = 1; i < shape.length; i++) {
                n = Math.multiplyExact(n, shape[i]);
            }
            return n;
        } catch (ArithmeticException e) {
            throw new GgufException("tensor " + GgufException.quote(tensor) + " has more bytes than a long holds");
        }
    }
}
