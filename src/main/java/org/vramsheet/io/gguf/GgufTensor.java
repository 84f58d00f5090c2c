package org.vramsheet.io.gguf;

/**
 * One entry of a GGUF tensor-info table.
 *
 * @param name     tensor name, e.g. "blk.0.attn_k.weight"
 * @param shape    dimensions as GGUF stores them (ne[0] first: the row length)
 * @param ggmlType the ggml type id (0 = F32, 1 = F16, 8 = Q8_0, 12 = Q4_K, ... 39 = MXFP4)
 * @param offset   data offset relative to the start of the file's tensor data
 * @param part     which split part holds it (0 for a single file)
 */
public record GgufTensor(String name, long[] shape, int ggmlType, long offset, int part) {
    public GgufTensor {
        shape = shape.clone();
    }

    @Override
    public long[] shape() { return shape.clone(); }

    /** Number of elements (product of the shape), exact or an ArithmeticException. */
    public long elements() {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }
}
