package org.vramsheet.core.sheet;

/** Storage format of the weights; bits per parameter before any grouped-quantization overhead. */
public enum WeightFormat {
    FP32("fp32", 32, 0, 0),
    BF16("bf16", 16, 0, 0),
    FP16("fp16", 16, 0, 0),
    FP8("fp8", 8, 0, 0),
    INT8("int8", 8, 0, 0),
    INT4("int4", 4, 0, 0),
    /** NVFP4: 4-bit values with one FP8 (E4M3) scale per 16 values. */
    NVFP4("nvfp4", 4, 16, 8),
    /** MXFP4 (OCP microscaling): 4-bit values with one E8M0 scale per 32 values. */
    MXFP4("mxfp4", 4, 32, 8);

    private final String label;
    private final int bits;
    private final int nativeGroup;
    private final int nativeScaleBits;

    WeightFormat(String label, int bits, int nativeGroup, int nativeScaleBits) {
        this.label = label;
        this.bits = bits;
        this.nativeGroup = nativeGroup;
        this.nativeScaleBits = nativeScaleBits;
    }

    public String label() { return label; }

    public int bits() { return bits; }

    /** Block size the format itself defines (0 = none); a worksheet group size overrides it. */
    public int nativeGroup() { return nativeGroup; }

    public int nativeScaleBits() { return nativeScaleBits; }

    public boolean quantized() { return bits < 16; }
}
