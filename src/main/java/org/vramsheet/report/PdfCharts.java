package org.vramsheet.report;

import java.util.Locale;

import org.vramsheet.core.result.MemoryStacks;

import java.io.IOException;
import java.util.List;
import org.vramsheet.core.curves.ConcurrencyTarget;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.units.Units;

/** Charts drawn as vector paths into the PDF (no raster images). */
final class PdfCharts {
    private PdfCharts() { }

    private static double log2(double x) { return Math.log(Math.max(1, x)) / Math.log(2); }

    /**
     * A line chart's data: series, the largest y, the unit to divide by and its name, a pool line (or -1), max x; for
     * concurrency a log2 y axis (60, 42 and 4 sequences at 8K all sat on the floor of a linear one: issue 31, Seen 5)
     * and the target line (null: none).
     */
    record Line(List<Curves.Series> series, double yMax, double unit, String yLabel, double poolLine, long maxContext,
                boolean variants, boolean logY, ConcurrencyTarget target) {
        Line(List<Curves.Series> series, double yMax, double unit, String yLabel, double poolLine, long maxContext) {
            this(series, yMax, unit, yLabel, poolLine, maxContext, false, false, null);
        }

        /** Sequences against context on a log2 y axis, with the target line. */
        static Line concurrency(List<Curves.Series> series, double yMax, long maxContext, boolean variants,
                ConcurrencyTarget target) {
            return new Line(series, yMax, 1, "sequences (log scale)", -1, maxContext, variants, true, target);
        }
    }

    /** Where a count goes on the log2 axis: 0 at the floor, 1 one step up, then doubling (2, 4, 8 ...). */
    static double logPosition(double sequences) { return sequences >= 1 ? log2(sequences) + 1 : sequences; }

    /** The variants' own colours and dashes, as in the window's Compare chart (never the scenarios' meaning). */
    static final float[][] VARIANT_COLOURS = {{0.18f, 0.43f, 0.87f}, {0.48f, 0.25f, 0.71f}, {0.12f, 0.54f, 0.30f},
        {0.42f, 0.48f, 0.56f}, {0.88f, 0.54f, 0.12f}, {0.12f, 0.54f, 0.54f}, {0.78f, 0.18f, 0.18f}, {0.11f, 0.14f, 0.19f}};
    private static final float[][] VARIANT_DASHES = {{}, {5, 3}, {1.5f, 2}, {7, 2, 1.5f, 2}, {}, {3, 1.5f}, {1, 1.5f, 4, 1.5f}, {}};

    /** Each scenario's dash, so equal curves stay apart: Typical solid, Heavy dashed, Limit dash-dot. */
    private static float[] dash(String name) {
        return name.startsWith("Heavy") ? new float[] {5, 3} : name.startsWith("Limit") ? new float[] {7, 2, 1.5f, 2}
                : new float[] {};
    }

    /** One fixed colour per scenario everywhere (window, PDF, XLSX): Typical blue, Heavy orange, Limit red. */
    static float[] colour(String name, int index) {
        int i = name.startsWith("Typical") ? 0 : name.startsWith("Heavy") ? 1 : name.startsWith("Limit") ? 2 : index;
        return PdfPalette.SERIES[i % PdfPalette.SERIES.length];
    }

    /**
     * A line chart against context on a log2 axis: nice y ticks (whole ones for counts), the pool line labelled, each
     * series in its colour and dash, the legend under the axis title (never over the heading).
     */
    static void line(PdfCanvas c, float bottom, float h, Line chart) throws IOException {
        float left = PdfCanvas.MARGIN + 44;
        float w = c.width() - 60;
        double x0 = 9;
        double x1 = Math.max(9.5, log2(chart.maxContext()));
        boolean counts = chart.unit() == 1;
        double top = Math.max(chart.yMax(), Math.max(chart.poolLine(), chart.target() == null ? 0 : chart.target().sequences()));
        double step = chart.logY() ? (logPosition(top) > 10 ? 2 : 1) : niceStep(top * 1.05 / 4, counts);
        double ymax = chart.logY() ? Math.max(2, Math.ceil(logPosition(top) + 0.25))
                : step * Math.max(1, Math.ceil(top * 1.05 / step));
        grid(c, new float[] {left, bottom, w, h}, x1, ymax, step, chart.logY());
        var cs = c.cs;
        c.text(left, bottom - 20, "context length per sequence (tokens, log scale); y: " + chart.yLabel(), 7.5f, PdfPalette.MUTED);
        if (chart.poolLine() >= 0) {
            float y = (float) (bottom + Math.min(1, chart.poolLine() / ymax) * h);
            cs.setStrokingColor(PdfPalette.GOOD[0], PdfPalette.GOOD[1], PdfPalette.GOOD[2]);
            cs.setLineWidth(1.5f);
            cs.setLineDashPattern(new float[] {6, 4}, 0);
            cs.moveTo(left, y);
            cs.lineTo(left + w, y);
            cs.stroke();
            cs.setLineDashPattern(new float[] {}, 0);
            String label = "KV pool " + Units.fixed2(chart.poolLine()) + " " + chart.yLabel();
            c.text(left + w - c.textWidth(label, 7) - 2, y + 3, label, 7, PdfPalette.GOOD);
        }
        if (chart.target() != null) {
            target(c, new float[] {left, bottom, w, h}, (float) (Math.min(1, logPosition(chart.target().sequences()) / ymax)),
                    chart.target().label());
        }
        curves(c, new float[] {left, bottom, w, h}, chart, new double[] {x0, x1, ymax});
    }

    /** Each series in its colour and dash (an identical one just above the first), and the legend under the axis title. */
    private static void curves(PdfCanvas c, float[] box, Line chart, double[] scale) throws IOException {
        List<Curves.Series> series = chart.series();
        float left = box[0];
        float bottom = box[1];
        float w = box[2];
        float h = box[3];
        double x0 = scale[0];
        double x1 = scale[1];
        double ymax = scale[2];
        var cs = c.cs;
        float legendX = left;
        float legendY = bottom - 31;
        for (int s = 0; s < series.size(); s++) {
            String name = series.get(s).name();
            int same = sameAs(series, s);
            float lift = same < 0 ? 0 : 1.6f * (s - same); // an identical curve drawn just above, so both show
            float[] rgb = chart.variants() ? VARIANT_COLOURS[s % VARIANT_COLOURS.length] : colour(name, s);
            cs.setStrokingColor(rgb[0], rgb[1], rgb[2]);
            cs.setLineWidth(1.6f);
            cs.setLineDashPattern(chart.variants() ? VARIANT_DASHES[s % VARIANT_DASHES.length] : dash(name), 0);
            boolean first = true;
            for (Curves.Point p : series.get(s).points()) {
                float x = (float) (left + (log2(p.x()) - x0) / (x1 - x0) * w);
                double v = chart.logY() ? logPosition(p.y()) : p.y() / chart.unit();
                float y = (float) (bottom + Math.min(1.02, v / ymax) * h) + lift;
                if (first) {
                    cs.moveTo(x, y);
                    first = false;
                } else {
                    cs.lineTo(x, y);
                }
            }
            cs.stroke();
            String shown = same < 0 ? name : name + " (same as " + series.get(same).name() + ")";
            float need = 22 + c.textWidth(shown, 7.5f) + 14;
            if (legendX + need > left + w && legendX > left) {
                legendX = left;
                legendY -= 11;
            }
            // legend: a sample of the line (colour and dash), then the name, under the axis title
            cs.moveTo(legendX, legendY);
            cs.lineTo(legendX + 18, legendY);
            cs.stroke();
            cs.setLineDashPattern(new float[] {}, 0);
            c.text(legendX + 22, legendY - 3, shown, 7.5f, rgb);
            legendX += need;
        }
    }

    /** The first earlier series with exactly these points (-1: none): drawn apart and named "same as" in the legend. */
    static int sameAs(List<Curves.Series> series, int s) {
        for (int i = 0; i < s; i++) {
            if (!series.get(i).points().isEmpty() && series.get(i).points().equals(series.get(s).points())) {
                return i;
            }
        }
        return -1;
    }

    /** The target across the chart (dark, dotted), labelled at its left end. */
    private static void target(PdfCanvas c, float[] box, float at, String label) throws IOException {
        float y = box[1] + at * box[3];
        c.cs.setStrokingColor(PdfPalette.TEXT[0], PdfPalette.TEXT[1], PdfPalette.TEXT[2]);
        c.cs.setLineWidth(1.2f);
        c.cs.setLineDashPattern(new float[] {2, 2}, 0);
        c.cs.moveTo(box[0], y);
        c.cs.lineTo(box[0] + box[2], y);
        c.cs.stroke();
        c.cs.setLineDashPattern(new float[] {}, 0);
        c.text(box[0] + 3, y + 3, label, 7, PdfPalette.TEXT);
    }

    /**
     * Horizontal lines at multiples of {@code step} with labels (log2: 0, 1, 2, 4, 8 ...), vertical lines at powers of
     * two with K / M labels.
     */
    private static void grid(PdfCanvas c, float[] box, double x1, double ymax, double step, boolean logY) throws IOException {
        float left = box[0];
        float bottom = box[1];
        float w = box[2];
        float h = box[3];
        double x0 = 9;
        var cs = c.cs;
        cs.setLineWidth(0.5f);
        cs.setStrokingColor(0.8f, 0.82f, 0.86f);
        int ticks = (int) Math.round(ymax / step);
        for (int i = 0; i <= ticks; i++) {
            float y = (float) (bottom + h * i / (double) ticks);
            cs.moveTo(left, y);
            cs.lineTo(left + w, y);
            cs.stroke();
            double at = step * i;
            c.text(PdfCanvas.MARGIN, y - 3, logY ? (at < 1 ? "0" : Units.grouped(Math.round(Math.pow(2, at - 1)))) : tick(at, step),
                    7, PdfPalette.MUTED);
        }
        for (int e = 9; e <= (int) Math.floor(x1); e++) {
            float x = (float) (left + (e - x0) / (x1 - x0) * w);
            cs.moveTo(x, bottom);
            cs.lineTo(x, bottom + h);
            cs.stroke();
            long t = 1L << e;
            c.text(x - 8, bottom - 10, t >= 1_048_576 ? t / 1_048_576 + "M" : t >= 1024 ? t / 1024 + "K" : Long.toString(t), 7,
                    PdfPalette.MUTED);
        }
    }

    /** A tick label with no more decimals than the step needs: 0, 25, 50; 2.5, 5, 7.5; 0.25, 0.5. */
    static String tick(double v, double step) {
        int decimals = step >= 1 && step == Math.rint(step) ? 0 : step * 10 == Math.rint(step * 10) ? 1 : 2;
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    /** 1, 2, 2.5 or 5 times a power of ten, at least {@code raw}; whole numbers only for counts. */
    static double niceStep(double raw, boolean whole) {
        if (raw <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            double step = m * p;
            if (step >= raw && (!whole || step >= 1 && step == Math.rint(step))) {
                return step;
            }
        }
        return whole ? Math.max(1, Math.ceil(raw)) : 10 * p;
    }

    /** The core's GPU-memory stacks (per GPU) as horizontal bars, with the GPU's memory as a red line. */
    static void stack(PdfCanvas c, ReportData d, float h) throws IOException {
        MemoryStacks m = d.result.memory();
        long gpu = m.gpuBytes();
        float left = PdfCanvas.MARGIN + 60;
        float w = c.width() - 70;
        double scale = gpu;
        for (String name : MemoryStacks.NAMES) {
            scale = Math.max(scale, m.total(name));
        }
        float y = c.y - 10;
        for (String name : MemoryStacks.NAMES) {
            List<MemoryStacks.Segment> segs = m.stack(name);
            if (segs == null || scale <= 0) {
                continue;
            }
            float x = left;
            y -= 22;
            c.text(PdfCanvas.MARGIN, y + 5, name.equals("engine") ? "Engine" : name.substring(0, 1).toUpperCase(Locale.ROOT)
                    + name.substring(1), 8.5f, PdfPalette.TEXT);
            for (int i = 0; i < segs.size() - 1; i++) {
                float bw = (float) (segs.get(i).bytesPerGpu() / scale * w);
                float[] col = color(segs.get(i).name());
                c.cs.setNonStrokingColor(col[0], col[1], col[2]);
                c.cs.addRect(x, y, bw, 16);
                c.cs.fill();
                x += bw;
            }
        }
        scaleAxis(c, left, w, y - 4, scale);
        float gx = (float) (left + gpu / Math.max(1, scale) * w);
        c.cs.setStrokingColor(PdfPalette.BAD[0], PdfPalette.BAD[1], PdfPalette.BAD[2]);
        c.cs.setLineWidth(1.5f);
        c.cs.moveTo(gx, y - 4);
        c.cs.lineTo(gx, c.y - 10);
        c.cs.stroke();
        c.y = y - 22;
        c.paragraph("Per GPU. Grey: weights; light blue: other non-KV; blue: KV of the scenario (the engine's KV pool on "
                + "the last bar); violet: CUDA graphs taken from the pool; orange: fragmentation and headroom; the rest "
                + "is free; red line: GPU memory (" + Units.gibText(gpu) + ").", 7.5f, PdfPalette.MUTED, 0);
    }

    /** A GiB scale under the bars: nice ticks from 0 to the widest bar. */
    private static void scaleAxis(PdfCanvas c, float left, float w, float y, double scaleBytes) throws IOException {
        double gib = scaleBytes / Units.GIB;
        double step = niceStep(gib / 5, false);
        c.cs.setStrokingColor(0.6f, 0.62f, 0.66f);
        c.cs.setLineWidth(0.5f);
        c.cs.moveTo(left, y);
        c.cs.lineTo(left + w, y);
        c.cs.stroke();
        for (double v = 0; v <= gib + 1e-9; v += step) {
            float x = (float) (left + v / gib * w);
            c.cs.moveTo(x, y);
            c.cs.lineTo(x, y - 3);
            c.cs.stroke();
            String label = tick(v, step) + (v == 0 ? " GiB" : "");
            c.text(x - c.textWidth(label, 6.5f) / 2, y - 11, label, 6.5f, PdfPalette.MUTED);
        }
    }

    private static float[] color(String segment) {
        return switch (segment) {
            case "Weights" -> new float[] {0.42f, 0.48f, 0.56f};
            case "Other non-KV" -> new float[] {0.61f, 0.70f, 0.85f};
            case "CUDA graphs (from the pool)" -> new float[] {0.55f, 0.42f, 0.75f};
            case "Fragmentation + headroom" -> new float[] {0.88f, 0.54f, 0.12f};
            default -> PdfPalette.ACCENT;
        };
    }
}
