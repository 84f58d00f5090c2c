package org.vramsheet.core.curves;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.spi.Capacity;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.MemoryStacks;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.ScenarioId;

/**
 * The chart series of a calculated sheet, as numbers (the window draws them, reports print them):
 * KV memory against context for each scenario's concurrency, maximum concurrency against context,
 * and the GPU-memory stacks (the result's own). Contexts are spaced evenly on a log2 scale from 512 to the max length.
 */
public final class Curves {
    public static final long MIN_CONTEXT = 512;
    /** Points per series: the window, the Compare view, the PDF and the XLSX all draw the same curves. */
    public static final int POINTS = 48;

    /** One point: x in tokens, y in bytes or sequences. */
    public record Point(long x, double y) { }

    /** A named series. */
    public record Series(String name, List<Point> points) { }

    /** Where a scenario stops fitting the pool (0 when it never fits, max context when it always does). */
    public record Limit(ScenarioId scenario, long sequences, long lastFittingContext, boolean alwaysFits) { }

    /** Everything the charts need. */
    public record Charts(List<Series> kvSeries, long poolBytes, List<Limit> limits, Series concurrency,
                         MemoryStacks memory, long maxContext) { }

    private Curves() { }

    /** Log-spaced contexts from 512 to max, always including both ends. */
    public static List<Long> contexts(long max, int points) {
        List<Long> out = new ArrayList<>();
        if (max < MIN_CONTEXT) {
            out.add(max);
            return out;
        }
        double lo = Math.log(MIN_CONTEXT);
        double hi = Math.log(max);
        long prev = -1;
        for (int i = 0; i < points; i++) {
            long c = i == points - 1 ? max : Math.round(Math.exp(lo + (hi - lo) * i / (points - 1)));
            if (c != prev) {
                out.add(c);
                prev = c;
            }
        }
        return out;
    }

    /** The charts at {@link #POINTS} points, or null when the pool or the workloads are unavailable. */
    public static Charts of(SizingCalculator.Outcome o) {
        return of(o, POINTS);
    }

    /** The charts at another resolution (tests), or null when the pool or the workloads are unavailable. */
    public static Charts of(SizingCalculator.Outcome o, int points) {
        SizingResult r = o.result();
        Capacity cap = o.capacity();
        if (cap == null || !r.get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).available()) {
            return null;
        }
        long maxLen = cap.maxContext();
        long pool = r.get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).value();
        List<Long> xs = contexts(maxLen, points);
        List<Series> kv = new ArrayList<>();
        List<Limit> limits = new ArrayList<>();
        for (ScenarioId id : ScenarioId.values()) {
            Figure seqs = r.get(FigureKey.scenario(id, ScenarioFigure.SEQUENCES));
            if (!seqs.available()) {
                continue;
            }
            long n = seqs.value();
            List<Point> pts = new ArrayList<>();
            try {
                for (long x : xs) {
                    pts.add(new Point(x, (double) Math.multiplyExact(cap.sequenceBytesAt(x), n)));
                }
                kv.add(new Series(id.label() + " (" + n + " seq)", pts));
                limits.add(limit(cap, id, n, pool, maxLen));
            } catch (ArithmeticException e) {
                // a scenario too large to draw is left out; its figures already say why
            }
        }
        List<Point> conc = new ArrayList<>();
        for (long x : xs) {
            conc.add(new Point(x, cap.sequencesAt(x)));
        }
        return new Charts(kv, pool, limits, new Series("Max concurrency", conc), r.memory(), maxLen);
    }

    /** Largest context at which n sequences still fit, by bisection (KV is monotone in context). */
    static Limit limit(Capacity cap, ScenarioId id, long n, long pool, long max) {
        if (fits(cap, n, max, pool)) {
            return new Limit(id, n, max, true);
        }
        if (!fits(cap, n, 1, pool)) {
            return new Limit(id, n, 0, false);
        }
        long lo = 1;
        long hi = max;
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (fits(cap, n, mid, pool)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return new Limit(id, n, lo, false);
    }

    private static boolean fits(Capacity cap, long n, long ctx, long pool) {
        try {
            return Math.multiplyExact(cap.sequenceBytesAt(ctx), n) <= pool;
        } catch (ArithmeticException e) {
            return false;
        }
    }
}
