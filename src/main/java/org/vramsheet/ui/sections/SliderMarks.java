package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;

/**
 * Marks under the context slider: each scenario's context (T, H, L) and the engine's max model length, placed where
 * the thumb would stand for that context, so a drag shows which scenario a context belongs to and where the engine
 * stops accepting sequences.
 */
final class SliderMarks extends Pane {
    /** One mark: its short text, its tooltip and the context (tokens) it stands at. */
    record Mark(String text, String tip, long tokens, String style) { }

    private final Slider slider;
    private List<Mark> marks = List.of();
    /**
     * The slider's part above the engine's max model length, marked (issue 31, Seen 7: the upper half was dead, nothing
     * said so): contexts there are refused by the engine.
     */
    private final Region beyond = new Region();

    SliderMarks(Slider slider) {
        this.slider = slider;
        getStyleClass().add("slider-marks");
        setMinHeight(30);
        setPrefHeight(30);
        slider.minProperty().addListener(o -> requestLayout());
        slider.maxProperty().addListener(o -> requestLayout());
        slider.widthProperty().addListener(o -> requestLayout());
        beyond.getStyleClass().add("slider-beyond");
        beyond.setId("slider-beyond");
        beyond.setVisible(false);
        getChildren().add(beyond);
    }

    /** The marked part above the engine's max model length (hidden when the engine takes the model's whole context). */
    Region beyond() { return beyond; }

    /** Replaces the marks when they changed. */
    void setMarks(List<Mark> next) {
        if (next.equals(marks)) {
            return;
        }
        marks = List.copyOf(next);
        List<Node> labels = new ArrayList<>();
        labels.add(beyond);
        for (Mark m : marks) {
            Label l = new Label(m.text());
            l.getStyleClass().addAll("slider-mark", m.style());
            l.setTooltip(new Tooltip(m.tip()));
            l.setUserData(m);
            labels.add(l);
        }
        getChildren().setAll(labels);
    }

    @Override
    protected void layoutChildren() {
        Node track = slider.lookup(".track");
        if (track == null) {
            return;
        }
        Node thumb = slider.lookup(".thumb");
        double half = thumb == null ? 0 : thumb.getLayoutBounds().getWidth() / 2;
        Bounds t = sceneToLocal(track.localToScene(track.getLayoutBounds()));
        double x0 = t.getMinX() + half;
        double x1 = t.getMaxX() - half;
        double range = slider.getMax() - slider.getMin();
        beyond.setVisible(false);
        for (Node n : getChildren()) {
            if (!(n instanceof Label l)) {
                continue;
            }
            Mark m = (Mark) l.getUserData();
            double v = Math.log(Math.max(1, m.tokens())) / Math.log(2);
            boolean inside = range > 0 && v >= slider.getMin() - 1e-9 && v <= slider.getMax() + 1e-9;
            l.setVisible(inside);
            double w = l.prefWidth(-1);
            double x = x0 + (inside ? (v - slider.getMin()) / range : 0) * (x1 - x0);
            boolean engine = m.style().endsWith("engine"); // the engine's mark on a row of its own: never over a scenario's
            double left = Math.max(0, Math.min(getWidth() - w, x - w / 2));
            l.resizeRelocate(Math.round(left), engine ? 15 : 0, w, l.prefHeight(w));
            if (engine && inside && x < x1 - 1) {
                beyond.setVisible(true);
                beyond.resizeRelocate(x, 0, x1 - x, 4);
                Tooltip.install(beyond, l.getTooltip());
            }
        }
    }
}
