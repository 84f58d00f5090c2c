package org.vramsheet.ui.charts;

import java.util.List;
import java.util.function.Supplier;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import org.vramsheet.core.curves.ConcurrencyTarget;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.ui.text.Texts;

/**
 * Maximum concurrency against context on a log2 axis (13 no longer looks like 0 beside 1,000). A sheet with variants
 * draws every variant's line, in the variants' own colours and order (as the Compare view), the one in the form named so.
 */
final class ConcurrencyChart implements ChartPane {
    private final Texts texts;
    private final Supplier<String> activeVariant;
    private final MarkedLineChart chart = new MarkedLineChart(ChartAxes.log2Axis(), ChartAxes.countAxis());
    private final CurveReadout readout;

    /** @param activeVariant the name of the variant in the form */
    ConcurrencyChart(Texts texts, Supplier<String> activeVariant) {
        this.texts = texts;
        this.activeVariant = activeVariant;
        chart.setId("chart-concurrency");
        chart.setData(FXCollections.observableArrayList(List.of(new XYChart.Series<Number, Number>())));
        chart.setAnimated(false);
        chart.getXAxis().setLabel(texts.t("context length per sequence (tokens, log scale)"));
        chart.setTitle(texts.t("Maximum concurrency against context length"));
        chart.getYAxis().setLabel(texts.t("sequences (log scale)"));
        chart.setCreateSymbols(false);
        chart.setHorizontalZeroLineVisible(false); // y = 0 is one sequence on the log axis, not a threshold
        readout = new CurveReadout(chart, texts);
    }

    MarkedLineChart chart() { return chart; }

    @Override
    public Node node() { return chart; }

    @Override
    public void draw(ChartData was, ChartData now) {
        if (!now.sameCurvesAs(was)) {
            ChartAxes.contextRange((NumberAxis) chart.getXAxis(), now.charts().maxContext());
            drawLines(now.charts(), now.variants(), now.target());
        }
        chart.setMarker(now.marker());
    }

    @Override
    public void clear() {
        chart.getData().forEach(s -> s.getData().clear());
        chart.setMarker(Double.NaN);
        chart.setTarget(Double.NaN, "");
        readout.show(List.of());
    }

    private void drawLines(Curves.Charts ch, List<Curves.Series> variants, ConcurrencyTarget target) {
        String shown = activeVariant.get();
        List<Curves.Series> lines = variants.isEmpty() ? List.of(new Curves.Series(texts.t("max sequences"),
                ch.concurrency().points())) : variants;
        chart.getStyleClass().remove("variants-chart");
        if (!variants.isEmpty()) {
            chart.getStyleClass().add("variants-chart");
        }
        var data = chart.getData();
        while (data.size() > lines.size()) {
            data.remove(data.size() - 1);
        }
        while (data.size() < lines.size()) {
            data.add(new XYChart.Series<>());
        }
        double top = 1;
        List<List<Curves.Point>> curves = lines.stream().map(Curves.Series::points).toList();
        for (int i = 0; i < lines.size(); i++) {
            Curves.Series l = lines.get(i);
            boolean inForm = !variants.isEmpty() && l.name().equals(shown);
            int same = SeriesPoints.sameAs(curves, i);
            SeriesPoints.rename(data.get(i), l.name() + (inForm ? " (" + texts.t("in the form") + ")" : "")
                    + (same < 0 ? "" : " (" + texts.t("same as") + " " + lines.get(same).name() + ")"));
            SeriesPoints.setPoints(data.get(i), l.points(), p -> ChartAxes.log2(p.x()), p -> Ticks.countPosition(p.y()));
            SeriesPoints.lift(data.get(i), same < 0 ? 0 : i - same); // an identical variant's line just above, so both show
            top = Math.max(top, l.points().stream().mapToDouble(Curves.Point::y).max().orElse(1));
        }
        if (target != null) {
            top = Math.max(top, target.sequences());
            chart.setTarget(Ticks.countPosition(target.sequences()), texts.t(target.fleet() ? "target" : target.source()) + ": "
                    + texts.numbers(Long.toString(target.sequences())) + " " + texts.t("sequences"));
        } else {
            chart.setTarget(Double.NaN, "");
        }
        readout.show(lines);
        NumberAxis y = (NumberAxis) chart.getYAxis();
        double upper = Math.max(1, Math.ceil(Ticks.countPosition(Math.max(1, top)) + 0.25));
        y.setLowerBound(-1);
        y.setUpperBound(upper);
        y.setTickUnit(upper > 12 ? 2 : 1);
    }
}
