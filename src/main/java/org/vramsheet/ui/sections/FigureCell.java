package org.vramsheet.ui.sections;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.Label;
import javafx.scene.input.MouseEvent;
import org.vramsheet.core.result.Figure;

/**
 * One cell of a figure table (RUNTIME's per-device table, VALIDATION's measured devices): its figure's key and the label
 * that shows it, explained on hover (the tooltip made on the first hover) and pinned on click.
 */
class FigureCell {
    final String key;
    final Label label;
    final ReadOnlyObjectWrapper<Figure> figure = new ReadOnlyObjectWrapper<>();

    FigureCell(String key, Label label, Views v) {
        this.key = key;
        this.label = label;
        label.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (label.getTooltip() == null && figure.get() != null) {
                label.setTooltip(Views.explanation(figure.getReadOnlyProperty(), v.texts()));
            }
        });
        label.setOnMouseClicked(e -> {
            if (figure.get() != null) {
                v.pin(figure.get());
            }
        });
    }
}
