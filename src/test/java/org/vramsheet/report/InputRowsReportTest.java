package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.ZonedDateTime;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellType;
import org.apache.poi.ss.usermodel.Name;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.input.EveryInput;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.InputDecl.Shown;
import org.vramsheet.core.input.InputText;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.Worksheet;

/** Every declared input shows in the PDF (label and value) and has a named XLSX cell holding its value. */
class InputRowsReportTest {
    private static String pdfText(Worksheet ws) throws IOException {
        byte[] pdf = PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc).replaceAll("\\s+", " ");
        }
    }

    private static XSSFWorkbook xlsx(Worksheet ws) throws IOException {
        return new XSSFWorkbook(new ByteArrayInputStream(XlsxReport.render(new ReportData(ws, "test", ZonedDateTime.now()))));
    }

    private static String flat(String s) { return s.replaceAll("\\s+", " "); }

    /** The text the PDF shows for an input: its value, or for a list's item field each item's value. */
    private static List<String> shown(InputDecl d, Worksheet ws) {
        Object v = Inputs.value(ws, d.key());
        if (d.shown() == Shown.PART) {
            return ((List<?>) v).stream().map(x -> InputText.of(d, x)).toList();
        }
        if (d.key().equals("variants")) {
            return ws.variants().names();
        }
        return List.of(InputText.of(d, v));
    }

    @Test
    void everyInputIsInThePdfAndANamedXlsxCell() throws IOException {
        Worksheet ws = EveryInput.sheet();
        String text = pdfText(ws);
        for (InputDecl d : Inputs.all()) {
            for (String value : shown(d, ws)) {
                assertTrue(!value.equals("-") && text.contains(flat(value)), d.key() + ": value '" + value + "' in the PDF");
            }
            boolean labelled = switch (d.shown()) {
                case ROW, WORKLOAD, PART -> true;
                case SIGN_OFF -> !d.key().endsWith("On") && !d.key().contains("history[]"); // dates in the Date column
                case VARIANTS -> false; // the VARIANTS section names each variant
            };
            if (labelled) {
                assertTrue(text.contains(flat(d.label())), d.key() + ": label '" + d.label() + "' in the PDF");
            }
        }
        try (XSSFWorkbook wb = xlsx(ws)) {
            for (InputDecl d : Inputs.all()) {
                if (d.shown() != Shown.PART) {
                    assertCell(wb, d, Inputs.value(ws, d.key()));
                }
            }
        }
    }

    private static void assertCell(XSSFWorkbook wb, InputDecl d, Object v) {
        Name n = wb.getName(d.cellName());
        assertNotNull(n, d.key() + " has a named cell");
        CellReference ref = new CellReference(n.getRefersToFormula());
        Cell c = wb.getSheet(ref.getSheetName()).getRow(ref.getRow()).getCell(ref.getCol());
        switch (d.kind()) {
            case BYTES, TOKENS, COUNT, RATIO, PERCENT, DECIMAL ->
                    assertEquals(((Number) v).doubleValue(), c.getNumericCellValue(), d.key());
            case BOOLEAN -> assertEquals(v, c.getBooleanCellValue(), d.key());
            case TEXT, DATE -> assertEquals(v, c.getStringCellValue(), d.key());
            default -> assertEquals(InputText.of(d, v), c.getCellType() == CellType.STRING ? c.getStringCellValue() : "", d.key());
        }
    }

    /** Issue 24's sheet: TP 4, PP 2, DP 3, nodes 2, max sequences 777 printed neither nodes nor max sequences. */
    @Test
    void nodesAndMaxSequencesAreReported() throws IOException {
        Worksheet base = Sheets.llama70b();
        Worksheet ws = base.withRuntime(base.runtime().withParallel(4, 2, 3).toBuilder().nodes(2).maxNumSeqs(777).build())
                .withGpu(base.gpu().withCount(24));
        String text = pdfText(ws);
        assertTrue(text.contains("Nodes one replica spans 2"), "nodes in the PDF");
        assertTrue(text.contains("Max sequences (slots / batch) 777"), "max sequences in the PDF");
        try (XSSFWorkbook wb = xlsx(ws)) {
            assertCell(wb, Inputs.get("runtime.nodes"), 2);
            assertCell(wb, Inputs.get("runtime.maxNumSeqs"), 777);
            assertCell(wb, Inputs.get("runtime.dataParallel"), 3);
        }
    }
}
