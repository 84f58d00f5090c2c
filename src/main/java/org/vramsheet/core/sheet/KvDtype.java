package org.vramsheet.core.sheet;

import java.math.BigDecimal;

/**
 * KV-cache element type, independent of the weight format. Sizes are exact rationals
 * (bytes = elements x num / den) so block-scaled formats stay exact.
 */
public enum KvDtype {
    AUTO("auto (model dtype)", 0, 1),
    BF16("bf16", 2, 1),
    FP16("fp16", 2, 1),
    FP32("fp32", 4, 1),
    FP8_E4M3("fp8 (e4m3)", 1, 1),
    FP8_E5M2("fp8 (e5m2)", 1, 1),
    INT8("int8", 1, 1),
    /** llama.cpp q8_0: 32 int8 values + one fp16 scale = 34 bytes per 32 values. */
    Q8_0("q8_0 (llama.cpp)", 34, 32),
    /** llama.cpp q4_0: 32 4-bit values + one fp16 scale = 18 bytes per 32 values. */
    Q4_0("q4_0 (llama.cpp)", 18, 32),
    /** llama.cpp q4_1: 32 4-bit values + fp16 scale and minimum = 20 bytes per 32 values (ggml-common.h block_q4_1). */
    Q4_1("q4_1 (llama.cpp)", 20, 32),
    /** llama.cpp q5_0: 32 5-bit values (16 bytes + 4 bytes of high bits) + fp16 scale = 22 bytes (block_q5_0). */
    Q5_0("q5_0 (llama.cpp)", 22, 32),
    /** llama.cpp q5_1: q5_0 with an fp16 minimum as well = 24 bytes per 32 values (block_q5_1). */
    Q5_1("q5_1 (llama.cpp)", 24, 32),
    /** llama.cpp iq4_nl: 32 4-bit non-linear codes + one fp16 scale = 18 bytes per 32 values (block_iq4_nl). */
    IQ4_NL("iq4_nl (llama.cpp)", 18, 32),
    /** vLLM nvfp4 KV: head_size/2 bytes of packed fp4 + head_size/16 fp8 block scales. */
    FP4("fp4 (nvfp4)", 9, 16),
    /**
     * vLLM's {@code fp8_ds_mla} MLA layout (FlashMLA sparse): per token per layer kv_lora_rank fp8 values, one fp32 scale per
     * 128 of them and the qk_rope_head_dim RoPE values in bf16 (512 + 4 x 4 + 64 x 2 = 656 B for DeepSeek V3 / V3.2); the
     * bytes come from that layout ({@code KvGeometry}), num / den is only the fp8 element for anything else.
     */
    FP8_DS_MLA("fp8_ds_mla (vLLM MLA)", 1, 1);

    private final String label;
    private final int num;
    private final int den;

    KvDtype(String label, int num, int den) {
        this.label = label;
        this.num = num;
        this.den = den;
    }

    public String label() { return label; }

    /** Numerator of bytes per element; resolve AUTO first. */
    public int num() { return num; }

    public int den() { return den; }

    /** Whether this is one of llama.cpp's block-quantized cache types (-ctk / -ctv q8_0, q4_0, q4_1, q5_0, q5_1, iq4_nl). */
    public boolean ggmlBlocks() {
        return this == Q8_0 || this == Q4_0 || this == Q4_1 || this == Q5_0 || this == Q5_1 || this == IQ4_NL;
    }

    /** Resolves AUTO to the model's compute dtype. */
    public KvDtype resolve(ComputeDtype model) {
        if (this != AUTO) {
            return this;
        }
        return switch (model) {
            case BF16 -> BF16;
            case FP16 -> FP16;
            case FP32 -> FP32;
        };
    }

    /** Bytes per element as text, e.g. "2", "1.0625". */
    public String bytesText() {
        if (num % den == 0) {
            return Integer.toString(num / den);
        }
        return new BigDecimal(num).divide(new BigDecimal(den)).stripTrailingZeros().toPlainString();
    }
}
