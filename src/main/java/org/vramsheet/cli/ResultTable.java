package org.vramsheet.cli;

import java.util.Locale;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureFormat;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.units.Units;

/** Prints every figure as a readable table: value, GB and GiB for bytes, and the formula. */
final class ResultTable {
    private ResultTable() { }

    static String render(SizingResult r, boolean explain) {
        StringBuilder b = new StringBuilder();
        String section = "";
        for (Figure f : r.figures().values()) {
            String s = sectionOf(f.key());
            if (!s.equals(section)) {
                section = s;
                b.append('\n').append(s).append('\n');
            }
            b.append(String.format(Locale.ROOT, "  %-46s %s%n", f.label(), value(f)));
            if (explain && f.available() && !f.provenance().formula().isEmpty()) {
                b.append(String.format(Locale.ROOT, "  %-46s   = %s%n", "", f.provenance().formula()));
                b.append(String.format(Locale.ROOT, "  %-46s   = %s%n", "", f.provenance().expression()));
                for (String a : f.provenance().assumptions()) {
                    b.append(String.format(Locale.ROOT, "  %-46s   * %s%n", "", a));
                }
            }
        }
        if (!r.issues().isEmpty()) {
            b.append("\nINPUT PROBLEMS\n");
            for (Issue i : r.issues()) {
                b.append("  ").append(i.text()).append('\n');
            }
        }
        return b.toString();
    }

    static String value(Figure f) {
        if (!f.available()) {
            return "unavailable (" + f.reason() + ")";
        }
        return switch (f.unit()) {
            case BYTES -> Math.abs(f.value()) < 10_000_000L ? Units.bytesText(f.value())
                    : String.format(Locale.ROOT, "%s B  = %s = %s", Units.grouped(f.value()), Units.gbText(f.value()),
                    Units.gibText(f.value()));
            default -> FigureFormat.nonBytes(f, "parameters", "NO");
        };
    }

    private static String sectionOf(String key) {
        if (key.startsWith("weights.")) {
            return "WEIGHTS";
        }
        if (key.startsWith("kvCache.")) {
            return "KV ARCHITECTURE";
        }
        if (key.startsWith("scenarios.")) {
            String id = key.split("\\.")[1].toUpperCase(Locale.ROOT);
            return id + " WORKLOAD";
        }
        if (key.startsWith("pool.")) {
            return "RUNTIME: ENGINE KV POOL";
        }
        if (key.startsWith("placement.")) {
            return "PLACEMENT (SS-006)";
        }
        return "RESULT";
    }
}
