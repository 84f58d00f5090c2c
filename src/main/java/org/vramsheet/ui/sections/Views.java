package org.vramsheet.ui.sections;

import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ObservableObjectValue;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Labeled;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.util.StringConverter;
import org.vramsheet.core.result.FigureKey;

import java.util.Arrays;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.ui.model.NumberInput;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.FigureText;
import org.vramsheet.ui.text.Texts;

/** Small builders for the form: every control bound to its ViewModel property, with a stable id. */
public final class Views {
    private final SheetViewModel vm;
    private final ObjectProperty<Figure> selected;
    private final Texts texts;

    public Views(SheetViewModel vm, ObjectProperty<Figure> selected) {
        this(vm, selected, Texts.ENGLISH);
    }

    public Views(SheetViewModel vm, ObjectProperty<Figure> selected, Texts texts) {
        this.vm = vm;
        this.selected = selected;
        this.texts = texts;
    }

    public Texts texts() { return texts; }

    /** The sheet the form edits. */
    SheetViewModel vm() { return vm; }

    /** Pins a figure's explanation in the side panel (as clicking a result does). */
    void pin(Figure f) { selected.set(f); }

    /** The explanation a result shows on hover, for a label that shows a figure the form looks up itself. */
    static Tooltip explanation(ObservableObjectValue<Figure> f, Texts texts) { return explainTip(f, texts); }

    /** The window's word for an English text. */
    private Consumer<String> goToField = f -> { };

    /** What clicking an unavailable result does with the field to fix (the form scrolls to it and focuses it). */
    public void setOnGoToField(Consumer<String> action) { this.goToField = action; }

    public String t(String english) { return texts.t(english); }

    /** id from a field key: "kv.kvHeads" -> "kv-kvHeads". */
    public static String id(String key) { return key.replace('.', '-'); }

    public VBox section(String title) {
        VBox box = new VBox();
        box.getStyleClass().add(Style.SECTION);
        Label l = new Label(t(title));
        l.getStyleClass().add(Style.SECTION_TITLE);
        box.getChildren().add(l);
        return box;
    }

    public GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(4);
        return g;
    }

    /** A numeric input: label, right-aligned field, unit, and the message under it once the user leaves. */
    public VBox number(NumberInput n, String messageKey) {
        TextField tf = new TextField();
        tf.setId(id(n.key()));
        tf.getStyleClass().add(Style.NUMBER_FIELD);
        tf.textProperty().bindBidirectional(n.textProperty());
        tf.setAccessibleText(n.label());
        tf.setPrefColumnCount(9);
        tf.disableProperty().bind(vm.readOnlyProperty());
        typingHelp(tf, n);
        tf.textProperty().addListener((o, a, b) -> {
            if (tf.isFocused()) {
                n.touchedProperty().set(false);
            }
        });
        tf.focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                n.touchedProperty().set(true);
                vm.checkpointNow();
            }
        });
        tf.setOnAction(e -> {
            n.touchedProperty().set(true);
            vm.checkpointNow();
        });
        MessageSlot message = new MessageSlot(id(n.key()) + "-message");
        ObjectBinding<String> text = Bindings.createObjectBinding(() -> {
            if (!n.touchedProperty().get()) {
                return null;
            }
            Issue i = vm.issueFor(n.key());
            if (i == null && messageKey != null) {
                i = vm.issueFor(messageKey);
            }
            return i == null ? null : texts.message(i.message());
        }, vm.computedProperty(), n.touchedProperty());
        // set only when the message really changes: a bound text or managed flag re-lays out the field (and the whole
        // form around it) on every recalculation, which made every slider step lay out the form
        showMessage(message, tf, text.get());
        text.addListener((o, a, b) -> showMessage(message, tf, b));
        message.getProperties().put("message", text); // the slot keeps its binding (it listens to the sheet weakly)
        Label l = new Label(t(n.shortLabel()) + (n.unit().isEmpty() ? "" : " (" + t(n.unit()) + ")"));
        l.getStyleClass().add(Style.FIELD_LABEL);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.setLabelFor(tf);
        VBox box = new VBox(1, l, tf, message);
        box.setMaxWidth(Double.MAX_VALUE);
        return box;
    }

    public VBox number(NumberInput n) { return number(n, null); }

    /**
     * How a field reads what is typed: its prompt while empty ("GiB; or type 141 GB, 512 MiB"), and its units and the
     * language's decimal mark as its tooltip and accessible help (the tooltip made when the pointer first comes near).
     */
    public void typingHelp(TextField tf, NumberInput n) {
        if (!n.hint().isEmpty()) {
            tf.setPromptText(texts.message(n.hint()));
        }
        String help = String.join("\n", n.help().stream().map(texts::message).toList());
        tf.setAccessibleHelp(help);
        tf.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (tf.getTooltip() == null) {
                Tooltip tip = new Tooltip(help);
                tip.setShowDelay(Duration.millis(400));
                tip.setMaxWidth(420);
                tip.setWrapText(true);
                tf.setTooltip(tip);
            }
        });
    }

    /** A numeric input left empty to take a default: the prompt shows the value in use (e.g. the engine's). */
    public VBox numberWithDefault(NumberInput n, FigureKey defaultFigure) {
        VBox box = number(n, null);
        TextField tf = (TextField) box.getChildren().get(1);
        ObservableObjectValue<Figure> f = figure(defaultFigure);
        tf.promptTextProperty().bind(Bindings.createStringBinding(() -> f.get().available()
                ? texts.value(FigureText.primary(f.get(), true).replace(" tokens", "")) + " (" + t("default") + ")" : "", f));
        return box;
    }

    /** A number whose empty field shows the figure the calculation uses instead and where it comes from (estimated, measured). */
    public VBox numberWithEstimate(NumberInput n, FigureKey figure) {
        VBox box = number(n, null);
        TextField tf = (TextField) box.getChildren().get(1);
        ObservableObjectValue<Figure> f = figure(figure);
        tf.promptTextProperty().bind(Bindings.createStringBinding(() -> f.get().available()
                ? texts.value(FigureText.primary(f.get(), true)) + " (" + t(f.get().provenance().formula()) + ")" : "", f));
        return box;
    }

    /** A text input whose worksheet field can carry a message (e.g. a sign-off date). */
    public VBox text(String id, String label, StringProperty p, String issueKey) {
        VBox box = text(id, label, p);
        TextField tf = (TextField) box.getChildren().get(1);
        MessageSlot message = new MessageSlot(id + "-message");
        ObjectBinding<String> msg = Bindings.createObjectBinding(() -> {
            Issue i = vm.issueFor(issueKey);
            return i == null || tf.isFocused() ? null : texts.message(i.message());
        }, vm.computedProperty(), tf.focusedProperty());
        showMessage(message, tf, msg.get());
        msg.addListener((o, a, b) -> showMessage(message, tf, b));
        message.getProperties().put("message", msg);
        box.getChildren().add(message);
        return box;
    }

    public VBox text(String id, String label, StringProperty p) {
        TextField tf = new TextField();
        tf.setId(id);
        tf.textProperty().bindBidirectional(p);
        tf.setAccessibleText(label);
        tf.disableProperty().bind(vm.readOnlyProperty());
        tf.focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                vm.checkpointNow();
            }
        });
        Label l = new Label(t(label));
        l.getStyleClass().add(Style.FIELD_LABEL);
        wraps(l);
        l.setLabelFor(tf);
        return new VBox(1, l, tf);
    }

    /** A text field's box ({@link #text}) whose field shows its whole text on hover too (long IDs, names). */
    static VBox wholeText(VBox box) {
        TextField tf = (TextField) box.getChildren().get(1);
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(tf.textProperty());
        tip.setWrapText(true);
        tip.setMaxWidth(900);
        tf.tooltipProperty().bind(Bindings.when(tf.textProperty().isEmpty()).then((Tooltip) null).otherwise(tip));
        return box;
    }

    /**
     * A text input of several lines (VALIDATION › Notes: each applied log or probe adds a line). A TextField drops line
     * breaks, which ran the notes together (issue 31); Tab still moves to the next field (Ctrl+Tab inside the area).
     */
    public VBox textArea(String id, String label, StringProperty p) {
        TextArea a = new TextArea();
        a.setId(id);
        a.setWrapText(true);
        a.setPrefRowCount(3);
        a.textProperty().bindBidirectional(p);
        a.setAccessibleText(label);
        a.disableProperty().bind(vm.readOnlyProperty());
        a.focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                vm.checkpointNow();
            }
        });
        a.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.TAB && !e.isControlDown()) {
                e.consume(); // TextArea's behaviour moves focus on Ctrl+Tab: a Tab here is that
                a.fireEvent(new KeyEvent(e.getSource(), e.getTarget(), e.getEventType(), e.getCharacter(), e.getText(),
                        e.getCode(), e.isShiftDown(), true, e.isAltDown(), e.isMetaDown()));
            }
        });
        Label l = new Label(t(label));
        l.getStyleClass().add(Style.FIELD_LABEL);
        wraps(l);
        l.setLabelFor(a);
        return new VBox(1, l, a);
    }

    /**
     * A choice among an enum's values, shown by {@code name}. A ChoiceBox, not a ComboBox: a ComboBox
     * builds its drop-down list (a ListView with a cell per value) while the window is first styled,
     * which made the first frame noticeably slower (docs/performance.md).
     */
    public <E> VBox choice(String id, String label, ObjectProperty<E> p, E[] values, Function<E, String> name) {
        ChoiceBox<E> box = new ChoiceBox<>();
        box.setId(id);
        box.getItems().setAll(Arrays.asList(values));
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(E item) {
                return item == null ? "" : t(name.apply(item));
            }

            @Override
            public E fromString(String text) {
                throw new UnsupportedOperationException("choices are picked, not typed");
            }
        });
        box.valueProperty().bindBidirectional(p);
        // fixed min / pref widths (the grid column sets the real width): otherwise the skin styles and
        // measures the whole drop-down menu to size itself, before the first frame
        box.setMinWidth(60);
        box.setPrefWidth(120);
        box.setMaxWidth(Double.MAX_VALUE);
        box.setAccessibleText(label);
        box.disableProperty().bind(vm.readOnlyProperty());
        box.valueProperty().addListener((o, a, b) -> vm.checkpointNow());
        Label l = new Label(t(label));
        l.getStyleClass().add(Style.FIELD_LABEL);
        wraps(l);
        l.setLabelFor(box);
        return new VBox(1, l, box);
    }

    /** A button that edits the sheet: disabled while the sheet is read-only. */
    public Button editButton(String id, String label, Runnable action) {
        Button b = new Button(t(label));
        b.setId(id);
        b.disableProperty().bind(vm.readOnlyProperty());
        b.setOnAction(e -> action.run());
        return b;
    }

    public CheckBox check(String id, String label, BooleanProperty p) {
        CheckBox c = new CheckBox(t(label));
        c.setId(id);
        wraps(c);
        c.selectedProperty().bindBidirectional(p);
        c.disableProperty().bind(vm.readOnlyProperty());
        c.selectedProperty().addListener((o, a, b) -> vm.checkpointNow());
        return c;
    }

    /** The figure for a key; its listeners hear of it only when the figure itself changes ({@link FigureValue}). */
    public FigureValue figure(FigureKey key) {
        return new FigureValue(vm, key);
    }

    /** A result: name, right-aligned value in the primary unit, the other unit or the reason under it. */
    public VBox result(FigureKey key) {
        ObservableObjectValue<Figure> f = figure(key);
        Label name = new Steady.SteadyLabel();
        name.getStyleClass().add(Style.RESULT_NAME);
        name.textProperty().bind(Bindings.createStringBinding(() -> texts.message(f.get().label()), f));
        name.setWrapText(true);
        Label value = new Steady.SteadyLabel();
        value.setId("result-" + id(key.id()));
        value.getStyleClass().add(Style.RESULT_VALUE);
        value.textProperty().bind(Bindings.createStringBinding(() -> texts.value(FigureText.primary(f.get(),
                vm.gibPrimary.get())), f, vm.gibPrimary));
        value.setMaxWidth(Double.MAX_VALUE);
        value.setWrapText(true); // "9,241,705,984 params" in a narrow column: the unit on a line of its own, not cut off
        Label second = new Steady.SteadyLabel();
        second.setId("result-" + id(key.id()) + "-detail");
        second.textProperty().bind(Bindings.createStringBinding(() -> texts.message(FigureText.secondary(f.get(),
                vm.gibPrimary.get())), f, vm.gibPrimary));
        second.setMaxWidth(Double.MAX_VALUE);
        second.setWrapText(true);
        f.addListener((o, a, b) -> styleSecondary(second, b));
        styleSecondary(second, f.get());
        // the explanation tooltip is made when the pointer first comes near: a tooltip per result made up
        // front cost a popup window each before the first frame, and its text on every keystroke
        value.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (value.getTooltip() == null) {
                value.setTooltip(explainTip(f, texts));
            }
        });
        value.setOnMouseClicked(e -> {
            selected.set(f.get());
            String field = f.get().available() ? null : vm.fieldToFix(f.get());
            if (field != null) {
                goToField.accept(field);
            }
        });
        f.addListener((o, a, b) -> {
            if (selected.get() != null && selected.get().key().equals(b.key())) {
                selected.set(b);
            }
        });
        VBox box = new VBox(0, Steady.of((Steady.SteadyLabel) name), Steady.of((Steady.SteadyLabel) value),
                Steady.of((Steady.SteadyLabel) second));
        box.setMaxWidth(Double.MAX_VALUE);
        VBox.setVgrow(box, Priority.NEVER);
        return box;
    }

    /** A label over a field: long names wrap onto a second line instead of ending in "...". */
    static void wraps(Labeled l) {
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
    }

    /** Shows a field's message under it (null: none) and marks the field invalid while there is one. */
    private static void showMessage(MessageSlot message, TextField tf, String text) {
        message.show(text);
        tf.pseudoClassStateChanged(Style.INVALID, text != null);
    }

    private static Tooltip explainTip(ObservableObjectValue<Figure> f, Texts texts) {
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(Bindings.createStringBinding(() -> FigureText.explain(f.get(), texts), f));
        tip.setShowDelay(Duration.millis(250));
        tip.setShowDuration(Duration.seconds(30));
        tip.setMaxWidth(520);
        tip.setWrapText(true);
        return tip;
    }

    private static void styleSecondary(Label l, Figure f) {
        l.getStyleClass().removeAll(Style.RESULT_SECONDARY, Style.RESULT_UNAVAILABLE);
        l.getStyleClass().add(f != null && !f.available() ? Style.RESULT_UNAVAILABLE : Style.RESULT_SECONDARY);
    }
}
