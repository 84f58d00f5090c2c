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

    /** A line chart against context on a log2 axis; poolLine < 0 means none. */
    /** A line chart's data: series, the largest y, the unit to divide by and its name, a pool line (or -1), max x. */
    record Line(List<Curves.Series> series, double yMax, double unit, String yLabel, double poolLine, long maxContext) { }

    static void line(PdfCanvas c, float bottom, float h, Line chart) throws IOException {
        List<Curves.Series> series = chart.series();
        double yMax = chart.yMax();
        double unit = chart.unit();
        String yLabel = chart.yLabel();
        double poolLine = chart.poolLine();
        long maxContext = chart.maxContext();
        float left = PdfCanvas.MARGIN + 44;
        float w = c.width() - 60;
        double x0 = 9;
        double x1 = Math.max(9.5, log2(maxContext));
        double ymax = niceMax(yMax * 1.05);
        grid(c, new float[] {left, bottom, w, h}, x1, ymax);
        var cs = c.cs;
        c.text(left, bottom - 20, "context length per sequence (tokens, log scale); y: " + yLabel, 7.5f, PdfReport.MUTED);
        if (poolLine >= 0) {
            float y = (float) (bottom + Math.min(1, poolLine / ymax) * h);
            cs.setStrokingColor(PdfReport.GOOD[0], PdfReport.GOOD[1], PdfReport.GOOD[2]);
            cs.setLineWidth(1.5f);
            cs.setLineDashPattern(new float[] {6, 4}, 0);
            cs.moveTo(left, y);
            cs.lineTo(left + w, y);
            cs.stroke();
            cs.setLineDashPattern(new float[] {}, 0);
        }
        float legendX = left + 4;
        for (int s = 0; s < series.size(); s++) {
            float[] rgb = PdfReport.SERIES[s % PdfReport.SERIES.length];
            cs.setStrokingColor(rgb[0], rgb[1], rgb[2]);
            cs.setLineWidth(1.6f);
            boolean first = true;
            for (Curves.Point p : series.get(s).points()) {
                float x = (float) (left + (log2(p.x()) - x0) / (x1 - x0) * w);
                float y = (float) (bottom + Math.min(1.02, p.y() / unit / ymax) * h);
                if (first) {
                    cs.moveTo(x, y);
                    first = false;
                } else {
                    cs.lineTo(x, y);
                }
            }
            cs.stroke();
            c.text(legendX, bottom + h + 6, series.get(s).name(), 7.5f, rgb);
            legendX += c.textWidth(series.get(s).name(), 7.5f) + 14;
        }
    }

    /** Horizontal lines with y labels, vertical lines at powers of two with K / M labels; box = left, bottom, w, h. */
    private static void grid(PdfCanvas c, float[] box, double x1, double ymax) throws IOException {
        float left = box[0];
        float bottom = box[1];
        float w = box[2];
        float h = box[3];
        double x0 = 9;
        var cs = c.cs;
        cs.setLineWidth(0.5f);
        cs.setStrokingColor(0.8f, 0.82f, 0.86f);
        for (int i = 0; i <= 4; i++) {
            float y = bottom + h * i / 4;
            cs.moveTo(left, y);
            cs.lineTo(left + w, y);
            cs.stroke();
            c.text(PdfCanvas.MARGIN, y - 3, Units.fixed2(ymax * i / 4).replaceAll("\\.00$", ""), 7, PdfReport.MUTED);
        }
        for (int e = 9; e <= (int) Math.floor(x1); e++) {
            float x = (float) (left + (e - x0) / (x1 - x0) * w);
            cs.moveTo(x, bottom);
            cs.lineTo(x, bottom + h);
            cs.stroke();
            long t = 1L << e;
            c.text(x - 8, bottom - 10, t >= 1_048_576 ? t / 1_048_576 + "M" : t >= 1024 ? t / 1024 + "K" : Long.toString(t), 7,
                    PdfReport.MUTED);
        }
    }

    private static double niceMax(double v) {
        if (v <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
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
                    + name.substring(1), 8.5f, PdfReport.TEXT);
            for (int i = 0; i < segs.size() - 1; i++) {
                float bw = (float) (segs.get(i).bytesPerGpu() / scale * w);
                float[] col = color(segs.get(i).name());
                c.cs.setNonStrokingColor(col[0], col[1], col[2]);
                c.cs.addRect(x, y, bw, 16);
                c.cs.fill();
                x += bw;
            }
        }
        float gx = (float) (left + gpu / Math.max(1, scale) * w);
        c.cs.setStrokingColor(PdfReport.BAD[0], PdfReport.BAD[1], PdfReport.BAD[2]);
        c.cs.setLineWidth(1.5f);
        c.cs.moveTo(gx, y - 4);
        c.cs.lineTo(gx, c.y - 10);
        c.cs.stroke();
        c.y = y - 16;
        c.paragraph("Per GPU. Grey: weights; light blue: other non-KV; blue: KV of the scenario (the engine's KV pool on "
                + "the last bar); violet: CUDA graphs taken from the pool; orange: fragmentation and headroom; the rest "
                + "is free; red line: GPU memory (" + Units.gibText(gpu) + ").", 7.5f, PdfReport.MUTED, 0);
    }

    private static float[] color(String segment) {
        return switch (segment) {
            case "Weights" -> new float[] {0.42f, 0.48f, 0.56f};
            case "Other non-KV" -> new float[] {0.61f, 0.70f, 0.85f};
            case "CUDA graphs (from the pool)" -> new float[] {0.55f, 0.42f, 0.75f};
            case "Fragmentation + headroom" -> new float[] {0.88f, 0.54f, 0.12f};
            default -> PdfReport.ACCENT;
        };
    }
}
