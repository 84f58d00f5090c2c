package org.vramsheet.report;

import java.io.IOException;
import java.util.Locale;
import org.vramsheet.core.calc.LatencyComparison;

/**
 * The report's MEASURED LATENCY section (issue 29): VALIDATION's probe run against the sheet's estimate, a row per step
 * and quantity (TTFT and ITL p50 / p95 / p99, output tokens/s) with measured, predicted and the error, as the window's
 * Latency tab shows them. Printed only for a sheet with a measured latency; one of another setup prints why it is not
 * compared.
 */
final class PdfMeasuredLatency {
    static final String TITLE = "MEASURED LATENCY (VALIDATION's probe run against the estimate)";

    private PdfMeasuredLatency() { }

    static void print(PdfCanvas c, ReportData d) throws IOException {
        LatencyComparison m = d.measuredLatency;
        if (m.measured() == null || m.measured().steps().isEmpty()) {
            return;
        }
        int rows = m.rows().size() * LatencyComparison.Quantity.values().length;
        c.heading(TITLE, 80 + 12 * Math.min(rows, 20));
        if (!m.available()) {
            c.paragraph("Not compared: " + m.reason(), 9, PdfPalette.MUTED, 0);
            return;
        }
        c.paragraph("Probe run " + m.measured().measuredAt() + " (" + m.measured().scenario() + "): " + m.shape()
                + ". The estimate has a mean TTFT (taken as the p50), a TTFT p95 and a mean ITL (against the p50); no p99 "
                + "and no ITL percentiles, shown as '-'.", 9, PdfPalette.TEXT, 0);
        float[] cols = {0, 0.14f, 0.42f, 0.6f, 0.78f};
        c.row(new String[] {"Concurrency", "Quantity", "Measured", "Predicted", "Error"}, cols, 9, PdfPalette.ACCENT, true);
        for (LatencyComparison.Row r : m.rows()) {
            for (LatencyComparison.Quantity q : LatencyComparison.Quantity.values()) {
                LatencyComparison.Pair p = r.get(q);
                Double e = p.errorPercent();
                c.row(new String[] {Integer.toString(r.concurrency()), q.label() + " (" + q.unit() + ")", num(p.measured()),
                    num(p.predicted()), e == null ? "-" : String.format(Locale.ROOT, "%+.1f %%", e)}, cols, 8,
                        PdfPalette.TEXT, true);
            }
        }
        c.y -= 8;
    }

    static String num(Double v) { return v == null ? "-" : String.format(Locale.ROOT, "%,.2f", v); }
}
