package org.vramsheet.ui.app;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/** The main window's View menu: theme, primary unit, language and zoom. */
final class ViewMenu {
    private ViewMenu() { }

    /** Theme, primary unit and language. */
    static Menu build(Texts texts, SheetViewModel vm, WindowActions w) {
        ToggleGroup theme = new ToggleGroup();
        RadioMenuItem light = new RadioMenuItem(texts.t("Light theme"));
        RadioMenuItem dark = new RadioMenuItem(texts.t("Dark theme"));
        light.setToggleGroup(theme);
        dark.setToggleGroup(theme);
        (w.darkNow().getAsBoolean() ? dark : light).setSelected(true);
        dark.setId("menu-dark");
        dark.selectedProperty().addListener((o, a, b) -> w.dark().accept(b));
        RadioMenuItem gib = new RadioMenuItem(texts.t("Primary unit GiB"));
        RadioMenuItem gb = new RadioMenuItem(texts.t("Primary unit GB"));
        ToggleGroup units = new ToggleGroup();
        gib.setToggleGroup(units);
        gb.setToggleGroup(units);
        gib.setSelected(true);
        gib.selectedProperty().addListener((o, a, b) -> vm.gibPrimary.set(b));
        vm.gibPrimary.addListener((o, a, b) -> (b ? gib : gb).setSelected(true));
        ToggleGroup langs = new ToggleGroup();
        RadioMenuItem en = new RadioMenuItem(texts.t("Language: English"));
        RadioMenuItem ru = new RadioMenuItem(texts.t("Language: Русский"));
        en.setToggleGroup(langs);
        ru.setToggleGroup(langs);
        en.setId("menu-lang-en");
        ru.setId("menu-lang-ru");
        (texts.language().equals("ru") ? ru : en).setSelected(true);
        en.setOnAction(e -> w.language().accept("en"));
        ru.setOnAction(e -> w.language().accept("ru"));
        MenuItem in = MainMenuBar.item(texts, "Zoom in (Ctrl +)", null, () -> w.zoom().step(1));
        MenuItem out = MainMenuBar.item(texts, "Zoom out (Ctrl -)", null, () -> w.zoom().step(-1));
        MenuItem actual = MainMenuBar.item(texts, "Actual size (Ctrl 0)", null, () -> w.zoom().factorProperty().set(1));
        MenuItem present = MainMenuBar.item(texts, "Present", "F5", w.present());
        present.setId("menu-present");
        return new Menu(texts.t("View"), null, present, new SeparatorMenuItem(), light, dark, new SeparatorMenuItem(), gib, gb,
                new SeparatorMenuItem(), en, ru, new SeparatorMenuItem(), in, out, actual);
    }
}
