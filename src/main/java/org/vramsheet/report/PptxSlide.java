package org.vramsheet.report;

import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.poi.sl.usermodel.Insets2D;
import org.apache.poi.sl.usermodel.TableCell.BorderEdge;
import org.apache.poi.sl.usermodel.TextParagraph;
import org.apache.poi.xslf.usermodel.XMLSlideShow;
import org.apache.poi.xslf.usermodel.XSLFSlide;
import org.apache.poi.xslf.usermodel.XSLFTable;
import org.apache.poi.xslf.usermodel.XSLFTableCell;
import org.apache.poi.xslf.usermodel.XSLFTableRow;
import org.apache.poi.xslf.usermodel.XSLFTextBox;
import org.apache.poi.xslf.usermodel.XSLFTextParagraph;
import org.apache.poi.xslf.usermodel.XSLFTextRun;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.summary.Decision;
import org.vramsheet.core.summary.SummaryMarkdown;
import org.vramsheet.io.json.Fingerprint;

/**
 * File › Export slide... and {@code export --pptx}: one 16:9 slide with the decision (verdict, budget, maximum
 * concurrency at the context, the variants side by side or the scenarios) and the concurrency chart drawn as vector
 * shapes ({@link PptxChart}). Printed from the core's figures ({@link Decision}); nothing is calculated again. Its words
 * pass through a {@link SummaryMarkdown.Language}: the window gives its own (Russian through the same texts bundle).
 */
public final class PptxSlide {
    static final double W = 960;
    static final double H = 540;
    static final Color TEXT = new Color(0x1d2330);
    static final Color MUTED = new Color(0x5b6577);
    static final Color GOOD = new Color(0x1f8a4c);
    static final Color BAD = new Color(0xc62f2f);
    static final Color ACCENT = new Color(0x2f6fde);
    /** The width (pt) the verdict's column gives a line, less a margin for the fonts a viewer substitutes. */
    private static final double LEFT_COLUMN = 440 * 0.94;

    private PptxSlide() { }

    /** The slide's bytes (a .pptx file), in English. */
    public static byte[] render(ReportData d) throws IOException {
        return render(d, SummaryMarkdown.Language.ENGLISH);
    }

    /** The slide's bytes (a .pptx file), its labels, figures and sentences written by {@code l}. */
    public static byte[] render(ReportData d, SummaryMarkdown.Language l) throws IOException {
        Decision dec = Decision.of(d.sheet, d.result, d.comparison, Fingerprint.ofContent(d.sheet));
        try (XMLSlideShow ppt = new XMLSlideShow()) {
            ppt.setPageSize(new Dimension((int) W, (int) H));
            XSLFSlide s = ppt.createSlide();
            title(s, dec, l);
            verdict(s, dec, l, how(d.result.get(FigureKey.POOL_MAX_CONCURRENCY), l),
                    how(d.result.get(FigureKey.RESULT_BUDGET_BYTES), l));
            Figure ctx = d.result.get(FigureKey.POOL_CONTEXT_LENGTH);
            PptxChart.draw(s, new Rectangle2D.Double(470, 96, 470, 270), d, ctx.available() ? ctx.value() : null, l);
            table(s, dec, l);
            text(s, new Rectangle2D.Double(24, H - 36, W - 48, 28), footer(d, dec, l), 8, MUTED, false);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ppt.write(out);
            return out.toByteArray();
        }
    }

    private static void title(XSLFSlide s, Decision d, SummaryMarkdown.Language l) {
        text(s, new Rectangle2D.Double(24, 16, W - 48, 40), (d.model().isBlank() ? t(l, "(no model)") : d.model()), 26, TEXT,
                true);
        text(s, new Rectangle2D.Double(24, 54, W - 48, 26), d.gpus() + (d.gpuEach().isEmpty() ? "" : " (" + v(l, d.gpuEach())
                + " " + t(l, "each") + ")") + " · " + d.engine(), 14, MUTED, false);
    }

    /** The verdict, what it is for, the maximum concurrency at the context and the budget, large on the left. */
    private static void verdict(XSLFSlide s, Decision d, SummaryMarkdown.Language l, String concurrencyHow, String budgetHow) {
        Color c = d.verdict().equals("FITS") ? GOOD : d.verdict().equals("DOES NOT FIT") ? BAD : MUTED;
        String verdict = t(l, d.verdict());
        text(s, new Rectangle2D.Double(24, 92, 440, 60), verdict, fitted(verdict, 40, true), c, true);
        text(s, new Rectangle2D.Double(24, 150, 440, 44), join(d.verdictFor().isEmpty() ? "" : t(l, "for") + " "
                + scenario(l, d.verdictFor()), v(l, d.margin())), 14, TEXT, false);
        String title = t(l, "Max concurrency at") + " " + v(l, d.context()) + " " + t(l, "per sequence");
        text(s, new Rectangle2D.Double(24, 196, 440, 22), title, fitted(title, 14, false), MUTED, false);
        String concurrency = v(l, d.concurrency());
        text(s, new Rectangle2D.Double(24, 216, 440, 52), concurrency, fitted(concurrency, 34, true), ACCENT, true);
        text(s, new Rectangle2D.Double(24, 262, 440, 14), concurrencyHow, 8, MUTED, false);
        String budgetTitle = t(l, "Production budget per replica") + " (" + t(l, "GPU memory") + " " + v(l, d.gpuMemory()) + ")";
        text(s, new Rectangle2D.Double(24, 282, 440, 22), budgetTitle, fitted(budgetTitle, 12, false), MUTED, false);
        String budget = v(l, d.budget());
        text(s, new Rectangle2D.Double(24, 300, 440, 34), budget, fitted(budget, 22, true), TEXT, true);
        text(s, new Rectangle2D.Double(24, 330, 440, 24), budgetHow, 8, MUTED, false);
    }

    /**
     * The size at which {@code text} takes one line of the left column (440 pt), at most {@code size}: a line that wraps
     * in its fixed box runs into the next ("28 последовательностей" at 34 pt covered the budget's title). Measured in the
     * JVM's sans-serif, whose letters are at least as wide as the slide's fonts (Calibri, Carlito, Liberation Sans).
     */
    static double fitted(String text, double size, boolean bold) {
        Font f = new Font(Font.SANS_SERIF, bold ? Font.BOLD : Font.PLAIN, 100);
        double at100 = f.getStringBounds(text, new FontRenderContext(null, true, true)).getWidth();
        double fits = LEFT_COLUMN / (at100 / 100);
        return at100 <= 0 ? size : Math.max(Math.floor(Math.min(size, fits) * 2) / 2, size / 2);
    }

    static String t(SummaryMarkdown.Language l, String s) { return s.isEmpty() ? s : l.t().apply(s); }

    static String v(SummaryMarkdown.Language l, String s) { return s.isEmpty() ? s : l.value().apply(s); }

    static String m(SummaryMarkdown.Language l, String s) { return s.isEmpty() ? s : l.message().apply(s); }

    /** {@link Decision#how}: the formula, this sheet's numbers and the assumptions (or the reason), each part written by l. */
    private static String how(Figure f, SummaryMarkdown.Language l) {
        if (!f.available()) {
            return f.reason() == null ? "" : m(l, f.reason());
        }
        var p = f.provenance();
        String formula = m(l, p.formula());
        String numbers = m(l, p.expression());
        String s = formula.isEmpty() ? numbers : numbers.isEmpty() ? formula : formula + ": " + numbers;
        List<String> a = p.assumptions().stream().map(x -> m(l, x)).toList();
        return a.isEmpty() ? s : s + " (" + String.join("; ", a) + ")";
    }

    /** "Limit: 16 x 32,768 tokens" with the scenario's name translated. */
    private static String scenario(SummaryMarkdown.Language l, String s) {
        int i = s.indexOf(": ");
        return i < 0 ? v(l, s) : t(l, s.substring(0, i)) + ": " + v(l, s.substring(i + 2));
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + ", " + b;
    }

    /** The variants side by side, or (a sheet without variants) the three scenarios. */
    private static void table(XSLFSlide s, Decision d, SummaryMarkdown.Language l) {
        List<String[]> rows = new ArrayList<>();
        if (!d.variants().isEmpty()) {
            rows.add(new String[] {t(l, "Variant"), t(l, "Verdict"), t(l, "Max concurrency"), t(l, "Production budget"),
                t(l, "Margin")});
            for (Decision.Variant x : d.variants()) {
                rows.add(new String[] {x.name() + (x.shown() ? " (" + t(l, "shown") + ")" : ""), t(l, x.verdict()),
                    v(l, x.concurrency()), v(l, x.budget()), v(l, x.margin())});
            }
        } else {
            rows.add(new String[] {t(l, "Scenario"), t(l, "Load"), t(l, "Fits the KV pool"), t(l, "Share of the pool")});
            for (Decision.Line x : d.scenarios()) {
                rows.add(new String[] {t(l, x.name()), x.load().isEmpty() ? t(l, "unavailable") : v(l, x.load()), v(l, x.fits()),
                    v(l, x.poolShare())});
            }
        }
        XSLFTable t = s.createTable();
        double[] widths = rows.get(0).length == 5 ? new double[] {170, 120, 150, 240, 232} : new double[] {170, 260, 200, 282};
        double rowH = Math.min(24, 150.0 / rows.size());
        for (int r = 0; r < rows.size(); r++) {
            XSLFTableRow row = t.addRow();
            row.setHeight(rowH);
            for (int c = 0; c < rows.get(r).length; c++) {
                XSLFTableCell cell = row.addCell();
                XSLFTextRun run = cell.setText(rows.get(r)[c]);
                run.setFontSize(rows.size() > 7 ? 9.0 : 11.0);
                run.setBold(r == 0);
                run.setFontColor(r == 0 ? ACCENT : TEXT);
                cell.setBorderColor(BorderEdge.bottom, new Color(0xd5dae1));
            }
        }
        for (int c = 0; c < widths.length; c++) {
            t.setColumnWidth(c, widths[c]);
        }
        t.setAnchor(new Rectangle2D.Double(24, 372, W - 48, rowH * rows.size()));
    }

    private static String footer(ReportData d, Decision dec, SummaryMarkdown.Language l) {
        String basis = d.basis == null ? "" : m(l, d.basis.words()) + (d.basis.on().isEmpty() ? "" : " " + m(l, d.basis.on()))
                + " · ";
        return basis + "SHA-256 " + dec.fingerprint() + " (" + t(l, dec.approved() ? "approved" : "draft, not approved") + ")"
                + " · VRAM Sheet " + d.version + " · " + d.generatedAt;
    }

    /** A text box at {@code at}: one paragraph, no autofit (the slide's places are fixed). */
    static XSLFTextBox text(XSLFSlide s, Rectangle2D at, String text, double size, Color colour, boolean bold) {
        XSLFTextBox b = s.createTextBox();
        b.setAnchor(at);
        b.setWordWrap(true);
        b.setInsets(new Insets2D(0, 0, 0, 0));
        XSLFTextParagraph p = b.getTextParagraphs().isEmpty() ? b.addNewTextParagraph() : b.getTextParagraphs().get(0);
        p.setTextAlign(TextParagraph.TextAlign.LEFT);
        XSLFTextRun r = p.addNewTextRun();
        r.setText(text);
        r.setFontSize(size);
        r.setFontColor(colour);
        r.setBold(bold);
        return b;
    }
}
