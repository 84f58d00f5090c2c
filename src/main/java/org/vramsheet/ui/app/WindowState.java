package org.vramsheet.ui.app;

import javafx.scene.control.TabPane;

/** What a window rebuilt in another language keeps from the one it replaces: the place in the form, the chart tab. */
final class WindowState {
    private WindowState() { }

    /** Seen (issue 17): switching the language scrolled the form back to the top. */
    static void carry(MainWindow from, MainWindow to) {
        double scroll = from.sheetView().getVvalue();
        to.scene().getRoot().applyCss(); // skins made: a SplitPane's items are its children only then
        if (from.scene().lookup("#charts") instanceof TabPane a && to.scene().lookup("#charts") instanceof TabPane b) {
            b.getSelectionModel().select(a.getSelectionModel().getSelectedIndex());
        }
        to.sheetView().applyCss();
        to.sheetView().layout();
        to.sheetView().setVvalue(scroll);
        // once more after the new scene's first focus (the form brings a focused field into view)
        javafx.application.Platform.runLater(() -> to.sheetView().setVvalue(scroll));
    }
}
