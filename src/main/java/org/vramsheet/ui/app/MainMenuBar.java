package org.vramsheet.ui.app;

import java.util.Map;
import java.util.Optional;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.DataFormat;
import javafx.scene.input.KeyCombination;
import org.vramsheet.ui.model.DecisionText;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/** The window's menu bar: File, Edit, View and Help (the system menu bar where there is one). */
final class MainMenuBar {
    private final Texts texts;
    private final SheetViewModel vm;
    private final FileController files;
    private final DialogLauncher dialogs;
    private final RecentFiles recent;
    private final WindowActions window;

    MainMenuBar(Texts texts, SheetViewModel vm, FileController files, DialogLauncher dialogs, RecentFiles recent,
            WindowActions window) {
        this.texts = texts;
        this.vm = vm;
        this.files = files;
        this.dialogs = dialogs;
        this.recent = recent;
        this.window = window;
    }

    MenuBar build() {
        Menu help = new Menu(texts.t("Help"), null, item(texts, "About VRAM Sheet", "F1", dialogs::about));
        MenuBar bar = new MenuBar(fileMenu(), editMenu(), ViewMenu.build(texts, vm, window), help);
        bar.setUseSystemMenuBar(true);
        return bar;
    }

    private Menu fileMenu() {
        MenuItem newItem = item(texts, "New", "Shortcut+N", files::newSheet);
        MenuItem open = item(texts, "Open...", "Shortcut+O", recent.then(files::open));
        MenuItem save = item(texts, "Save", "Shortcut+S", recent.then(files::save));
        MenuItem saveAs = item(texts, "Save As...", "Shortcut+Shift+S", recent.then(files::saveAs));
        MenuItem quit = item(texts, "Quit", "Shortcut+Q", window.quit());
        MenuItem importItem = item(texts, "Import model...", "Shortcut+I", dialogs::importModel);
        importItem.setId("menu-import");
        MenuItem exportItem = item(texts, "Export report...", "Shortcut+E", dialogs::export);
        MenuItem slide = item(texts, "Export slide...", null, dialogs::exportSlide);
        slide.setId("menu-export-slide");
        MenuItem start = item(texts, "Start page...", null, window.startPage());
        return new Menu(texts.t("File"), null, newItem, open, recent.menu(), start, new SeparatorMenuItem(), importItem,
                exportItem, slide, new SeparatorMenuItem(), save, saveAs, new SeparatorMenuItem(), quit);
    }

    private Menu editMenu() {
        MenuItem undo = item(texts, "Undo", "Shortcut+Z", vm::undo);
        undo.disableProperty().bind(vm.canUndoProperty().not().and(vm.dirtyProperty().not()));
        MenuItem redo = item(texts, "Redo", "Shortcut+Y", vm::redo);
        redo.disableProperty().bind(vm.canRedoProperty().not());
        MenuItem variant = item(texts, "New variant", "Shortcut+Shift+N",
                () -> Optional.ofNullable(vm.newVariant()).ifPresent(dialogs::variantRefused));
        MenuItem copy = item(texts, "Copy summary", "Shortcut+Shift+C", () -> Clipboard.getSystemClipboard().setContent(
                Map.of(DataFormat.PLAIN_TEXT, DecisionText.markdown(vm.computed(), texts))));
        copy.setId("menu-copy-summary");
        return new Menu(texts.t("Edit"), null, undo, redo, new SeparatorMenuItem(), copy, new SeparatorMenuItem(),
                WorkloadPresets.menu(texts, vm), variant);
    }

    /** A menu item named {@code name} (translated), with its accelerator {@code keys} (null: none). */
    static MenuItem item(Texts texts, String name, String keys, Runnable action) {
        MenuItem m = new MenuItem(texts.t(name));
        if (keys != null) {
            m.setAccelerator(KeyCombination.keyCombination(keys));
        }
        m.setOnAction(e -> action.run());
        return m;
    }
}
