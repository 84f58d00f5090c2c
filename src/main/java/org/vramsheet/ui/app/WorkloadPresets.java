package org.vramsheet.ui.app;

import javafx.scene.control.Menu;
import org.vramsheet.core.sheet.WorkloadPreset;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/** The workload presets (Typical / Heavy / Limit), from Edit › Workload preset and the start page. */
final class WorkloadPresets {
    private WorkloadPresets() { }

    /** The preset's workloads, fitted to the model's context, as one edit (Undo takes it back). */
    static void apply(SheetViewModel vm, WorkloadPreset p) {
        vm.applyWorksheet(vm.snapshot().withWorkloads(p.workloads(vm.model.maxContext.longValue())));
    }

    /** Edit › Workload preset. */
    static Menu menu(Texts texts, SheetViewModel vm) {
        Menu presets = new Menu(texts.t("Workload preset"));
        presets.setId("menu-presets");
        for (WorkloadPreset p : WorkloadPreset.values()) {
            presets.getItems().add(MainMenuBar.item(texts, p.label(), null, () -> apply(vm, p)));
        }
        return presets;
    }
}
