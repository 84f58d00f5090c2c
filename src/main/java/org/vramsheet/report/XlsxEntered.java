package org.vramsheet.report;

import java.util.Locale;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Name;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.InputDecl.Shown;
import org.vramsheet.core.input.InputText;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The XLSX "Inputs" sheet: every declared input ({@link Inputs}) as entered, one named cell each (the name is the key,
 * dots as underscores: "runtime_nodes"). Numbers stay numbers, switches booleans, the rest text; the Worksheet sheet's
 * yellow cells are the resolved values its formulas use.
 */
final class XlsxEntered {
    static final String SHEET = "Inputs";

    private XlsxEntered() { }

    static void write(XSSFWorkbook wb, Worksheet ws) {
        XSSFSheet s = wb.createSheet(SHEET);
        int r = 0;
        Row top = s.createRow(r++);
        top.createCell(0).setCellValue("Every input as entered in VRAM Sheet; the cell in column C is named after its key.");
        Row head = s.createRow(r++);
        String[] titles = {"Input", "Key", "Value", "Unit", "Schema version"};
        for (int i = 0; i < titles.length; i++) {
            head.createCell(i).setCellValue(titles[i]);
        }
        for (InputDecl d : Inputs.all()) {
            if (d.shown() == Shown.PART) {
                continue; // inside its list's cell
            }
            Row row = s.createRow(r++);
            row.createCell(0).setCellValue(d.fieldLabel());
            row.createCell(1).setCellValue(d.key());
            fill(row.createCell(2), d, Inputs.value(ws, d.key()));
            row.createCell(3).setCellValue(d.kind().name().toLowerCase(Locale.ROOT));
            row.createCell(4).setCellValue(d.since());
            Name n = wb.createName();
            n.setNameName(d.cellName());
            n.setRefersToFormula("'" + SHEET + "'!$C$" + (row.getRowNum() + 1));
        }
        s.setColumnWidth(0, 70 * 256);
        s.setColumnWidth(1, 40 * 256);
        s.setColumnWidth(2, 50 * 256);
        s.enableLocking(); // a record of the sheet, not a what-if input: edit in VRAM Sheet
    }

    /** Numbers as numbers, switches as booleans, everything else as its printed text; empty stays blank. */
    private static void fill(Cell c, InputDecl d, Object v) {
        if (v == null) {
            return;
        }
        switch (d.kind()) {
            case BYTES, TOKENS, COUNT, RATIO, PERCENT, DECIMAL -> c.setCellValue(((Number) v).doubleValue());
            case BOOLEAN -> c.setCellValue((Boolean) v);
            case TEXT, DATE -> XlsxBook.put(c, (String) v);
            default -> XlsxBook.put(c, InputText.of(d, v));
        }
    }
}
