package org.vramsheet.ui.app;

import java.nio.file.Path;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import org.vramsheet.ui.text.Texts;

/** File › Open Recent: the recent files, listed again after anything that opens or saves a file. */
final class RecentFiles {
    private final Menu menu;
    private final AppHome home;
    private final FileController files;

    RecentFiles(Texts texts, AppHome home, FileController files) {
        this.menu = new Menu(texts.t("Open Recent"));
        menu.setId("menu-recent");
        this.home = home;
        this.files = files;
    }

    Menu menu() { return menu; }

    /** {@code action}, then the list again (it may have opened or saved a file). */
    Runnable then(Runnable action) {
        return () -> {
            action.run();
            refresh();
        };
    }

    void refresh() {
        menu.getItems().clear();
        for (Path p : home.recent()) {
            MenuItem m = new MenuItem(p.toString());
            m.setMnemonicParsing(false); // a file name's underscores are shown, not taken as Alt letters
            m.setOnAction(e -> then(() -> files.openRecent(p)).run());
            menu.getItems().add(m);
        }
        menu.setDisable(menu.getItems().isEmpty());
    }
}
