package org.vramsheet.ui.app;

import java.util.List;
import javafx.scene.Scene;

/** The window's stylesheets: the named colours, the dark theme's colours over them when dark, then the components. */
final class Theme {
    private static final String COLORS = css("colors.css");
    private static final String DARK = css("dark.css");
    private static final String APP = css("app.css");

    private Theme() { }

    private static String css(String name) {
        return Theme.class.getResource("/org/vramsheet/ui/" + name).toExternalForm();
    }

    static void apply(Scene scene, boolean dark) {
        scene.getStylesheets().setAll(dark ? List.of(COLORS, DARK, APP) : List.of(COLORS, APP));
    }
}
