package org.vramsheet.ui.model;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.GpuCatalog;

/**
 * "Which GPUs fit": the sheet on every GPU of the catalog, 1, 2, 4 and 8 per replica (the first layout the model's
 * heads and layers allow), with fits, margin, the binding concurrency (memory and RESULT's latency targets) and the
 * costs at the catalog's example prices (RESULT's typed price on the sheet's own GPU), ranked by the binding limit.
 * Some 160 calculations: they run on a background thread, only while the view is shown, the newest sheet winning; one
 * click makes a row the sheet's GPU (an undoable edit).
 */
public final class GpuFitViewModel {
    /** GPUs per replica the view tries. */
    public static final int[] COUNTS = {1, 2, 4, 8};
    private final ReadOnlyObjectWrapper<List<Planner.Row>> rows = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final SheetViewModel sheet;
    private boolean active;
    private Worksheet shown;
    private final Newest newest = new Newest("which-gpus-fit", Platform::runLater);

    public GpuFitViewModel(SheetViewModel sheet) {
        this.sheet = sheet;
        sheet.computedProperty().addListener((o, a, b) -> refresh());
    }

    /** Calculates only while the view is shown. */
    public void setActive(boolean on) {
        active = on;
        refresh();
    }

    public ReadOnlyObjectProperty<List<Planner.Row>> rowsProperty() { return rows.getReadOnlyProperty(); }

    /** True while a calculation runs (the view says so). */
    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }

    /** Every catalog GPU at each count, as choices to compare. */
    public static List<Planner.Option> options() {
        List<Planner.Option> out = new ArrayList<>();
        for (GpuCatalog.Entry e : GpuCatalog.entries()) {
            for (int n : COUNTS) {
                if (e.unified() && n > 1) {
                    break; // one Mac per replica: its GPU is part of the machine
                }
                out.add(GpuCatalog.option(e, e.name(), n, null));
            }
        }
        return out;
    }

    private void refresh() {
        Worksheet ws = sheet.computed().sheet();
        if (!active || ws.equals(shown)) {
            return;
        }
        shown = ws;
        busy.set(true);
        newest.run(() -> Planner.ranked(Planner.compare(ws, options())), out -> {
            rows.set(out);
            busy.set(false);
        });
    }

    /** Makes a row's GPU, count and layout the sheet's, as one edit. */
    /** Makes the row the sheet's GPU, count and layout (one undoable edit); nothing on an Approved (read-only) sheet. */
    public void use(Planner.Row row) {
        if (row != null && !sheet.readOnlyProperty().get()) {
            sheet.applyWorksheet(Planner.placedOn(sheet.snapshot(), row));
        }
    }

    /** True while the sheet is Approved: "Use this GPU" cannot change it (reopen it as a Draft first). */
    public ReadOnlyBooleanProperty readOnlyProperty() { return sheet.readOnlyProperty(); }
}
