package org.vramsheet.report;

import java.util.Locale;

import org.vramsheet.core.result.MemoryStacks;

import java.io.IOException;
import java.util.List;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.units.Units;

/** Charts drawn as vector paths into the PDF (no raster images). */
final class PdfCharts {
    private PdfCharts() { }

    private static double log2(double x) { return Math.log(Math.max(1, x)) / Math.log(2); }

    /** A line chart's data: series, the largest y, the unit to divide by and its name, a pool line (or -1), max x. */
    record Line(List<Curves.Series> series, double yMax, double unit, String yLabel, double poolLine, long maxContext,
                boolean variants) {
        Line(List<Curves.Series> series, double yMax, double unit, String yLabel, double poolLine, long maxContext) {
            this(series, yMax, unit, yLabel, poolLine, maxContext, false);
        }
    }

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
        List<Curves.Series> series = chart.series();
        float left = PdfCanvas.MARGIN + 44;
        float w = c.width() - 60;
        double x0 = 9;
        double x1 = Math.max(9.5, log2(chart.maxContext()));
        boolean counts = chart.unit() == 1;
        double step = niceStep(Math.max(chart.yMax(), chart.poolLine()) * 1.05 / 4, counts);
        double ymax = step * Math.max(1, Math.ceil(Math.max(chart.yMax(), chart.poolLine()) * 1.05 / step));
        grid(c, new float[] {left, bottom, w, h}, x1, ymax, step);
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
        float legendX = left;
        for (int s = 0; s < series.size(); s++) {
            String name = series.get(s).name();
            float[] rgb = chart.variants() ? VARIANT_COLOURS[s % VARIANT_COLOURS.length] : colour(name, s);
            cs.setStrokingColor(rgb[0], rgb[1], rgb[2]);
            cs.setLineWidth(1.6f);
            cs.setLineDashPattern(chart.variants() ? VARIANT_DASHES[s % VARIANT_DASHES.length] : dash(name), 0);
            boolean first = true;
            for (Curves.Point p : series.get(s).points()) {
                float x = (float) (left + (log2(p.x()) - x0) / (x1 - x0) * w);
                float y = (float) (bottom + Math.min(1.02, p.y() / chart.unit() / ymax) * h);
                if (first) {
                    cs.moveTo(x, y);
                    first = false;
                } else {
                    cs.lineTo(x, y);
                }
            }
            cs.stroke();
            // legend: a sample of the line (colour and dash), then the name, under the axis title
            cs.moveTo(legendX, bottom - 31);
            cs.lineTo(legendX + 18, bottom - 31);
            cs.stroke();
            cs.setLineDashPattern(new float[] {}, 0);
            c.text(legendX + 22, bottom - 34, name, 7.5f, rgb);
            legendX += 22 + c.textWidth(name, 7.5f) + 14;
        }
    }

    /** Horizontal lines at multiples of {@code step} with labels, vertical lines at powers of two with K / M labels. */
    private static void grid(PdfCanvas c, float[] box, double x1, double ymax, double step) throws IOException {
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
            c.text(PdfCanvas.MARGIN, y - 3, tick(step * i, step), 7, PdfPalette.MUTED);
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
