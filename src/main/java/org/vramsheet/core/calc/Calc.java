package org.vramsheet.core.calc;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.vramsheet.core.input.Issues;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Worksheet;

/** Shared state of one calculation: the sheet, its issues and the figures computed so far. */
final class Calc {
    final Worksheet ws;
    final Issues issues;
    final Map<String, Figure> figures = new LinkedHashMap<>();
    KvGeometry geometry;
    String geometryBlocked;

    Calc(Worksheet ws, Issues issues) {
        this.ws = ws;
        this.issues = issues;
    }

    Figure put(Figure f) {
        figures.put(f.key(), f);
        return f;
    }

    Figure get(String key) { return figures.get(key); }

    /** Reason the first unavailable figure among keys is unavailable, or null. */
    String missing(String... keys) {
        for (String k : keys) {
            Figure f = figures.get(k);
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
    Figure compute(String key, String label, Unit unit, String[] fields, String[] needs, Supplier<Figure> body) {
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

    static String[] n(String... needs) { return needs; }
}
