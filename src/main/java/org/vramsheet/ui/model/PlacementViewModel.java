package org.vramsheet.ui.model;

import java.util.List;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.GpuOptions;

/**
 * The Placement tab's state (SS-006): the fewest GPUs per replica for each scenario and the GPU choices side by
 * side. The comparison runs dozens of calculations, so it runs only while the tab is active.
 */
public final class PlacementViewModel {
    /** GPU choices typed by the user: COUNTxGPU[@PRICE], comma separated; without a price the catalog's example. */
    public final StringProperty choices = new SimpleStringProperty("2xH100, 1xH200, 2xA100 80GB, 4xL40S");
    private final ReadOnlyObjectWrapper<List<Planner.Fit>> fits = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<List<Planner.Row>> rows = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final SheetViewModel sheet;
    private boolean active;
    private Worksheet shown;
    private String shownSpec;

    public PlacementViewModel(SheetViewModel sheet) {
        this.sheet = sheet;
        choices.addListener((o, a, b) -> refresh());
        sheet.computedProperty().addListener((o, a, b) -> refresh());
    }

    /** Turns the calculations on while the tab is shown. */
    public void setActive(boolean on) {
        active = on;
        refresh();
    }

    public ReadOnlyObjectProperty<List<Planner.Fit>> fitsProperty() { return fits.getReadOnlyProperty(); }

    public ReadOnlyObjectProperty<List<Planner.Row>> rowsProperty() { return rows.getReadOnlyProperty(); }

    /** Why the choices could not be read (English; the view translates), or empty. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** The GPU the recommendation is for. */
    public String gpuName() { return sheet.computed().sheet().gpu().name(); }

    void refresh() {
        if (!active) {
            return;
        }
        Worksheet ws = sheet.computed().sheet();
        String spec = choices.get();
        if (ws.equals(shown) && spec.equals(shownSpec)) {
            return;
        }
        shown = ws;
        shownSpec = spec;
        fits.set(List.copyOf(Planner.recommend(ws, 8)));
        try {
            List<Planner.Option> options = GpuOptions.parse(spec);
            error.set("");
            rows.set(Planner.ranked(Planner.compare(ws, options)));
        } catch (GpuOptions.BadSpec e) {
            error.set(e.getMessage());
        }
    }
}
