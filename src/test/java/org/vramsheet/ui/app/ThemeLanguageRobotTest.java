package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.ui.dialogs.ScriptedDialogs;

/** Issue 31, Seen 8: changing the language reset dark to light (the window is built anew in the other language). */
@ExtendWith(ApplicationExtension.class)
@Robot
class ThemeLanguageRobotTest {
    private MainWindow window;
    private AppHome home;

    @Start
    void start(Stage stage) throws Exception {
        home = new AppHome(Files.createTempDirectory("vramsheet-home"));
        home.setLanguage("en");
        window = new MainWindow(stage, new ScriptedDialogs(), home);
        window.start(Path.of("assets/samples/seed003-70b-int4-80gib.json").toAbsolutePath());
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    private static boolean dark(MainWindow w) {
        return w.scene().getStylesheets().stream().anyMatch(s -> s.endsWith("dark.css"));
    }

    private static RadioMenuItem darkItem(MainWindow w) {
        MenuBar bar = (MenuBar) w.scene().lookup(".menu-bar");
        for (Menu m : bar.getMenus()) {
            for (MenuItem i : m.getItems()) {
                if ("menu-dark".equals(i.getId())) {
                    return (RadioMenuItem) i;
                }
            }
        }
        throw new AssertionError("no View › Dark theme");
    }

    @Test
    void darkStaysDarkInTheOtherLanguage(FxRobot robot) {
        assertTrue(!dark(window) && !darkItem(window).isSelected(), "light at first");
        robot.interact(() -> darkItem(window).setSelected(true));
        assertTrue(dark(window), "View › Dark theme");
        robot.interact(() -> window = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(dark(window), "still dark in Russian");
        assertTrue(darkItem(window).isSelected(), "and the menu says so");
        robot.interact(() -> window = window.switchLanguage("en"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(dark(window) && home.dark(), "and back in English; remembered for the next start");
    }
}
