package org.vramsheet.ui.app;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javafx.stage.Window;
import org.vramsheet.io.AppVersion;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.ui.dialogs.AboutDialog;
import org.vramsheet.ui.dialogs.DialogService;
import org.vramsheet.ui.dialogs.ExportDialog;
import org.vramsheet.ui.dialogs.ExportViewModel;
import org.vramsheet.ui.dialogs.ImportDialog;
import org.vramsheet.ui.dialogs.ImportViewModel;
import org.vramsheet.ui.dialogs.LogDialog;
import org.vramsheet.ui.dialogs.LogViewModel;
import org.vramsheet.ui.dialogs.ProbeDialog;
import org.vramsheet.ui.dialogs.ProbeViewModel;
import org.vramsheet.ui.model.DecisionText;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/** Opens the window's dialogs over it, with the window's one background executor for the work they start. */
final class DialogLauncher {
    private final Window owner;
    private final SheetViewModel vm;
    private final DialogService dialogs;
    private final Texts texts;
    private final Supplier<List<String>> css;
    /** Measurements run here, off the FX thread (daemon threads; shut down when the window closes). */
    private final ExecutorService background = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "window-background");
        t.setDaemon(true);
        return t;
    });

    /** @param css the window's stylesheets as they are when a dialog opens (the theme can change) */
    DialogLauncher(Window owner, SheetViewModel vm, DialogService dialogs, Texts texts, Supplier<List<String>> css) {
        this.owner = owner;
        this.vm = vm;
        this.dialogs = dialogs;
        this.texts = texts;
        this.css = css;
    }

    void about() {
        AboutDialog.show(owner, AppVersion.get(), texts);
    }

    /** "Import model..." (Hub, file or folder, local cache, catalog). */
    ImportDialog importModel() {
        ImportViewModel ivm = new ImportViewModel(System.getenv(),
                HfCache.fromEnvironment(System.getenv(), System.getProperty("user.home")), Duration.ofSeconds(20));
        ImportDialog d = new ImportDialog(owner, ivm, vm, dialogs, css.get(), texts);
        d.show();
        return d;
    }

    /** "Export report..." (XLSX, PDF, signing). */
    ExportDialog export() {
        ExportViewModel evm = new ExportViewModel(AppVersion.get(), DecisionText.language(texts));
        evm.suggest(vm.file.get(), vm.model.modelId.get());
        ExportDialog d = new ExportDialog(owner, evm, vm, dialogs, css.get(), texts);
        d.show();
        return d;
    }

    /** File › Export slide...: the export dialog with only the slide chosen (the reports can be added in it). */
    ExportDialog exportSlide() {
        ExportViewModel evm = new ExportViewModel(AppVersion.get(), DecisionText.language(texts));
        evm.suggestSlide(vm.file.get(), vm.model.modelId.get());
        ExportDialog d = new ExportDialog(owner, evm, vm, dialogs, css.get(), texts);
        d.stage().setTitle(texts.t("Export slide"));
        d.show();
        return d;
    }

    /** VALIDATION's "Paste engine log...". */
    LogDialog pasteLog() {
        LogDialog d = new LogDialog(owner, new LogViewModel(vm, dialogs), vm, css.get(), texts);
        d.show();
        return d;
    }

    /** VALIDATION's "Measure a running server...", measuring on the background executor. */
    ProbeDialog measure() {
        ProbeDialog d = new ProbeDialog(owner, new ProbeViewModel(vm), vm, background, css.get(), texts);
        d.show();
        return d;
    }

    /** A variant edit the sheet refused, and why. */
    void variantRefused(String why) {
        dialogs.error("Variant not changed", why);
    }

    /** Ends the background work (a running measurement is interrupted); called when the window closes. */
    void shutdown() {
        background.shutdownNow();
    }
}
