package org.vramsheet.core.sheet;

import java.util.Arrays;
import java.util.List;

/**
 * Starting workloads for common uses, Typical / Heavy / Limit each: prompt tokens, generated tokens, concurrent
 * sequences and a shared prefix. They are assumptions to start a meeting from, not measurements; the sheet shows them
 * as ordinary inputs to edit. Applied to a model whose context is shorter, a scenario's prompt is cut so prompt plus
 * output fits the model's maximum context (and the output too, if it alone would not fit).
 */
public enum WorkloadPreset {
    CHAT("Chat", new long[][] {{1_500, 500, 32, 0}, {6_000, 1_000, 32, 0}, {30_000, 2_000, 8, 0}}),
    RAG("RAG (retrieved documents in the prompt)", new long[][] {{6_000, 500, 16, 1_000}, {16_000, 1_000, 16, 1_000},
        {32_000, 1_000, 8, 1_000}}),
    LONG_DOCUMENT("Long document", new long[][] {{32_000, 1_000, 4, 0}, {100_000, 2_000, 2, 0}, {128_000, 4_000, 1, 0}}),
    AGENT("Agent (tools, long shared instructions)", new long[][] {{8_000, 1_000, 16, 4_000}, {24_000, 2_000, 16, 8_000},
        {64_000, 4_000, 8, 8_000}});

    private final String label;
    private final long[][] rows;

    WorkloadPreset(String label, long[][] rows) {
        this.label = label;
        this.rows = rows;
    }

    /** The name shown in the menu. */
    public String label() { return label; }

    /** The three workloads, each fitted to {@code maxContext} (null or not positive: as they are). */
    public Workloads workloads(Long maxContext) {
        List<Scenario> s = Arrays.stream(rows).map(r -> fitted(r, maxContext)).toList();
        return new Workloads(s.get(0), s.get(1), s.get(2));
    }

    private static Scenario fitted(long[] r, Long maxContext) {
        long input = r[0];
        long output = r[1];
        if (maxContext != null && maxContext > 0 && input + output > maxContext) {
            output = Math.min(output, Math.max(1, maxContext / 4));
            input = Math.max(1, maxContext - output);
        }
        long prefix = Math.min(r[3], input);
        return new Scenario(input, output, r[2], List.of(), prefix == 0 ? null : prefix, null);
    }
}
