package org.vramsheet.ui.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.stage.Stage;
import org.vramsheet.ui.model.SheetViewModel;

/** The JavaFX application: one main window on the default worksheet (or a file given as argument). */
public final class VramSheetApp extends Application {
    @Override
    public void start(Stage stage) {
        StartupProbe.mark("toolkit up, start() called");
        MainWindow w = new MainWindow(stage, null, AppHome.standard(), !Boolean.getBoolean("vramsheet.eagerStart"),
                new SheetViewModel(StartSheet.take()));
        StartupProbe.mark("window built");
        List<String> args = getParameters().getUnnamed();
        AppHome home = AppHome.standard();
        // no file given: the last one opened, if it is still there
        Path file = !args.isEmpty() ? Path.of(args.get(0)) : home.recent().stream().findFirst().orElse(null);
        WindowSize.restore(stage, home);
        w.start(file != null && Files.exists(file) ? file : null, true);
        StartupProbe.mark("sheet opened");
        if ("dark".equals(System.getProperty("vramsheet.theme"))) {
            w.setDark(true);
        }
        if (Boolean.getBoolean("vramsheet.startupProbe")) {
            StartupProbe.reportWhenShown(w.scene(), "VRAM Sheet", w::whenComplete);
        }
        if (Boolean.getBoolean("vramsheet.dragProbe")) {
            w.whenComplete(() -> DragProbe.report(w.contextSlider().slider()));
        }
        stage.show();
        StartupProbe.mark("stage shown");
    }
}
