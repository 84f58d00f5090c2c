package org.vramsheet.ui.sections;

import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.value.ObservableObjectValue;
import javafx.beans.value.ObservableValueBase;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Unit;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * One figure of the sheet's result that tells its listeners only when the figure itself changed (value, label,
 * provenance), not on every recalculation: while the context slider is dragged, the weights and the other figures that
 * do not depend on the context leave their labels alone, so the form is not laid out again for them.
 */
public final class FigureValue extends ObservableValueBase<Figure> implements ObservableObjectValue<Figure> {
    private final SheetViewModel vm;
    private final FigureKey key;
    private Figure value;
    private final InvalidationListener onCompute = o -> update();

    FigureValue(SheetViewModel vm, FigureKey key) {
        this.vm = vm;
        this.key = key;
        this.value = current();
        // weak: a window rebuilt for another language leaves its figures to the garbage collector
        vm.computedProperty().addListener(new WeakInvalidationListener(onCompute));
    }

    /**
     * The figure, or an unavailable one while this sheet's engine does not compute it (Ollama's planner on another
     * engine's sheet: its box is hidden then, and switching the engine brings the figure).
     */
    private Figure current() {
        Figure f = vm.computed().outcome().result().figures().get(key.id());
        return f != null ? f : Figure.unavailable(key, "", Unit.COUNT, "not computed for this engine");
    }

    private void update() {
        Figure f = current();
        if (!f.equals(value)) {
            value = f;
            fireValueChangedEvent();
        }
    }

    @Override
    public Figure get() { return value; }

    @Override
    public Figure getValue() { return value; }
}
