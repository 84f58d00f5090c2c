package org.vramsheet.core.sheet;

/** The dtype the model computes in (torch_dtype); what a KV dtype of "auto" resolves to. */
public enum ComputeDtype {
    BF16("bf16", 2), FP16("fp16", 2), FP32("fp32", 4);

    private final String label;
    private final int bytes;

    ComputeDtype(String label, int bytes) {
        this.label = label;
        this.bytes = bytes;
    }

    public String label() { return label; }

    public int bytes() { return bytes; }
}
