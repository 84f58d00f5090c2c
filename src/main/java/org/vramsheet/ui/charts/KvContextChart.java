package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.text.Texts;

/** KV memory against context: a line per scenario, the KV pool, where each scenario stops fitting, and that in words. */
final class KvContextChart extends VBox implements ChartPane {
    private static final int POOL = 3;
    private static final int STOPS = 4;
    private final Texts texts;
    private final NumberAxis y = new NumberAxis();
    private final MarkedLineChart chart = new MarkedLineChart(ChartAxes.log2Axis(), y);
    /** Typical, Heavy, Limit, the pool, where each stops fitting: made once, moved in place. */
    private final List<XYChart.Series<Number, Number>> slots = new ArrayList<>();
    private final Label limitsText = new Label();

    KvContextChart(Texts texts) {
        super(4);
        this.texts = texts;
        chart.setId("chart-kv");
        for (int i = 0; i < 5; i++) {
            slots.add(new XYChart.Series<>());
        }
        slots.get(STOPS).setName(texts.t("stops fitting"));
        chart.setData(FXCollections.observableArrayList(slots));
        chart.setCreateSymbols(true);
        chart.setAnimated(false);
        chart.getXAxis().setLabel(texts.t("context length per sequence (tokens, log scale)"));
        chart.setTitle(texts.t("KV cache against context length"));
        limitsText.setId("chart-limits");
        limitsText.setWrapText(true);
        limitsText.setMinHeight(Region.USE_PREF_SIZE);
        getChildren().addAll(chart, limitsText);
        VBox.setVgrow(chart, Priority.ALWAYS);
    }

    MarkedLineChart chart() { return chart; }

    @Override
    public Node node() { return this; }

    @Override
    public void draw(ChartData was, ChartData now) {
        if (!now.sameCurvesAs(was)) {
            chart.setTitle(texts.t("KV cache against context length"));
            y.setLabel(texts.t("KV cache") + " (" + now.unitName() + ")");
            ChartAxes.contextRange((NumberAxis) chart.getXAxis(), now.charts().maxContext());
            drawCurves(now.charts(), now.unit(), now.unitName());
        }
        chart.setMarker(now.marker());
    }

    @Override
    public void clear() {
        chart.setTitle(texts.t("KV cache against context length: unavailable (see the marked fields)"));
        slots.forEach(s -> s.getData().clear());
        for (ScenarioId id : ScenarioId.values()) { // the legend names no figure of the sheet it no longer shows
            SeriesPoints.rename(slots.get(id.ordinal()), texts.t(id.label()) + " " + texts.t("(unavailable)"));
        }
        SeriesPoints.rename(slots.get(POOL), texts.t("KV pool") + " " + texts.t("(unavailable)"));
        chart.setMarker(Double.NaN);
        limitsText.setText("");
    }

    /** A fixed slot per scenario (its colour and dash never move), the pool, where each stops fitting. */
    private void drawCurves(Curves.Charts ch, double unit, String unitName) {
        double xmax = Math.max(9.5, ChartAxes.log2(ch.maxContext()));
        List<List<Curves.Point>> curves = new ArrayList<>();
        for (ScenarioId id : ScenarioId.values()) {
            Curves.Series s = ch.kvSeries().stream().filter(x -> scenarioOf(x.name()) == id).findFirst().orElse(null);
            curves.add(s == null ? List.of() : s.points());
            int same = SeriesPoints.sameAs(curves, id.ordinal());
            XYChart.Series<Number, Number> slot = slots.get(id.ordinal());
            SeriesPoints.rename(slot, s == null ? texts.t(id.label()) + " " + texts.t("(unavailable)") : texts.message(s.name())
                    + (same < 0 ? "" : " (" + texts.t("same as") + " " + texts.t(ScenarioId.values()[same].label()) + ")"));
            SeriesPoints.setPoints(slot, curves.get(id.ordinal()), p -> ChartAxes.log2(p.x()), p -> p.y() / unit);
            SeriesPoints.lift(slot, same < 0 ? 0 : id.ordinal() - same); // an identical curve just above, so both show
        }
        double pool = ch.poolBytes() / unit;
        SeriesPoints.rename(slots.get(POOL), texts.t("KV pool") + " " + texts.numbers(SeriesPoints.oneDecimal(pool)) + " " + unitName);
        SeriesPoints.setXy(slots.get(POOL), new double[] {9, xmax}, new double[] {pool, pool});
        StringBuilder where = new StringBuilder();
        List<Double> marks = new ArrayList<>();
        for (Curves.Limit l : ch.limits()) {
            if (!l.alwaysFits() && l.lastFittingContext() >= 512) {
                marks.add(ChartAxes.log2(l.lastFittingContext()));
            }
            where.append(where.length() == 0 ? "" : "; ").append(label(l));
        }
        double[] my = new double[marks.size()];
        Arrays.fill(my, pool);
        SeriesPoints.setXy(slots.get(STOPS), marks.stream().mapToDouble(Double::doubleValue).toArray(), my);
        showOnlyStopSymbols();
        limitsText.setText(texts.t("Where each scenario stops fitting the KV pool:") + " " + where);
    }

    /** Symbols only on the "stops fitting" points; the curves are plain lines. */
    private void showOnlyStopSymbols() {
        for (int i = 0; i < slots.size(); i++) {
            for (XYChart.Data<Number, Number> d : slots.get(i).getData()) {
                if (d.getNode() != null) {
                    d.getNode().setVisible(i == STOPS);
                    if (i == STOPS && !d.getNode().getStyleClass().contains("stops-fitting")) {
                        d.getNode().getStyleClass().add("stops-fitting"); // once: the node is reused while points move
                    }
                }
            }
        }
    }

    static ScenarioId scenarioOf(String seriesName) {
        for (ScenarioId id : ScenarioId.values()) {
            if (seriesName.equals(id.label()) || seriesName.startsWith(id.label() + " ")) {
                return id;
            }
        }
        return null;
    }

    private String label(Curves.Limit l) {
        String n = texts.t(l.scenario().label()) + " (" + l.sequences() + ")";
        if (l.alwaysFits()) {
            return n + " " + texts.t("fits to the max");
        }
        return l.lastFittingContext() == 0 ? n + " " + texts.t("never fits")
                : n + " " + texts.t("up to") + " " + texts.numbers(Units.grouped(l.lastFittingContext()));
    }
}
