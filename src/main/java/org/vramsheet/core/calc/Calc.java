package org.vramsheet.core.calc;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.input.Issues;
import org.vramsheet.core.engine.spi.DeviceLayout;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Worksheet;

/** Shared state of one calculation: the sheet, its issues and the figures computed so far. */
final class Calc {
    /** The sheet as the calculation uses it: its stale measurements left out. */
    final Worksheet ws;
    /** The sheet as stored, stale measurements included (to say what is not used). */
    final Worksheet stored;
    final StaleMeasurements.Stale stale;
    final Issues issues;
    final Map<String, Figure> figures = new LinkedHashMap<>();
    KvGeometry geometry;
    String geometryBlocked;
    /** Memory per device, for an engine that places it per device (llama.cpp); null otherwise. */
    DeviceLayout devices;

    Calc(Worksheet ws, Issues issues) {
        this(ws, ws, StaleMeasurements.Stale.NONE, issues);
    }

    Calc(Worksheet used, Worksheet stored, StaleMeasurements.Stale stale, Issues issues) {
        this.ws = used;
        this.stored = stored;
        this.stale = stale;
        this.issues = issues;
    }

    /** Adds a figure; each figure is built once per calculation. */
    public Figure put(Figure f) {
        if (figures.putIfAbsent(f.key(), f) != null) {
            throw new IllegalStateException("figure " + f.key() + " built twice");
        }
        return f;
    }

    public Figure get(FigureKey key) { return figures.get(key.id()); }

    /** Reason the first unavailable figure among keys is unavailable, or null. */
    public String missing(FigureKey... keys) {
        for (FigureKey k : keys) {
            Figure f = figures.get(k.id());
            if (f == null) {
                return "needs " + k;
            }
            if (!f.available()) {
                return f.reason().startsWith("needs ") ? f.reason() : "needs " + f.label() + ": " + f.reason();
            }
        }
        return null;
    }

    /**
     * Computes a figure unless an input field or an earlier figure blocks it; an overflow makes it
     * unavailable instead of wrong.
     */
    Figure compute(FigureKey key, String label, Unit unit, String[] fields, FigureKey[] needs, Supplier<Figure> body) {
        String why = fields.length == 0 ? null : issues.blocking(fields);
        if (why == null && needs.length > 0) {
            why = missing(needs);
        }
        if (why != null) {
            return put(Figure.unavailable(key, label, unit, why));
        }
        try {
            Figure f = body.get();
            return put(f == null ? Figure.unavailable(key, label, unit, "not applicable") : f);
        } catch (ArithmeticException e) {
            return put(Figure.unavailable(key, label, unit, "too large to compute exactly (overflow)"));
        }
    }

    static String[] f(String... fields) { return fields; }

    static FigureKey[] n(FigureKey... needs) { return needs; }
}
