package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Every variant's maximum concurrency against context, for the Concurrency tab's overlay. The variants not shown
 * change only by a variant operation, never by a keystroke, so their curves are calculated when the variants change
 * and kept; the shown one's come from the calculation just made.
 */
final class VariantCurves {
    private Variants curvesOf;
    private Map<String, Curves.Series> others = Map.of();

    /** In the variants' order; empty for a sheet without variants. */
    List<Curves.Series> of(Worksheet ws, Curves.Charts charts, int points) {
        if (ws.variants().isEmpty()) {
            return List.of();
        }
        if (ws.variants() != curvesOf) {
            Map<String, Curves.Series> m = new HashMap<>();
            for (Variants.Variant v : ws.variants().list()) {
                if (v.sheet() != null) {
                    Curves.Charts c = Curves.of(SizingCalculator.compute(v.sheet()), points);
                    m.put(v.name(), new Curves.Series(v.name(), c == null ? List.of() : c.concurrency().points()));
                }
            }
            others = m;
            curvesOf = ws.variants();
        }
        List<Curves.Series> out = new ArrayList<>();
        for (String n : ws.variants().names()) {
            out.add(n.equals(ws.variants().active())
                    ? new Curves.Series(n, charts == null ? List.of() : charts.concurrency().points()) : others.get(n));
        }
        return out;
    }
}
