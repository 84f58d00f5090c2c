package org.vramsheet.ui.sections;

import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * Holds a label whose text follows the sheet (a result, the concurrency under the slider) as a layout root: a new text
 * lays out the label alone instead of the whole form around it (while the context slider is dragged, that layout of
 * the form was most of each frame). The holder asks its parents for room again only when the new text needs more
 * than the label has: taller (a wrapped line more) or wider than the column lets it be.
 */
public final class Steady extends Region {
    private final Label label;

    private Steady(Label label) {
        this.label = label;
        label.setManaged(false);
        getChildren().add(label);
        setMaxWidth(label.getMaxWidth());
        label.maxWidthProperty().addListener((o, a, b) -> setMaxWidth(b.doubleValue()));
    }

    /** Wraps {@code text} (a {@link SteadyLabel}) in its holder. */
    public static Steady of(SteadyLabel text) {
        Steady s = new Steady(text);
        text.holder = s;
        return s;
    }

    /** The label it holds. */
    public Label label() { return label; }

    @Override
    public Orientation getContentBias() { return label.getContentBias(); }

    @Override
    protected double computeMinWidth(double height) { return label.minWidth(height) + horizontal(); }

    @Override
    protected double computePrefWidth(double height) { return label.prefWidth(height) + horizontal(); }

    @Override
    protected double computeMinHeight(double width) { return label.minHeight(inner(width)) + vertical(); }

    @Override
    protected double computePrefHeight(double width) { return label.prefHeight(inner(width)) + vertical(); }

    @Override
    protected void layoutChildren() {
        Insets i = getInsets();
        label.resizeRelocate(i.getLeft(), i.getTop(), getWidth() - horizontal(), getHeight() - vertical());
    }

    private double inner(double width) { return width < 0 ? width : Math.max(0, width - horizontal()); }

    private double horizontal() { return getInsets().getLeft() + getInsets().getRight(); }

    private double vertical() { return getInsets().getTop() + getInsets().getBottom(); }

    /** A label that, laid out on its own, asks its {@link Steady} holder for room when its text no longer fits. */
    public static class SteadyLabel extends Label {
        private Steady holder;

        @Override
        protected void layoutChildren() {
            if (holder != null && getWidth() > 0 && needsRoom()) {
                holder.requestLayout();
            }
            super.layoutChildren();
        }

        /**
         * A wrapping text is never narrower than its longest word: JavaFX breaks a word that does not fit inside it
         * ("20 последовательносте|й" in RESULT at 1280x800, issue 31).
         */
        @Override
        protected double computeMinWidth(double height) {
            double min = super.computeMinWidth(height);
            if (!isWrapText() || getText() == null) {
                return min;
            }
            double word = 0;
            for (String w : getText().split("\\s+")) {
                Text t = new Text(w);
                t.setFont(getFont());
                word = Math.max(word, t.getLayoutBounds().getWidth());
            }
            return Math.max(min, Math.ceil(word) + snappedLeftInset() + snappedRightInset() + 1);
        }

        private boolean needsRoom() {
            if (prefHeight(getWidth()) > getHeight() + 0.5) {
                return true; // (a shorter text keeps its room: nothing below moves)
            }
            return !isWrapText() && prefWidth(-1) > getWidth() + 0.5 && getWidth() < getMaxWidth();
        }
    }
}
