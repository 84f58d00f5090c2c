package org.vramsheet.report;

import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.units.Units;

/**
 * The XLSX report's "Variants" sheet, for a sheet with variants: the Compare view's table, a column per variant. Sizes
 * are numbers in GiB (a reader can compute with them), every other figure as printed; the inputs that differ and the
 * notes follow. The "Worksheet" sheet's formulas are the variant shown when the report was made.
 */
final class XlsxVariants {
    private XlsxVariants() { }

    static void write(XSSFWorkbook wb, ReportData d) {
        Comparison.Table t = d.comparison;
        if (t.empty()) {
            return;
        }
        XlsxBook b = new XlsxBook(wb, "Variants");
        Row top = b.next();
        top.createCell(0).setCellValue("VARIANTS (" + t.columns().size() + ")");
        top.getCell(0).setCellStyle(b.heading);
        b.text("Compared at", t.context() == null ? "each variant's own max model length"
                : Units.grouped(t.context()) + " tokens per sequence (the shown variant's context)");
        b.text("The Worksheet sheet is", "variant '" + d.sheet.variants().active() + "', the one shown when the report was made");
        b.row++;
        Row head = b.next();
        for (int i = 0; i < t.columns().size(); i++) {
            Comparison.Column c = t.columns().get(i);
            head.createCell(i + 1).setCellValue(c.name() + (c.active() ? " (shown)" : ""));
            head.getCell(i + 1).setCellStyle(b.heading);
            b.sheet.setColumnWidth(i + 1, 24 * 256);
        }
        for (FigureKey k : Comparison.RESULTS) {
            Row r = b.next();
            Figure first = t.columns().get(0).result().get(k);
            boolean bytes = first.unit() == Unit.BYTES && !k.equals(FigureKey.KV_CACHE_BYTES_PER_TOKEN); // per token: B / KiB
            r.createCell(0).setCellValue(first.label() + (bytes ? " (GiB)" : ""));
            for (int i = 0; i < t.columns().size(); i++) {
                Figure f = t.columns().get(i).result().get(k);
                var cell = r.createCell(i + 1);
                if (bytes && f.available()) {
                    cell.setCellValue(f.value() / (double) Units.GIB);
                    cell.setCellStyle(b.gib);
                } else {
                    XlsxBook.put(cell, d.shortText(f));
                }
            }
        }
        if (!t.differences().isEmpty()) {
            b.heading("Inputs that differ");
        }
        for (Comparison.InputRow in : t.differences()) {
            Row r = b.next();
            r.createCell(0).setCellValue(in.label());
            for (int i = 0; i < in.values().size(); i++) {
                XlsxBook.put(r.createCell(i + 1), in.values().get(i).isEmpty() ? "-" : in.values().get(i));
            }
        }
        for (String n : t.notes()) {
            b.text("Note", n);
        }
        b.fitLabels();
    }
}
