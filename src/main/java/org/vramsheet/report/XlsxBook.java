package org.vramsheet.report;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.FillPatternType;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.IndexedColors;
import org.apache.poi.ss.usermodel.Name;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.util.CellRangeAddressList;
import org.apache.poi.ss.util.CellReference;
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
    /** Bytes of one token, layer or page (KiB and KB beside them: in GiB they would print 0.00). */
    final CellStyle smallBytes;
    final CellStyle gib;
    final CellStyle gb;
    private final CellStyle kib;
    private final CellStyle kb;
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
        smallBytes = style(f.getFormat("#,##0\" B\""), false);
        kib = style(f.getFormat("#,##0.00\" KiB\""), false);
        kb = style(f.getFormat("#,##0.00\" KB\""), false);
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
        bold.setColor(IndexedColors.ROYAL_BLUE.getIndex());
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
            s.setFillForegroundColor(IndexedColors.LIGHT_YELLOW.getIndex());
            s.setFillPattern(FillPatternType.SOLID_FOREGROUND);
        }
        return s;
    }

    /** The most characters a cell holds (Excel's limit; POI refuses more). */
    static final int MAX_CELL = 32_767;

    /**
     * The text, or as much of it as fits in a cell followed by a note that says how long it is and where the rest is
     * (docs/limits.md).
     */
    static String fit(String s) {
        if (s == null || s.length() <= MAX_CELL) {
            return s;
        }
        String note = "\u2026 (truncated: " + String.format(Locale.ROOT, "%,d", s.length())
                + " characters, full text in the worksheet JSON)";
        int cut = MAX_CELL - note.length();
        cut = Character.isHighSurrogate(s.charAt(cut - 1)) ? cut - 1 : cut;
        return s.substring(0, cut) + note;
    }

    /** A text cell, cut to fit ({@link #fit}). */
    static void put(Cell c, String s) {
        c.setCellValue(fit(s));
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
        put(r.createCell(1), value == null ? "" : value);
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
    private Row namedRow(String name, String label, Consumer<XSSFCell> fill, CellStyle style,
                         boolean isBytes) {
        Row r = next();
        r.createCell(0).setCellValue(label);
        XSSFCell c = (XSSFCell) r.createCell(1);
        fill.accept(c);
        c.setCellStyle(style);
        name(name, 1, r.getRowNum());
        if (isBytes) {
            units(r, "B", style == smallBytes);
        }
        return r;
    }

    /** Inputs that are switches: the cell accepts 0 or 1 only. */
    private static final Set<String> FLAGS = Set.of("Mla", "WindowChunked", "PrefixCaching", "CapFromConc",
            "CgInPool");

    /** An input row (yellow): a number, or empty when null; named. Switches get a 0 / 1 list. */
    void input(String name, String label, Number value, boolean isBytes) {
        Row r = namedRow(name, label, c -> {
            if (value != null) {
                c.setCellValue(value.doubleValue());
            }
        }, input, isBytes);
        if (FLAGS.contains(name)) {
            var h = sheet.getDataValidationHelper();
            var v = h.createValidation(h.createExplicitListConstraint(new String[] {"0", "1"}),
                    new CellRangeAddressList(r.getRowNum(), r.getRowNum(), 1, 1));
            v.setShowErrorBox(true);
            v.createErrorBox("0 or 1", label + ": enter 0 or 1");
            sheet.addValidationData(v);
        }
    }

    /** A note in column E of the last row. */
    void noteText(String text) {
        XSSFCell n = (XSSFCell) sheet.getRow(row - 1).createCell(4);
        put(n, text);
        n.setCellStyle(note);
    }

    /** A label in column E of the last row that follows its input (a formula), e.g. the dtype a byte count means. */
    void noteFormula(String formula) {
        XSSFCell n = (XSSFCell) sheet.getRow(row - 1).createCell(4);
        n.setCellFormula(formula);
        n.setCellStyle(note);
    }

    /** Beside each named row: its mark in column E, or F when E holds a note (an empty mark or an unknown name: nothing). */
    void marks(Map<String, String> byName) {
        byName.forEach((name, mark) -> {
            Name n = wb.getName(name);
            if (n == null || mark.isEmpty()) {
                return;
            }
            Row r = sheet.getRow(new CellReference(n.getRefersToFormula()).getRow());
            int col = r.getCell(4) == null ? 4 : 5;
            XSSFCell c = (XSSFCell) r.createCell(col);
            put(c, mark);
            c.setCellStyle(note);
        });
    }

    /** Page set-up shared by every sheet: header with the model, footer with the fingerprint and "page x of y". */
    static void printSetup(XSSFSheet s, String model, String fingerprint) {
        // Excel keeps at most 255 characters in a header
        s.getHeader().setCenter("VRAM sizing report: " + (model.length() > 120 ? model.substring(0, 120) + "\u2026" : model));
        s.getFooter().setLeft("Fingerprint " + fingerprint);
        s.getFooter().setRight("Page &P of &N");
        s.getPrintSetup().setLandscape(true);
        s.setFitToPage(true);
        s.getPrintSetup().setFitWidth((short) 1);
        s.getPrintSetup().setFitHeight((short) (s.getSheetName().equals("Chart data") ? 1 : 0));
    }

    /** Column A as wide as its longest label (up to 90 characters), so no label is cut off on screen or paper. */
    void fitLabels() {
        int longest = 20;
        for (Row r : sheet) {
            var c = r.getCell(0);
            if (c != null && c.getCellType() == CellType.STRING) {
                longest = Math.max(longest, c.getStringCellValue().length());
            }
        }
        sheet.setColumnWidth(0, Math.min(90, longest + 2) * 256);
    }

    /** A text input; with {@code allowed}, the cell accepts only those words (a list in the cell). */
    void inputText(String name, String label, String value, String... allowed) {
        Row r = namedRow(name, label, c -> put(c, value), input, false);
        if (allowed.length > 0) {
            var h = sheet.getDataValidationHelper();
            var v = h.createValidation(h.createExplicitListConstraint(allowed),
                    new CellRangeAddressList(r.getRowNum(), r.getRowNum(), 1, 1));
            v.setShowErrorBox(true);
            v.createErrorBox("Not allowed", label + ": one of " + String.join(", ", allowed));
            sheet.addValidationData(v);
        }
    }

    /** A result row: a formula in B, named, with its GiB and GB beside it for bytes. */
    void formula(String name, String label, String formula, CellStyle style) {
        namedRow(name, label, c -> c.setCellFormula(formula), style, style == bytes || style == smallBytes);
    }

    /** A result the app computed that has no formula here (said in column E). */
    void value(String name, String label, double v, CellStyle style, String why) {
        Row r = namedRow(name, label, c -> c.setCellValue(v), style, style == bytes || style == smallBytes);
        XSSFCell n = (XSSFCell) r.createCell(4);
        put(n, why);
        n.setCellStyle(note);
    }

    /** GiB and GB beside a byte cell (KiB and KB for {@code small} ones). */
    private void units(Row r, String col, boolean small) {
        int i = r.getRowNum() + 1;
        XSSFCell g = (XSSFCell) r.createCell(2);
        g.setCellFormula("IF(ISNUMBER(" + col + i + ")," + col + i + (small ? "/1024" : "/1073741824") + ",\"\")");
        g.setCellStyle(small ? kib : gib);
        XSSFCell d = (XSSFCell) r.createCell(3);
        d.setCellFormula("IF(ISNUMBER(" + col + i + ")," + col + i + (small ? "/1000" : "/1000000000") + ",\"\")");
        d.setCellStyle(small ? kb : gb);
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
