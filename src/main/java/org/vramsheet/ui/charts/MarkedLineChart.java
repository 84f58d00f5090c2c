package org.vramsheet.ui.charts;

import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.shape.Line;
import javafx.scene.shape.Path;

/**
 * A line chart with a vertical marker (the chosen context) that moves without laying the chart out again: dragging
 * the context slider repaints the marker's few pixels, not every series and the legend.
 */
public final class MarkedLineChart extends LineChart<Number, Number> {
    private final Line marker = new Line();
    private double value = Double.NaN;
    /** The target across the chart (issue 31: the chart carries the question), at a y-axis value; NaN: none. */
    private final Line target = new Line();
    private final Label targetLabel = new Label();
    private double targetValue = Double.NaN;

    MarkedLineChart(NumberAxis x, NumberAxis y) {
        super(x, y);
        marker.getStyleClass().add("context-marker");
        marker.setManaged(false);
        marker.setMouseTransparent(true);
        getPlotChildren().add(marker);
        target.getStyleClass().add("target-line");
        target.setId("target-line");
        targetLabel.getStyleClass().add("target-label");
        targetLabel.setId("target-label");
        for (Node n : new Node[] {target, targetLabel}) {
            n.setManaged(false);
            n.setMouseTransparent(true);
            n.setVisible(false);
        }
        getPlotChildren().addAll(target, targetLabel);
    }

    /** Draws the target across the plot at {@code y} on the y axis, labelled (NaN hides it). */
    void setTarget(double y, String label) {
        targetValue = y;
        targetLabel.setText(label);
        requestChartLayout();
    }

    /** The target's label ("" when there is none). */
    public String targetText() { return Double.isNaN(targetValue) ? "" : targetLabel.getText(); }

    /** The nodes drawn over the plot (the readout adds its label there). */
    List<Node> plotChildren() { return getPlotChildren(); }

    /** The parent the plot's own nodes are laid out in. */
    Parent plotChildrenParent() { return marker.getParent(); }

    /** Moves the marker to {@code x} on the x axis (NaN hides it). */
    void setMarker(double x) {
        value = x;
        place();
    }

    /** Where the marker stands on the x axis (NaN when hidden). */
    public double markerValue() { return value; }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        eraseEmptySeries();
        place();
        placeTarget();
    }

    private void placeTarget() {
        boolean on = !Double.isNaN(targetValue);
        target.setVisible(on);
        targetLabel.setVisible(on);
        if (!on) {
            return;
        }
        NumberAxis y = (NumberAxis) getYAxis();
        double py = y.getDisplayPosition(Math.max(y.getLowerBound(), Math.min(y.getUpperBound(), targetValue)));
        target.setStartX(0);
        target.setEndX(getXAxis().getWidth());
        target.setStartY(py);
        target.setEndY(py);
        targetLabel.autosize();
        targetLabel.relocate(4, Math.max(0, py - targetLabel.getHeight() - 1));
        target.toFront();
        targetLabel.toFront();
    }

    /**
     * A series whose points were all removed keeps its last line: LineChart only rebuilds a path from points it has
     * (JavaFX 21 LineChart.makePaths), so a sheet that cannot be calculated showed its old curves under an
     * "unavailable" title (issue 31). Such a path is emptied here.
     */
    private void eraseEmptySeries() {
        for (Series<Number, Number> s : getData()) {
            if (s.getData().isEmpty() && s.getNode() instanceof Path p && !p.getElements().isEmpty()) {
                p.getElements().clear();
            }
        }
    }

    private void place() {
        marker.setVisible(!Double.isNaN(value));
        if (Double.isNaN(value)) {
            return;
        }
        NumberAxis x = (NumberAxis) getXAxis();
        double px = x.getDisplayPosition(Math.max(x.getLowerBound(), Math.min(x.getUpperBound(), value)));
        marker.setStartX(px);
        marker.setEndX(px);
        marker.setStartY(0);
        marker.setEndY(getYAxis().getHeight());
        marker.toFront();
    }
}
