package org.vramsheet.ui.app;

import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.vramsheet.ui.sections.SummaryStrip;

/**
 * The window's two layouts. Side by side (the {@link Zoom}ed window at least {@link Zoom#SIDE_BY_SIDE} logical px wide):
 * the form on the left, the context slider, the charts and the provenance on the right, in a split pane. Stacked
 * (narrower: 150 % and 200 % at 1280x800, 175 % and 200 % at 1920x1080): the summary in two rows, then the slider, the
 * charts and the provenance at the window's full width, then the form, as tall as the window shows, so that the window
 * scrolls only up and down. Seen (issue 31): at 150 % and 200 % on 1280x800 the slider and the charts were off screen to
 * the right until one scrolled sideways.
 */
final class Reflow {
    /** The stacked charts' height (logical px): a chart of at least 260 px under the tab headers. */
    static final double STACKED_CHARTS = 330;
    private final Zoom zoom;
    private final SplitPane split;
    private final VBox column = new VBox(8);
    private final Region form;
    private final VBox side;
    private double[] dividers;

    private Reflow(Zoom zoom, SplitPane split, Region form, VBox side) {
        this.zoom = zoom;
        this.split = split;
        this.form = form;
        this.side = side;
        this.dividers = split.getDividerPositions();
        column.setPadding(new Insets(0, 0, 8, 0)); // (in code: the column is new to the scene when it is first shown)
        column.setFillWidth(true);
        VBox.setVgrow(form, Priority.ALWAYS);
    }

    /**
     * Follows {@code zoom}: {@code form} (the slot the form or the Compare view stands in) and {@code side} move between
     * {@code split} and a column in {@code root}'s centre, and the summary strip between one row and two.
     */
    static void install(Zoom zoom, BorderPane root, SplitPane split, StackPane form, VBox side, SummaryStrip summary) {
        Reflow r = new Reflow(zoom, split, form, side);
        zoom.stackedProperty().addListener((o, was, stacked) -> r.show(root, summary, stacked));
        // (the charts come after the first frame in the real app's start: sized when they come)
        side.getChildren().addListener((ListChangeListener<Node>) c -> r.sizeCharts(zoom.stackedProperty().get()));
        r.show(root, summary, zoom.stackedProperty().get());
    }

    /** Stacked, the charts get a fixed height (side by side, they take what the slider and the provenance leave). */
    private void sizeCharts(boolean stacked) {
        if (side.lookup("#charts") instanceof Region charts) {
            double h = stacked ? STACKED_CHARTS : Region.USE_COMPUTED_SIZE;
            charts.setMinHeight(h);
            charts.setPrefHeight(h);
        }
    }

    private void show(BorderPane root, SummaryStrip summary, boolean stacked) {
        summary.setStacked(stacked);
        sizeCharts(stacked);
        if (stacked == (root.getCenter() == column)) {
            return;
        }
        if (stacked) {
            dividers = split.getDividerPositions();
            split.getItems().clear(); // (first: a node is in one parent only, and the split's skin holds its items)
            column.getChildren().setAll(side, form);
            side.setMinHeight(Region.USE_PREF_SIZE);
            form.minHeightProperty().bind(zoom.visibleHeightProperty()); // scrolled to the end, the form fills the window
            root.setCenter(column);
        } else {
            column.getChildren().clear();
            side.setMinHeight(Region.USE_COMPUTED_SIZE);
            form.minHeightProperty().unbind();
            form.setMinHeight(Region.USE_COMPUTED_SIZE);
            root.setCenter(split);
            split.getItems().setAll(form, side);
            split.setDividerPositions(dividers);
        }
    }
}
