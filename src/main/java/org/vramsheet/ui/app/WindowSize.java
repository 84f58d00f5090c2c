package org.vramsheet.ui.app;

import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/** The main window's size (and maximized state), remembered in the app's home between runs. */
final class WindowSize {
    private WindowSize() { }

    /** Applies the remembered size (clamped to the screen) and remembers the size the window closes with. */
    static void restore(Stage stage, AppHome home) {
        var screen = Screen.getPrimary().getVisualBounds();
        double w = number(home.setting("window.width"));
        double h = number(home.setting("window.height"));
        if (w >= 640 && h >= 480) {
            stage.setWidth(Math.min(w, screen.getWidth()));
            stage.setHeight(Math.min(h, screen.getHeight()));
        }
        stage.setMaximized("true".equals(home.setting("window.maximized")));
        stage.addEventHandler(WindowEvent.WINDOW_HIDING, e -> {
            home.putSetting("window.maximized", Boolean.toString(stage.isMaximized()));
            if (!stage.isMaximized()) {
                home.putSetting("window.width", Long.toString(Math.round(stage.getWidth())));
                home.putSetting("window.height", Long.toString(Math.round(stage.getHeight())));
            }
        });
    }

    private static double number(String s) {
        try {
            return s == null ? -1 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
