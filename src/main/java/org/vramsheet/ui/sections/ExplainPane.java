package org.vramsheet.ui.sections;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import org.vramsheet.core.result.Figure;
import org.vramsheet.ui.text.FigureText;
import org.vramsheet.ui.text.Texts;

/** Shows the provenance (formula, numbers, assumptions) of the result last clicked. */
public final class ExplainPane extends ScrollPane {
    public ExplainPane(ObjectProperty<Figure> selected, Texts texts) {
        Label text = new Label();
        text.setId("explain-text");
        text.setWrapText(true);
        text.textProperty().bind(Bindings.createStringBinding(() -> selected.get() == null
                ? texts.t("Click any result to see where it comes from: its formula, this sheet's numbers and the assumptions.")
                : FigureText.explain(selected.get(), texts), selected));
        setContent(text);
        setFitToWidth(true);
        getStyleClass().add(Style.EXPLAIN);
        setPrefHeight(150);
        setMinHeight(80);
    }
}
