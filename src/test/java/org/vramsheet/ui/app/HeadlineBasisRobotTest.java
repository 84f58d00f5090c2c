package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;

/** Issue 25, "say what is estimated": the summary strip marks its headline figures, in the real window. */
@ExtendWith(ApplicationExtension.class)
@Robot
class HeadlineBasisRobotTest {
    private static final String[] MARKED = {"#summary-budget-basis", "#summary-fits-basis", "#summary-concurrency-basis"};
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/gemma-2-9b-sliding-window-h100.json", "en", 1280, 800);
    }

    private static Label label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class);
    }

    @Test
    void theStripSaysMeasuredUntilTheSetupChangesThenEstimatedAndWhy(FxRobot robot) {
        for (String id : MARKED) {
            assertEquals("measured on vLLM 0.19.0", label(robot, id).getText(), id);
            assertTrue(label(robot, id).isVisible(), id);
        }
        assertFalse(label(robot, "#summary-stale").isVisible(), "nothing of another setup");
        assertTrue(robot.lookup("#summary-gpu-basis").tryQuery().isEmpty(), "the GPU's memory is an input: no mark");
        robot.interact(() -> window.sheetView().goTo("runtime.engineVersion"));
        robot.doubleClickOn("#runtime-engineVersion").eraseText(10).write("0.21.0");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("0.21.0", robot.lookup("#runtime-engineVersion").queryAs(TextField.class).getText());
        for (String id : MARKED) {
            assertEquals("estimated before launch", label(robot, id).getText(), id);
        }
        Label stale = label(robot, "#summary-stale");
        assertTrue(stale.isVisible());
        assertEquals("VALIDATION holds measurements of another setup (not used): engine version: 0.19.0 → 0.21.0",
                stale.getText());
        MainWindow[] ru = new MainWindow[1];
        robot.interact(() -> ru[0] = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("оценка до запуска", label(robot, "#summary-fits-basis").getText());
        assertEquals("В ПРОВЕРКЕ есть измерения другой конфигурации (не используются): версия движка: 0.19.0 → 0.21.0",
                label(robot, "#summary-stale").getText());
    }
}
