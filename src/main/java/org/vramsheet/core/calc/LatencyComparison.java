package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.Worksheet;

/**
 * VALIDATION's measured latency against the sheet's estimate (issue 29), per concurrency step of the probe's run: the
 * estimate is taken at the step's concurrency and the run's request shape (its prompt and generated tokens), with the
 * sheet's GPU performance and utilizations. The estimate has a mean TTFT (taken as the median), a p95 of the TTFT and a
 * mean time per output token; it has no p99, nor percentiles of the ITL, so those cells show the measurement alone.
 * The window, the PDF and the XLSX all print this one table.
 *
 * @param measured the measurement compared (null when there is none)
 * @param rows     one row per step, in the order the steps ran (empty when unavailable)
 * @param reason   why there is no comparison ("" when there is one)
 */
public record LatencyComparison(MeasuredLatency measured, List<Row> rows, String reason) {
    /** The quantities compared, in the order the table shows them. */
    public enum Quantity {
        TTFT_P50("TTFT p50", "ms"), TTFT_P95("TTFT p95", "ms"), TTFT_P99("TTFT p99", "ms"), ITL_P50("ITL p50", "ms"),
        ITL_P95("ITL p95", "ms"), ITL_P99("ITL p99", "ms"), THROUGHPUT("Output tokens/s", "tokens/s");

        private final String label;
        private final String unit;

        Quantity(String label, String unit) {
            this.label = label;
            this.unit = unit;
        }

        public String label() { return label; }

        public String unit() { return unit; }
    }

    /**
     * One measured value against the estimate.
     *
     * @param measured  the probe's value (null: the step measured none)
     * @param predicted the estimate's (null: the estimate has no such figure)
     */
    public record Pair(Double measured, Double predicted) {
        /** (predicted - measured) / measured in percent, or null when either is missing or the measurement is 0. */
        public Double errorPercent() {
            if (measured == null || predicted == null || measured == 0) {
                return null;
            }
            return (predicted - measured) / measured * 100;
        }
    }

    /** One step: its concurrency and each {@link Quantity}'s pair, in that order. */
    public record Row(int concurrency, List<Pair> pairs) {
        public Row {
            pairs = List.copyOf(pairs);
        }

        public Pair get(Quantity q) { return pairs.get(q.ordinal()); }
    }

    public LatencyComparison {
        rows = rows == null ? List.of() : List.copyOf(rows);
        reason = reason == null ? "" : reason;
    }

    public boolean available() { return reason.isEmpty(); }

    /** What the estimate was taken at, for the table's caption. */
    public String shape() {
        return measured == null ? "" : "prompt " + measured.inputTokens() + " + output " + measured.generatedTokens()
                + " tokens per request (as the run sent them), at the concurrency of each step";
    }

    /** The comparison of {@code ws}'s measured latency with {@code o}, its own calculation. */
    public static LatencyComparison of(Worksheet ws, SizingCalculator.Outcome o) {
        MeasuredLatency m = ws.validation().latency();
        String why = reason(ws, m, o.perf());
        if (!why.isEmpty()) {
            return new LatencyComparison(m, List.of(), why);
        }
        List<Row> rows = new ArrayList<>();
        for (LatencyStep s : m.steps()) {
            if (s.concurrency() == null) {
                continue;
            }
            PerfEstimator.Times t = o.perf().at(s.concurrency(), m.inputTokens(), m.generatedTokens());
            rows.add(new Row(s.concurrency(), List.of(
                    new Pair(s.ttftP50Ms(), t == null ? null : t.ttftMs()),
                    new Pair(s.ttftP95Ms(), t == null ? null : PerfSweep.ttftP95(t)),
                    new Pair(s.ttftP99Ms(), null),
                    new Pair(s.itlP50Ms(), t == null ? null : t.itlMs()),
                    new Pair(s.itlP95Ms(), null),
                    new Pair(s.itlP99Ms(), null),
                    new Pair(s.outputTokensPerSecond(), t == null ? null : t.outputTokensPerSecond()))));
        }
        return new LatencyComparison(m, rows, rows.isEmpty() ? "the measurement has no concurrency step" : "");
    }

    /** Why {@code m} cannot be compared with (or calibrate) the sheet's estimate; "" when it can. */
    static String reason(Worksheet ws, MeasuredLatency m, PerfSweep perf) {
        if (m == null || m.steps().isEmpty()) {
            return "VALIDATION has no measured latency (Measure a running server... with a workload, then Record)";
        }
        List<String> other = m.otherSetup(ws);
        if (!other.isEmpty()) {
            return "measured on another setup: " + String.join("; ", other);
        }
        if (m.inputTokens() == null || m.inputTokens() < 1 || m.generatedTokens() == null || m.generatedTokens() < 1) {
            return "the measurement does not say its prompt and generated tokens per request";
        }
        if (!perf.available()) {
            return perf.reason();
        }
        return "";
    }
}
