package org.vramsheet.report;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
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
        b.fitLabels();
    }
}
