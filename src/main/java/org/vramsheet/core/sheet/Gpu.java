package org.vramsheet.core.sheet;

/**
 * GPU: what one replica runs on.
 *
 * @param name       catalog or free-text name
 * @param count      GPUs in the replica
 * @param totalBytes CUDA-visible total per GPU (what engines multiply their utilization by),
 *                   e.g. 79.19 GiB on an "80 GB" H100
 */
public record Gpu(String name, Integer count, Long totalBytes) {
    public Gpu {
        name = name == null ? "" : name;
        count = count == null ? 1 : count;
    }

    // copy methods: an edit changes only the field it names

    public Gpu withCount(Integer count) {
        return new Gpu(name, count, totalBytes);
    }

    public Gpu withTotalBytes(Long totalBytes) {
        return new Gpu(name, count, totalBytes);
    }
}
