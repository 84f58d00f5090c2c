package org.vramsheet.core.result;

import java.util.List;
import java.util.Map;

/**
 * The GPU-memory stacks, per GPU, bottom to top: one per scenario (what the production budget puts on a card)
 * and one for the engine's reservation. Every segment is a figure of the result, so the chart, the PDF and
 * {@code calc --json} show the same bytes; a stack whose figures are unavailable is absent.
 *
 * @param gpuBytes CUDA-visible memory per GPU (0 when unknown)
 * @param stacks   "typical", "heavy", "limit", "engine" (in that order) to their segments
 */
public record MemoryStacks(long gpuBytes, Map<String, List<Segment>> stacks) {
    /** The stack names, in order. */
    public static final List<String> NAMES = List.of("typical", "heavy", "limit", "engine");

    /** One segment: its name, the figure it shows and that figure's bytes per GPU. */
    public record Segment(String name, FigureKey key, long bytesPerGpu) { }

    public MemoryStacks {
        stacks = Map.copyOf(stacks);
    }

    /** The segments of a stack, or null when the stack is unavailable. */
    public List<Segment> stack(String name) { return stacks.get(name); }

    /** Bytes of a stack, bottom to top (0 when unavailable). */
    public long total(String name) {
        List<Segment> s = stacks.get(name);
        return s == null ? 0 : s.stream().mapToLong(Segment::bytesPerGpu).sum();
    }
}
