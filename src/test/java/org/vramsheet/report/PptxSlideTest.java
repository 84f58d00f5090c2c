package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFFreeformShape;
import org.apache.poi.xslf.usermodel.XSLFShape;
import org.apache.poi.xslf.usermodel.XSLFTable;
import org.apache.poi.xslf.usermodel.XSLFTextShape;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.Fingerprint;

/** File › Export slide...: one slide, opened back with POI: the decision's texts, the table and the chart's lines. */
class PptxSlideTest {
    private static XMLSlideShow open(ReportData d) throws Exception {
        return new XMLSlideShow(new ByteArrayInputStream(PptxSlide.render(d)));
    }

    private static String texts(XMLSlideShow ppt) {
        StringBuilder b = new StringBuilder();
        for (XSLFShape s : ppt.getSlides().get(0).getShapes()) {
            if (s instanceof XSLFTextShape t) {
                b.append(t.getText()).append('\n');
            } else if (s instanceof XSLFTable t) {
                t.getRows().forEach(r -> r.getCells().forEach(c -> b.append(c.getText()).append(" | ")));
                b.append('\n');
            }
        }
        return b.toString();
    }

    private static List<XSLFFreeformShape> named(XMLSlideShow ppt, String prefix) {
        List<XSLFFreeformShape> out = new ArrayList<>();
        for (XSLFShape s : ppt.getSlides().get(0).getShapes()) {
            if (s instanceof XSLFFreeformShape f && f.getShapeName().startsWith(prefix)) {
                out.add(f);
            }
        }
        return out;
    }

    @Test
    void theSlideSaysTheDecisionAndDrawsTheConcurrencyLine() throws Exception {
        ReportData d = new ReportData(XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json"), "test", ZonedDateTime.now());
        try (XMLSlideShow ppt = open(d)) {
            assertEquals(1, ppt.getSlides().size());
            assertEquals(960, ppt.getPageSize().getWidth(), 0.5, "16:9");
            String text = texts(ppt);
            assertTrue(text.contains(d.sheet.model().modelId()), text);
            String verdict = d.figure(FigureKey.RESULT_FITS).isTrue() ? "FITS" : "DOES NOT FIT";
            assertTrue(text.contains("\n" + verdict + "\n") || text.startsWith(verdict + "\n"), text);
            long ctx = d.figure(FigureKey.POOL_CONTEXT_LENGTH).value();
            assertTrue(text.contains("Max concurrency at " + Units.grouped(ctx) + " tokens per sequence"), text);
            assertTrue(text.contains(Units.grouped(d.figure(FigureKey.POOL_MAX_CONCURRENCY).value()) + " sequences"), text);
            assertTrue(text.contains(Units.gibText(d.figure(FigureKey.RESULT_BUDGET_BYTES).value())), text);
            assertTrue(text.contains("Typical | ") && text.contains("Limit | "), "the scenarios' table: " + text);
            assertTrue(text.contains(Fingerprint.ofContent(d.sheet)), text);
            List<XSLFFreeformShape> lines = named(ppt, "series ");
            assertEquals(1, lines.size(), "one line for a sheet without variants");
            int points = d.charts.concurrency().points().size();
            assertTrue(points > 5, "the sheet has a curve: " + points);
            assertEquals(points, lines.get(0).getPath().getCurrentPoint() == null ? 0 : segments(lines.get(0)),
                    "a vertex per point of the curve");
            assertEquals(1, named(ppt, "context-marker").size());
        }
    }

    private static int segments(XSLFFreeformShape f) {
        int n = 0;
        for (var it = f.getPath().getPathIterator(null); !it.isDone(); it.next()) {
            n++;
        }
        return n;
    }

    @Test
    void aSheetWithVariantsGetsTheirTableAndALineEach() throws Exception {
        ReportData d = new ReportData(XlsxReportTest.sample("llama-3.1-70b-variants-bf16-fp8-int4.json"), "test",
                ZonedDateTime.now());
        try (XMLSlideShow ppt = open(d)) {
            String text = texts(ppt);
            assertTrue(text.contains("Variant | Verdict | Max concurrency | Production budget | Margin | "), text);
            for (Comparison.Column c : d.comparison.columns()) {
                assertTrue(text.contains(c.name() + (c.active() ? " (shown)" : "") + " | "), c.name() + ": " + text);
                assertTrue(text.contains(Units.grouped(c.result().get(FigureKey.POOL_MAX_CONCURRENCY).value()) + " sequences"), text);
            }
            assertEquals(d.comparison.columns().size(), named(ppt, "series ").size());
            assertFalse(text.contains("null"), text);
        }
    }
}
