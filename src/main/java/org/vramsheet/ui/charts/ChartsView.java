package org.vramsheet.ui.charts;

import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.vramsheet.core.curves.ConcurrencyTarget;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.ui.model.GpuFitViewModel;
import org.vramsheet.ui.model.PlacementViewModel;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.GpuFitView;
import org.vramsheet.ui.sections.PlacementView;
import org.vramsheet.ui.text.Texts;

/**
 * The charts' tabs: KV memory against context, maximum concurrency against context, the GPU memory stack, latency,
 * placement and which GPUs fit. Data comes from {@link Curves}; only the chart on the shown tab is redrawn.
 */
public final class ChartsView extends TabPane {
    private final SheetViewModel vm;
    private final KvContextChart kv;
    private final ConcurrencyChart concurrency;
    private final GpuMemoryChart gpu;
    private final LatencyView latency;
    private final Map<ChartTab, ChartPane> charts = new EnumMap<>(ChartTab.class);
    /** What each chart drew last (absent: nothing yet, or emptied since). */
    private final Map<ChartTab, ChartData> applied = new EnumMap<>(ChartTab.class);

    public ChartsView(SheetViewModel vm) {
        this(vm, Texts.ENGLISH);
    }

    public ChartsView(SheetViewModel vm, Texts texts) {
        this.vm = vm;
        this.kv = new KvContextChart(texts);
        this.concurrency = new ConcurrencyChart(texts, () -> vm.variantsProperty().getValue().active());
        this.gpu = new GpuMemoryChart(texts);
        setId("charts");
        setTabClosingPolicy(TabClosingPolicy.UNAVAILABLE);
        charts.put(ChartTab.KV, kv);
        charts.put(ChartTab.CONCURRENCY, concurrency);
        charts.put(ChartTab.GPU_MEMORY, gpu);
        charts.forEach((tab, chart) -> getTabs().add(tab(tab, texts, chart.node())));
        latency = new LatencyView(vm, texts);
        Tab latencyTab = tab(ChartTab.LATENCY, texts, latency);
        latencyTab.setId("tab-latency");
        getTabs().add(latencyTab);
        PlacementView placement = new PlacementView(new PlacementViewModel(vm), texts);
        Tab placementTab = tab(ChartTab.PLACEMENT, texts, placement);
        placementTab.selectedProperty().addListener((o, a, b) -> placement.setActive(b));
        GpuFitView fit = new GpuFitView(new GpuFitViewModel(vm), texts);
        Tab fitTab = tab(ChartTab.GPU_FIT, texts, fit);
        fitTab.setId("tab-gpu-fit");
        fitTab.selectedProperty().addListener((o, a, b) -> fit.setActive(b));
        getTabs().addAll(placementTab, fitTab);
        getSelectionModel().selectedItemProperty().addListener((o, a, b) -> refresh());
        vm.computedProperty().addListener((o, a, b) -> refresh());
        vm.gibPrimary.addListener((o, a, b) -> refresh());
        refresh();
    }

    private static Tab tab(ChartTab which, Texts texts, Node content) {
        Tab t = new Tab(texts.t(which.label()), content);
        t.setUserData(which);
        return t;
    }

    /** The tab shown (the first while none is selected). */
    ChartTab shown() {
        Tab t = getSelectionModel().getSelectedItem();
        return t == null ? ChartTab.KV : (ChartTab) t.getUserData();
    }

    /** Shows {@code tab}. */
    void show(ChartTab tab) {
        getTabs().stream().filter(t -> t.getUserData() == tab).findFirst().ifPresent(getSelectionModel()::select);
    }

    /**
     * Redraws what the data, the context or the unit changed, on the chart that is shown (a hidden tab catches up when
     * it is selected): points move in place, series and legend stay, the context marker moves without a chart layout.
     */
    void refresh() {
        ChartTab tab = shown();
        ChartPane chart = charts.get(tab);
        SheetViewModel.Computed c = vm.computed();
        if (tab == ChartTab.LATENCY) {
            latency.show(c); // its own curves: drawn, or emptied with the reason, whenever the memory curves are or not
            return;
        }
        Figure ctx = c.outcome().result().get(FigureKey.POOL_CONTEXT_LENGTH);
        ChartData now = new ChartData(c.charts(), ctx.available() ? ctx.value() : null, vm.gibPrimary.get(), c.variantConcurrency(),
                ConcurrencyTarget.of(c.sheet()));
        if (chart == null || now.equals(applied.get(tab))) {
            return;
        }
        ChartData was = applied.put(tab, now);
        if (now.charts() == null) {
            charts.values().forEach(ChartPane::clear);
            applied.keySet().retainAll(Set.of(tab)); // the others were emptied too: each redraws when shown
            return;
        }
        chart.draw(was, now);
    }

    /** For tests: the KV chart (a series per scenario, the pool, where each stops fitting). */
    public MarkedLineChart kvChart() { return kv.chart(); }

}
