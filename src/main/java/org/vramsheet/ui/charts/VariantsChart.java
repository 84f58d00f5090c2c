package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.ui.text.Texts;

/**
 * The variants overlaid: each one's maximum concurrency against context (log2 context, log sequences, as on the
 * Concurrency tab), one line per variant in the order of the Compare table, the shared context marked.
 */
public final class VariantsChart {
    private final MarkedLineChart chart = new MarkedLineChart(ChartAxes.log2Axis(), ChartAxes.countAxis());

    public VariantsChart(Texts texts) {
        chart.setId("chart-variants");
        chart.getStyleClass().add("variants-chart");
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setHorizontalZeroLineVisible(false);
        chart.setTitle(texts.t("Maximum concurrency against context length, by variant"));
        chart.getXAxis().setLabel(texts.t("context length per sequence (tokens, log scale)"));
        chart.getYAxis().setLabel(texts.t("sequences (log scale)"));
        chart.setMinHeight(260);
        chart.setPrefHeight(320);
    }

    public MarkedLineChart node() { return chart; }

    /** Draws the table's variants (series replaced only when the variants' names or count change). */
    public void show(Comparison.Table t) {
        List<Comparison.Column> cols = t == null ? List.of() : t.columns();
        if (chart.getData().size() != cols.size()) {
            List<XYChart.Series<Number, Number>> fresh = new ArrayList<>();
            for (int i = 0; i < cols.size(); i++) {
                fresh.add(new XYChart.Series<>());
            }
            chart.getData().setAll(fresh);
        }
        double xmax = 9.5;
        double top = 1;
        for (int i = 0; i < cols.size(); i++) {
            Comparison.Column c = cols.get(i);
            XYChart.Series<Number, Number> s = chart.getData().get(i);
            if (!c.name().equals(s.getName())) {
                s.setName(c.name());
            }
            List<Curves.Point> pts = c.concurrency().points();
            double[] xs = new double[pts.size()];
            double[] ys = new double[pts.size()];
            for (int k = 0; k < xs.length; k++) {
                xs[k] = ChartAxes.log2(pts.get(k).x());
                ys[k] = Ticks.countPosition(pts.get(k).y());
                top = Math.max(top, pts.get(k).y());
                xmax = Math.max(xmax, xs[k]);
            }
            SeriesPoints.setXy(s, xs, ys);
        }
        NumberAxis x = (NumberAxis) chart.getXAxis();
        x.setLowerBound(9);
        x.setUpperBound(xmax);
        NumberAxis y = (NumberAxis) chart.getYAxis();
        double upper = Math.max(1, Math.ceil(Ticks.countPosition(top) + 0.25));
        y.setLowerBound(-1);
        y.setUpperBound(upper);
        y.setTickUnit(upper > 12 ? 2 : 1);
        chart.setMarker(t == null || t.context() == null ? Double.NaN : ChartAxes.log2(t.context()));
    }
}
