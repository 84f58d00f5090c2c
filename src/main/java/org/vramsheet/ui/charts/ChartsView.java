package org.vramsheet.ui.charts;

import java.util.LinkedHashMap;

import java.util.Map;

import org.vramsheet.core.result.MemoryStacks;

import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.collections.FXCollections;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.util.StringConverter;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.sheet.ScenarioId;
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
    private final MarkedLineChart kvChart = new MarkedLineChart(log2Axis(), kvY);
    private final MarkedLineChart concChart = new MarkedLineChart(log2Axis(), countAxis());
    private final NumberAxis stackY = new NumberAxis();
    private final CapacityBarChart stack = new CapacityBarChart(stackY);
    /** Typical, Heavy, Limit, the pool, where each stops fitting: made once, moved in place. */
    private final List<XYChart.Series<Number, Number>> kvSlots = new ArrayList<>();
    /** Maximum concurrency: one series, or one per variant (as many as needed are made). */
    private final List<XYChart.Series<Number, Number>> concSlots = new ArrayList<>();
    private static final int POOL = 3;
    private static final int STOPS = 4;
    private final javafx.scene.control.Label limitsText = new javafx.scene.control.Label();

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
        for (int i = 0; i < 5; i++) {
            kvSlots.add(new XYChart.Series<>());
        }
        kvSlots.get(STOPS).setName(texts.t("stops fitting"));
        concSlots.add(new XYChart.Series<>());
        kvChart.setData(FXCollections.observableArrayList(kvSlots));
        concChart.setData(FXCollections.observableArrayList(concSlots));
        kvChart.setCreateSymbols(true);
        for (var c : List.of(kvChart, concChart)) {
            c.setAnimated(false);
            c.getXAxis().setLabel(texts.t("context length per sequence (tokens, log scale)"));
        }
        stack.setAnimated(false);
        kvChart.setTitle(texts.t("KV cache against context length"));
        concChart.setTitle(texts.t("Maximum concurrency against context length"));
        concChart.getYAxis().setLabel(texts.t("sequences (log scale)"));
        concChart.setCreateSymbols(false);
        concChart.setHorizontalZeroLineVisible(false); // y = 0 is one sequence on the log axis, not a threshold
        stack.setTitle(texts.t("GPU memory of one GPU"));
        limitsText.setId("chart-limits");
        limitsText.setWrapText(true);
        limitsText.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.VBox kvBox = new javafx.scene.layout.VBox(4, kvChart, limitsText);
        javafx.scene.layout.VBox.setVgrow(kvChart, javafx.scene.layout.Priority.ALWAYS);
        PlacementView placement = new PlacementView(new PlacementViewModel(vm), texts);
        Tab placementTab = new Tab(texts.t("Placement"), placement);
        placementTab.selectedProperty().addListener((o, a, b) -> placement.setActive(b));
        var fit = new org.vramsheet.ui.sections.GpuFitView(new org.vramsheet.ui.model.GpuFitViewModel(vm), texts);
        Tab fitTab = new Tab(texts.t("Which GPUs fit"), fit);
        fitTab.setId("tab-gpu-fit");
        fitTab.selectedProperty().addListener((o, a, b) -> fit.setActive(b));
        getTabs().addAll(new Tab(texts.t("KV vs context"), kvBox), new Tab(texts.t("Concurrency"), concChart),
                new Tab(texts.t("GPU memory"), stack), placementTab, fitTab);
        getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> refresh());
        vm.computedProperty().addListener((o, a, b) -> refresh());
        vm.gibPrimary.addListener((o, a, b) -> refresh());
        refresh();
    }

    static NumberAxis log2Axis() {
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

    static NumberAxis countAxis() {
        NumberAxis y = new NumberAxis();
        y.setAutoRanging(false);
        y.setMinorTickVisible(false);
        y.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number n) { return Ticks.countLabel(n.doubleValue()); }

            @Override
            public Number fromString(String s) { return 0; }
        });
        return y;
    }

    static double log2(long x) { return Math.log(Math.max(1, x)) / Math.log(2); }

    /** The sheet's chart data as last applied to each chart (KV, concurrency, GPU memory), null: never. */
    private record Shown(Curves.Charts charts, Long context, boolean gib, List<Curves.Series> variants) { }

    private final Shown[] applied = new Shown[3];

    /**
     * Redraws what the data, the context or the unit changed, on the chart that is shown (a hidden tab catches up when
     * it is selected): points move in place, series and legend stay, the context marker moves without a chart layout.
     */
    void refresh() {
        SheetViewModel.Computed c = vm.computed();
        Figure ctxF = c.outcome().result().get(FigureKey.POOL_CONTEXT_LENGTH);
        Shown now = new Shown(c.charts(), ctxF.available() ? ctxF.value() : null, vm.gibPrimary.get(), c.variantConcurrency());
        int tab = Math.max(0, getSelectionModel().getSelectedIndex());
        if (tab > 2 || now.equals(applied[tab])) {
            return;
        }
        Shown was = applied[tab];
        applied[tab] = now;
        Curves.Charts ch = now.charts();
        if (ch == null) {
            kvChart.setTitle(texts.t("KV cache against context length: unavailable (see the marked fields)"));
            kvSlots.forEach(s -> s.getData().clear());
            concChart.getData().forEach(s -> s.getData().clear());
            kvChart.setMarker(Double.NaN);
            concChart.setMarker(Double.NaN);
            stack.getData().clear();
            stack.setCapacity(Double.NaN, "", 0);
            limitsText.setText("");
            return;
        }
        double unit = now.gib() ? Units.GIB : Units.GB;
        String unitName = now.gib() ? "GiB" : "GB";
        if (tab == 2) {
            stackY.setLabel(unitName);
            drawStack(ch.memory(), unit, unitName);
            return;
        }
        if (!sameCurves(was, now)) {
            kvChart.setTitle(texts.t("KV cache against context length"));
            kvY.setLabel(texts.t("KV cache") + " (" + unitName + ")");
            double xmax = Math.max(9.5, log2(ch.maxContext()));
            NumberAxis x = (NumberAxis) (tab == 0 ? kvChart : concChart).getXAxis();
            x.setLowerBound(9);
            x.setUpperBound(xmax);
            if (tab == 0) {
                drawKv(ch, unit, unitName);
            } else {
                drawConcurrency(ch, now.variants());
            }
        }
        (tab == 0 ? kvChart : concChart).setMarker(now.context() == null ? Double.NaN : log2(now.context()));
    }

    /** True when only the context moved: the curves (and the unit) are what the chart already shows. */
    private static boolean sameCurves(Shown was, Shown now) {
        if (was == null || was.charts() == null || was.gib() != now.gib()) {
            return false;
        }
        Curves.Charts a = was.charts();
        Curves.Charts b = now.charts();
        return a.kvSeries().equals(b.kvSeries()) && a.poolBytes() == b.poolBytes() && a.limits().equals(b.limits())
                && a.concurrency().equals(b.concurrency()) && a.maxContext() == b.maxContext()
                && was.variants().equals(now.variants());
    }

    /** The KV chart: a fixed slot per scenario (its colour and dash never move), the pool, where each stops fitting. */
    private void drawKv(Curves.Charts ch, double unit, String unitName) {
        double xmax = Math.max(9.5, log2(ch.maxContext()));
        for (ScenarioId id : ScenarioId.values()) {
            Curves.Series s = ch.kvSeries().stream().filter(x -> scenarioOf(x.name()) == id).findFirst().orElse(null);
            XYChart.Series<Number, Number> slot = kvSlots.get(id.ordinal());
            rename(slot, s != null ? texts.message(s.name()) : texts.t(id.label()) + " " + texts.t("(unavailable)"));
            setPoints(slot, s == null ? List.of() : s.points(), p -> log2(p.x()), p -> p.y() / unit);
        }
        XYChart.Series<Number, Number> pool = kvSlots.get(POOL);
        rename(pool, texts.t("KV pool") + " " + texts.numbers(fmt(ch.poolBytes() / unit)) + " " + unitName);
        setXy(pool, new double[] {9, xmax}, new double[] {ch.poolBytes() / unit, ch.poolBytes() / unit});
        StringBuilder where = new StringBuilder();
        List<Double> marks = new ArrayList<>();
        for (Curves.Limit l : ch.limits()) {
            if (!l.alwaysFits() && l.lastFittingContext() >= 512) {
                marks.add(log2(l.lastFittingContext()));
            }
            where.append(where.length() == 0 ? "" : "; ").append(label(l));
        }
        XYChart.Series<Number, Number> stops = kvSlots.get(STOPS);
        double[] my = new double[marks.size()];
        java.util.Arrays.fill(my, ch.poolBytes() / unit);
        setXy(stops, marks.stream().mapToDouble(Double::doubleValue).toArray(), my);
        for (int i = 0; i < kvSlots.size(); i++) {
            for (XYChart.Data<Number, Number> d : kvSlots.get(i).getData()) {
                if (d.getNode() != null) {
                    d.getNode().setVisible(i == STOPS);
                    if (i == STOPS && !d.getNode().getStyleClass().contains("stops-fitting")) {
                        d.getNode().getStyleClass().add("stops-fitting"); // once: the node is reused while points move
                    }
                }
            }
        }
        limitsText.setText(texts.t("Where each scenario stops fitting the KV pool:") + " " + where);
    }

    /**
     * Maximum concurrency on a log2 axis (13 no longer looks like 0 beside 1,000). A sheet with variants draws every
     * variant's line, in the variants' own colours and order (as the Compare view), the one in the form named so.
     */
    private void drawConcurrency(Curves.Charts ch, List<Curves.Series> variants) {
        String shown = vm.variantsProperty().getValue().active();
        List<Curves.Series> lines = variants.isEmpty() ? List.of(new Curves.Series(texts.t("max sequences"),
                ch.concurrency().points())) : variants;
        concChart.getStyleClass().remove("variants-chart");
        if (!variants.isEmpty()) {
            concChart.getStyleClass().add("variants-chart");
        }
        var data = concChart.getData();
        while (data.size() > lines.size()) {
            data.remove(data.size() - 1);
        }
        while (data.size() < lines.size()) {
            data.add(new XYChart.Series<>());
        }
        double top = 1;
        for (int i = 0; i < lines.size(); i++) {
            Curves.Series l = lines.get(i);
            rename(data.get(i), l.name() + (!variants.isEmpty() && l.name().equals(shown) ? " (" + texts.t("in the form") + ")" : ""));
            setPoints(data.get(i), l.points(), p -> log2(p.x()), p -> Ticks.countPosition(p.y()));
            top = Math.max(top, l.points().stream().mapToDouble(Curves.Point::y).max().orElse(1));
        }
        NumberAxis y = (NumberAxis) concChart.getYAxis();
        double upper = Math.max(1, Math.ceil(Ticks.countPosition(Math.max(1, top)) + 0.25));
        y.setLowerBound(-1);
        y.setUpperBound(upper);
        y.setTickUnit(upper > 12 ? 2 : 1);
    }

    private static void rename(XYChart.Series<Number, Number> s, String name) {
        if (!name.equals(s.getName())) {
            s.setName(name);
        }
    }

    private static void setPoints(XYChart.Series<Number, Number> s, List<Curves.Point> pts,
            java.util.function.ToDoubleFunction<Curves.Point> x, java.util.function.ToDoubleFunction<Curves.Point> y) {
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

    /** The GPU-memory stacks (per GPU) with the capacity line; bars change height in place while the context moves. */
    private void drawStack(MemoryStacks m, double unit, String unitName) {
        Map<String, Map<String, Double>> bySegment = new LinkedHashMap<>();
        double largest = 0;
        for (String name : MemoryStacks.NAMES) {
            List<MemoryStacks.Segment> segs = m.stack(name);
            if (segs == null) {
                continue;
            }
            largest = Math.max(largest, m.total(name) / unit);
            String category = texts.t(name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1));
            for (MemoryStacks.Segment g : segs) {
                bySegment.computeIfAbsent(texts.t(g.name()), n -> new LinkedHashMap<>()).put(category, g.bytesPerGpu() / unit);
            }
        }
        boolean same = stack.getData().size() == bySegment.size();
        int i = 0;
        for (var e : bySegment.entrySet()) {
            same = same && stack.getData().get(i).getName().equals(e.getKey())
                    && stack.getData().get(i).getData().size() == e.getValue().size();
            i++;
        }
        if (same) {
            i = 0;
            for (var e : bySegment.values()) {
                for (XYChart.Data<String, Number> d : stack.getData().get(i).getData()) {
                    Double v = e.get(d.getXValue());
                    if (v != null && v != d.getYValue().doubleValue()) {
                        d.setYValue(v);
                    }
                }
                i++;
            }
        } else {
            List<XYChart.Series<String, Number>> all = new ArrayList<>();
            bySegment.forEach((name, bars) -> {
                XYChart.Series<String, Number> x = new XYChart.Series<>();
                x.setName(name);
                bars.forEach((cat, v) -> x.getData().add(new XYChart.Data<>(cat, v)));
                all.add(x);
            });
            stack.setData(FXCollections.observableArrayList(all));
        }
        double cap = m.gpuBytes() > 0 ? m.gpuBytes() / unit : Double.NaN;
        stack.setCapacity(cap, texts.t("GPU memory") + " " + texts.numbers(fmt(cap)) + " " + unitName, largest);
    }

    private static String fmt(double v) { return String.format(Locale.ROOT, "%,.1f", v); }

    /** For tests: the points of the KV series of a scenario, or of the concurrency curve. */
    public MarkedLineChart kvChart() { return kvChart; }

    public MarkedLineChart concurrencyChart() { return concChart; }

    public javafx.scene.chart.StackedBarChart<String, Number> gpuChart() { return stack; }
}
