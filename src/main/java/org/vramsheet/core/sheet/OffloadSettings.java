package org.vramsheet.core.sheet;

/**
 * RUNTIME › KV offload to CPU memory (schemaVersion 9): a host-RAM tier for cached prefixes. It adds no active tokens: the
 * GPU pool still holds every running sequence; the host keeps prefix blocks evicted from it, to be copied back on a hit.
 * llama.cpp's {@code --no-kv-offload} (the whole cache in host RAM) stays in {@link LlamaCppSettings#noKvOffload()}.
 *
 * @param cpuBytes         vLLM {@code --kv-offloading-size} (the whole buffer, summed over the TP ranks) or LMCache
 *                         {@code max_local_cpu_size} x TP; SGLang {@code --hicache-size} (per rank); null: not set
 * @param cpuRatio         SGLang {@code --hicache-ratio}: the host pool as a multiple of the device pool per rank (used
 *                         when cpuBytes is not set); null: not set
 * @param nodeHostRamBytes host RAM per node (machine), to check what is asked of it; null: not known
 */
public record OffloadSettings(Long cpuBytes, Double cpuRatio, Long nodeHostRamBytes) {
    /** No KV offload, host RAM not known. */
    public static OffloadSettings defaults() { return new OffloadSettings(null, null, null); }

    /** Whether a host tier is asked for. */
    public boolean on() { return cpuBytes != null && cpuBytes > 0 || cpuRatio != null && cpuRatio > 0; }

    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link OffloadSettings}: one setter per component. */
    public static final class Builder {
        private Long cpuBytes;
        private Double cpuRatio;
        private Long nodeHostRamBytes;

        private Builder() { }

        private Builder(OffloadSettings s) {
            cpuBytes = s.cpuBytes;
            cpuRatio = s.cpuRatio;
            nodeHostRamBytes = s.nodeHostRamBytes;
        }

        public Builder cpuBytes(Long v) { cpuBytes = v; return this; }
        public Builder cpuRatio(Double v) { cpuRatio = v; return this; }
        public Builder nodeHostRamBytes(Long v) { nodeHostRamBytes = v; return this; }

        public OffloadSettings build() { return new OffloadSettings(cpuBytes, cpuRatio, nodeHostRamBytes); }
    }
}
