package org.vramsheet.ui.app;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import org.vramsheet.ui.sections.SheetView;

/** What a window rebuilt in another language keeps from the one it replaces: the place in the form, the chart tab. */
final class WindowState {
    private WindowState() { }

    /** Seen (issue 17): switching the language scrolled the form back to the top. */
    static void carry(Scene from, SheetView fromSheet, Scene to, SheetView toSheet) {
        double scroll = fromSheet.getVvalue();
        to.getRoot().applyCss(); // skins made: a SplitPane's items are its children only then
        if (from.lookup("#charts") instanceof TabPane a && to.lookup("#charts") instanceof TabPane b) {
            b.getSelectionModel().select(a.getSelectionModel().getSelectedIndex());
        }
        toSheet.applyCss();
        toSheet.layout();
        toSheet.setVvalue(scroll);
        // once more after the new scene's first focus (the form brings a focused field into view)
        Platform.runLater(() -> toSheet.setVvalue(scroll));
    }
}
