package org.vramsheet.ui.app;

import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.GridPane;
import javafx.stage.Modality;
import javafx.stage.Window;
import org.vramsheet.ui.sections.SectionJump;
import org.vramsheet.ui.sections.SheetView;
import org.vramsheet.ui.text.Texts;

/**
 * The keyboard's way round the window (issue 31, Seen 9): View › Go to section (Ctrl+1 .. Ctrl+9), Help › Keyboard
 * shortcuts, and the menus' Alt letters.
 */
final class KeyboardMenus {
    /** Each shortcut and what it does (English; the window shows the action translated). */
    static final List<List<String>> SHORTCUTS = List.of(
            List.of("Alt + underlined letter", "open a menu, press a button"),
            List.of("Ctrl+1 .. Ctrl+9",
            "go to a section: MODEL, WEIGHTS, KV ARCHITECTURE, TYPICAL, HEAVY, LIMIT, RUNTIME, VALIDATION, RESULT"),
            List.of("Tab / Shift+Tab", "next / previous field"),
            List.of("Ctrl + / Ctrl - / Ctrl 0", "zoom in / zoom out / actual size (80 % to 200 %)"),
            List.of("Ctrl+N / Ctrl+O", "new sheet / open"),
            List.of("Ctrl+S / Ctrl+Shift+S", "save / save as"),
            List.of("Ctrl+I / Ctrl+E", "import model / export report"),
            List.of("Ctrl+Z / Ctrl+Y", "undo / redo"),
            List.of("Ctrl+Shift+N", "new variant"),
            List.of("Shift + drag the context slider", "any context (no snapping)"),
            List.of("Enter, double click", "apply the selected catalog entry (import dialog)"),
            List.of("F1", "about VRAM Sheet"),
            List.of("Ctrl+Q", "quit"));

    private KeyboardMenus() { }

    /** Adds Go to section to View and Keyboard shortcuts to Help, then gives every menu and item its Alt letter. */
    static void install(MenuBar bar, Texts texts, SheetView form, Window owner) {
        Menu go = new Menu(texts.t("Go to section"));
        go.setId("menu-go-to");
        for (int i = 0; i < SectionJump.PARTS.size(); i++) {
            String part = SectionJump.PARTS.get(i);
            MenuItem m = MainMenuBar.item(texts, part, i < 9 ? "Shortcut+" + (i + 1) : null,
                    () -> SectionJump.go(form, texts, part));
            m.setId("menu-go-" + i);
            go.getItems().add(m);
        }
        menu(bar, 2).getItems().addAll(new SeparatorMenuItem(), go);
        MenuItem keys = MainMenuBar.item(texts, "Keyboard shortcuts", null, () -> show(owner, texts));
        keys.setId("menu-shortcuts");
        menu(bar, 3).getItems().add(0, keys);
    }

    private static Menu menu(MenuBar bar, int index) {
        return bar.getMenus().get(Math.min(index, bar.getMenus().size() - 1));
    }

    /** Help › Keyboard shortcuts: the list, in the window's language (not modal: the window stays usable). */
    static Alert show(Window owner, Texts texts) {
        Alert a = new Alert(Alert.AlertType.INFORMATION, "", new ButtonType(texts.t("OK"), ButtonBar.ButtonData.OK_DONE));
        a.initOwner(owner);
        a.initModality(Modality.NONE);
        a.setTitle(texts.t("Keyboard shortcuts"));
        a.setHeaderText(texts.t("Keyboard shortcuts"));
        GridPane g = new GridPane();
        g.setId("shortcuts");
        g.setHgap(16);
        g.setVgap(4);
        for (int r = 0; r < SHORTCUTS.size(); r++) {
            Label key = new Label(texts.t(SHORTCUTS.get(r).get(0)));
            key.setStyle("-fx-font-weight: bold;");
            Label what = new Label(texts.t(SHORTCUTS.get(r).get(1)));
            what.setWrapText(true);
            what.setMaxWidth(520);
            g.addRow(r, key, what);
        }
        a.getDialogPane().setContent(g);
        if (owner != null && owner.getScene() != null) {
            a.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        a.show();
        return a;
    }
}
