package org.vramsheet.report;

import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Name;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.usermodel.XSSFCell;
import org.apache.poi.xssf.usermodel.XSSFSheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Writes rows of the Worksheet sheet: a label in A, an input value or a formula in B (C and D for the
 * other two scenarios), byte cells followed by their GiB and GB; every input gets a workbook name.
 */
final class XlsxBook {
    final XSSFWorkbook wb;
    final XSSFSheet sheet;
    final CellStyle bytes;
    final CellStyle gib;
    final CellStyle gb;
    final CellStyle count;
    final CellStyle decimal;
    final CellStyle heading;
    final CellStyle input;
    final CellStyle label;
    final CellStyle note;
    int row;

    XlsxBook(XSSFWorkbook wb, String name) {
        this.wb = wb;
        this.sheet = wb.createSheet(name);
        var f = wb.createDataFormat();
        bytes = style(f.getFormat("#,##0\" B\""), false);
        gib = style(f.getFormat("#,##0.00\" GiB\""), false);
        gb = style(f.getFormat("#,##0.00\" GB\""), false);
        count = style(f.getFormat("#,##0"), false);
        decimal = style(f.getFormat("0.0000"), false);
        input = style(f.getFormat("#,##0.####"), true);
        label = wb.createCellStyle();
        note = wb.createCellStyle();
        Font small = wb.createFont();
        small.setItalic(true);
        small.setFontHeightInPoints((short) 9);
        note.setFont(small);
        heading = wb.createCellStyle();
        Font bold = wb.createFont();
        bold.setBold(true);
        bold.setFontHeightInPoints((short) 12);
        bold.setColor(org.apache.poi.ss.usermodel.IndexedColors.ROYAL_BLUE.getIndex());
        heading.setFont(bold);
        sheet.setColumnWidth(0, 48 * 256);
        sheet.getPrintSetup().setLandscape(true);
        sheet.setFitToPage(true);
        sheet.getPrintSetup().setFitWidth((short) 1);
        sheet.getPrintSetup().setFitHeight((short) 0);
        for (int c = 1; c <= 6; c++) {
            sheet.setColumnWidth(c, 22 * 256);
        }
    }

    private CellStyle style(short format, boolean isInput) {
        CellStyle s = wb.createCellStyle();
        s.setDataFormat(format);
        if (isInput) {
            s.setFillForegroundColor(org.apache.poi.ss.usermodel.IndexedColors.LIGHT_YELLOW.getIndex());
            s.setFillPattern(org.apache.poi.ss.usermodel.FillPatternType.SOLID_FOREGROUND);
        }
        return s;
    }

    Row next() {
        return sheet.createRow(row++);
    }

    void heading(String text) {
        row++;
        next().createCell(0).setCellValue(text);
        sheet.getRow(row - 1).getCell(0).setCellStyle(heading);
    }

    void text(String label, String value) {
        Row r = next();
        r.createCell(0).setCellValue(label);
        r.createCell(1).setCellValue(value == null ? "" : value);
    }

    /** "B12" for column col of the current row-1. */
    static String ref(int col, int rowIndex) {
        return (char) ('A' + col) + Integer.toString(rowIndex + 1);
    }

    void name(String name, int col, int rowIndex) {
        Name n = wb.createName();
        n.setNameName(name);
        n.setRefersToFormula("'" + sheet.getSheetName() + "'!$" + (char) ('A' + col) + "$" + (rowIndex + 1));
    }

    /** A row: label in A, a named cell in B filled by {@code fill}, GiB and GB beside it for bytes. */
    private Row namedRow(String name, String label, java.util.function.Consumer<XSSFCell> fill, CellStyle style,
                         boolean isBytes) {
        Row r = next();
        r.createCell(0).setCellValue(label);
        XSSFCell c = (XSSFCell) r.createCell(1);
        fill.accept(c);
        c.setCellStyle(style);
        name(name, 1, r.getRowNum());
        if (isBytes) {
            units(r, "B");
        }
        return r;
    }

    /** An input row (yellow): a number, or empty when null; named. */
    void input(String name, String label, Number value, boolean isBytes) {
        namedRow(name, label, c -> {
            if (value != null) {
                c.setCellValue(value.doubleValue());
            }
        }, input, isBytes);
    }

    void inputText(String name, String label, String value) {
        namedRow(name, label, c -> c.setCellValue(value), input, false);
    }

    /** A result row: a formula in B, named, with its GiB and GB beside it for bytes. */
    void formula(String name, String label, String formula, CellStyle style) {
        namedRow(name, label, c -> c.setCellFormula(formula), style, style == bytes);
    }

    /** A result the app computed that has no formula here (said in column E). */
    void value(String name, String label, double v, CellStyle style, String why) {
        Row r = namedRow(name, label, c -> c.setCellValue(v), style, style == bytes);
        XSSFCell n = (XSSFCell) r.createCell(4);
        n.setCellValue(why);
        n.setCellStyle(note);
    }

    private void units(Row r, String col) {
        int i = r.getRowNum() + 1;
        XSSFCell g = (XSSFCell) r.createCell(2);
        g.setCellFormula("IF(ISNUMBER(" + col + i + ")," + col + i + "/1073741824,\"\")");
        g.setCellStyle(gib);
        XSSFCell d = (XSSFCell) r.createCell(3);
        d.setCellFormula("IF(ISNUMBER(" + col + i + ")," + col + i + "/1000000000,\"\")");
        d.setCellStyle(gb);
    }

    /** A section heading and the Typical / Heavy / Limit column titles under it. */
    void scenarioHeading(String title) {
        heading(title);
        Row h = next();
        h.createCell(1).setCellValue("Typical");
        h.createCell(2).setCellValue("Heavy");
        h.createCell(3).setCellValue("Limit");
    }
}
