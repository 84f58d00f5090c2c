package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Seen (issue 16): long model IDs and paths ran off the right edge; headings were left alone at the foot of a page
 * ("MAXIMUM CONCURRENCY AGAINST CONTEXT LENGTH" at the bottom of page 3 in 9 of 13 A4 reports); the sign-off block
 * was on the last page with one signature line for three roles. Read back with PDFBox's text positions.
 */
class PdfLayoutTest {
    private static final String LONG_ID = "an-organisation-with-a-long-name/" + "Very-Long-Model-Name-Without-Any-Spaces-".repeat(3)
            + "Instruct-2512";

    private record Line(float y, float right, String text) { }

    /** Every text line of every page, top to bottom, with its rightmost glyph edge. */
    private static List<List<Line>> lines(byte[] pdf) throws IOException {
        List<List<Line>> pages = new ArrayList<>();
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            for (int p = 1; p <= doc.getNumberOfPages(); p++) {
                Map<Float, Line> byY = new TreeMap<>();
                PDFTextStripper s = new PDFTextStripper() {
                    @Override
                    protected void writeString(String text, List<TextPosition> pos) throws IOException {
                        TextPosition last = pos.get(pos.size() - 1);
                        float y = Math.round(last.getYDirAdj());
                        float right = last.getXDirAdj() + last.getWidthDirAdj();
                        Line old = byY.get(y);
                        byY.put(y, new Line(y, old == null ? right : Math.max(right, old.right()),
                                old == null ? text : old.text() + " " + text));
                    }
                };
                s.setStartPage(p);
                s.setEndPage(p);
                s.getText(doc);
                pages.add(new ArrayList<>(byY.values()));
            }
        }
        return pages;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"seed003-70b-int4-80gib.json", "gemma-2-9b-sliding-window-h100.json",
        "llama-3.1-70b-bf16-h200.json", "deepseek-v2-lite-mla-h100.json", "llama-3.1-70b-variants-bf16-fp8-int4.json"})
    void nothingRunsOffThePageAndNoHeadingEndsAPage(String sample) throws Exception {
        Worksheet ws = XlsxReportTest.sample(sample);
        ws = ws.withModel(ws.model().withModelId(LONG_ID)).withValidation(ws.validation().toBuilder().notes(
                "log at /home/someone/deployments/" + "very-long-folder-name-".repeat(6) + "vllm-startup.log").build());
        for (PDRectangle size : new PDRectangle[] {PDRectangle.A4, PDRectangle.LETTER}) {
            byte[] pdf = PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), size);
            List<List<Line>> pages = lines(pdf);
            float limit = size.getWidth() - PdfCanvas.MARGIN + 1;
            for (int p = 0; p < pages.size(); p++) {
                List<Line> page = pages.get(p);
                for (Line l : page) {
                    assertTrue(l.right() <= limit, sample + " page " + (p + 1) + ": '" + l.text() + "' ends at " + l.right()
                            + " past " + limit);
                }
                // the last line above the footer must not be a heading (headings are upper case)
                List<Line> body = page.stream().filter(l -> !l.text().startsWith("Fingerprint:")).toList();
                if (!body.isEmpty()) {
                    String last = body.get(body.size() - 1).text().strip();
                    // (a wrapped line's tail such as "TFLOPS)" is upper case too: a heading's brackets are balanced)
                    boolean balanced = last.chars().filter(ch -> ch == '(').count() == last.chars().filter(ch -> ch == ')').count();
                    assertTrue(!last.matches("[A-Z0-9 /:()-]{6,}") || last.matches(".*\\d.*") || !balanced, sample + " page "
                            + (p + 1) + " ends with the heading '" + last + "'");
                }
            }
            String first = pages.get(0).stream().map(Line::text).reduce("", (a, b) -> a + "\n" + b);
            assertTrue(first.contains("SIGN-OFF") && first.contains("DECISION"), "page 1 is the decision with the sign-off");
            assertTrue(first.split("Signature:", -1).length - 1 == 3, "one signature line per role: " + first);
        }
    }

    /** Seen: "Head dimension: hidden 8192 / heads" instead of 128 when the config gives no head_dim. */
    @org.junit.jupiter.api.Test
    void theHeadDimensionIsANumber() throws Exception {
        Worksheet ws = XlsxReportTest.sample("llama-3.1-70b-bf16-h200.json");
        ws = ws.withKv(ws.kv().toBuilder().headDim(null).hiddenSize(8192).attentionHeads(64).build());
        String text = pdfText(ws);
        assertTrue(text.contains("Head dimension (resolved) = 128"), text);
        assertTrue(text.lines().anyMatch(l -> l.equals("Head dimension -")), "the input row says nothing was typed");
    }

    /** Seen: ticks like "12.50" and "0.50 sequences"; equal curves hid each other; the pool line had no label. */
    @org.junit.jupiter.api.Test
    void chartTicksAreNiceAndCountsWhole() throws Exception {
        org.junit.jupiter.api.Assertions.assertEquals(1.0, PdfCharts.niceStep(0.3, true), "no half sequences");
        org.junit.jupiter.api.Assertions.assertEquals(20.0, PdfCharts.niceStep(13, false));
        org.junit.jupiter.api.Assertions.assertEquals(2.5, PdfCharts.niceStep(2.1, false));
        org.junit.jupiter.api.Assertions.assertEquals("12.5", PdfCharts.tick(12.5, 2.5));
        org.junit.jupiter.api.Assertions.assertEquals("40", PdfCharts.tick(40, 20));
        org.junit.jupiter.api.Assertions.assertEquals("0.25", PdfCharts.tick(0.25, 0.25));
        Worksheet ws = XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json");
        byte[] pdf = PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            String text = new PDFTextStripper().getText(doc);
            assertTrue(text.contains("KV pool 54.12 GiB"), "the pool line is labelled");
            assertTrue(!text.contains("0.50 sequences") && !text.matches("(?s).*\\b12\\.50\\b.*"), "no fractional tick labels");
            assertTrue(text.contains("0 GiB"), "the bars have a scale");
        }
        org.junit.jupiter.api.Assertions.assertNotEquals(java.util.Arrays.toString(PdfCharts.colour("Heavy (16 seq)", 0)),
                java.util.Arrays.toString(PdfCharts.colour("Typical (32 seq)", 1)), "one colour per scenario, not per position");
    }

    /** Seen: "(2.00 GiB) = 2.00 GiB" and, for a hybrid state, "1,097,728 B (1.05 MiB) = 0.00 GiB". */
    @org.junit.jupiter.api.Test
    void bytesAreWrittenOnceInTheirUnit() throws Exception {
        Worksheet ws = XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json");
        ws = ws.withKv(ws.kv().toBuilder().stateLayers(2).stateBytesPerLayer(1_097_728L).build());
        List<String> rows = pdfText(ws).lines().filter(l -> l.startsWith("State bytes per layer")).toList();
        assertEquals(List.of("State bytes per layer 1,097,728 B (1.05 MiB)"), rows);
    }

    private static String pdfText(Worksheet ws) throws IOException {
        byte[] pdf = PdfReport.render(new ReportData(ws, "test", ZonedDateTime.now()), PDRectangle.A4);
        try (PDDocument doc = Loader.loadPDF(pdf)) {
            return new PDFTextStripper().getText(doc);
        }
    }
}
