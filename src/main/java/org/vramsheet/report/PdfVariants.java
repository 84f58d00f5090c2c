package org.vramsheet.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.curves.ConcurrencyTarget;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.units.Units;

/**
 * The report's VARIANTS section: the Compare view's table (up to four variants a table, the label column repeated), the
 * notes, and every variant's concurrency on one chart. Printed only for a sheet with variants; the rest of the report
 * is the variant shown when it was made.
 */
final class PdfVariants {
    private static final int PER_TABLE = 4;

    private PdfVariants() { }

    static void print(PdfCanvas c, ReportData d) throws IOException {
        Comparison.Table t = d.comparison;
        if (t.empty()) {
            return;
        }
        c.heading("VARIANTS (" + t.columns().size() + ", compared at " + (t.context() == null
                ? "each one's max model length" : Units.grouped(t.context()) + " tokens per sequence") + ")", 120);
        c.paragraph("This report's other sections are variant '" + shown(t) + "', the one shown when it was made.", 8.5f,
                PdfPalette.MUTED, 0);
        for (int from = 0; from < t.columns().size(); from += PER_TABLE) {
            table(c, d, t, from, Math.min(t.columns().size(), from + PER_TABLE));
        }
        for (String n : t.notes()) {
            c.paragraph("Note: " + n, 8.5f, PdfPalette.BAD, 0);
        }
        float h = 170;
        c.heading("MAXIMUM CONCURRENCY AGAINST CONTEXT LENGTH, BY VARIANT", h + 56);
        double cmax = 1;
        long maxContext = 512;
        List<Curves.Series> series = new ArrayList<>();
        for (Comparison.Column col : t.columns()) {
            series.add(col.concurrency());
            for (Curves.Point p : col.concurrency().points()) {
                cmax = Math.max(cmax, p.y());
                maxContext = Math.max(maxContext, p.x());
            }
        }
        PdfCharts.line(c, c.y - h - 10, h, PdfCharts.Line.concurrency(series, cmax, maxContext, true,
                ConcurrencyTarget.of(d.sheet)));
        c.y -= h + 50;
    }

    private static String shown(Comparison.Table t) {
        return t.columns().stream().filter(Comparison.Column::active).map(Comparison.Column::name).findFirst().orElse("");
    }

    /** Columns {@code from} to {@code to} (exclusive): a header row of names, the results, then the inputs that differ. */
    private static void table(PdfCanvas c, ReportData d, Comparison.Table t, int from, int to) throws IOException {
        int n = to - from;
        float[] cols = new float[n + 1];
        for (int i = 0; i < n; i++) {
            cols[i + 1] = 0.3f + i * 0.7f / PER_TABLE;
        }
        String[] head = new String[n + 1];
        head[0] = "";
        for (int i = 0; i < n; i++) {
            Comparison.Column col = t.columns().get(from + i);
            head[i + 1] = col.name() + (col.active() ? " (shown)" : "");
        }
        c.need(40);
        c.row(head, cols, 9, PdfPalette.ACCENT, true);
        for (FigureKey k : Comparison.RESULTS) {
            String[] row = new String[n + 1];
            row[0] = t.columns().get(0).result().get(k).label();
            for (int i = 0; i < n; i++) {
                Figure f = t.columns().get(from + i).result().get(k);
                row[i + 1] = d.shortText(f);
            }
            c.row(row, cols, 8, PdfPalette.TEXT, true);
        }
        for (Comparison.InputRow r : t.differences()) {
            String[] row = new String[n + 1];
            row[0] = r.label();
            for (int i = 0; i < n; i++) {
                String v = r.values().get(from + i);
                row[i + 1] = v.isEmpty() ? "-" : v;
            }
            c.row(row, cols, 8, PdfPalette.MUTED, true);
        }
        c.y -= 8;
    }
}
