package org.vramsheet.ui.sections;

import javafx.beans.binding.Bindings;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.event.ActionEvent;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/**
 * The summary strip's variant switcher: which variant the form shows (pick another to show it) and Compare (the
 * variants side by side in place of the form). A sheet without variants shows only "+ Variant", which makes the first.
 * A refused switch (text that is not a number in a field, an approved sheet) says why through {@code refused} and
 * leaves the choice where it was.
 */
public final class VariantBar extends VBox {
    private final ComboBox<String> choice = new ComboBox<>();
    private final SheetViewModel vm;
    private final ToggleButton compare = new MnemonicToggle();
    private boolean updating;

    public VariantBar(SheetViewModel vm, Texts texts, Consumer<String> refused) {
        this.vm = vm;
        setId("variant-bar");
        getStyleClass().add("summary-control");
        Label title = new Label(texts.t("Variant"));
        title.getStyleClass().add(Style.SUMMARY_TITLE);
        choice.setId("variant-choice");
        choice.setMaxWidth(260); // else as wide as the longest name (the skin measures the list)
        choice.setVisibleRowCount(Variants.MAX_VARIANTS);
        Button add = new Button();
        add.setId("variant-new");
        add.setTooltip(new Tooltip(texts.t("Copy the shown inputs as a new variant and show it (Ctrl+Shift+N)")));
        add.disableProperty().bind(Bindings.createBooleanBinding(() -> vm.readOnlyProperty().get()
                || vm.variantsProperty().getValue().names().size() >= Variants.MAX_VARIANTS, vm.readOnlyProperty(),
                vm.variantsProperty()));
        add.setOnAction(e -> say(refused, vm.newVariant()));
        choice.valueProperty().addListener((o, a, b) -> {
            if (!updating && b != null) {
                say(refused, vm.showVariant(b));
                sync(add, texts);
            }
        });
        choice.disableProperty().bind(vm.readOnlyProperty());
        vm.variantsProperty().addListener((o, a, b) -> sync(add, texts));
        sync(add, texts);
        compare.setText(texts.t("Compare"));
        compare.setId("variant-compare");
        compare.setTooltip(new Tooltip(texts.t("The variants side by side in place of the form (again: back to the form)")));
        HBox row = new HBox(4, choice, add, compare);
        row.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, row);
    }

    /**
     * A toggle that its Alt letter toggles too: a mnemonic fires a bare ActionEvent at its node, which a ToggleButton
     * takes without changing its selection (only {@code fire()}, a click or Space, toggles it).
     */
    private static final class MnemonicToggle extends ToggleButton {
        private boolean firing;

        MnemonicToggle() {
            addEventHandler(ActionEvent.ACTION, e -> {
                if (!firing && !isDisabled()) {
                    setSelected(!isSelected());
                }
            });
        }

        @Override
        public void fire() {
            firing = true;
            try {
                super.fire();
            } finally {
                firing = false;
            }
        }
    }

    /** On while the Compare view stands in place of the form. */
    public BooleanProperty compareProperty() { return compare.selectedProperty(); }

    private static void say(Consumer<String> refused, String why) {
        if (why != null) {
            refused.accept(why);
        }
    }

    /** The choice shows the variants and the one in the form (also after a refused switch). */
    private void sync(Button add, Texts texts) {
        Variants vs = vm.variantsProperty().getValue();
        updating = true;
        try {
            if (!choice.getItems().equals(vs.names())) {
                choice.getItems().setAll(vs.names());
            }
            choice.setValue(vs.isEmpty() ? null : vs.active());
        } finally {
            updating = false;
        }
        choice.setVisible(!vs.isEmpty());
        choice.setManaged(!vs.isEmpty());
        // always there (it went away after the first variant, issue 31); beside the choice a "+" is enough
        add.setText(vs.isEmpty() ? "+ " + texts.t("Variant") : "+");
        compare.setVisible(!vs.isEmpty());
        compare.setManaged(!vs.isEmpty());
        if (vs.isEmpty()) {
            compare.setSelected(false);
        }
    }
}
