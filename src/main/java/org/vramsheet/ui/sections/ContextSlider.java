package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javafx.scene.Node;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
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
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.sheet.ScenarioId;
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
    private boolean free;
    private final SliderMarks marks;
    private final Views views;
    private final List<Steady> readouts;

    public ContextSlider(SheetViewModel vm, Views v) {
        this.vm = vm;
        this.views = v;
        this.marks = new SliderMarks(slider);
        this.readouts = readouts(v);
        getStyleClass().add(Style.SLIDER_BOX);
        log2Steps(slider);
        // Shift held: a free drag (any context); otherwise the slider snaps to 512, 1K, 2K ... the model's maximum
        for (var type : List.of(MouseEvent.MOUSE_PRESSED, MouseEvent.MOUSE_DRAGGED)) {
            slider.addEventFilter(type, e -> free = e.isShiftDown());
        }
        slider.addEventFilter(KeyEvent.KEY_PRESSED, e -> free = e.isShiftDown());
        slider.setAccessibleText(v.t("Context length per sequence"));
        HBox.setHgrow(slider, Priority.ALWAYS);
        TextField text = new TextField();
        text.setId("context-text");
        text.setPrefColumnCount(8);
        text.getStyleClass().add(Style.NUMBER_FIELD);
        text.textProperty().bindBidirectional(vm.result.contextLength.textProperty());
        v.typingHelp(text, vm.result.contextLength);
        text.setOnAction(e -> vm.checkpointNow());
        var ctxFigure = v.figure(FigureKey.POOL_CONTEXT_LENGTH);
        text.promptTextProperty().bind(Bindings.createStringBinding(() -> ctxFigure.get().available()
                ? v.texts().numbers(Units.grouped(ctxFigure.get().value())) : "", ctxFigure));
        Label title = new Label(v.t("Context length per sequence (tokens)"));
        title.getStyleClass().add(Style.RESULT_NAME);
        VBox track = new VBox(0, slider, marks);
        HBox.setHgrow(track, Priority.ALWAYS);
        HBox row = new HBox(8, track, text);
        row.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, row, message(v, text));
        getChildren().addAll(readouts);
        vm.computedProperty().addListener((o, a, b) -> syncFromSheet());
        followTheSlider();
        syncFromSheet();
    }

    /** Each slider step sets the sheet's context (snapped unless Shift is held); releasing the thumb is one undo step. */
    private void followTheSlider() {
        slider.valueProperty().addListener((o, a, b) -> {
            if (syncing) {
                return;
            }
            double snapped = snap(b.doubleValue());
            if (snapped != b.doubleValue() && !slider.isValueChanging()) {
                slider.setValue(snapped); // a click or a key: comes back here with the snapped value
                return;
            }
            // While the thumb is dragged it follows the pointer and the context snaps (the thumb joins it on release,
            // as JavaFX's own snapToTicks does). Seen (issue 31, Seen 10): setting the thumb back to the power of two on
            // every move left the pointer off the thumb, and each such move repainted the whole window (pulse logger:
            // no dirty regions, 1,851 nodes rendered): 52-70 ms per step at the 90th percentile.
            vm.setContext(Math.max(1, Math.round(Math.pow(2, snapped))));
        });
        slider.valueChangingProperty().addListener((o, was, now) -> {
            if (!now) {
                double snapped = snap(slider.getValue());
                if (snapped != slider.getValue()) {
                    slider.setValue(snapped);
                }
                vm.checkpointNow();
            }
        });
    }

    /** 512 (2^9) and up, a tick at each power of two, a key step of one power of two. */
    private static void log2Steps(Slider slider) {
        slider.setId("context-slider");
        slider.setMin(9);
        slider.setShowTickMarks(true);
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setBlockIncrement(1);
    }

    /** Concurrency at the chosen context and KV per sequence, under the slider (layout roots: they change each step). */
    private List<Steady> readouts(Views v) {
        Label conc = new Steady.SteadyLabel();
        conc.setId("context-concurrency");
        conc.getStyleClass().add(Style.BIG_NUMBER);
        conc.setWrapText(true);
        conc.setMinHeight(Region.USE_PREF_SIZE);
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
        return List.of(Steady.of((Steady.SteadyLabel) conc), Steady.of((Steady.SteadyLabel) perSeq));
    }

    /**
     * Seen (issue 17): the context box took "abc" or a context above the max model length without a reason. The reason
     * shows under the slider (in a line kept for it) once the box is left, or at once when the slider is dragged there.
     */
    private Node message(Views v, TextField text) {
        Label m = new Label();
        m.setId("context-message");
        m.getStyleClass().add(Style.FIELD_MESSAGE);
        m.setWrapText(true);
        m.setMinHeight(Region.USE_PREF_SIZE);
        Runnable show = () -> {
            var issue = vm.issueFor("result.contextLength");
            String msg = issue == null || text.isFocused() ? null : v.texts().message(issue.message());
            if (!Objects.equals(msg, m.getText().isEmpty() ? null : m.getText())) {
                m.setText(msg == null ? "" : msg);
            }
            text.pseudoClassStateChanged(Style.INVALID, msg != null);
        };
        vm.computedProperty().addListener(o -> show.run());
        text.focusedProperty().addListener(o -> show.run());
        show.run();
        return m;
    }

    /** The nearest power of two (within the slider's range) unless Shift is held. */
    private double snap(double v) {
        if (free) {
            return v;
        }
        return Math.max(slider.getMin(), Math.min(slider.getMax(), Math.rint(v)));
    }

    private void syncFromSheet() {
        SheetViewModel.Computed c = vm.computed();
        Long modelMax = vm.model.maxContext.longValue();
        long max = modelMax != null && modelMax > 0 ? modelMax
                : c.outcome().capacity() != null ? c.outcome().capacity().maxContext() : 131_072;
        marks.setMarks(marks(c));
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

    /** Each scenario's context per sequence and the engine's max model length, as marks under the slider. */
    private List<SliderMarks.Mark> marks(SheetViewModel.Computed c) {
        List<SliderMarks.Mark> out = new ArrayList<>();
        var r = c.outcome().result();
        // scenarios at the same context share one mark ("H L")
        Map<Long, List<ScenarioId>> at = new TreeMap<>();
        for (ScenarioId id : ScenarioId.values()) {
            Figure f = r.get(id, ScenarioFigure.ACTIVE_TOKENS_PER_SEQUENCE);
            if (f.available() && f.value() > 0) {
                at.computeIfAbsent(f.value(), k -> new ArrayList<>()).add(id);
            }
        }
        at.forEach((tokens, ids) -> {
            StringBuilder text = new StringBuilder();
            StringBuilder tip = new StringBuilder();
            for (var id : ids) {
                String name = views.t(id.label());
                text.append(text.length() == 0 ? "" : " ").append(name.charAt(0));
                tip.append(tip.length() == 0 ? "" : ", ").append(name);
            }
            out.add(new SliderMarks.Mark(text.toString(), tip + ": " + views.texts().value(Units.grouped(tokens) + " tokens"),
                    tokens, "slider-mark-" + ids.get(0).name().toLowerCase(Locale.ROOT)));
        });
        Figure len = r.get(FigureKey.POOL_MAX_MODEL_LEN);
        if (len.available() && len.value() > 0) {
            out.add(new SliderMarks.Mark(views.t("max len"), views.t("the engine's max model length") + ": "
                    + views.texts().value(Units.grouped(len.value()) + " tokens"), len.value(), "slider-mark-engine"));
        }
        return out;
    }

    public Slider slider() { return slider; }

    /** Without the concurrency and KV readouts under it (the presentation view shows the concurrency large itself). */
    public void hideReadouts() { getChildren().removeAll(readouts); }
}
