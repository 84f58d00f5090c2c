package org.vramsheet.ui.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.ToggleButton;
import javafx.stage.Stage;
import org.vramsheet.ui.model.SheetViewModel;

/** The JavaFX application: one main window on the default worksheet (or a file given as argument). */
public final class VramSheetApp extends Application {
    /** The file to open: the one given, else the last one opened if it is still there, else none (the start page). */
    static Path startFile(List<String> args, AppHome home) {
        return !args.isEmpty() ? Path.of(args.get(0)) : home.recent().stream().filter(Files::exists).findFirst().orElse(null);
    }

    @Override
    public void start(Stage stage) {
        StartupProbe.mark("toolkit up, start() called");
        MainWindow w = new MainWindow(stage, null, AppHome.standard(), !Boolean.getBoolean("vramsheet.eagerStart"),
                new SheetViewModel(StartSheet.take()));
        StartupProbe.mark("window built");
        List<String> args = getParameters().getUnnamed();
        AppHome home = AppHome.standard();
        Path file = startFile(args, home);
        WindowSize.restore(stage, home);
        boolean opened = file != null && Files.exists(file);
        w.start(opened ? file : null, true);
        if (!opened && !Boolean.getBoolean("vramsheet.startupProbe") && !Boolean.getBoolean("vramsheet.dragProbe")) {
            w.showStartPage(); // nothing to reopen: the start page, over the default sheet
        } else {
            // no field focused (and its text selected) at start: the first keystroke must not replace the model ID
            Platform.runLater(() -> w.sheetView().requestFocus());
        }
        StartupProbe.mark("sheet opened");
        if ("dark".equals(System.getProperty("vramsheet.theme"))) {
            w.setDark(true);
        }
        if (Boolean.getBoolean("vramsheet.startupProbe")) {
            StartupProbe.reportWhenShown(w.scene(), "VRAM Sheet", w::whenComplete);
        }
        if (Boolean.getBoolean("vramsheet.dragProbe")) {
            w.whenComplete(() -> {
                // -Dvramsheet.dragProbe.compare=true: drag with the Compare view in place of the form (a sheet with variants)
                if (Boolean.getBoolean("vramsheet.dragProbe.compare")
                        && w.scene().lookup("#variant-compare") instanceof ToggleButton compare) {
                    compare.setSelected(true);
                }
                DragProbe.report(w.contextSlider().slider());
            });
        }
        stage.show();
        StartupProbe.mark("stage shown");
    }
}
