package org.vramsheet.ui.app;

import java.util.Locale;
import java.util.concurrent.Callable;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableObjectValue;
import javafx.scene.control.Label;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.summary.Decision;
import org.vramsheet.ui.charts.ConcurrencyPanel;
import org.vramsheet.ui.model.CompareViewModel;
import org.vramsheet.ui.sections.Style;
import org.vramsheet.ui.sections.Views;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.ContextSlider;
import org.vramsheet.ui.text.FigureText;

/**
 * View › Present (F5): the decision for a room, over the window, dark: the verdict, the maximum concurrency at the
 * context and the budget in large type (scaled with the window: the verdict and the concurrency 3 em of a base of 22 px
 * at 1920x1080), the context slider, the concurrency chart, and the variants as tiles when there are several. The
 * arrow keys move the context to the next power of two as the slider snaps; Esc returns to the sheet. Everything is
 * bound to the window's one calculation.
 */
public final class PresentView extends BorderPane {
    /** The base font size at 1920x1080; the view's type is in em of it. */
    static final double BASE_PX = 22;
    private final SheetViewModel vm;
    private final Views v;
    private final ContextSlider slider;
    private final PresentTiles tiles;
    private Runnable onClose = () -> { };

    public PresentView(SheetViewModel vm, Views v) {
        this.vm = vm;
        this.v = v;
        setId("present");
        getStyleClass().add(Style.PRESENT);
        this.slider = new ContextSlider(vm, v);
        slider.getStyleClass().add(Style.PRESENT_SLIDER);
        slider.hideReadouts();
        this.tiles = new PresentTiles(new CompareViewModel(vm), v);
        setTop(title());
        ConcurrencyPanel chart = new ConcurrencyPanel(vm, v.texts());
        HBox middle = new HBox(summary(), chart.node());
        middle.getStyleClass().add(Style.PRESENT_MIDDLE);
        HBox.setHgrow(chart.node(), Priority.ALWAYS);
        setCenter(middle);
        Label hint = new Label(v.t("← → move the context · Esc returns to the sheet"));
        hint.getStyleClass().add(Style.PRESENT_HINT);
        setBottom(new VBox(slider, tiles, hint));
        // the type follows the window: 22 px at 1920x1080, less on a smaller window, never below 11 px
        styleProperty().bind(Bindings.createStringBinding(() -> String.format(Locale.ROOT, "-fx-font-size: %.1fpx;",
                fontSize(getWidth(), getHeight())), widthProperty(), heightProperty()));
        addEventFilter(KeyEvent.KEY_PRESSED, this::key);
    }

    /** The base font size for a view of {@code w} x {@code h}. */
    static double fontSize(double w, double h) {
        return w <= 0 || h <= 0 ? BASE_PX : Math.max(11, BASE_PX * Math.min(w / 1920, h / 1080));
    }

    /** What Esc (or leaving full screen) does: the window takes the view away. */
    public void setOnClose(Runnable r) { this.onClose = r; }

    /** Takes the keyboard (the arrows and Esc are the view's while it is shown). */
    public void focus() { slider.slider().requestFocus(); }

    /** Shown or hidden: the variants' tiles calculate only while shown. */
    public void setActive(boolean on) { tiles.setActive(on); }

    private void key(KeyEvent e) {
        switch (e.getCode()) {
            case RIGHT, UP -> step(1);
            case LEFT, DOWN -> step(-1);
            case ESCAPE -> onClose.run();
            default -> {
                return;
            }
        }
        e.consume();
    }

    /** To the next power of two up or down (the slider's snapping), within the slider's range. */
    void step(int dir) {
        var s = slider.slider();
        double now = s.getValue();
        double next = dir > 0 ? Math.floor(now + 1e-9) + 1 : Math.ceil(now - 1e-9) - 1;
        s.setValue(Math.max(s.getMin(), Math.min(s.getMax(), next)));
        vm.checkpointNow();
    }

    private VBox title() {
        Label model = new Label();
        model.setId("present-model");
        model.getStyleClass().add(Style.PRESENT_TITLE);
        model.textProperty().bind(Bindings.createStringBinding(() -> {
            String id = vm.computed().sheet().model().modelId();
            return id.isBlank() ? v.t("(no model)") : id;
        }, vm.computedProperty()));
        Label setup = new Label();
        setup.getStyleClass().add(Style.PRESENT_MUTED);
        setup.textProperty().bind(Bindings.createStringBinding(() -> {
            Gpu g = vm.computed().sheet().gpu();
            String name = g.name().isBlank() ? v.t("custom GPU") : g.name();
            return (g.count() == null ? "?" : v.texts().numbers(String.valueOf(g.count()))) + " x " + name + " · "
                    + vm.computed().sheet().runtime().engine().label();
        }, vm.computedProperty()));
        return new VBox(model, setup);
    }

    /** The verdict, the concurrency at the context and the budget, each with where it comes from. */
    private VBox summary() {
        ObservableObjectValue<Figure> fits = v.figure(FigureKey.RESULT_FITS);
        Label verdict = big("present-verdict", Style.PRESENT_VERDICT);
        verdict.textProperty().bind(Bindings.createStringBinding(() -> v.t(Decision.verdictOf(fits.get())), fits));
        fits.addListener((o, a, b) -> paint(verdict, b));
        paint(verdict, fits.get());
        Label verdictFor = small("present-verdict-for", () -> {
            Decision d = Decision.of(vm.computed().sheet(), vm.computed().outcome().result(), null, "");
            String s = d.verdictFor().isEmpty() ? "" : v.t("for") + " " + scenario(d.verdictFor());
            return s + (d.margin().isEmpty() ? "" : (s.isEmpty() ? "" : ", ") + v.texts().value(d.margin()));
        });
        ObservableObjectValue<Figure> ctx = v.figure(FigureKey.POOL_CONTEXT_LENGTH);
        ObservableObjectValue<Figure> conc = v.figure(FigureKey.POOL_MAX_CONCURRENCY);
        Label concTitle = small("present-concurrency-title", () -> ctx.get().available() ? v.t("Max concurrency at") + " "
                + v.texts().value(FigureText.primary(ctx.get(), true)) : v.t("Max concurrency at this context"));
        Label concurrency = big("present-concurrency", Style.PRESENT_CONCURRENCY);
        concurrency.textProperty().bind(Bindings.createStringBinding(() -> v.texts().value(FigureText.primary(conc.get(), true)),
                conc));
        ObservableObjectValue<Figure> budget = v.figure(FigureKey.RESULT_BUDGET_BYTES);
        ObservableObjectValue<Figure> gpu = v.figure(FigureKey.RESULT_GPU_CAPACITY_BYTES);
        Label budgetTitle = small("present-budget-title", () -> v.t("Production budget per replica") + " ("
                + v.t("GPU memory") + " " + v.texts().value(FigureText.primary(gpu.get(), vm.gibPrimary.get())) + ")");
        Label budgetValue = big("present-budget", Style.PRESENT_BUDGET);
        budgetValue.textProperty().bind(Bindings.createStringBinding(() -> v.texts().value(FigureText.primary(budget.get(),
                vm.gibPrimary.get())), budget, vm.gibPrimary));
        VBox box = new VBox(verdict, verdictFor, concTitle, concurrency, how(conc), budgetTitle, budgetValue, how(budget));
        box.getStyleClass().add(Style.PRESENT_SUMMARY);
        box.setMinWidth(Region.USE_PREF_SIZE);
        return box;
    }

    /** A figure's formula, this sheet's numbers and assumptions (or why it is unavailable), in small type under it. */
    private Label how(ObservableObjectValue<Figure> f) {
        Label l = new Label();
        l.getStyleClass().add(Style.PRESENT_HOW);
        wrapInColumn(l);
        l.textProperty().bind(Bindings.createStringBinding(() -> how(f.get()), f));
        return l;
    }

    /** The formula, this sheet's numbers and the assumptions, each in the window's language. */
    private String how(Figure f) {
        if (!f.available()) {
            return v.texts().message(f.reason());
        }
        var p = f.provenance();
        StringBuilder b = new StringBuilder(v.texts().message(p.formula()));
        if (!p.expression().isEmpty()) {
            b.append(b.length() == 0 ? "" : ": ").append(v.texts().message(p.expression()));
        }
        for (String a : p.assumptions()) {
            b.append(" · ").append(v.texts().message(a));
        }
        return b.toString();
    }

    private String scenario(String s) {
        int i = s.indexOf(": ");
        return v.t(s.substring(0, i)) + ": " + v.texts().value(s.substring(i + 2));
    }

    /** A large figure on one line, never cut: the summary column is as wide as it needs, the chart takes the rest. */
    private static Label big(String id, String style) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add(style);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private Label small(String id, Callable<String> text) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add(Style.PRESENT_MUTED);
        wrapInColumn(l);
        l.textProperty().bind(Bindings.createStringBinding(text, vm.computedProperty(), vm.gibPrimary));
        return l;
    }

    /** Wraps at the column's width (set by the large figures) instead of widening it. */
    private static void wrapInColumn(Label l) {
        l.setWrapText(true);
        l.setPrefWidth(1);
        l.setMaxWidth(Double.MAX_VALUE);
        l.setMinHeight(Region.USE_PREF_SIZE);
    }

    private static void paint(Label l, Figure f) {
        l.getStyleClass().removeAll(Style.FITS, Style.DOES_NOT_FIT);
        if (f.available()) {
            l.getStyleClass().add(f.isTrue() ? Style.FITS : Style.DOES_NOT_FIT);
        }
    }
}
