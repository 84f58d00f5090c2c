package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.RowConstraints;
import javafx.scene.layout.VBox;
import org.vramsheet.core.curves.LatencyCurves;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * The Latency tab (issue 29): the estimated ITL and output tokens/s against the concurrency and the TTFT against the
 * prompt length at RESULT's context (the slider moves them), with the memory limit, the latency limit and the SLA
 * targets as lines, VALIDATION's measured points as markers when they are of this setup, one legend, and under them the
 * measured-against-predicted table with "Calibrate from this run". The curves are {@link LatencyCurves}'s: this view
 * only draws them; a sheet without an estimate shows none, with the reason.
 */
final class LatencyView extends VBox {
    private final Texts texts;
    private final LatencyChart itl;
    private final LatencyChart tps;
    private final LatencyChart ttft;
    private final Label status = new Label();
    private final VBox legend = new VBox(1);
    private final MeasuredLatencyPane measured;
    private LatencyCurves.Charts drawn;
    private String reason;

    LatencyView(SheetViewModel vm, Texts texts) {
        super(4);
        this.texts = texts;
        itl = new LatencyChart("chart-latency-itl", ChartAxes.countAxis(), texts);
        tps = new LatencyChart("chart-latency-throughput", ChartAxes.countAxis(), texts);
        ttft = new LatencyChart("chart-latency-ttft", ChartAxes.log2Axis(), texts);
        setId("latency-tab");
        setMinWidth(0);
        status.setId("latency-status");
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.setMinWidth(0);
        status.setPrefWidth(100);
        status.setMaxWidth(Double.MAX_VALUE);
        legend.setId("latency-legend");
        measured = new MeasuredLatencyPane(vm, texts);
        GridPane grid = new GridPane();
        grid.setMinWidth(0);
        grid.setPrefWidth(100);
        grid.setHgap(4);
        grid.setVgap(2);
        grid.add(itl.chart(), 0, 0);
        grid.add(tps.chart(), 1, 0);
        grid.add(ttft.chart(), 0, 1);
        legend.setMinWidth(0);
        grid.add(legend, 1, 1);
        for (int i = 0; i < 2; i++) {
            ColumnConstraints c = new ColumnConstraints();
            c.setPercentWidth(50);
            c.setHgrow(Priority.ALWAYS);
            grid.getColumnConstraints().add(c);
            RowConstraints r = new RowConstraints();
            r.setVgrow(Priority.ALWAYS);
            r.setPercentHeight(50);
            grid.getRowConstraints().add(r);
        }
        getChildren().addAll(status, grid, measured);
        VBox.setVgrow(grid, Priority.ALWAYS);
    }

    /** Draws the sheet's curves, or empties the charts and says why there are none. */
    void show(SheetViewModel.Computed c) {
        measured.show(c.measuredLatency());
        LatencyCurves.Charts ch = c.latency();
        String why = ch == null ? LatencyCurves.unavailable(c.outcome()) : "";
        if (ch != null && ch.equals(drawn) || ch == null && drawn == null && why.equals(reason)) {
            return;
        }
        drawn = ch;
        reason = why;
        if (ch == null) {
            String u = " " + texts.t("(unavailable)");
            itl.clear(texts.t("Inter-token latency (ms)") + u);
            tps.clear(texts.t("Output tokens/s per replica") + u);
            ttft.clear(texts.t("Time to first token (ms)") + u);
            status.setText(texts.t("Latency estimate unavailable:") + " " + texts.message(why));
            legend.getChildren().clear();
            return;
        }
        status.setText(texts.t("At RESULT's context") + " " + texts.numbers(Units.grouped(ch.context())) + " "
                + texts.t("tokens per sequence: prompt") + " " + texts.numbers(Units.grouped(ch.prompt())) + " + "
                + texts.t("output") + " " + texts.numbers(Units.grouped(ch.output())) + "; "
                + texts.t("one replica, before launch (RUNTIME › Latency estimate)"));
        drawConcurrency(ch);
        drawTtft(ch);
        drawLegend(ch);
    }

    private void drawConcurrency(LatencyCurves.Charts ch) {
        String seq = texts.t("concurrent sequences (log)");
        itl.labels(texts.t("Inter-token latency (ms)"), seq, "");
        tps.labels(texts.t("Output tokens/s per replica"), seq, "");
        double xmax = Math.max(1, LatencyChart.log2(ch.maxConcurrency()));
        for (LatencyChart c : List.of(itl, tps)) {
            NumberAxis2.range(c, 0, xmax);
        }
        double itlTop = LatencyChart.top(ch.itl());
        double tpsTop = LatencyChart.top(ch.throughput());
        if (ch.measured() != null) {
            itlTop = Math.max(itlTop, LatencyChart.top(ch.measured().itl()));
            tpsTop = Math.max(tpsTop, LatencyChart.top(ch.measured().throughput()));
        }
        if (ch.itlTargetMs() != null) {
            itlTop = Math.max(itlTop, ch.itlTargetMs());
        }
        List<LatencyChart.Line> a = new ArrayList<>(List.of(LatencyChart.curve(LatencyChart.Role.ESTIMATE, ch.itl())));
        List<LatencyChart.Line> b = new ArrayList<>(List.of(LatencyChart.curve(LatencyChart.Role.ESTIMATE, ch.throughput())));
        if (ch.measured() != null) {
            a.add(LatencyChart.curve(LatencyChart.Role.MEASURED, ch.measured().itl()));
            b.add(LatencyChart.curve(LatencyChart.Role.MEASURED, ch.measured().throughput()));
        }
        limits(a, ch, itlTop * 1.05);
        limits(b, ch, tpsTop * 1.05);
        if (ch.itlTargetMs() != null) {
            a.add(new LatencyChart.Line(LatencyChart.Role.TARGET, new double[] {0, xmax},
                    new double[] {ch.itlTargetMs(), ch.itlTargetMs()}));
        }
        itl.draw(a, itlTop);
        tps.draw(b, tpsTop);
    }

    private static void limits(List<LatencyChart.Line> out, LatencyCurves.Charts ch, double top) {
        if (ch.memoryLimit() != null && ch.memoryLimit() >= 1) {
            double x = LatencyChart.log2(ch.memoryLimit());
            out.add(new LatencyChart.Line(LatencyChart.Role.MEMORY, new double[] {x, x}, new double[] {0, top}));
        }
        if (ch.latencyLimit() != null && ch.latencyLimit() >= 1) {
            double x = LatencyChart.log2(ch.latencyLimit());
            out.add(new LatencyChart.Line(LatencyChart.Role.LATENCY, new double[] {x, x}, new double[] {0, top}));
        }
    }

    private void drawTtft(LatencyCurves.Charts ch) {
        ttft.labels(texts.t("Time to first token (ms) at") + " " + texts.value(Units.grouped(ch.ttftConcurrency())
                + " sequences"), texts.t("prompt tokens (log)"), "");
        double lo = LatencyChart.log2(ch.ttft().isEmpty() ? 512 : ch.ttft().get(0).x());
        double hi = Math.max(lo + 0.5, LatencyChart.log2(ch.maxPrompt()));
        NumberAxis2.range(ttft, lo, hi);
        double top = Math.max(LatencyChart.top(ch.ttftP95()), LatencyChart.top(ch.ttft()));
        List<LatencyChart.Line> lines = new ArrayList<>(List.of(LatencyChart.curve(LatencyChart.Role.ESTIMATE, ch.ttft()),
                LatencyChart.curve(LatencyChart.Role.P95, ch.ttftP95())));
        if (ch.measured() != null && !ch.measured().ttft().isEmpty()) {
            lines.add(LatencyChart.curve(LatencyChart.Role.MEASURED, ch.measured().ttft()));
            top = Math.max(top, LatencyChart.top(ch.measured().ttft()));
        }
        if (ch.ttftTargetMs() != null) {
            top = Math.max(top, ch.ttftTargetMs());
            lines.add(new LatencyChart.Line(LatencyChart.Role.TARGET, new double[] {lo, hi},
                    new double[] {ch.ttftTargetMs(), ch.ttftTargetMs()}));
        }
        ttft.draw(lines, top);
        ttft.chart().setMarker(LatencyChart.log2(ch.prompt()));
    }

    private void drawLegend(LatencyCurves.Charts ch) {
        List<Label> items = new ArrayList<>();
        items.add(item(LatencyChart.Role.ESTIMATE, texts.t("estimate (TTFT: p50)")));
        items.add(item(LatencyChart.Role.P95, texts.t("estimate, TTFT p95")));
        if (ch.measured() != null) {
            items.add(item(LatencyChart.Role.MEASURED, texts.t("measured p50 (VALIDATION):") + " "
                    + texts.message(ch.measured().label())));
        }
        if (ch.memoryLimit() != null) {
            items.add(item(LatencyChart.Role.MEMORY, texts.t("memory limit") + " "
                    + texts.value(Units.grouped(ch.memoryLimit()) + " sequences")));
        }
        if (ch.latencyLimit() != null) {
            items.add(item(LatencyChart.Role.LATENCY, texts.t("latency limit (SLA)") + " "
                    + texts.value(Units.grouped(ch.latencyLimit()) + " sequences")));
        }
        if (ch.itlTargetMs() != null || ch.ttftTargetMs() != null) {
            String t = (ch.ttftTargetMs() == null ? "" : "TTFT " + ch.ttftPercentile() + " <= "
                    + SeriesPoints.oneDecimal(ch.ttftTargetMs()) + " ms") + (ch.itlTargetMs() == null ? "" : (ch.ttftTargetMs()
                    == null ? "" : ", ") + "ITL <= " + SeriesPoints.oneDecimal(ch.itlTargetMs()) + " ms");
            items.add(item(LatencyChart.Role.TARGET, texts.t("SLA target:") + " " + texts.numbers(t)));
        }
        legend.getChildren().setAll(items);
    }

    private static Label item(LatencyChart.Role role, String text) {
        Region swatch = new Region();
        swatch.getStyleClass().addAll("lat-swatch", role.styleClass + "-swatch");
        Label l = new Label(text, swatch);
        l.getStyleClass().add("lat-legend-item");
        l.setWrapText(true);
        l.setMinWidth(0);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }

    /** The two charts' x axes (log2). */
    private static final class NumberAxis2 {
        static void range(LatencyChart c, double lo, double hi) {
            NumberAxis x = (NumberAxis) c.chart().getXAxis();
            x.setLowerBound(lo);
            x.setUpperBound(hi);
            x.setTickUnit(hi - lo > 12 ? 2 : 1);
        }
    }
}
