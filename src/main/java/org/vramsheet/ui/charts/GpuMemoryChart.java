package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import org.vramsheet.core.result.MemoryStacks;
import org.vramsheet.ui.text.Texts;

/** The GPU-memory stacks (per GPU) with the capacity line; bars change height in place while the context moves. */
final class GpuMemoryChart implements ChartPane {
    private final Texts texts;
    private final NumberAxis y = new NumberAxis();
    private final CapacityBarChart chart = new CapacityBarChart(y);

    GpuMemoryChart(Texts texts) {
        this.texts = texts;
        chart.setId("chart-gpu");
        chart.setAnimated(false);
        chart.setTitle(texts.t("GPU memory of one GPU"));
    }

    StackedBarChart<String, Number> chart() { return chart; }

    @Override
    public Node node() { return chart; }

    @Override
    public void draw(ChartData was, ChartData now) {
        y.setLabel(now.unitName());
        MemoryStacks m = now.charts().memory();
        double unit = now.unit();
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
        if (sameBars(bySegment)) {
            moveBars(bySegment);
        } else {
            List<XYChart.Series<String, Number>> all = new ArrayList<>();
            bySegment.forEach((name, bars) -> {
                XYChart.Series<String, Number> x = new XYChart.Series<>();
                x.setName(name);
                bars.forEach((cat, v) -> x.getData().add(new XYChart.Data<>(cat, v)));
                all.add(x);
            });
            chart.setData(FXCollections.observableArrayList(all));
        }
        double cap = m.gpuBytes() > 0 ? m.gpuBytes() / unit : Double.NaN;
        chart.setCapacity(cap, texts.t("GPU memory") + " " + texts.numbers(SeriesPoints.oneDecimal(cap)) + " " + now.unitName(),
                largest);
    }

    @Override
    public void clear() {
        chart.getData().clear();
        chart.setCapacity(Double.NaN, "", 0);
    }

    /** True when the chart already has these segments, each over the same bars (only heights change). */
    private boolean sameBars(Map<String, Map<String, Double>> bySegment) {
        boolean same = chart.getData().size() == bySegment.size();
        int i = 0;
        for (var e : bySegment.entrySet()) {
            same = same && chart.getData().get(i).getName().equals(e.getKey())
                    && chart.getData().get(i).getData().size() == e.getValue().size();
            i++;
        }
        return same;
    }

    private void moveBars(Map<String, Map<String, Double>> bySegment) {
        int i = 0;
        for (var e : bySegment.values()) {
            for (XYChart.Data<String, Number> d : chart.getData().get(i).getData()) {
                Double v = e.get(d.getXValue());
                if (v != null && v != d.getYValue().doubleValue()) {
                    d.setYValue(v);
                }
            }
            i++;
        }
    }
}
