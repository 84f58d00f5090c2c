package org.vramsheet.ui.charts;

import javafx.scene.Node;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * The concurrency chart on its own (the presentation view's one chart): the same chart as the Concurrency tab, drawn
 * from the same calculation, redrawn only while it is in a scene.
 */
public final class ConcurrencyPanel {
    private final SheetViewModel vm;
    private final ConcurrencyChart chart;
    private ChartData applied;

    public ConcurrencyPanel(SheetViewModel vm, Texts texts) {
        this.vm = vm;
        this.chart = new ConcurrencyChart(texts, () -> vm.variantsProperty().getValue().active());
        chart.chart().setId("present-chart");
        vm.computedProperty().addListener((o, a, b) -> refresh());
        vm.gibPrimary.addListener((o, a, b) -> refresh());
        chart.node().sceneProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    public Node node() { return chart.node(); }

    private void refresh() {
        if (chart.node().getScene() == null) {
            return;
        }
        SheetViewModel.Computed c = vm.computed();
        Figure ctx = c.outcome().result().get(FigureKey.POOL_CONTEXT_LENGTH);
        ChartData now = new ChartData(c.charts(), ctx.available() ? ctx.value() : null, vm.gibPrimary.get(), c.variantConcurrency());
        if (now.equals(applied)) {
            return;
        }
        ChartData was = applied;
        applied = now;
        if (now.charts() == null) {
            chart.clear();
        } else {
            chart.draw(was, now);
        }
    }
}
