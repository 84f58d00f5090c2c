package org.vramsheet.core.result;

import java.util.Objects;

/**
 * One result of the worksheet: an exact value with its provenance, or the reason it is unavailable.
 * Counts and bytes are exact {@code long}s; RATIO figures carry a double; FLAG figures are 1 or 0.
 */
public record Figure(String key, String label, Unit unit, boolean available, long exact, double ratio,
                     String reason, Provenance provenance) {

    public Figure {
        Objects.requireNonNull(key);
        provenance = provenance == null ? Provenance.none() : provenance;
        reason = reason == null ? "" : reason;
        if (unit.real() && available && (Double.isNaN(ratio) || Double.isInfinite(ratio))) {
            throw new IllegalArgumentException("a real value must be finite: " + key);
        }
    }

    public static Figure of(FigureKey key, String label, Unit unit, long value, Provenance p) {
        return new Figure(key.id(), label, unit, true, value, value, "", p);
    }

    public static Figure ratio(FigureKey key, String label, double value, Provenance p) {
        return new Figure(key.id(), label, Unit.RATIO, true, 0, value, "", p);
    }

    /** An estimate in ms, tokens/s or money: a finite double. */
    public static Figure real(FigureKey key, String label, Unit unit, double value, Provenance p) {
        if (!unit.real() || unit == Unit.RATIO) {
            throw new IllegalArgumentException(unit + " is not an estimate's unit: " + key);
        }
        return new Figure(key.id(), label, unit, true, 0, value, "", p);
    }

    public static Figure flag(FigureKey key, String label, boolean value, Provenance p) {
        return new Figure(key.id(), label, Unit.FLAG, true, value ? 1 : 0, value ? 1 : 0, "", p);
    }

    public static Figure unavailable(FigureKey key, String label, Unit unit, String reason) {
        return new Figure(key.id(), label, unit, false, 0, 0, reason, Provenance.none());
    }

    /** The exact value; only call on an available figure. */
    public long value() {
        if (!available) {
            throw new IllegalStateException(key + " is unavailable: " + reason);
        }
        return exact;
    }

    public boolean isTrue() { return available && exact != 0; }
}
