package org.vramsheet.core.perf;

import org.vramsheet.core.sheet.WeightFormat;

/**
 * The tensor-core rate a matrix multiply runs at. FP8 and FP4 weights multiply on FP8 / FP4 tensor cores only where the
 * GPU has them (W8A8 / W4A4 kernels); weight-only formats (INT8, INT4: AWQ, GPTQ) dequantize and multiply in BF16, as
 * vLLM's Marlin and AWQ kernels do.
 */
public enum TensorPrecision {
    BF16("BF16"), FP8("FP8"), FP4("FP4");

    private final String label;

    TensorPrecision(String label) { this.label = label; }

    public String label() { return label; }

    /** The precision a weight format's matrix multiplies ask for. */
    public static TensorPrecision of(WeightFormat f) {
        return switch (f) {
            case FP8 -> FP8;
            case NVFP4, MXFP4 -> FP4;
            default -> BF16;
        };
    }
}
