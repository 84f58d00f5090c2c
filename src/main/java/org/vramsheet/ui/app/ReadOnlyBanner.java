package org.vramsheet.ui.app;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.Style;
import org.vramsheet.ui.text.Texts;

/** The banner over an Approved worksheet: it opens read-only, and a button reopens it as a Draft. */
final class ReadOnlyBanner {
    private ReadOnlyBanner() { }

    static HBox build(Texts texts, SheetViewModel vm) {
        Label l = new Label(texts.t("This worksheet is Approved and opens read-only."));
        Button reopen = new Button(texts.t("Reopen as Draft"));
        reopen.setId("banner-reopen");
        reopen.setOnAction(e -> vm.reopenAsDraft());
        HBox box = new HBox(l, reopen);
        box.getStyleClass().add(Style.READ_ONLY_BANNER);
        box.visibleProperty().bind(vm.readOnlyProperty());
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
