package org.vramsheet.core.curves;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.calc.PerfSweep;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The Latency tab's series (issue 29), as numbers: at RESULT's context (the slider's; each sequence's prompt = context -
 * the sizing scenario's output, as RESULT › SLA takes it) the estimated ITL and the replica's output tokens/s against
 * the concurrency, and the TTFT (p50 and p95) against the prompt length at the sizing scenario's concurrency; the memory
 * limit (the KV pool's maximum concurrency at that context), the latency limit and the SLA targets as lines; and
 * VALIDATION's measured points when the measurement is of this setup.
 */
public final class LatencyCurves {
    /** Points per curve. */
    public static final int POINTS = 48;

    /** One point: x in sequences or tokens, y in ms or tokens/s. */
    public record Point(double x, double y) { }

    /**
     * VALIDATION's measurement drawn on the same axes.
     *
     * @param itl        ITL p50 against each step's concurrency
     * @param throughput output tokens/s against each step's concurrency
     * @param ttft       the TTFT p50 of the step nearest the TTFT curve's concurrency, at the run's prompt
     * @param label      what was measured (the run's request shape and time)
     */
    public record Measured(List<Point> itl, List<Point> throughput, List<Point> ttft, String label) { }

    /**
     * @param itl             estimated ITL (ms) against concurrency 1 .. {@code maxConcurrency}
     * @param throughput      estimated output tokens/s per replica against the same concurrencies
     * @param ttft            estimated TTFT p50 (ms) against the prompt length
     * @param ttftP95         estimated TTFT p95 (ms) against the prompt length
     * @param context         RESULT's context, tokens per sequence
     * @param prompt          each sequence's prompt at that context (the TTFT chart's marker)
     * @param output          each sequence's output
     * @param ttftConcurrency the concurrency of the TTFT curves (the sizing scenario's sequences)
     * @param maxConcurrency  the concurrency axis's end
     * @param maxPrompt       the prompt axis's end
     * @param memoryLimit     the KV pool's maximum concurrency at the context (null: unavailable)
     * @param latencyLimit    the largest concurrency meeting RESULT's latency targets (null: no target, or none found)
     * @param itlTargetMs     RESULT's ITL target, or 1000 / its tokens/s per user, the tighter (null: none)
     * @param ttftTargetMs    RESULT's TTFT target (null: none)
     * @param ttftPercentile  which TTFT the target bounds ("p50" or "p95")
     * @param measured        the measured points (null: no measurement of this setup)
     */
    public record Charts(List<Point> itl, List<Point> throughput, List<Point> ttft, List<Point> ttftP95, long context,
                         long prompt, long output, long ttftConcurrency, long maxConcurrency, long maxPrompt,
                         Long memoryLimit, Long latencyLimit, Double itlTargetMs, Double ttftTargetMs, String ttftPercentile,
                         Measured measured) { }

    private LatencyCurves() { }

    /** Why the sheet has no latency curves ("" when it has). */
    public static String unavailable(SizingCalculator.Outcome o) {
        if (!o.perf().available()) {
            return o.perf().reason();
        }
        Figure ctx = o.result().get(FigureKey.POOL_CONTEXT_LENGTH);
        return ctx.available() ? "" : "needs RESULT's context: " + ctx.reason();
    }

    /** The curves of {@code ws} from {@code o} (its own calculation), or null when {@link #unavailable} says why not. */
    public static Charts of(Worksheet ws, SizingCalculator.Outcome o) {
        if (!unavailable(o).isEmpty()) {
            return null;
        }
        SizingResult r = o.result();
        PerfSweep perf = o.perf();
        long ctx = r.get(FigureKey.POOL_CONTEXT_LENGTH).value();
        Scenario s = ws.workloads().get(ws.result().sizingScenario());
        long out = s.generatedTokens() == null || s.generatedTokens() < 1 ? 1 : s.generatedTokens();
        if (out >= ctx) {
            out = Math.max(1, ctx / 2);
        }
        long prompt = Math.max(1, ctx - out);
        Long memory = value(r, FigureKey.POOL_MAX_CONCURRENCY);
        Long latency = value(r, FigureKey.SLA_LATENCY_MAX_CONCURRENCY);
        if (latency != null && latency >= 10_000_000) {
            latency = null; // every concurrency searched meets the targets: no line to draw
        }
        Long seqs = value(r, FigureKey.scenario(ws.result().sizingScenario(), ScenarioFigure.SEQUENCES));
        long atN = seqs == null || seqs < 1 ? 1 : seqs;
        MeasuredLatency m = ws.validation().latency();
        boolean own = m != null && !m.steps().isEmpty() && m.otherSetup(ws).isEmpty();
        long top = axisEnd(own ? m : null, atN, memory, latency);
        List<Point> itl = new ArrayList<>();
        List<Point> tps = new ArrayList<>();
        for (long n : spaced(1, top)) {
            PerfEstimator.Times t = perf.at(n, prompt, out);
            if (t != null) {
                itl.add(new Point(n, t.itlMs()));
                tps.add(new Point(n, t.outputTokensPerSecond()));
            }
        }
        long maxPrompt = Math.max(prompt, o.capacity() == null ? ctx : o.capacity().maxContext() - out);
        long minPrompt = Math.min(Curves.MIN_CONTEXT, prompt);
        if (own && m.inputTokens() != null && m.inputTokens() >= 1) {
            minPrompt = Math.min(minPrompt, m.inputTokens()); // the measured point stands on the curve's axis
        }
        List<List<Point>> ttft = ttftCurves(perf, new long[] {atN, out, prompt}, minPrompt, maxPrompt);
        SlaTargets targets = ws.result().targets();
        Double itlTarget = targets.itlMs();
        if (targets.tokensPerSecondPerUser() != null && targets.tokensPerSecondPerUser() > 0) {
            double perUser = 1000 / targets.tokensPerSecondPerUser();
            itlTarget = itlTarget == null ? perUser : Math.min(itlTarget, perUser);
        }
        return new Charts(itl, tps, ttft.get(0), ttft.get(1), ctx, prompt, out, atN, top, maxPrompt, memory, latency, itlTarget,
                targets.ttftMs(), targets.ttftPercentile().label(), own ? measured(m, atN) : null);
    }

    /** The concurrency axis's end: past the memory and latency limits, the sizing scenario and the measured steps. */
    private static long axisEnd(MeasuredLatency own, long atN, Long memory, Long latency) {
        long top = Math.max(8, Math.max(atN, Math.max(memory == null ? 0 : memory, latency == null ? 0 : latency)));
        if (own != null) {
            for (LatencyStep st : own.steps()) {
                top = Math.max(top, st.concurrency() == null ? 0 : st.concurrency());
            }
        }
        return Math.min(10_000_000, (long) Math.ceil(top * 1.25));
    }

    /**
     * TTFT p50 and p95 at {@code load} = {sequences, output, the slider's prompt} from {@code lo} to {@code hi} prompt
     * tokens, through the slider's prompt.
     */
    private static List<List<Point>> ttftCurves(PerfSweep perf, long[] load, long lo, long hi) {
        long n = load[0];
        long out = load[1];
        long prompt = load[2];
        List<Point> ttft = new ArrayList<>();
        List<Point> p95 = new ArrayList<>();
        List<Long> prompts = new ArrayList<>(spaced(lo, hi));
        if (!prompts.contains(prompt)) {
            prompts.add(prompt); // the curve passes through the slider's prompt, where its marker stands
            prompts.sort(null);
        }
        for (long p : prompts) {
            PerfEstimator.Times t = perf.at(n, p, out);
            if (t != null) {
                ttft.add(new Point(p, t.ttftMs()));
                p95.add(new Point(p, PerfSweep.ttftP95(t)));
            }
        }
        return List.of(ttft, p95);
    }

    private static Long value(SizingResult r, FigureKey k) {
        Figure f = r.get(k);
        return f != null && f.available() ? f.value() : null;
    }

    private static Measured measured(MeasuredLatency m, long atN) {
        List<Point> itl = new ArrayList<>();
        List<Point> tps = new ArrayList<>();
        LatencyStep nearest = null;
        for (LatencyStep s : m.steps()) {
            if (s.concurrency() == null) {
                continue;
            }
            if (s.itlP50Ms() != null) {
                itl.add(new Point(s.concurrency(), s.itlP50Ms()));
            }
            if (s.outputTokensPerSecond() != null) {
                tps.add(new Point(s.concurrency(), s.outputTokensPerSecond()));
            }
            if (s.ttftP50Ms() != null && (nearest == null
                    || Math.abs(Math.log((double) s.concurrency() / atN)) < Math.abs(Math.log((double) nearest.concurrency() / atN)))) {
                nearest = s;
            }
        }
        List<Point> ttft = nearest == null || m.inputTokens() == null ? List.of()
                : List.of(new Point(m.inputTokens(), nearest.ttftP50Ms()));
        String label = "prompt " + m.inputTokens() + " + output " + m.generatedTokens() + " tokens"
                + (nearest == null ? "" : "; TTFT at " + nearest.concurrency() + " sequences");
        return new Measured(itl, tps, ttft, label);
    }

    /** About {@link #POINTS} whole numbers from {@code lo} to {@code hi}, evenly spaced on a log scale, both ends in. */
    static List<Long> spaced(long lo, long hi) {
        List<Long> out = new ArrayList<>();
        lo = Math.max(1, lo);
        if (hi <= lo) {
            out.add(lo);
            return out;
        }
        double a = Math.log(lo);
        double b = Math.log(hi);
        long prev = -1;
        for (int i = 0; i < POINTS; i++) {
            long v = i == POINTS - 1 ? hi : Math.round(Math.exp(a + (b - a) * i / (POINTS - 1)));
            if (v != prev && v >= lo) {
                out.add(v);
                prev = v;
            }
        }
        return out;
    }
}
