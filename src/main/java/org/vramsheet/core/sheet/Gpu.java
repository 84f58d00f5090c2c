package org.vramsheet.core.sheet;

/**
 * GPU: what one replica runs on.
 *
 * @param name            catalog or free-text name
 * @param count           GPUs in the replica
 * @param totalBytes      CUDA-visible total per GPU (what engines multiply their utilization by),
 *                        e.g. 79.19 GiB on an "80 GB" H100; on Apple silicon Metal's default working set
 *                        ({@code recommendedMaxWorkingSetSize})
 * @param performance     bandwidth, tensor rates and interconnect for the latency estimate (version 8); null: none
 * @param unifiedRamBytes unified memory (Apple silicon): the Mac's RAM, which the GPU and the host share (version 10);
 *                        null: the GPU has memory of its own
 * @param wiredLimitMb    macOS {@code iogpu.wired_limit_mb} (version 10): above 0, Metal's working set becomes that many
 *                        MiB; null or 0: macOS's default (the catalog's working set)
 */
public record Gpu(String name, Integer count, Long totalBytes, GpuSpeed performance, Long unifiedRamBytes,
                  Long wiredLimitMb) {
    /** One MiB, the unit of {@code iogpu.wired_limit_mb}. */
    public static final long MIB = 1L << 20;

    public Gpu {
        name = name == null ? "" : name;
        count = count == null ? 1 : count;
    }

    /** A GPU without performance data (sheets and tests that size memory only). */
    public Gpu(String name, Integer count, Long totalBytes) {
        this(name, count, totalBytes, null);
    }

    /** A GPU with memory of its own. */
    public Gpu(String name, Integer count, Long totalBytes, GpuSpeed performance) {
        this(name, count, totalBytes, performance, null, null);
    }

    /** Whether the GPU shares the host's RAM (Apple silicon): host memory is then not a separate pool. */
    public boolean unified() { return unifiedRamBytes != null; }

    /** Whether {@code iogpu.wired_limit_mb} replaces macOS's default working set. */
    public boolean wiredLimitSet() { return unified() && wiredLimitMb != null && wiredLimitMb > 0; }

    /**
     * The memory the engine may use per GPU: {@code iogpu.wired_limit_mb x 2^20} when that sysctl is set on unified memory
     * (Metal then reports exactly that working set), else {@link #totalBytes}.
     */
    public Long usableBytes() {
        return wiredLimitSet() ? Math.multiplyExact(wiredLimitMb, MIB) : totalBytes;
    }

    // copy methods: an edit changes only the field it names

    public Gpu withCount(Integer count) {
        return new Gpu(name, count, totalBytes, performance, unifiedRamBytes, wiredLimitMb);
    }

    public Gpu withTotalBytes(Long totalBytes) {
        return new Gpu(name, count, totalBytes, performance, unifiedRamBytes, wiredLimitMb);
    }

    public Gpu withPerformance(GpuSpeed performance) {
        return new Gpu(name, count, totalBytes, performance, unifiedRamBytes, wiredLimitMb);
    }

    public Gpu withUnifiedRamBytes(Long unifiedRamBytes) {
        return new Gpu(name, count, totalBytes, performance, unifiedRamBytes, wiredLimitMb);
    }

    public Gpu withWiredLimitMb(Long wiredLimitMb) {
        return new Gpu(name, count, totalBytes, performance, unifiedRamBytes, wiredLimitMb);
    }
}
