package org.vramsheet.ui.model;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The "Compare" view: the sheet's variants side by side ({@link Comparison}), recalculated on each change of the sheet
 * (a keystroke in the shown variant, the context slider) while the view is shown. A dozen variants are a dozen
 * calculations of well under a millisecond each, so it runs on the spot: the table never shows a stale number.
 */
public final class CompareViewModel {
    /** Points per variant on the overlay chart. */
    public static final int POINTS = 32;
    private final ReadOnlyObjectWrapper<Comparison.Table> table = new ReadOnlyObjectWrapper<>();
    private final SheetViewModel sheet;
    private boolean active;
    private Worksheet shown;

    public CompareViewModel(SheetViewModel sheet) {
        this.sheet = sheet;
        sheet.computedProperty().addListener((o, a, b) -> refresh());
    }

    /** Calculates only while the view is shown (a hidden view is brought up to date when shown). */
    public void setActive(boolean on) {
        active = on;
        refresh();
    }

    public ReadOnlyObjectProperty<Comparison.Table> tableProperty() { return table.getReadOnlyProperty(); }

    private void refresh() {
        Worksheet ws = sheet.computed().sheet();
        if (active && !ws.equals(shown)) {
            shown = ws;
            table.set(Comparison.of(ws, POINTS));
        }
    }

    /** The sheet's variant operations, for the view's buttons (null when done, else why not). */
    public SheetViewModel sheet() { return sheet; }
}
