package org.vramsheet.report;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;

/**
 * Page 1 of the report is the decision a reviewer signs: after the title block and the verdict, each scenario's
 * verdict, the production budget (each headline figure marked estimated or measured), and predicted against measured
 * when the sheet was validated. The sign-off block
 * follows on the same page; every detail comes after it.
 */
final class PdfDecision {
    private static final Set<String> SCENARIO_ROWS = Set.of("", "Concurrent active sequences", "Aggregate active tokens",
            "Physical KV (engine blocks)", "Fits the KV pool", "Share of the pool");

    private PdfDecision() { }

    static void page(PdfCanvas c, ReportData d) throws IOException {
        heading(c, "DECISION: SCENARIOS");
        float[] cols = {0, 0.34f, 0.56f, 0.78f};
        boolean first = true;
        for (List<String> row : d.workloadRows()) {
            if (SCENARIO_ROWS.contains(row.get(0))) {
                c.row(row.toArray(String[]::new), cols, 9, first ? PdfPalette.MUTED : PdfPalette.TEXT, true);
                first = false;
            }
        }
        heading(c, "DECISION: PRODUCTION BUDGET PER REPLICA");
        float[] three = {0, 0.36f, 0.76f};
        for (FigureKey k : List.of(FigureKey.RESULT_NON_KV_BYTES, FigureKey.RESULT_KV_BYTES, FigureKey.RESULT_FRAGMENTATION_BYTES,
                FigureKey.RESULT_HEADROOM_BYTES, FigureKey.RESULT_BUDGET_BYTES, FigureKey.RESULT_GPU_CAPACITY_BYTES,
                FigureKey.RESULT_MARGIN_BYTES, FigureKey.POOL_KV_POOL_BYTES, FigureKey.POOL_CAPACITY_TOKENS)) {
            Figure f = d.figure(k);
            // each headline figure says whether it is estimated or measured (HeadlineBasis)
            c.row(new String[] {f.label(), d.text(k), d.basis.markFor(f)}, three, 9, f.available() ? PdfPalette.TEXT
                    : PdfPalette.MUTED, true);
        }
        float[] two = {0, 0.42f};
        var v = d.sheet.validation();
        if (v.hasPrediction()) {
            heading(c, "DECISION: PREDICTED BEFORE LAUNCH AGAINST MEASURED");
            for (FigureKey k : List.of(FigureKey.VALIDATION_KV_CAPACITY_ERROR, FigureKey.VALIDATION_KV_POOL_ERROR,
                    FigureKey.VALIDATION_NON_KV_ERROR)) {
                Figure f = d.figure(k);
                c.row(new String[] {f.label(), d.text(k)}, two, 9, f.available() ? PdfPalette.TEXT : PdfPalette.MUTED, true);
            }
        }
    }

    private static void heading(PdfCanvas c, String s) throws IOException {
        c.need(80);
        c.y -= 16;
        c.text(PdfCanvas.MARGIN, c.y, s, 11, PdfPalette.ACCENT);
        c.y -= 4;
    }
}
