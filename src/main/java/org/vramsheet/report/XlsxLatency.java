package org.vramsheet.report;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.calc.LatencyComparison;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;

/**
 * The XLSX report's "Latency" sheet (issue 29): each scenario's estimated TTFT, ITL and throughput, the SLA verdict and
 * the costs, one row each with its value (the app's: the roofline is not a spreadsheet formula), unit and formula with
 * this sheet's numbers; an unavailable figure says why.
 */
final class XlsxLatency {
    private XlsxLatency() { }

    static void write(XSSFWorkbook wb, ReportData d) {
        XlsxBook b = new XlsxBook(wb, "Latency");
        Row top = b.next();
        top.createCell(0).setCellValue(ReportData.LATENCY + ", the app's values");
        top.getCell(0).setCellStyle(b.heading);
        b.row++;
        for (FigureKey k : ReportData.latencyKeys()) {
            Figure f = d.figure(k);
            Row r = b.next();
            r.createCell(0).setCellValue(f.label());
            if (f.available() && f.unit().real()) {
                r.createCell(1).setCellValue(f.ratio());
            } else {
                XlsxBook.put(r.createCell(1), f.available() ? d.shortText(f) : "unavailable: " + f.reason());
            }
            XlsxBook.put(r.createCell(2), f.available() ? d.shortText(f) : "");
            XlsxBook.put(r.createCell(3), f.provenance().expression());
        }
        measured(b, d.measuredLatency);
        b.fitLabels();
    }

    /** VALIDATION's probe run against the estimate: a row per step and quantity, numbers as numbers (issue 29). */
    private static void measured(XlsxBook b, LatencyComparison m) {
        if (m.measured() == null || m.measured().steps().isEmpty()) {
            return;
        }
        b.row++;
        Row top = b.next();
        top.createCell(0).setCellValue(PdfMeasuredLatency.TITLE);
        top.getCell(0).setCellStyle(b.heading);
        if (!m.available()) {
            XlsxBook.put(b.next().createCell(0), "Not compared: " + m.reason());
            return;
        }
        XlsxBook.put(b.next().createCell(0), "Probe run " + m.measured().measuredAt() + ": " + m.shape()
                + "; the estimate has no p99 and no ITL percentiles (empty cells)");
        Row head = b.next();
        String[] names = {"Concurrency", "Quantity", "Unit", "Measured", "Predicted", "Error (%)"};
        for (int i = 0; i < names.length; i++) {
            head.createCell(i).setCellValue(names[i]);
            head.getCell(i).setCellStyle(b.heading);
        }
        for (LatencyComparison.Row r : m.rows()) {
            for (LatencyComparison.Quantity q : LatencyComparison.Quantity.values()) {
                LatencyComparison.Pair p = r.get(q);
                Row x = b.next();
                x.createCell(0).setCellValue(r.concurrency());
                x.createCell(1).setCellValue(q.label());
                x.createCell(2).setCellValue(q.unit());
                if (p.measured() != null) {
                    x.createCell(3).setCellValue(p.measured());
                }
                if (p.predicted() != null) {
                    x.createCell(4).setCellValue(p.predicted());
                }
                if (p.errorPercent() != null) {
                    x.createCell(5).setCellValue(Math.round(p.errorPercent() * 100) / 100.0);
                }
            }
        }
    }
}
