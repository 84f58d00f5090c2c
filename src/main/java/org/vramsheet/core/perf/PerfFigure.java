package org.vramsheet.core.perf;

import org.vramsheet.core.result.Provenance;

/**
 * One figure of the estimate: a finite value in its unit with the formula, this sheet's numbers and the assumptions.
 *
 * @param key        stable name ({@code decodeStepMs}, {@code itlMs}, {@code ttftMs}, {@code outputTokensPerSecond}, ...)
 * @param label      what the window shows
 * @param value      the value, finite
 * @param unit       ms, tokens/s, GB or TFLOP
 * @param provenance formula, numbers, assumptions
 */
public record PerfFigure(String key, String label, double value, String unit, Provenance provenance) {
    public PerfFigure {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("not finite: " + key);
        }
    }
}
