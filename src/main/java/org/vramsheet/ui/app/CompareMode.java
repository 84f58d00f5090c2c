package org.vramsheet.ui.app;

import javafx.beans.property.BooleanProperty;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.StackPane;
import org.vramsheet.ui.model.CompareViewModel;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.charts.CompareView;
import org.vramsheet.ui.text.Texts;

/**
 * The Compare view in place of the form, so the variants get the window's wide side while the context slider and the
 * charts stay beside them (drag the slider: every variant's concurrency follows). Made the first time it is asked for.
 */
final class CompareMode {
    private final StackPane slot;
    private final Node form;
    private final SheetViewModel vm;
    private final Texts texts;
    private ScrollPane pane;
    private CompareView view;

    private CompareMode(StackPane slot, Node form, SheetViewModel vm, Texts texts) {
        this.slot = slot;
        this.form = form;
        this.vm = vm;
        this.texts = texts;
    }

    /** {@code slot} holds the form, or the Compare view while {@code on} (side by side or stacked: {@link Reflow}). */
    static void install(StackPane slot, Node form, BooleanProperty on, SheetViewModel vm, Texts texts) {
        CompareMode m = new CompareMode(slot, form, vm, texts);
        on.addListener((o, was, is) -> m.show(is));
    }

    private void show(boolean compare) {
        if (compare && view == null) {
            view = new CompareView(new CompareViewModel(vm), texts, vm.gibPrimary::get);
            vm.gibPrimary.addListener((o, a, b) -> view.refresh());
            pane = new ScrollPane(view);
            pane.setId("compare-pane");
            pane.setFitToWidth(true);
        }
        if (view != null) {
            view.setActive(compare);
        }
        slot.getChildren().setAll(compare ? pane : form);
    }
}
