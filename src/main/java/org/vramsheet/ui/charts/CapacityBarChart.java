package org.vramsheet.ui.charts;

import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.control.Label;
import javafx.scene.shape.Line;

/**
 * The GPU-memory stacks with the GPU's capacity drawn across them as a labelled dashed line, on a y axis that always
 * reaches above the line (a stack that does not fit shows how far it overshoots).
 */
final class CapacityBarChart extends StackedBarChart<String, Number> {
    private final Line line = new Line();
    private final Label label = new Label();
    private double capacity = Double.NaN;

    CapacityBarChart(NumberAxis y) {
        super(new CategoryAxis(), y);
        line.getStyleClass().add("capacity-line");
        label.getStyleClass().add("capacity-label");
        line.setManaged(false);
        label.setManaged(false);
        getPlotChildren().addAll(line, label);
    }

    /** The capacity in the axis's unit (NaN: none), its label, and the largest stack in that unit. */
    void setCapacity(double value, String text, double largestStack) {
        capacity = value;
        label.setText(text);
        line.setVisible(!Double.isNaN(value));
        label.setVisible(!Double.isNaN(value));
        NumberAxis y = (NumberAxis) getYAxis();
        double top = Math.max(Double.isNaN(value) ? 0 : value, largestStack) * 1.08;
        double tick = Ticks.nice(top / 6);
        y.setAutoRanging(false);
        y.setLowerBound(0);
        y.setUpperBound(Math.max(tick, Math.ceil(top / tick) * tick));
        y.setTickUnit(tick);
        requestChartLayout();
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        if (Double.isNaN(capacity)) {
            return;
        }
        double y = getYAxis().getDisplayPosition(capacity);
        double w = getXAxis().getWidth();
        line.setStartX(0);
        line.setEndX(w);
        line.setStartY(y);
        line.setEndY(y);
        line.toFront();
        label.resize(label.prefWidth(-1), label.prefHeight(-1));
        label.relocate(Math.max(0, w - label.prefWidth(-1) - 4), Math.max(0, y - label.prefHeight(-1) - 2));
        label.toFront();
    }
}
