package org.vramsheet.ui.charts;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.sections.Steady;
import org.vramsheet.ui.sections.Style;
import org.vramsheet.ui.model.CompareViewModel;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.FigureText;
import org.vramsheet.ui.text.Texts;

/**
 * "Compare": the sheet's variants side by side. A column per variant (its name editable in place, "Show" puts it in the
 * form), the key results at the shown context, the inputs in which the variants differ, notes, and the variants'
 * concurrency overlaid. Cells are made when the variants or the differing inputs change and refilled in place otherwise
 * (dragging the slider with this view open re-lays nothing out).
 */
public final class CompareView extends VBox {
    private final CompareViewModel vm;
    private final Texts texts;
    private final BooleanSupplier gib;
    private final GridPane grid = new GridPane();
    private final Label message = new Label();
    private final Label notes = new Label();
    private final Label empty = new Label();
    private final Steady.SteadyLabel context = new Steady.SteadyLabel();
    private final List<Label[]> resultCells = new ArrayList<>();
    private final List<Label[]> inputCells = new ArrayList<>();
    private final List<TextField> names = new ArrayList<>();
    private List<String> structure = List.of();
    /** The label column's width: never squeezed by the variants' columns (too many of them and the view scrolls). */
    private static final double LABELS = 180;

    public CompareView(CompareViewModel vm, Texts texts, BooleanSupplier gib) {
        this.vm = vm;
        this.texts = texts;
        this.gib = gib;
        setId("compare");
        setSpacing(8);
        setPadding(new Insets(8));
        SheetViewModel sheet = vm.sheet();
        Button add = new Button(texts.t("New variant"));
        add.setId("compare-new");
        add.setTooltip(new Tooltip(texts.t("Copy the shown inputs as a new variant and show it (Ctrl+Shift+N)")));
        add.setOnAction(e -> report(sheet.newVariant()));
        Button delete = new Button(texts.t("Delete the shown variant"));
        delete.setId("compare-delete");
        delete.disableProperty().bind(Bindings.createBooleanBinding(
                () -> sheet.variantsProperty().getValue().isEmpty() || sheet.readOnlyProperty().get(),
                sheet.variantsProperty(), sheet.readOnlyProperty()));
        delete.setOnAction(e -> report(sheet.deleteVariant(sheet.variantsProperty().getValue().active())));
        add.disableProperty().bind(sheet.readOnlyProperty());
        // a refusal is said beside the buttons, never above the table: the table does not move under the pointer
        HBox bar = new HBox(10, add, delete, message);
        bar.setAlignment(Pos.CENTER_LEFT);
        message.setId("compare-message");
        message.setWrapText(true);
        message.setMinWidth(0);
        HBox.setHgrow(message, javafx.scene.layout.Priority.ALWAYS);
        message.getStyleClass().add(Style.FIELD_MESSAGE);
        message.setVisible(false);
        empty.setId("compare-empty");
        empty.setWrapText(true);
        empty.setText(texts.t("This sheet has one variant. New variant copies the shown inputs as variant B (these become A): "
                + "change anything in B, such as the weight dtype, the GPU or the engine, and compare them here."));
        notes.setId("compare-notes");
        notes.setWrapText(true);
        notes.getStyleClass().add(Style.RESULT_UNAVAILABLE);
        grid.setId("compare-table");
        grid.setHgap(10);
        grid.setVgap(4);
        context.setId("compare-context");
        context.setWrapText(true);
        // the variants' concurrency against context is the charts' Concurrency tab, beside this view (not drawn twice)
        getChildren().addAll(bar, empty, Steady.of(context), grid, notes);
        vm.tableProperty().addListener((o, a, b) -> show(b));
    }

    /** Calculates only while shown. */
    public void setActive(boolean on) { vm.setActive(on); }

    /** Shows the table again (the primary unit changed). */
    public void refresh() { show(vm.tableProperty().get()); }

    /** Says why an operation was refused (null: it was done, and an earlier refusal no longer applies). */
    private void report(String why) {
        message.setText(why == null ? "" : texts.lines(why));
        message.setVisible(why != null);
    }

    private void show(Comparison.Table t) {
        boolean none = t == null || t.empty();
        empty.setVisible(none);
        empty.setManaged(none);
        context.getParent().setVisible(!none);
        context.getParent().setManaged(!none);
        grid.setVisible(!none);
        if (none) {
            grid.getChildren().clear();
            structure = List.of();
            notes.setText("");
            return;
        }
        List<String> now = new ArrayList<>();
        t.columns().forEach(c -> now.add(c.name() + (c.active() ? "*" : "")));
        t.differences().forEach(r -> now.add(r.field()));
        if (!now.equals(structure)) {
            structure = now;
            build(t);
        }
        fill(t);
        context.setText(t.context() == null ? texts.t("Concurrency of each variant at its own max model length")
                : texts.t("Every variant at the shown context:") + " " + texts.value(
                        Units.grouped(t.context()) + " tokens"));
        notes.setText(String.join("\n", t.notes().stream().map(texts::message).toList()));
    }

    private void build(Comparison.Table t) {
        grid.getChildren().clear();
        resultCells.clear();
        inputCells.clear();
        names.clear();
        for (int i = 0; i < t.columns().size(); i++) {
            grid.add(header(t.columns().get(i), i), i + 1, 0);
        }
        int row = 1;
        for (FigureKey k : t.results()) {
            Figure first = t.columns().get(0).result().get(k);
            Label name = new Label(texts.message(first.label()) + (counted(first) ? " (" + texts.t(unitWord(first)) + ")" : ""));
            name.getStyleClass().add(Style.RESULT_NAME);
            name.setWrapText(true);
            name.setMinWidth(LABELS);
            name.setMaxWidth(LABELS);
            name.setMinHeight(Region.USE_PREF_SIZE);
            grid.add(name, 0, row);
            Label[] cells = new Label[t.columns().size()];
            for (int i = 0; i < cells.length; i++) {
                // a layout root: a new number while the slider is dragged lays out this cell, not the view around it
                cells[i] = new Steady.SteadyLabel();
                cells[i].getStyleClass().add(Style.RESULT_VALUE);
                cells[i].setId("compare-" + k.id().replace('.', '-') + "-" + i);
                cells[i].setMinWidth(Region.USE_PREF_SIZE); // too many variants: the view scrolls
                cells[i].setTooltip(new Tooltip());
                cells[i].getTooltip().setWrapText(true);
                cells[i].getTooltip().setMaxWidth(520);
                grid.add(Steady.of((Steady.SteadyLabel) cells[i]), i + 1, row);
            }
            resultCells.add(cells);
            row++;
        }
        if (!t.differences().isEmpty()) {
            Label head = new Label(texts.t("Inputs that differ"));
            head.getStyleClass().add(Style.SECTION_TITLE);
            grid.add(head, 0, row++, t.columns().size() + 1, 1);
        }
        for (Comparison.InputRow r : t.differences()) {
            Label name = new Label(texts.message(r.label()));
            name.setWrapText(true);
            name.setMinWidth(LABELS);
            name.setMaxWidth(LABELS);
            name.setMinHeight(Region.USE_PREF_SIZE);
            grid.add(name, 0, row);
            Label[] cells = new Label[r.values().size()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = new Label();
                cells[i].setId("compare-input-" + r.field().replace('.', '-') + "-" + i);
                cells[i].setWrapText(true);
                cells[i].setMaxWidth(150);
                cells[i].setMinHeight(Region.USE_PREF_SIZE);
                grid.add(cells[i], i + 1, row);
            }
            inputCells.add(cells);
            row++;
        }
    }

    /** A variant's header: its name (edit and press Enter to rename) and "Show", or "shown" for the one in the form. */
    private VBox header(Comparison.Column c, int i) {
        SheetViewModel sheet = vm.sheet();
        TextField name = new TextField(c.name());
        name.setId("compare-name-" + i);
        name.setPrefColumnCount(7);
        name.setMinWidth(Region.USE_PREF_SIZE);
        name.setEditable(!sheet.readOnlyProperty().get());
        boolean[] renamed = {false};
        Runnable rename = () -> {
            // Enter renames, and the table built anew then takes the focus from this field: that must not rename again
            // (it said "a variant is already named 'INT4'" of the variant's own new name)
            if (!renamed[0] && !name.getText().strip().equals(c.name())) {
                String why = sheet.renameVariant(c.name(), name.getText());
                report(why);
                renamed[0] = why == null;
                if (why != null) {
                    name.setText(c.name());
                }
            }
        };
        name.setOnAction(e -> rename.run());
        name.focusedProperty().addListener((o, was, is) -> {
            if (!is) {
                rename.run();
            }
        });
        names.add(name);
        Node state;
        if (c.active()) {
            Label shown = new Label(texts.t("in the form"));
            shown.getStyleClass().add(Style.FITS);
            state = shown;
        } else {
            Button show = new Button(texts.t("Show"));
            show.setId("compare-show-" + i);
            show.setOnAction(e -> report(sheet.showVariant(c.name())));
            state = show;
        }
        VBox box = new VBox(3, name, state);
        box.getStyleClass().add(c.active() ? "compare-active" : "compare-other");
        return box;
    }

    private void fill(Comparison.Table t) {
        for (int r = 0; r < t.results().size(); r++) {
            FigureKey k = t.results().get(r);
            Label[] cells = resultCells.get(r);
            for (int i = 0; i < cells.length; i++) {
                Figure f = t.columns().get(i).result().get(k);
                set(cells[i], k.equals(FigureKey.RESULT_FITS) && f.available() ? texts.t(f.isTrue() ? "FITS" : "DOES NOT FIT")
                        : counted(f) && f.available() ? texts.numbers(Units.grouped(f.value()))
                        : texts.value(FigureText.primary(f, gib.getAsBoolean())));
                cells[i].getStyleClass().removeAll(Style.FITS, Style.DOES_NOT_FIT, Style.RESULT_UNAVAILABLE);
                if (!f.available()) {
                    cells[i].getStyleClass().add(Style.RESULT_UNAVAILABLE);
                } else if (k.equals(FigureKey.RESULT_FITS)) {
                    cells[i].getStyleClass().add(f.isTrue() ? Style.FITS : Style.DOES_NOT_FIT);
                }
                String tip = FigureText.explain(f, texts);
                if (!tip.equals(cells[i].getTooltip().getText())) {
                    cells[i].getTooltip().setText(tip);
                }
            }
        }
        for (int r = 0; r < t.differences().size(); r++) {
            List<String> values = t.differences().get(r).values();
            for (int i = 0; i < values.size(); i++) {
                String v = values.get(i);
                // a choice's label ("auto (model dtype)") has its translation; a number or a name keeps its words
                set(inputCells.get(r)[i], v.isEmpty() ? "-" : !texts.t(v).equals(v) ? texts.t(v) : texts.numbers(v));
            }
        }
    }

    /** Tokens and sequences: the number alone in the cell, the unit once in the row's label (narrow columns). */
    private static boolean counted(Figure f) {
        return f.unit() == Unit.TOKENS || f.unit() == Unit.SEQUENCES;
    }

    private static String unitWord(Figure f) {
        return f.unit() == Unit.TOKENS ? "tokens" : "sequences";
    }

    private static void set(Label l, String text) {
        if (!text.equals(l.getText())) {
            l.setText(text);
        }
    }
}
