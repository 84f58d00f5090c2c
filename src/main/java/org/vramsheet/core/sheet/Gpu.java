package org.vramsheet.core.sheet;

/**
 * GPU: what one replica runs on.
 *
 * @param name        catalog or free-text name
 * @param count       GPUs in the replica
 * @param totalBytes  CUDA-visible total per GPU (what engines multiply their utilization by),
 *                    e.g. 79.19 GiB on an "80 GB" H100
 * @param performance bandwidth, tensor rates and interconnect for the latency estimate (version 8); null: none
 */
public record Gpu(String name, Integer count, Long totalBytes, GpuSpeed performance) {
    public Gpu {
        name = name == null ? "" : name;
        count = count == null ? 1 : count;
    }

    /** A GPU without performance data (sheets and tests that size memory only). */
    public Gpu(String name, Integer count, Long totalBytes) {
        this(name, count, totalBytes, null);
    }

    // copy methods: an edit changes only the field it names

    public Gpu withCount(Integer count) {
        return new Gpu(name, count, totalBytes, performance);
    }

    public Gpu withTotalBytes(Long totalBytes) {
        return new Gpu(name, count, totalBytes, performance);
    }

    public Gpu withPerformance(GpuSpeed performance) {
        return new Gpu(name, count, totalBytes, performance);
    }
}
