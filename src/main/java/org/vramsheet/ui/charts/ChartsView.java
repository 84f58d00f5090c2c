package org.vramsheet.ui.charts;

import java.util.LinkedHashMap;

import java.util.Map;

import org.vramsheet.core.result.MemoryStacks;

import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.util.StringConverter;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.PlacementView;
import org.vramsheet.ui.model.PlacementViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * The three charts: KV memory against context (with the pool line and where each scenario stops
 * fitting), maximum concurrency against context, and the GPU memory stack. Data comes from
 * {@link Curves}; context is drawn on a log2 axis.
 */
public final class ChartsView extends TabPane {
    private final SheetViewModel vm;
    private final NumberAxis kvY = new NumberAxis();
    private final LineChart<Number, Number> kvChart = new LineChart<>(log2Axis(), kvY);
    private final LineChart<Number, Number> concChart = new LineChart<>(log2Axis(), new NumberAxis());
    private final NumberAxis stackY = new NumberAxis();
    private final StackedBarChart<String, Number> stack = new StackedBarChart<>(new CategoryAxis(), stackY);
    private final javafx.scene.control.Label limitsText = new javafx.scene.control.Label();
    private Curves.Charts shown;
    private Long shownContext;
    private Boolean shownGib;

    private final Texts texts;

    public ChartsView(SheetViewModel vm) {
        this(vm, Texts.ENGLISH);
    }

    public ChartsView(SheetViewModel vm, Texts texts) {
        this.vm = vm;
        this.texts = texts;
        setId("charts");
        setTabClosingPolicy(TabClosingPolicy.UNAVAILABLE);
        kvChart.setId("chart-kv");
        concChart.setId("chart-concurrency");
        stack.setId("chart-gpu");
        for (var c : List.of(kvChart, concChart)) {
            c.setAnimated(false);
            c.setCreateSymbols(false);
            c.getXAxis().setLabel(texts.t("context length per sequence (tokens, log scale)"));
        }
        stack.setAnimated(false);
        kvChart.setTitle(texts.t("KV cache against context length"));
        concChart.setTitle(texts.t("Maximum concurrency against context length"));
        concChart.getYAxis().setLabel(texts.value("sequences"));
        stack.setTitle(texts.t("GPU memory of one GPU"));
        limitsText.setId("chart-limits");
        limitsText.setWrapText(true);
        limitsText.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.VBox kvBox = new javafx.scene.layout.VBox(4, kvChart, limitsText);
        javafx.scene.layout.VBox.setVgrow(kvChart, javafx.scene.layout.Priority.ALWAYS);
        PlacementView placement = new PlacementView(new PlacementViewModel(vm), texts);
        Tab placementTab = new Tab(texts.t("Placement"), placement);
        placementTab.selectedProperty().addListener((o, a, b) -> placement.setActive(b));
        getTabs().addAll(new Tab(texts.t("KV vs context"), kvBox), new Tab(texts.t("Concurrency"), concChart),
                new Tab(texts.t("GPU memory"), stack),
                placementTab);
        vm.computedProperty().addListener((o, a, b) -> refresh());
        vm.gibPrimary.addListener((o, a, b) -> refresh());
        refresh();
    }

    private static NumberAxis log2Axis() {
        NumberAxis x = new NumberAxis();
        x.setAutoRanging(false);
        x.setTickUnit(1);
        x.setMinorTickVisible(false);
        x.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) {
                long t = Math.round(Math.pow(2, n.doubleValue()));
                return t >= 1_048_576 ? (t / 1_048_576) + "M" : t >= 1024 ? (t / 1024) + "K" : Long.toString(t);
            }

            @Override
            public Number fromString(String s) { return 0; }
        });
        return x;
    }

    private static double log2(long x) { return Math.log(Math.max(1, x)) / Math.log(2); }

    /** Redraws when the data, the context or the unit changed. */
    void refresh() {
        SheetViewModel.Computed c = vm.computed();
        Curves.Charts ch = c.charts();
        Figure ctxF = c.outcome().result().get(FigureKey.POOL_CONTEXT_LENGTH);
        Long ctx = ctxF.available() ? ctxF.value() : null;
        boolean gib = vm.gibPrimary.get();
        if (java.util.Objects.equals(ch, shown) && java.util.Objects.equals(ctx, shownContext)
                && Boolean.valueOf(gib).equals(shownGib)) {
            return;
        }
        shown = ch;
        shownContext = ctx;
        shownGib = gib;
        if (ch == null) {
            kvChart.setData(FXCollections.observableArrayList());
            concChart.setData(FXCollections.observableArrayList());
            stack.setData(FXCollections.observableArrayList());
            kvChart.setTitle(texts.t("KV cache against context length: unavailable (see the marked fields)"));
            limitsText.setText("");
            return;
        }
        kvChart.setTitle(texts.t("KV cache against context length"));
        double unit = gib ? Units.GIB : Units.GB;
        String unitName = gib ? "GiB" : "GB";
        kvY.setLabel(texts.t("KV cache") + " (" + unitName + ")");
        stackY.setLabel(unitName);
        double xmax = log2(ch.maxContext());
        for (var chart : List.of(kvChart, concChart)) {
            NumberAxis x = (NumberAxis) chart.getXAxis();
            x.setLowerBound(9);
            x.setUpperBound(Math.max(9.5, xmax));
        }
        drawKv(ch, ctx, unit, unitName);
        List<XYChart.Series<Number, Number>> conc = new ArrayList<>();
        conc.add(series(texts.t("max sequences"), ch.concurrency().points(), 1));
        if (ctx != null) {
            double y = ch.concurrency().points().stream().mapToDouble(Curves.Point::y).max().orElse(1);
            conc.add(vertical(texts.t("context") + " " + texts.numbers(Units.grouped(ctx)), log2(ctx), 0, y));
        }
        concChart.setData(FXCollections.observableArrayList(conc));
        stack.setData(FXCollections.observableArrayList(stackSeries(ch.memory(), unit, texts)));
    }

    /** The KV chart: one line per scenario, the pool line, where each stops fitting, the chosen context. */
    private void drawKv(Curves.Charts ch, Long ctx, double unit, String unitName) {
        double xmax = log2(ch.maxContext());
        List<XYChart.Series<Number, Number>> kv = new ArrayList<>();
        for (Curves.Series s : ch.kvSeries()) {
            kv.add(series(texts.message(s.name()), s.points(), unit));
        }
        while (kv.size() < 3) {
            kv.add(new XYChart.Series<>(texts.t("(unavailable)"), FXCollections.observableArrayList()));
        }
        XYChart.Series<Number, Number> pool = new XYChart.Series<>();
        pool.setName(texts.t("KV pool") + " " + texts.numbers(fmt(ch.poolBytes() / unit)) + " " + unitName);
        pool.getData().add(new XYChart.Data<>(9, ch.poolBytes() / unit));
        pool.getData().add(new XYChart.Data<>(Math.max(9.5, xmax), ch.poolBytes() / unit));
        kv.add(pool);
        XYChart.Series<Number, Number> marks = new XYChart.Series<>();
        StringBuilder where = new StringBuilder();
        for (Curves.Limit l : ch.limits()) {
            if (!l.alwaysFits() && l.lastFittingContext() >= 512) {
                marks.getData().add(new XYChart.Data<>(log2(l.lastFittingContext()), ch.poolBytes() / unit));
            }
            where.append(where.length() == 0 ? "" : "; ").append(label(l));
        }
        if (ctx != null) {
            kv.add(vertical(texts.t("context") + " " + texts.numbers(Units.grouped(ctx)), log2(ctx), 0, maxY(ch, unit)));
        }
        kvChart.setCreateSymbols(true);
        kvChart.setData(FXCollections.observableArrayList(kv));
        for (XYChart.Series<Number, Number> sr : kv) {
            for (XYChart.Data<Number, Number> d : sr.getData()) {
                if (d.getNode() != null) {
                    d.getNode().setVisible(false);
                }
            }
        }
        if (!marks.getData().isEmpty()) {
            marks.setName(texts.t("stops fitting"));
            kvChart.getData().add(marks);
            for (XYChart.Data<Number, Number> d : marks.getData()) {
                if (d.getNode() != null) {
                    d.getNode().setStyle("-fx-background-color: -vs-bad, -vs-surface; -fx-background-insets: 0, 2;"
                            + " -fx-background-radius: 7px; -fx-padding: 7px;");
                }
            }
        }
        limitsText.setText(texts.t("Where each scenario stops fitting the KV pool:") + " " + where);
    }

    private String label(Curves.Limit l) {
        String n = texts.t(l.scenario().label()) + " (" + l.sequences() + ")";
        if (l.alwaysFits()) {
            return n + " " + texts.t("fits to the max");
        }
        return l.lastFittingContext() == 0 ? n + " " + texts.t("never fits")
                : n + " " + texts.t("up to") + " " + texts.numbers(Units.grouped(l.lastFittingContext()));
    }

    private static double maxY(Curves.Charts ch, double unit) {
        double m = ch.poolBytes();
        for (Curves.Series s : ch.kvSeries()) {
            for (Curves.Point p : s.points()) {
                m = Math.max(m, p.y());
            }
        }
        return m / unit;
    }

    private static XYChart.Series<Number, Number> vertical(String name, double x, double y0, double y1) {
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        s.setName(name);
        s.getData().add(new XYChart.Data<>(x, y0));
        s.getData().add(new XYChart.Data<>(x, y1));
        return s;
    }

    private static XYChart.Series<Number, Number> series(String name, List<Curves.Point> pts, double unit) {
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        s.setName(name);
        for (Curves.Point p : pts) {
            s.getData().add(new XYChart.Data<>(log2(p.x()), p.y() / unit));
        }
        return s;
    }

    /** The core's GPU-memory stacks (per GPU) as stacked series: one series per segment name, in first-seen order. */
    private static List<XYChart.Series<String, Number>> stackSeries(MemoryStacks m, double unit, Texts texts) {
        Map<String, XYChart.Series<String, Number>> bySegment = new LinkedHashMap<>();
        for (String name : MemoryStacks.NAMES) {
            List<MemoryStacks.Segment> segs = m.stack(name);
            if (segs == null) {
                continue;
            }
            String category = texts.t(name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1));
            for (MemoryStacks.Segment g : segs) {
                XYChart.Series<String, Number> s = bySegment.computeIfAbsent(g.name(), n -> {
                    XYChart.Series<String, Number> x = new XYChart.Series<>();
                    x.setName(texts.t(n));
                    return x;
                });
                s.getData().add(new XYChart.Data<>(category, g.bytesPerGpu() / unit));
            }
        }
        return new ArrayList<>(bySegment.values());
    }

    private static String fmt(double v) { return String.format(Locale.ROOT, "%,.1f", v); }

    /** For tests: the points of the KV series of a scenario, or of the concurrency curve. */
    public LineChart<Number, Number> kvChart() { return kvChart; }

    public LineChart<Number, Number> concurrencyChart() { return concChart; }

    public StackedBarChart<String, Number> gpuChart() { return stack; }
}
