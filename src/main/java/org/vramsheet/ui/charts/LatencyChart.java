package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.vramsheet.core.curves.LatencyCurves;
import org.vramsheet.ui.text.Texts;

/**
 * One chart of the Latency tab: a log2 x axis (sequences or tokens), a linear y axis from 0, and its lines, each with a
 * style class naming its role (the estimate, its p95, the measured markers, the memory limit, the latency limit, the
 * SLA target). The tab draws one legend for its charts, so the charts have none; series move in place while only the
 * numbers change (the slider), and are made again when the set of lines changes.
 */
final class LatencyChart {
    /** A line's role: its style class. */
    enum Role {
        ESTIMATE("lat-estimate"), P95("lat-p95"), MEASURED("lat-measured"), MEMORY("lat-memory"), LATENCY("lat-latency"),
        TARGET("lat-target");

        final String styleClass;

        Role(String styleClass) { this.styleClass = styleClass; }
    }

    /** One line to draw: its role and points in the chart's units (x already on the log2 axis). */
    record Line(Role role, double[] xs, double[] ys) { }

    private final NumberAxis y = new NumberAxis();
    private final MarkedLineChart chart;
    private final List<Role> shown = new ArrayList<>();

    LatencyChart(String id, NumberAxis x, Texts texts) {
        chart = new MarkedLineChart(x, y);
        chart.setId(id);
        chart.getStyleClass().add("latency-chart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setLegendVisible(false);
        y.setAutoRanging(false);
        y.setMinorTickVisible(false);
        y.setLowerBound(0);
        y.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                double v = n.doubleValue();
                return texts.numbers(String.format(Locale.ROOT, v == Math.rint(v) ? "%,.0f" : "%,.1f", v));
            }

            @Override
            public Number fromString(String s) { return 0; }
        });
        chart.setMinSize(120, 120);
    }

    MarkedLineChart chart() { return chart; }

    void labels(String title, String xLabel, String yLabel) {
        if (!title.equals(chart.getTitle())) {
            chart.setTitle(title);
        }
        chart.getXAxis().setLabel(xLabel);
        y.setLabel(yLabel);
    }

    /** Draws {@code lines} with the y axis from 0 to a nice step above {@code top}. */
    void draw(List<Line> lines, double top) {
        List<Role> roles = lines.stream().map(Line::role).toList();
        if (!roles.equals(shown)) {
            List<XYChart.Series<Number, Number>> fresh = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                fresh.add(new XYChart.Series<>());
            }
            chart.getData().setAll(fresh);
            shown.clear();
            shown.addAll(roles);
        }
        for (int i = 0; i < lines.size(); i++) {
            Line l = lines.get(i);
            XYChart.Series<Number, Number> s = chart.getData().get(i);
            s.setName(l.role().styleClass);
            if (l.role() == Role.MEASURED) {
                markers(s, l);
            } else {
                SeriesPoints.setXy(s, l.xs(), l.ys());
            }
            if (s.getNode() != null && !s.getNode().getStyleClass().contains(l.role().styleClass)) {
                s.getNode().getStyleClass().add(l.role().styleClass);
            }
        }
        double step = Ticks.nice(Math.max(top, 1e-6) / 5);
        y.setUpperBound(Math.ceil(top * 1.05 / step) * step);
        y.setTickUnit(step);
    }

    /** Measured points as markers: each point's node made before it is added, so the chart shows it (no symbols else). */
    private static void markers(XYChart.Series<Number, Number> s, Line l) {
        if (s.getData().size() == l.xs().length) {
            SeriesPoints.setXy(s, l.xs(), l.ys());
            return;
        }
        List<XYChart.Data<Number, Number>> fresh = new ArrayList<>();
        for (int i = 0; i < l.xs().length; i++) {
            XYChart.Data<Number, Number> d = new XYChart.Data<>(l.xs()[i], l.ys()[i]);
            Region dot = new Region();
            dot.getStyleClass().add("lat-measured-marker");
            d.setNode(dot);
            fresh.add(d);
        }
        s.getData().setAll(fresh);
    }

    /** Empties the chart: the sheet has no estimate. */
    void clear(String title) {
        chart.getData().forEach(s -> s.getData().clear());
        chart.setTitle(title);
        chart.setMarker(Double.NaN);
    }

    /** The points of a curve, x on the log2 axis. */
    static Line curve(Role role, List<LatencyCurves.Point> pts) {
        double[] xs = new double[pts.size()];
        double[] ys = new double[pts.size()];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = log2(pts.get(i).x());
            ys[i] = pts.get(i).y();
        }
        return new Line(role, xs, ys);
    }

    static double log2(double v) { return Math.log(Math.max(1, v)) / Math.log(2); }

    static double top(List<LatencyCurves.Point> pts) {
        return pts.stream().mapToDouble(LatencyCurves.Point::y).max().orElse(1);
    }
}
