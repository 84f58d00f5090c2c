package org.vramsheet.core.engine.spi;

import java.util.List;

/**
 * One device's memory as an engine allocates it (llama.cpp: a GPU, or the host): the layers it holds and each of its
 * buffers with how it was sized.
 *
 * @param name   "GPU 0", "GPU 1", ..., "host"
 * @param gpu    whether it is a GPU (the host's memory is RAM, not checked against a GPU)
 * @param layers repeating layers it holds
 */
public record DeviceMemory(String name, boolean gpu, int layers, List<Part> parts) {
    /** What a buffer holds. */
    public enum Kind {
        WEIGHTS("weights"), OUTPUT_LAYER("output layer"), KV("KV cache"), STATE("recurrent state"),
        COMPUTE("compute buffer"), OUTPUT_BUFFER("output buffer");

        private final String label;

        Kind(String label) { this.label = label; }

        public String label() { return label; }
    }

    /** One buffer: its bytes, the rule, the rule with this sheet's numbers, and what it assumes. */
    public record Part(Kind kind, long bytes, String formula, String expression, List<String> notes) {
        public Part {
            notes = notes == null ? List.of() : List.copyOf(notes);
        }
    }

    public DeviceMemory {
        parts = List.copyOf(parts);
    }

    /** The bytes of one kind of buffer (0 when the device has none). */
    public long bytes(Kind k) {
        return parts.stream().filter(p -> p.kind() == k).mapToLong(Part::bytes).sum();
    }

    /** The part of one kind, or null. */
    public Part part(Kind k) {
        return parts.stream().filter(p -> p.kind() == k).findFirst().orElse(null);
    }

    /** Every buffer together. */
    public long totalBytes() {
        long t = 0;
        for (Part p : parts) {
            t = Math.addExact(t, p.bytes());
        }
        return t;
    }
}
