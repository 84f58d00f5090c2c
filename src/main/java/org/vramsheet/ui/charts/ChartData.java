package org.vramsheet.ui.charts;

import java.util.List;
import java.util.Objects;
import org.vramsheet.core.curves.ConcurrencyTarget;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.units.Units;

/**
 * What one chart draws: the sheet's curves (null: the sheet cannot be calculated), the pool's context (null: none),
 * the primary unit, the variants' concurrency lines and the concurrency target (null: none). Kept per chart as last drawn, so a redraw does
 * only what changed.
 */
record ChartData(Curves.Charts charts, Long context, boolean gib, List<Curves.Series> variants, ConcurrencyTarget target) {
    ChartData(Curves.Charts charts, Long context, boolean gib, List<Curves.Series> variants) {
        this(charts, context, gib, variants, null);
    }

    double unit() { return gib ? Units.GIB : Units.GB; }

    String unitName() { return gib ? "GiB" : "GB"; }

    /** Where the context marker goes on a log2 context axis (NaN: no marker). */
    double marker() { return context == null ? Double.NaN : ChartAxes.log2(context); }

    /** True when only the context moved since {@code was}: the curves (and the unit) are what the chart already shows. */
    boolean sameCurvesAs(ChartData was) {
        if (was == null || was.charts() == null || was.gib() != gib || charts == null) {
            return false;
        }
        Curves.Charts a = was.charts();
        Curves.Charts b = charts;
        return a.kvSeries().equals(b.kvSeries()) && a.poolBytes() == b.poolBytes() && a.limits().equals(b.limits())
                && a.concurrency().equals(b.concurrency()) && a.maxContext() == b.maxContext()
                && was.variants().equals(variants) && Objects.equals(was.target(), target);
    }
}
