package org.vramsheet.ui.sections;

import org.vramsheet.core.result.FigureKey;

import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.FigureText;

/**
 * Context length per sequence on a log2 scale from 512 to the model's maximum, also editable as text;
 * every step recomputes the sheet, so concurrency, KV per sequence and the charts move while dragging.
 */
public final class ContextSlider extends VBox {
    private final SheetViewModel vm;
    private final Slider slider = new Slider();
    private boolean syncing;

    public ContextSlider(SheetViewModel vm, Views v) {
        this.vm = vm;
        getStyleClass().add(Style.SLIDER_BOX);
        slider.setId("context-slider");
        slider.setMin(9);
        slider.setShowTickMarks(true);
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setBlockIncrement(0.25);
        slider.setAccessibleText(v.t("Context length per sequence"));
        HBox.setHgrow(slider, Priority.ALWAYS);
        TextField text = new TextField();
        text.setId("context-text");
        text.setPrefColumnCount(8);
        text.getStyleClass().add(Style.NUMBER_FIELD);
        text.textProperty().bindBidirectional(vm.result.contextLength.textProperty());
        text.setOnAction(e -> vm.checkpointNow());
        var ctxFigure = v.figure(FigureKey.POOL_CONTEXT_LENGTH);
        text.promptTextProperty().bind(Bindings.createStringBinding(() -> ctxFigure.get().available()
                ? v.texts().numbers(Units.grouped(ctxFigure.get().value())) : "", ctxFigure));
        Label title = new Label(v.t("Context length per sequence (tokens)"));
        title.getStyleClass().add(Style.RESULT_NAME);
        Label conc = new Steady.SteadyLabel();
        conc.setId("context-concurrency");
        conc.getStyleClass().add(Style.BIG_NUMBER);
        conc.setWrapText(true);
        conc.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        var fc = v.figure(FigureKey.POOL_MAX_CONCURRENCY);
        var fr = v.figure(FigureKey.POOL_CONCURRENCY_RATIO);
        var fs = v.figure(FigureKey.KV_CACHE_BYTES_PER_SEQUENCE);
        conc.textProperty().bind(Bindings.createStringBinding(() -> v.texts().value(fc.get().available()
                ? Units.grouped(fc.get().value()) + " concurrent sequences (" + FigureText.primary(fr.get(), true) + ")"
                : "max concurrency unavailable"), fc, fr));
        Label perSeq = new Steady.SteadyLabel();
        perSeq.setId("context-kv-per-sequence");
        perSeq.textProperty().bind(Bindings.createStringBinding(() -> v.texts().value("KV per sequence: "
                + FigureText.primary(fs.get(), vm.gibPrimary.get())), fs, vm.gibPrimary));
        HBox row = new HBox(8, slider, text);
        row.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, row, Steady.of((Steady.SteadyLabel) conc), Steady.of((Steady.SteadyLabel) perSeq));
        vm.computedProperty().addListener((o, a, b) -> syncFromSheet());
        slider.valueProperty().addListener((o, a, b) -> {
            if (!syncing) {
                vm.setContext(Math.max(1, Math.round(Math.pow(2, b.doubleValue()))));
            }
        });
        slider.valueChangingProperty().addListener((o, was, now) -> {
            if (!now) {
                vm.checkpointNow();
            }
        });
        syncFromSheet();
    }

    private void syncFromSheet() {
        SheetViewModel.Computed c = vm.computed();
        long max = c.outcome().capacity() != null ? c.outcome().capacity().maxContext() : 131_072;
        Figure ctx = c.outcome().result().get(FigureKey.POOL_CONTEXT_LENGTH);
        syncing = true;
        try {
            slider.setMax(Math.max(9.01, Math.log(Math.max(max, 513)) / Math.log(2)));
            if (ctx.available() && !slider.isValueChanging()) {
                slider.setValue(Math.log(Math.max(1, ctx.value())) / Math.log(2));
            }
        } finally {
            syncing = false;
        }
    }

    public Slider slider() { return slider; }
}
