package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ObservableObjectValue;
import javafx.scene.Node;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.units.Units;

import org.vramsheet.core.result.FigureKey;

import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.HeadlineBasis;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.FigureText;

/**
 * Always visible: budget per replica, GPU memory, fits or not, max concurrency at the current context; each headline
 * figure says whether it is estimated before launch or measured, and on what (and when VALIDATION holds measurements of
 * another setup, what changed).
 */
public final class SummaryStrip extends HBox {
    private final SheetViewModel vm;
    private final Views v;
    private final VariantBar variantBar;
    private Consumer<String> goToField = f -> { };

    /** What clicking an unavailable result does with the field to fix (the window scrolls to it and focuses it). */
    public void setOnGoToField(Consumer<String> action) { this.goToField = action; }

    /** What a refused variant switch does with its reason (the window shows it). */
    private Consumer<String> variantRefused = s -> { };

    public void setOnVariantRefused(Consumer<String> action) { this.variantRefused = action; }

    /** On while the Compare view stands in place of the form. */
    public BooleanProperty compareProperty() { return variantBar.compareProperty(); }

    public SummaryStrip(SheetViewModel vm, Views v) {
        this.vm = vm;
        this.v = v;
        this.variantBar = new VariantBar(vm, v.texts(), why -> variantRefused.accept(why));
        getStyleClass().add(Style.SUMMARY_STRIP);
        setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(spacer, Priority.ALWAYS);
        parts = List.of(tile("summary-budget", "Production budget per replica", FigureKey.RESULT_BUDGET_BYTES),
                tile("summary-gpu", "GPU memory per replica", FigureKey.RESULT_GPU_CAPACITY_BYTES), fits(),
                tile("summary-concurrency", "Max concurrency at this context", FigureKey.POOL_MAX_CONCURRENCY), spacer,
                variantBar, units());
        getChildren().setAll(parts);
    }

    private final Region spacer = new Region();
    /** Budget, GPU memory, verdict, concurrency, a spacer, the variant switcher, the unit toggles: one row, in order. */
    private final List<Node> parts;
    private final VBox rows = new VBox(8);

    /**
     * Stacked (a window narrower than the layout made for, at its zoom): two rows, budget, GPU memory and the verdict
     * over the concurrency and the switches, as the narrowest window (1280 px at 200 %, 627 logical px) holds them in
     * Russian too. The rows are fixed, not flowed: a figure that becomes wider or unavailable moves no tile to the
     * other row (the layout must not jump under the pointer, issue 31).
     */
    public void setStacked(boolean stacked) {
        if (stacked == (getChildren().size() == 1)) {
            return;
        }
        if (stacked) {
            HBox first = new HBox(18, parts.get(0), parts.get(1), parts.get(2));
            HBox second = new HBox(18, parts.get(3), spacer, parts.get(5), parts.get(6));
            second.setAlignment(Pos.CENTER_LEFT);
            rows.getChildren().setAll(first, second);
            HBox.setHgrow(rows, Priority.ALWAYS);
            getChildren().setAll(rows);
        } else {
            rows.getChildren().clear();
            getChildren().setAll(parts);
        }
    }

    /** GB against GiB spelled out on the tile (made when the pointer first comes, like the results' explanations). */
    private void unitsTip(VBox box, ObservableObjectValue<Figure> f, boolean gpu) {
        box.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (Tooltip.class.isInstance(box.getProperties().get("units-tip"))) {
                return;
            }
            Tooltip tip = new Tooltip();
            tip.setWrapText(true);
            tip.setMaxWidth(480);
            tip.textProperty().bind(Bindings.createStringBinding(() -> {
                String u = FigureText.units(f.get());
                return u == null ? "" : v.texts().value(u) + (gpu ? "\n" + v.t("This is the memory CUDA reports (nvidia-smi's "
                        + "total less what the driver keeps), not the capacity a GPU is marketed with: the catalog lists both.") : "");
            }, f));
            Tooltip.install(box, tip);
            box.getProperties().put("units-tip", tip);
        });
    }

    /** An unavailable result says why, and a click takes you to the field to fix. */
    private void clickToFix(VBox box, ObservableObjectValue<Figure> f) {
        box.setOnMouseClicked(e -> {
            if (!f.get().available()) {
                String field = vm.fieldToFix(f.get());
                if (field != null) {
                    variantBar.compareProperty().set(false); // the field is in the form
                    goToField.accept(field);
                }
            }
        });
    }

    private VBox tile(String id, String title, FigureKey key) {
        ObservableObjectValue<Figure> f = v.figure(key);
        Label t = new Steady.SteadyLabel();
        t.setText(v.t(title));
        t.setId(id + "-title");
        if (key.equals(FigureKey.POOL_MAX_CONCURRENCY)) {
            ObservableObjectValue<Figure> ctx = v.figure(FigureKey.POOL_CONTEXT_LENGTH);
            t.textProperty().bind(Bindings.createStringBinding(() -> ctx.get().available()
                    ? v.t("Max concurrency at") + " " + v.texts().value(FigureText.primary(ctx.get(), true)) : v.t(title), ctx));
            t.setWrapText(true);
            t.setMaxWidth(260);
        }
        t.getStyleClass().add(Style.SUMMARY_TITLE);
        Label value = new Steady.SteadyLabel();
        value.setId(id);
        value.getStyleClass().add(Style.SUMMARY_VALUE);
        value.setMinWidth(Region.USE_PREF_SIZE);
        value.textProperty().bind(Bindings.createStringBinding(() -> v.texts().value(FigureText.primary(f.get(),
                vm.gibPrimary.get())), f, vm.gibPrimary));
        Label sub = new Steady.SteadyLabel();
        sub.getStyleClass().add(Style.SUMMARY_SUB);
        sub.textProperty().bind(Bindings.createStringBinding(() -> {
            Figure x = f.get();
            if (!x.available()) {
                return v.texts().message(x.reason()) + " " + v.t("(click to go there)");
            }
            return v.texts().value(FigureText.secondary(x, vm.gibPrimary.get()).replaceAll(" · .*", ""));
        }, f, vm.gibPrimary));
        oneLine(sub, 260);
        VBox box = new VBox(Steady.of((Steady.SteadyLabel) t), Steady.of((Steady.SteadyLabel) value),
                Steady.of((Steady.SteadyLabel) sub));
        if (!key.equals(FigureKey.RESULT_GPU_CAPACITY_BYTES)) { // the GPU's memory is an input, neither estimated nor measured
            box.getChildren().add(basis(id + "-basis", f));
        }
        box.getStyleClass().add(Style.SUMMARY_TILE);
        clickToFix(box, f);
        unitsTip(box, f, key.equals(FigureKey.RESULT_GPU_CAPACITY_BYTES));
        return box;
    }

    /** "Limit: 16 x 32,768 tokens", the scenario the verdict is for, or null when its figures are unavailable. */
    private String verdictFor() {
        var r = vm.computed().outcome().result();
        var id = vm.computed().sheet().result().sizingScenario();
        Figure seqs = r.get(id, ScenarioFigure.SEQUENCES);
        Figure len = r.get(id, ScenarioFigure.ACTIVE_TOKENS_PER_SEQUENCE);
        if (!seqs.available() || !len.available()) {
            return null;
        }
        return v.t(id.label()) + ": " + v.texts().value(Units.grouped(seqs.value()) + " x " + Units.grouped(len.value()) + " tokens");
    }

    private VBox fits() {
        ObservableObjectValue<Figure> f = v.figure(FigureKey.RESULT_FITS);
        ObservableObjectValue<Figure> margin = v.figure(FigureKey.RESULT_MARGIN_BYTES);
        Label t = new Label(v.t("Fits the GPU"));
        t.setId("summary-fits-title");
        t.textProperty().bind(Bindings.createStringBinding(() -> {
            String s = verdictFor();
            return s == null ? v.t("Fits the GPU") : s;
        }, f));
        t.getStyleClass().add(Style.SUMMARY_TITLE);
        Label value = new Label();
        value.setId("summary-fits");
        value.getStyleClass().add(Style.SUMMARY_VALUE);
        value.textProperty().bind(Bindings.createStringBinding(() -> !f.get().available() ? v.t("unavailable")
                : f.get().isTrue() ? v.t("FITS") : v.t("DOES NOT FIT"), f));
        f.addListener((o, a, b) -> paint(value, b));
        paint(value, f.get());
        Label sub = new Label();
        sub.getStyleClass().add(Style.SUMMARY_SUB);
        sub.setId("summary-fits-detail");
        oneLine(sub, 300);
        sub.textProperty().bind(Bindings.createStringBinding(() -> {
            Figure m = margin.get();
            if (!f.get().available()) {
                return v.texts().message(f.get().reason()) + " " + v.t("(click to go there)");
            }
            if (!f.get().isTrue() && f.get().provenance().expression().startsWith("the engine refuses")) {
                return v.texts().message(f.get().provenance().expression());
            }
            if (!m.available()) {
                return "";
            }
            long b = m.value();
            Figure abs = Figure.of(FigureKey.RESULT_MARGIN_BYTES, "m", Unit.BYTES, Math.abs(b), null);
            return v.texts().value((b >= 0 ? "margin " : "short by ") + FigureText.primary(abs, vm.gibPrimary.get()));
        }, margin, f, vm.gibPrimary));
        VBox box = new VBox(t, value, sub, basis("summary-fits-basis", f), stale());
        box.getStyleClass().add(Style.SUMMARY_TILE);
        clickToFix(box, f);
        return box;
    }

    /**
     * A tile's detail line keeps one line whatever it says: a reason why a figure is unavailable wrapped to three or four
     * lines, the strip grew and the form, the charts and the slider jumped 56-100 px under the pointer (issue 31). A
     * longer text ends in an ellipsis; all of it is in the tooltip, and a click still goes to the field to fix.
     */
    private static void oneLine(Label sub, double width) {
        sub.setWrapText(false);
        sub.setMaxWidth(width);
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(sub.textProperty());
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        sub.setTooltip(tip);
    }

    /** "estimated before launch" or "measured on vLLM 0.19.0, 2026-11-30" under a headline figure (HeadlineBasis). */
    private Label basis(String id, ObservableObjectValue<Figure> f) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().addAll(Style.SUMMARY_SUB, Style.SUMMARY_BASIS);
        l.setWrapText(true);
        l.setMaxWidth(260);
        l.textProperty().bind(Bindings.createStringBinding(() -> {
            HeadlineBasis b = vm.basis();
            return b == null || b.markFor(f.get()).isEmpty() ? "" : v.t(b.words()) + (b.on().isEmpty() ? "" : " " + b.on());
        }, f, vm.basisProperty()));
        l.visibleProperty().bind(l.textProperty().isNotEmpty());
        // its line stays while the figure is unavailable: the strip keeps its height (issue 31: the layout jumped)
        l.managedProperty().bind(Bindings.createBooleanBinding(() -> !l.getText().isEmpty()
                || !f.get().available() && vm.basis() != null, l.textProperty(), f, vm.basisProperty()));
        return l;
    }

    /** "VALIDATION holds measurements of another setup (not used): engine version: 0.19.0 → 0.21.0", when it does. */
    private Label stale() {
        Label l = new Label();
        l.setId("summary-stale");
        l.getStyleClass().addAll(Style.SUMMARY_SUB, Style.SUMMARY_STALE);
        l.setWrapText(true);
        l.setMaxWidth(300);
        l.textProperty().bind(Bindings.createStringBinding(() -> {
            HeadlineBasis b = vm.basis();
            if (b == null || b.stale().isEmpty()) {
                return "";
            }
            List<String> changes = new ArrayList<>();
            for (String c : b.stale()) { // "what: then → now": the what translated, the values as the core wrote them
                int i = c.indexOf(": ");                // (a version such as 0.19.0 must not become 0,19,0)
                changes.add(i < 0 ? v.texts().message(c) : v.t(c.substring(0, i)) + c.substring(i));
            }
            return v.t(HeadlineBasis.STALE) + " " + String.join("; ", changes);
        }, vm.basisProperty()));
        shownWhenSaid(l);
        return l;
    }

    private static void shownWhenSaid(Label l) {
        l.visibleProperty().bind(l.textProperty().isNotEmpty());
        l.managedProperty().bind(l.visibleProperty());
    }

    private static void paint(Label l, Figure f) {
        l.getStyleClass().removeAll(Style.FITS, Style.DOES_NOT_FIT);
        if (f.available()) {
            l.getStyleClass().add(f.isTrue() ? Style.FITS : Style.DOES_NOT_FIT);
        }
    }

    /** GiB or GB first: a compact pair of toggles (both units are always shown; the tooltip spells them out). */
    private VBox units() {
        ToggleGroup g = new ToggleGroup();
        ToggleButton gib = new ToggleButton("GiB");
        ToggleButton gb = new ToggleButton("GB");
        gib.setId("unit-gib");
        gb.setId("unit-gb");
        gib.setToggleGroup(g);
        gb.setToggleGroup(g);
        gib.setSelected(vm.gibPrimary.get());
        gb.setSelected(!vm.gibPrimary.get());
        g.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                a.setSelected(true); // one of the two is always on
            } else {
                vm.gibPrimary.set(b == gib);
            }
        });
        vm.gibPrimary.addListener((o, a, b) -> {
            gib.setSelected(b);
            gb.setSelected(!b);
        });
        Tooltip tip = new Tooltip(v.t("GiB: 2^30 = 1,073,741,824 bytes; GB: 10^9 = "
                + "1,000,000,000 bytes. The other unit is always shown below each figure."));
        gib.setTooltip(tip);
        gb.setTooltip(tip);
        Label l = new Label(v.t("Primary unit"));
        l.getStyleClass().add(Style.SUMMARY_TITLE);
        VBox box = new VBox(l, new HBox(gib, gb));
        box.getStyleClass().add("summary-control");
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }
}
