package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.perf.PerfEstimate;
import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;

/**
 * TYPICAL / HEAVY / LIMIT on one replica before launch (issue 29): {@code performance.<scenario>.*}, the time to first
 * token (mean and p95), the inter-token latency at the scenario's concurrency, the decode step and the replica's output
 * tokens per second, from {@link PerfEstimator}'s roofline on this sheet's {@link PerfBasis}. Every scenario has every
 * figure, unavailable with the reason when the GPU has no performance data or an input is bad.
 */
final class PerfStep {
    /** The p95 of a wait taken as uniform between 0 and twice its mean. */
    static final double P95_OF_WAIT = 1.9;

    private PerfStep() { }

    static void run(Calc c, PerfBasis basis) {
        for (ScenarioId id : ScenarioId.values()) {
            scenario(c, basis, id);
        }
    }

    static String label(ScenarioId id, LatencyFigure f) {
        String what = switch (f) {
            case TTFT -> "time to first token (mean)";
            case TTFT_P95 -> "time to first token (p95)";
            case ITL -> "inter-token latency";
            case THROUGHPUT -> "output tokens/s per replica";
            case DECODE_STEP -> "decode step";
        };
        return id.label() + ": " + what;
    }

    static Unit unit(LatencyFigure f) { return f == LatencyFigure.THROUGHPUT ? Unit.TOKENS_PER_SECOND : Unit.MS; }

    private static void scenario(Calc c, PerfBasis basis, ScenarioId id) {
        String why = basis.available() ? load(c, id) : basis.reason();
        PerfEstimate e = null;
        if (why.isEmpty()) {
            Scenario s = c.ws.workloads().get(id);
            double b = c.get(FigureKey.scenario(id, ScenarioFigure.SEQUENCES)).value();
            e = PerfEstimator.estimate(basis.inputs(b, s.inputTokens(), s.generatedTokens()));
            why = e.reason();
        }
        for (LatencyFigure f : LatencyFigure.values()) {
            FigureKey key = FigureKey.performance(id, f);
            c.put(why.isEmpty() ? figure(key, id, f, e, basis) : Figure.unavailable(key, label(id, f), unit(f), why));
        }
    }

    /** Why the scenario has no load for the estimate, or "". */
    private static String load(Calc c, ScenarioId id) {
        String blocked = c.issues.blocking("workloads." + id.key() + ".*");
        if (blocked != null) {
            return blocked;
        }
        Scenario s = c.ws.workloads().get(id);
        if (s.explicit()) {
            return "needs the scenario's input and generated tokens (explicit sequence lengths have no prompt / output split)";
        }
        if (s.inputTokens() == null || s.inputTokens() < 1 || s.generatedTokens() == null || s.generatedTokens() < 1) {
            return "needs the scenario's input tokens and expected generated tokens (at least 1 each)";
        }
        String m = c.missing(FigureKey.scenario(id, ScenarioFigure.SEQUENCES));
        return m == null ? "" : m;
    }

    private static Figure figure(FigureKey key, ScenarioId id, LatencyFigure f, PerfEstimate e, PerfBasis basis) {
        if (f == LatencyFigure.TTFT_P95) {
            double wait = e.get(PerfEstimator.QUEUE).value();
            double batch = e.ttftMs() - wait;
            double v = P95_OF_WAIT * wait + batch;
            return Figure.real(key, label(id, f), Unit.MS, v, with(Provenance.of("1.9 x wait + the prefill batch + first-token overhead",
                    PerfEstimator.n(P95_OF_WAIT) + " x " + PerfEstimator.n(wait) + " + " + PerfEstimator.n(batch) + " = "
                            + PerfEstimator.n(v) + " ms",
                    "the wait for the running step or prefill taken as uniform between 0 and twice its mean: its p95 is "
                            + "1.9 x the mean"), basis));
        }
        String k = switch (f) {
            case TTFT -> PerfEstimator.TTFT;
            case ITL -> PerfEstimator.ITL;
            case THROUGHPUT -> PerfEstimator.THROUGHPUT;
            default -> PerfEstimator.STEP;
        };
        var p = e.get(k);
        return Figure.real(key, label(id, f), unit(f), p.value(), with(p.provenance(), basis));
    }

    /** The estimator's provenance with where this sheet's inputs came from. */
    static Provenance with(Provenance p, PerfBasis basis) {
        List<String> a = new ArrayList<>(p.assumptions());
        a.addAll(basis.notes());
        a.add("utilizations: memory bandwidth " + PerfEstimator.n(basis.utilizations().memoryBandwidth()) + ", compute "
                + PerfEstimator.n(basis.utilizations().compute()) + ", all-reduce " + PerfEstimator.n(basis.utilizations()
                .allReduceLatencyUs()) + " us, first-token overhead " + PerfEstimator.n(basis.utilizations().prefillOverheadMs())
                + " ms, decode step overhead " + PerfEstimator.n(basis.utilizations().stepOverheadMs()) + " ms, prefill all-reduce "
                + PerfEstimator.n(basis.utilizations().prefillAllReduceLatencyUs()) + " us ('" + basis.utilizations().source()
                + "')");
        return new Provenance(p.formula(), p.expression(), a);
    }
}
