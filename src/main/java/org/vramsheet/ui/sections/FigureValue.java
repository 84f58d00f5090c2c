package org.vramsheet.ui.sections;

import javafx.beans.InvalidationListener;
import javafx.beans.WeakInvalidationListener;
import javafx.beans.value.ObservableObjectValue;
import javafx.beans.value.ObservableValueBase;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
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

    private Figure current() { return vm.computed().outcome().result().get(key); }

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
