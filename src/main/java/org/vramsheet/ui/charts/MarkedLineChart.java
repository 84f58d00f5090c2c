package org.vramsheet.ui.charts;

import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.shape.Line;
import javafx.scene.shape.Path;

/**
 * A line chart with a vertical marker (the chosen context) that moves without laying the chart out again: dragging
 * the context slider repaints the marker's few pixels, not every series and the legend.
 */
public final class MarkedLineChart extends LineChart<Number, Number> {
    private final Line marker = new Line();
    private double value = Double.NaN;

    MarkedLineChart(NumberAxis x, NumberAxis y) {
        super(x, y);
        marker.getStyleClass().add("context-marker");
        marker.setManaged(false);
        marker.setMouseTransparent(true);
        getPlotChildren().add(marker);
    }

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
