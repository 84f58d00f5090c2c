package org.vramsheet.ui.sections;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * The line under a field that its message appears in. The line is always there, so a message appearing (when the user
 * leaves a field, often by clicking the next one) never moves the fields below: a click lands where it was aimed. A
 * message longer than the line runs on over what is below it, on its own background, drawn above the next row.
 */
final class MessageSlot extends Region {
    private final Label message = new Label();

    MessageSlot(String id) {
        message.setId(id);
        message.getStyleClass().add(Style.FIELD_MESSAGE);
        message.setWrapText(true);
        message.setManaged(false); // a layout root: its text changes lay out nothing else
        message.setVisible(false);
        getChildren().add(message);
        getStyleClass().add("message-slot");
    }

    Label label() { return message; }

    /** Shows {@code text} (null: nothing) in the line, above the rows below it while it is shown. */
    void show(String text) {
        message.setText(text);
        message.setVisible(text != null);
        Node field = getParent();
        if (field != null) {
            field.setViewOrder(text == null ? 0 : -1);
        }
        layoutChildren();
    }

    private double line() { return Math.ceil(message.getFont().getSize() * 1.45); }

    @Override
    protected double computePrefHeight(double width) { return line(); }

    @Override
    protected double computeMinHeight(double width) { return line(); }

    @Override
    protected double computeMaxHeight(double width) { return line(); }

    @Override
    protected double computePrefWidth(double height) { return 0; }

    @Override
    protected double computeMinWidth(double height) { return 0; }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        message.resizeRelocate(0, 0, w, Math.max(getHeight(), message.prefHeight(w)));
    }
}
