package org.vramsheet.ui.model;

import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.compare.Comparison;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The "Compare" view: the sheet's variants side by side ({@link Comparison}), recalculated on each change of the sheet
 * (a keystroke in the shown variant, a step of the context slider) while the view is shown. Each variant is a whole
 * calculation at the shared context (some 0.3 ms; a dozen variants some 4 ms), so it runs on a background thread, the
 * newest sheet winning: a drag stays smooth and the table follows within a frame or two, never showing an older sheet
 * after a newer one.
 */
public final class CompareViewModel {
    private final ReadOnlyObjectWrapper<Comparison.Table> table = new ReadOnlyObjectWrapper<>();
    private final SheetViewModel sheet;
    private final Newest newest;
    private boolean active;
    private Worksheet shown;

    public CompareViewModel(SheetViewModel sheet) {
        this(sheet, Platform::runLater);
    }

    /** With {@code fx} running a result on the toolkit thread (tests pass Runnable::run). */
    CompareViewModel(SheetViewModel sheet, Consumer<Runnable> fx) {
        this.sheet = sheet;
        this.newest = new Newest("compare-variants", fx);
        sheet.computedProperty().addListener((o, a, b) -> refresh());
    }

    /** Calculates only while the view is shown (a hidden view is brought up to date when shown). */
    public void setActive(boolean on) {
        active = on;
        refresh();
    }

    public ReadOnlyObjectProperty<Comparison.Table> tableProperty() { return table.getReadOnlyProperty(); }

    private void refresh() {
        SheetViewModel.Computed c = sheet.computed();
        Worksheet ws = c.sheet();
        if (!active || ws.equals(shown)) {
            return;
        }
        shown = ws;
        // the shown variant's calculation is the sheet's own (unless the form holds text that is not a number)
        SizingCalculator.Outcome own = c.parseIssues().isEmpty() ? c.outcome() : null;
        newest.run(() -> Comparison.of(ws, own), table::set);
    }

    /** The sheet's variant operations, for the view's buttons (null when done, else why not). */
    public SheetViewModel sheet() { return sheet; }
}
