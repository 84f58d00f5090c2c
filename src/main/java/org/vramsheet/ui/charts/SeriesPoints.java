package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import javafx.scene.chart.XYChart;
import org.vramsheet.core.curves.Curves;

/** Moving a chart series' points and name in place, so a redraw makes no nodes while the slider is dragged. */
final class SeriesPoints {
    private SeriesPoints() { }

    /** Sets the series' name only when it changed (a new name relayouts the legend). */
    static void rename(XYChart.Series<Number, Number> s, String name) {
        if (!name.equals(s.getName())) {
            s.setName(name);
        }
    }

    /** The curve's points, each mapped to the chart's x and y. */
    static void setPoints(XYChart.Series<Number, Number> s, List<Curves.Point> pts, ToDoubleFunction<Curves.Point> x,
            ToDoubleFunction<Curves.Point> y) {
        double[] xs = new double[pts.size()];
        double[] ys = new double[pts.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = x.applyAsDouble(pts.get(i));
            ys[i] = y.applyAsDouble(pts.get(i));
        }
        setXy(s, xs, ys);
    }

    /** Moves the series' points in place (no node is made or dropped) when the count is the same; else replaces them. */
    static void setXy(XYChart.Series<Number, Number> s, double[] xs, double[] ys) {
        var data = s.getData();
        if (data.size() != xs.length) {
            List<XYChart.Data<Number, Number>> fresh = new ArrayList<>(xs.length);
            for (int i = 0; i < xs.length; i++) {
                fresh.add(new XYChart.Data<>(xs[i], ys[i]));
            }
            data.setAll(fresh);
            return;
        }
        for (int i = 0; i < xs.length; i++) {
            XYChart.Data<Number, Number> d = data.get(i);
            if (d.getXValue().doubleValue() != xs[i]) {
                d.setXValue(xs[i]);
            }
            if (d.getYValue().doubleValue() != ys[i]) {
                d.setYValue(ys[i]);
            }
        }
    }

    /** How far up an identical curve is drawn per place after the one it repeats (px), so both show (as the PDF does). */
    static final double LIFT = 3;

    /** The first earlier curve with exactly these points (-1: none, or no points): drawn apart, "same as" in the legend. */
    static int sameAs(List<List<Curves.Point>> curves, int s) {
        for (int i = 0; i < s; i++) {
            if (!curves.get(i).isEmpty() && curves.get(i).equals(curves.get(s))) {
                return i;
            }
        }
        return -1;
    }

    /** Draws the series' line {@code places} x {@link #LIFT} px up (0: where its points are). */
    static void lift(XYChart.Series<Number, Number> s, int places) {
        if (s.getNode() != null) {
            s.getNode().setTranslateY(places == 0 ? 0 : -LIFT * places); // never -0.0
        }
    }

    /** An amount with one decimal and grouped thousands, as the legends and labels show it (before localising). */
    static String oneDecimal(double v) { return String.format(Locale.ROOT, "%,.1f", v); }
}
