package org.vramsheet.core.engine.llamacpp;

import java.util.Locale;
import org.vramsheet.core.sheet.KvDtype;

/**
 * llama.cpp's KV cache types (-ctk / -ctv) and their rows as ggml sizes them: {@code ggml_row_size(type, n) = n / block x
 * type size} (ggml.c {@code type_traits}: q8_0 is 32 int8 values and one fp16 scale, 34 bytes per 32 values). A quantized V
 * cache needs flash attention (llama-context.cpp refuses it otherwise: "V cache quantization requires flash_attn").
 */
public enum LlamaCppCacheType {
    F32("f32", 4, 1), F16("f16", 2, 1), BF16("bf16", 2, 1), Q8_0("q8_0", 34, 32), Q4_0("q4_0", 18, 32), Q4_1("q4_1", 20, 32),
    Q5_0("q5_0", 22, 32), Q5_1("q5_1", 24, 32), IQ4_NL("iq4_nl", 18, 32);

    private final String ggmlName;
    private final int blockBytes;
    private final int blockSize;

    LlamaCppCacheType(String ggmlName, int blockBytes, int blockSize) {
        this.ggmlName = ggmlName;
        this.blockBytes = blockBytes;
        this.blockSize = blockSize;
    }

    /** The name llama.cpp prints ("K (q8_0)", "type_k = 'f16'") and takes on its command line. */
    public String ggmlName() { return ggmlName; }

    /** Bytes of one block of {@link #blockSize()} values. */
    public int blockBytes() { return blockBytes; }

    public int blockSize() { return blockSize; }

    /** Whether a V cache of this type needs flash attention (every block-quantized type does). */
    public boolean quantized() { return blockSize > 1; }

    /** Bytes of a row of {@code n} values; ggml asserts n is a whole number of blocks, and so does this. */
    public long rowBytes(long n) {
        if (n % blockSize != 0) {
            throw new IllegalArgumentException(n + " values are not whole " + ggmlName + " blocks of " + blockSize);
        }
        return Math.multiplyExact(n / blockSize, (long) blockBytes);
    }

    /** The type llama.cpp prints by this name, or null. */
    public static LlamaCppCacheType of(String ggmlName) {
        String n = ggmlName == null ? "" : ggmlName.trim().toLowerCase(Locale.ROOT);
        for (LlamaCppCacheType t : values()) {
            if (t.ggmlName.equals(n)) {
                return t;
            }
        }
        return null;
    }

    /** The sheet's KV dtype of this type (every llama.cpp cache type has one). */
    public KvDtype kvDtype() {
        return switch (this) {
            case F32 -> KvDtype.FP32;
            case F16 -> KvDtype.FP16;
            case BF16 -> KvDtype.BF16;
            case Q8_0 -> KvDtype.Q8_0;
            case Q4_0 -> KvDtype.Q4_0;
            case Q4_1 -> KvDtype.Q4_1;
            case Q5_0 -> KvDtype.Q5_0;
            case Q5_1 -> KvDtype.Q5_1;
            case IQ4_NL -> KvDtype.IQ4_NL;
        };
    }

    /**
     * The llama.cpp cache type of a sheet dtype, or null when llama.cpp has none (fp8, int8, fp4). AUTO is llama.cpp's
     * default {@code -ctk f16} (common.h {@code cache_type_k = GGML_TYPE_F16}), whatever the model's dtype.
     */
    public static LlamaCppCacheType of(KvDtype d) {
        if (d == null || d == KvDtype.AUTO) {
            return F16;
        }
        for (LlamaCppCacheType t : values()) {
            if (t.kvDtype() == d) {
                return t;
            }
        }
        return null;
    }
}
