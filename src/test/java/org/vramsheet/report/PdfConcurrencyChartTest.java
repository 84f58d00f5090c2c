package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZonedDateTime;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.curves.ConcurrencyTarget;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Issue 31, Seen 5: the PDF's concurrency charts used a linear axis (60, 42 and 4 sequences at 8K all sat on the
 * floor under a top of about 2,000), identical curves hid each other and there was no target line.
 */
class PdfConcurrencyChartTest {
    @Test
    void sixtyFortyTwoAndFourSequencesStandApartOnTheLogAxis() {
        // the chart is 170 pt high; its top on the 70B variants sample is about 2,048 sequences (12 steps on log2)
        double top = Math.ceil(PdfCharts.logPosition(2048) + 0.25);
        double h = 170;
        double y60 = PdfCharts.logPosition(60) / top * h;
        double y42 = PdfCharts.logPosition(42) / top * h;
        double y4 = PdfCharts.logPosition(4) / top * h;
        assertTrue(y60 - y42 > 5 && y42 - y4 > 30, y60 + " " + y42 + " " + y4 + " pt above the floor");
        assertTrue(60.0 / 2048 * h < 5 && 42.0 / 2048 * h < 5, "on the old linear axis both were within 5 pt of the floor");
        assertEquals(0, PdfCharts.logPosition(0), 0, "no sequence is the floor");
        assertEquals(1, PdfCharts.logPosition(1), 0, "one sequence one step up");
    }

    @Test
    void anIdenticalCurveIsNamedSameAsAndTheTargetIsPrinted() throws Exception {
        Worksheet ws = XlsxReportTest.sample("llama-3.1-70b-variants-bf16-fp8-int4.json");
        Worksheet twin = Variants.add(ws, "FP8 again"); // the shown variant's inputs again: the same curve
        String text;
        try (PDDocument doc = Loader.loadPDF(PdfReport.render(new ReportData(twin, "test", ZonedDateTime.now()), PDRectangle.A4))) {
            text = new PDFTextStripper().getText(doc).replace("\n", " ");
        }
        String shown = ws.variants().active();
        assertTrue(text.contains("FP8 again (same as " + shown + ")"), "the legend names the twin");
        ConcurrencyTarget t = ConcurrencyTarget.of(twin);
        assertTrue(text.contains(t.label()), "the target line is labelled: " + t.label());
        assertTrue(text.contains("y: sequences (log scale)"));
    }

    @Test
    void sameAsFindsTheFirstEarlierTwinOnly() {
        var a = new Curves.Series("A", List.of(new Curves.Point(512, 60), new Curves.Point(8192, 4)));
        var b = new Curves.Series("B", List.of(new Curves.Point(512, 60), new Curves.Point(8192, 5)));
        var c = new Curves.Series("C", a.points());
        assertEquals(-1, PdfCharts.sameAs(List.of(a, b, c), 0));
        assertEquals(-1, PdfCharts.sameAs(List.of(a, b, c), 1));
        assertEquals(0, PdfCharts.sameAs(List.of(a, b, c), 2));
    }
}
