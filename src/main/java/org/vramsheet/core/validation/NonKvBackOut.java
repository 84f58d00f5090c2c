package org.vramsheet.core.validation;

import java.util.function.LongUnaryOperator;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * The non-KV memory per GPU that a log implies when it prints the KV pool (or the tokens it holds) but not the memory
 * it was sized from: the value with which the sheet's own pool rule, at the log's setup, gives the printed capacity.
 * Found by bisection on that rule (capacity falls as non-KV grows; each engine's rule is its own), between the weights
 * and the GPU's memory, so the invariant weights <= non-KV <= GPU holds. The middle of the range that gives exactly the
 * printed tokens is taken, so rounding in the rule (whole blocks, whole pages) does not tip it.
 */
public final class NonKvBackOut {
    private NonKvBackOut() { }

    /** The back-out with its explanation. */
    public record Result(long nonKvBytes, String note) { }

    /**
     * The non-KV memory per GPU with which the sheet (the log's setup applied) reproduces the log's capacity, or null when
     * the log gives no pool or tokens, the engine reserves no fraction (its pool does not depend on non-KV), the sheet
     * cannot calculate, or no non-KV between the weights and the GPU's memory gives the printed figure.
     */
    public static Result of(Worksheet ws, Measurement m) {
        if ((m.kvTokens() == null && m.kvPoolBytes() == null) || !Engines.of(ws.runtime().engine()).usesFraction()) {
            return null;
        }
        Figure weights = SizingCalculator.calculate(ws).get(FigureKey.WEIGHTS_BYTES_PER_GPU);
        Long total = ws.gpu().totalBytes();
        if (weights == null || !weights.available() || total == null || weights.value() >= total) {
            return null;
        }
        boolean byTokens = m.kvTokens() != null;
        FigureKey key = byTokens ? FigureKey.POOL_CAPACITY_TOKENS : FigureKey.POOL_KV_POOL_BYTES;
        long target = byTokens ? m.kvTokens() : m.kvPoolBytes();
        int ranks = ws.runtime().ranks();
        LongUnaryOperator at = n -> {
            Figure f = SizingCalculator.calculate(with(ws, n, ranks)).get(key);
            return f != null && f.available() ? f.value() : -1;
        };
        long lo = weights.value();
        long hi = total;
        if (at.applyAsLong(lo) < target || at.applyAsLong(hi) > target) {
            return null; // even the weights alone leave less (or the whole GPU more) than the log holds
        }
        long first = firstAtMost(at, lo, hi, target);
        long past = target == 0 ? hi : firstAtMost(at, first, hi, target - 1);
        long n = at.applyAsLong(first) == target ? first + (past - first) / 2 : first;
        String what = byTokens ? Units.grouped(target) + " tokens" : Units.gibText(target) + " of KV pool";
        return new Result(n, "Non-KV per GPU " + Units.gibText(n) + " backed out from the log's " + what + ": the log does not "
                + "print the memory its pool was sized from, so this is the non-KV memory with which the sheet's pool rule gives "
                + "the printed figure at the log's setup");
    }

    /** The smallest non-KV in [lo, hi] whose figure is at most {@code target} (the figure falls as non-KV grows). */
    private static long firstAtMost(LongUnaryOperator at, long lo, long hi, long target) {
        long a = lo;
        long b = hi;
        while (a < b) {
            long mid = a + (b - a) / 2;
            if (at.applyAsLong(mid) <= target) {
                b = mid;
            } else {
                a = mid + 1;
            }
        }
        return a;
    }

    private static Worksheet with(Worksheet ws, long nonKv, int ranks) {
        Validation v = ws.validation().toBuilder().measuredNonKvBytes(nonKv).measuredOnGpus(ranks).build();
        return ws.withValidation(v);
    }
}
