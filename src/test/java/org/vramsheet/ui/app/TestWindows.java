package org.vramsheet.ui.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.stage.Stage;
import org.vramsheet.ui.dialogs.ScriptedDialogs;

/** The robot tests' real window: a fresh app home in one language, a sample sheet, a stage of a given size. */
final class TestWindows {
    private TestWindows() { }

    /** Opens {@code sheet} (a path from the project's root) in a new window of {@code width} x {@code height}. */
    static MainWindow open(Stage stage, String sheet, String language, int width, int height) throws IOException {
        AppHome home = new AppHome(Files.createTempDirectory("vramsheet-home"));
        home.setLanguage(language);
        MainWindow window = new MainWindow(stage, new ScriptedDialogs(), home);
        window.start(Path.of(sheet).toAbsolutePath());
        stage.setWidth(width);
        stage.setHeight(height);
        stage.show();
        return window;
    }
}
