package org.vramsheet.report;

import java.awt.Color;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.apache.poi.sl.usermodel.StrokeStyle;
import org.apache.poi.sl.usermodel.TextParagraph.TextAlign;
import org.apache.poi.xslf.usermodel.XSLFFreeformShape;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.openxmlformats.schemas.presentationml.x2006.main.CTShape;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.summary.SummaryMarkdown;
import org.vramsheet.core.units.Units;

/**
 * The slide's chart: maximum concurrency against context, both axes log2 (as the window's and the PDF's), each
 * variant's line in its own colour and dash (or the sheet's one line), the context the slide is at as a marker; all
 * vector shapes, so it stays sharp on any projector and can be edited.
 */
final class PptxChart {
    private static final Color GRID = new Color(0xd5dae1);
    private static final StrokeStyle.LineDash[] DASHES = {StrokeStyle.LineDash.SOLID, StrokeStyle.LineDash.DASH,
        StrokeStyle.LineDash.SYS_DOT, StrokeStyle.LineDash.DASH_DOT, StrokeStyle.LineDash.SOLID, StrokeStyle.LineDash.SYS_DASH,
        StrokeStyle.LineDash.LG_DASH_DOT, StrokeStyle.LineDash.SOLID};

    private PptxChart() { }

    /** Where x (context, tokens) and y (sequences) fall in the plot area. */
    private record Plot(Rectangle2D area, double xMin, double xMax, double yMax) {
        double x(double tokens) {
            return area.getX() + (log2(tokens) - xMin) / (xMax - xMin) * area.getWidth();
        }

        /** One sequence and more on a log2 axis; zero sits on the floor (-1). */
        double y(double seqs) {
            double pos = seqs >= 1 ? log2(seqs) : -1;
            return area.getMaxY() - (pos + 1) / (yMax + 1) * area.getHeight();
        }
    }

    static double log2(double v) { return Math.log(Math.max(1, v)) / Math.log(2); }

    static void draw(XSLFSlide s, Rectangle2D box, ReportData d, Long context, SummaryMarkdown.Language words) {
        List<Curves.Series> lines = new ArrayList<>();
        boolean variants = !d.comparison.empty();
        if (variants) {
            for (Comparison.Column c : d.comparison.columns()) {
                lines.add(c.concurrency());
            }
        } else if (d.charts != null) {
            lines.add(new Curves.Series(PptxSlide.t(words, "max sequences"), d.charts.concurrency().points()));
        }
        double top = 1;
        long maxX = 1024;
        for (Curves.Series l : lines) {
            for (Curves.Point p : l.points()) {
                top = Math.max(top, p.y());
                maxX = Math.max(maxX, p.x());
            }
        }
        PptxSlide.text(s, new Rectangle2D.Double(box.getX(), box.getY() - 4, box.getWidth(), 20),
                PptxSlide.t(words, "Maximum concurrency against context length"), 13, PptxSlide.TEXT, true);
        Rectangle2D area = new Rectangle2D.Double(box.getX() + 40, box.getY() + 34, box.getWidth() - 50, box.getHeight() - 82);
        Plot p = new Plot(area, 9, Math.max(10, Math.ceil(log2(maxX))), Math.max(1, Math.ceil(log2(top) + 0.25)));
        axes(s, p, words);
        for (int i = 0; i < lines.size(); i++) {
            series(s, p, lines.get(i), variants ? colour(i) : PptxSlide.ACCENT, variants ? DASHES[i % DASHES.length]
                    : StrokeStyle.LineDash.SOLID);
        }
        if (context != null) {
            Path2D m = new Path2D.Double();
            m.moveTo(p.x(context), area.getY());
            m.lineTo(p.x(context), area.getMaxY());
            name(line(s, m, PptxSlide.BAD, 1.25, StrokeStyle.LineDash.DASH), "context-marker");
            double x = p.x(context);
            boolean left = x > area.getMaxX() - 90; // by the right edge the label goes on the marker's left
            PptxSlide.text(s, new Rectangle2D.Double(left ? x - 93 : x + 3, area.getY(), 90, 14),
                    PptxSlide.v(words, Units.grouped(context) + " tokens"), 9, PptxSlide.BAD,
                    false).getTextParagraphs().get(0).setTextAlign(left ? TextAlign.RIGHT : TextAlign.LEFT);
        }
        legend(s, box, lines, variants);
    }

    private static void axes(XSLFSlide s, Plot p, SummaryMarkdown.Language l) {
        Rectangle2D a = p.area();
        for (int k = (int) p.xMin(); k <= p.xMax(); k++) {
            double x = p.x(Math.pow(2, k));
            grid(s, x, a.getY(), x, a.getMaxY());
            if (k % 2 == 1 || p.xMax() - p.xMin() <= 8) {
                PptxSlide.text(s, new Rectangle2D.Double(x - 22, a.getMaxY() + 2, 44, 12), tokens(1L << k), 8, PptxSlide.MUTED, false)
                        .getTextParagraphs().get(0).setTextAlign(TextAlign.CENTER);
            }
        }
        int step = p.yMax() > 12 ? 2 : 1;
        for (int k = -1; k <= p.yMax(); k += k < 0 ? 1 : step) {
            double y = p.y(k < 0 ? 0 : Math.pow(2, k));
            grid(s, a.getX(), y, a.getMaxX(), y);
            PptxSlide.text(s, new Rectangle2D.Double(a.getX() - 40, y - 6, 36, 12), k < 0 ? "0" : PptxSlide.v(l, Units.grouped(1L << k)), 8,
                    PptxSlide.MUTED, false).getTextParagraphs().get(0).setTextAlign(TextAlign.RIGHT);
        }
        PptxSlide.text(s, new Rectangle2D.Double(a.getX(), a.getMaxY() + 14, a.getWidth(), 12),
                PptxSlide.t(l, "context length per sequence (tokens, log scale)"), 9, PptxSlide.MUTED, false);
        PptxSlide.text(s, new Rectangle2D.Double(a.getX() - 40, a.getY() - 18, 160, 12), PptxSlide.t(l, "sequences (log scale)"), 9,
                PptxSlide.MUTED, false);
    }

    private static void grid(XSLFSlide s, double x1, double y1, double x2, double y2) {
        Path2D g = new Path2D.Double();
        g.moveTo(x1, y1);
        g.lineTo(x2, y2);
        line(s, g, GRID, 0.5, StrokeStyle.LineDash.SOLID);
    }

    private static void series(XSLFSlide s, Plot p, Curves.Series l, Color c, StrokeStyle.LineDash dash) {
        Path2D path = new Path2D.Double();
        boolean first = true;
        for (Curves.Point pt : l.points()) {
            if (first) {
                path.moveTo(p.x(pt.x()), p.y(pt.y()));
                first = false;
            } else {
                path.lineTo(p.x(pt.x()), p.y(pt.y()));
            }
        }
        if (!first) {
            name(line(s, path, c, 2.25, dash), "series " + l.name());
        }
    }

    private static void legend(XSLFSlide s, Rectangle2D box, List<Curves.Series> lines, boolean variants) {
        if (!variants) {
            return;
        }
        double x = box.getX() + 40;
        double y = box.getMaxY() - 18;
        for (int i = 0; i < lines.size() && i < 8; i++) {
            Path2D key = new Path2D.Double();
            key.moveTo(x, y + 7);
            key.lineTo(x + 18, y + 7);
            line(s, key, colour(i), 2.25, DASHES[i % DASHES.length]);
            PptxSlide.text(s, new Rectangle2D.Double(x + 21, y, 80, 14), lines.get(i).name(), 9, PptxSlide.TEXT, false);
            x += 30 + Math.min(80, 6 * lines.get(i).name().length());
        }
    }

    /** A context tick as the window's axis writes it: 512, 1K, 8K, 128K, 1M (K = 1,024). */
    static String tokens(long v) {
        if (v >= 1_048_576 && v % 1_048_576 == 0) {
            return v / 1_048_576 + "M";
        }
        return v >= 1024 && v % 1024 == 0 ? v / 1024 + "K" : Long.toString(v);
    }

    /** The shape's name (what PowerPoint's selection pane shows; the tests find the lines by it). */
    private static void name(XSLFFreeformShape f, String name) {
        ((CTShape) f.getXmlObject()).getNvSpPr().getCNvPr().setName(name);
    }

    private static Color colour(int i) {
        float[] c = PdfCharts.VARIANT_COLOURS[i % PdfCharts.VARIANT_COLOURS.length];
        return new Color(c[0], c[1], c[2]);
    }

    private static XSLFFreeformShape line(XSLFSlide s, Path2D path, Color c, double width, StrokeStyle.LineDash dash) {
        XSLFFreeformShape f = s.createFreeform();
        f.setPath(path);
        f.setFillColor(null);
        f.setLineColor(c);
        f.setLineWidth(width);
        f.setLineDash(dash);
        return f;
    }
}
