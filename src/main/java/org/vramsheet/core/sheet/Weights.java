package org.vramsheet.core.sheet;

/**
 * WEIGHTS: parameter counts and storage format.
 *
 * @param totalParams       all parameters (what memory pays for; MoE: every expert)
 * @param activeParams      parameters used per token (MoE), null when dense
 * @param format            storage format of the quantized part
 * @param computeDtype      dtype the model computes in; KV "auto" resolves to it
 * @param groupSize         grouped-quantization group size (null: none, or the format's own)
 * @param scaleBits         bits of the scale stored per group
 * @param zeroPointBits     bits of the zero point stored per group (0 for symmetric)
 * @param unquantizedParams parameters kept in the compute dtype (embeddings, LM head)
 * @param checkpointBytes   exact bytes of the checkpoint's weights when known; they win
 * @param checkpointFormat  free text: what the checkpoint actually contains
 * @param encoderParams     parameters of vision / audio encoders and their projectors (not in totalParams), kept in
 *                          the compute dtype; null or 0 when the model has none
 */
public record Weights(Long totalParams, Long activeParams, WeightFormat format, ComputeDtype computeDtype,
                      Integer groupSize, Integer scaleBits, Integer zeroPointBits, Long unquantizedParams,
                      Long checkpointBytes, String checkpointFormat, Long encoderParams) {
    public Weights {
        format = format == null ? WeightFormat.BF16 : format;
        computeDtype = computeDtype == null ? ComputeDtype.BF16 : computeDtype;
        checkpointFormat = checkpointFormat == null ? "" : checkpointFormat;
    }

    /** The quantization group actually used: 0 when not quantized, else the sheet's or the format's own. */
    public int resolvedGroupSize() {
        return !format.quantized() ? 0 : groupSize != null ? groupSize : format.nativeGroup();
    }

    /** Scale bits per group: the sheet's, else the format's native scale, else 16. */
    public int resolvedScaleBits() {
        return scaleBits != null ? scaleBits : format.nativeGroup() > 0 ? format.nativeScaleBits() : 16;
    }

    /** Zero-point bits per group: the sheet's, else 0 for formats with native groups (symmetric), else 16. */
    public int resolvedZeroPointBits() {
        return zeroPointBits != null ? zeroPointBits : format.nativeGroup() > 0 ? 0 : 16;
    }

    public static Weights empty() {
        return new Weights(null, null, WeightFormat.BF16, ComputeDtype.BF16, null, null, null, null, null, "", null);
    }

    // copy methods: an edit changes only the field it names

    public Weights withTotalParams(Long totalParams) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withActiveParams(Long activeParams) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withFormat(WeightFormat format) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withComputeDtype(ComputeDtype computeDtype) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withGroupSize(Integer groupSize) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withScaleBits(Integer scaleBits) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withZeroPointBits(Integer zeroPointBits) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withUnquantizedParams(Long unquantizedParams) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withCheckpointBytes(Long checkpointBytes) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withCheckpointFormat(String checkpointFormat) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }

    public Weights withEncoderParams(Long encoderParams) {
        return new Weights(totalParams, activeParams, format, computeDtype, groupSize, scaleBits, zeroPointBits, unquantizedParams, checkpointBytes, checkpointFormat, encoderParams);
    }
}
