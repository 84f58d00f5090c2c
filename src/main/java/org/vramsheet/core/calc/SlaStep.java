package org.vramsheet.core.calc;

import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.TtftPercentile;
import org.vramsheet.core.units.Units;

/**
 * RESULT › SLA (issue 29): the largest concurrency whose estimated TTFT (p50 or p95) and inter-token latency meet
 * RESULT's targets at RESULT's context, found by bisection (TTFT and ITL both grow with the concurrency), against the
 * memory limit (the KV pool's maximum concurrency at the same context): the smaller one binds.
 */
final class SlaStep {
    /** The largest concurrency searched: the estimator's own bound. */
    static final long MAX = 10_000_000;
    private static final String LATENCY = "Max concurrency meeting the latency targets";
    private static final String BOTH = "Max concurrency meeting latency and memory";
    private static final String BINDS = "Latency binds (not memory)";

    private SlaStep() { }

    /** One load at RESULT's context: prompt = context - output, output = the sizing scenario's. */
    record Load(long prompt, long output, long context) { }

    static void run(Calc c, PerfBasis basis) {
        SlaTargets t = c.ws.result().targets();
        String why = !t.any() ? "RESULT has no latency target (a target TTFT, ITL or output tokens/s per user)"
                : c.issues.blocking("result.sla.*");
        if (why == null && !basis.available()) {
            why = basis.reason();
        }
        if (why == null) {
            why = c.missing(FigureKey.POOL_CONTEXT_LENGTH);
        }
        if (why != null) {
            unavailable(c, why);
            return;
        }
        Load load = load(c);
        long latency = search(basis, load, t);
        c.put(Figure.of(FigureKey.SLA_LATENCY_MAX_CONCURRENCY, LATENCY, Unit.SEQUENCES, latency,
                PerfStep.with(provenance(basis, load, t, latency), basis)));
        String memory = c.missing(FigureKey.POOL_MAX_CONCURRENCY);
        if (memory != null) {
            c.put(Figure.unavailable(FigureKey.SLA_MAX_CONCURRENCY, BOTH, Unit.SEQUENCES, memory));
            c.put(Figure.unavailable(FigureKey.SLA_LATENCY_BINDS, BINDS, Unit.FLAG, memory));
            return;
        }
        long mem = c.get(FigureKey.POOL_MAX_CONCURRENCY).value();
        long both = Math.min(mem, latency);
        boolean latencyBinds = latency < mem;
        String verdict = "latency " + Units.grouped(latency) + (latencyBinds ? " < " : " >= ") + "memory " + Units.grouped(mem)
                + ": " + (latencyBinds ? "latency" : "memory") + " binds";
        c.put(Figure.of(FigureKey.SLA_MAX_CONCURRENCY, BOTH, Unit.SEQUENCES, both, Provenance.of(
                "min(max concurrency meeting the latency targets, max concurrency at this context)",
                "min(" + Units.grouped(latency) + ", " + Units.grouped(mem) + ") = " + Units.grouped(both) + " (" + verdict + ")",
                "both at " + Units.grouped(load.context()) + " tokens per sequence")));
        c.put(Figure.flag(FigureKey.SLA_LATENCY_BINDS, BINDS, latencyBinds, Provenance.of(
                "max concurrency meeting the latency targets < max concurrency at this context", verdict)));
    }

    private static void unavailable(Calc c, String why) {
        c.put(Figure.unavailable(FigureKey.SLA_LATENCY_MAX_CONCURRENCY, LATENCY, Unit.SEQUENCES, why));
        c.put(Figure.unavailable(FigureKey.SLA_MAX_CONCURRENCY, BOTH, Unit.SEQUENCES, why));
        c.put(Figure.unavailable(FigureKey.SLA_LATENCY_BINDS, BINDS, Unit.FLAG, why));
    }

    static Load load(Calc c) {
        long ctx = c.get(FigureKey.POOL_CONTEXT_LENGTH).value();
        Scenario s = c.ws.workloads().get(c.ws.result().sizingScenario());
        long out = s.generatedTokens() == null || s.generatedTokens() < 1 ? 1 : s.generatedTokens();
        if (out >= ctx) {
            out = Math.max(1, ctx / 2);
        }
        return new Load(Math.max(1, ctx - out), out, ctx);
    }

    /** Whether B sequences meet every set target; null times (bad input) meet none. */
    static boolean meets(PerfEstimator.Times x, SlaTargets t) {
        if (x == null) {
            return false;
        }
        return (t.ttftMs() == null || ttft(x, t) <= t.ttftMs()) && (t.itlMs() == null || x.itlMs() <= t.itlMs())
                && (t.tokensPerSecondPerUser() == null || 1000 / x.itlMs() >= t.tokensPerSecondPerUser());
    }

    /** The TTFT the target bounds: the mean, or the p95 of the wait plus the prefill batch. */
    static double ttft(PerfEstimator.Times x, SlaTargets t) {
        return t.ttftPercentile() == TtftPercentile.P50 ? x.ttftMs() : PerfStep.P95_OF_WAIT * x.waitMs() + x.batchMs();
    }

    private static PerfEstimator.Times at(PerfBasis b, Load l, long n) {
        return PerfEstimator.times(b.inputs(n, l.prompt(), l.output()));
    }

    /** The largest B in [1, MAX] that meets the targets, 0 when even one sequence misses them. */
    static long search(PerfBasis b, Load l, SlaTargets t) {
        if (!meets(at(b, l, 1), t)) {
            return 0;
        }
        long lo = 1;
        long hi = MAX;
        if (meets(at(b, l, hi), t)) {
            return hi;
        }
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (meets(at(b, l, mid), t)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static Provenance provenance(PerfBasis b, Load l, SlaTargets t, long n) {
        String targets = (t.ttftMs() == null ? "" : "TTFT " + t.ttftPercentile().label() + " <= " + PerfEstimator.n(t.ttftMs())
                + " ms; ") + (t.itlMs() == null ? "" : "ITL <= " + PerfEstimator.n(t.itlMs()) + " ms; ")
                + (t.tokensPerSecondPerUser() == null ? "" : "1000 / ITL >= " + PerfEstimator.n(t.tokensPerSecondPerUser())
                + " tokens/s per user; ");
        String at = n == 0 ? "one sequence already misses: " + times(at(b, l, 1), t) : "at " + Units.grouped(n) + ": "
                + times(at(b, l, n), t) + (n < MAX ? "; at " + Units.grouped(n + 1) + ": " + times(at(b, l, n + 1), t) : "");
        return Provenance.of("largest concurrency B whose estimated TTFT and ITL meet every target (bisection: both grow "
                        + "with B)", targets + at,
                "each sequence at RESULT's context " + Units.grouped(l.context()) + " tokens: prompt " + Units.grouped(l.prompt())
                        + " + output " + Units.grouped(l.output()) + " (the sizing scenario's generated tokens)");
    }

    private static String times(PerfEstimator.Times x, SlaTargets t) {
        if (x == null) { // the estimate stops at this load (e.g. tensor parallel without an interconnect figure)
            return "no estimate at this load";
        }
        return "TTFT " + t.ttftPercentile().label() + " " + PerfEstimator.n(ttft(x, t)) + " ms, ITL " + PerfEstimator.n(x.itlMs())
                + " ms";
    }
}
