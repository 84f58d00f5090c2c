package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.units.Units;

/** Issue 31, View › Present: F5 opens it, readable from the back of a room, the arrows move the context, Esc returns. */
@ExtendWith(ApplicationExtension.class)
@Robot
class PresentRobotTest {
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        window = TestWindows.open(stage, "assets/samples/llama-3.1-70b-variants-bf16-fp8-int4.json", "en", 1920, 1080);
    }

    private Label label(FxRobot robot, String id) {
        return robot.lookup("#" + id).queryAs(Label.class);
    }

    /** What a label draws (an ellipsis when its text is cut). */
    private static String shown(Label l) {
        return ((Text) l.lookup(".text")).getText();
    }

    private long context() {
        return window.viewModel().computed().outcome().result().get(FigureKey.POOL_CONTEXT_LENGTH).value();
    }

    @Test
    void f5OpensItLargeTheArrowsMoveTheContextAndEscReturns(FxRobot robot) {
        robot.interact(() -> window.viewModel().setContext(8192));
        var before = window.viewModel().snapshot();
        robot.push(KeyCode.F5);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#present").tryQuery().isPresent(), "F5 opens the presentation view");
        assertTrue(stage.isFullScreen(), "full screen");
        robot.interact(() -> {
            stage.setWidth(1920);
            stage.setHeight(1080);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1920, window.scene().getWidth(), 0.5);
        Label verdict = label(robot, "present-verdict");
        Label conc = label(robot, "present-concurrency");
        assertTrue(verdict.getFont().getSize() >= 48, "verdict " + verdict.getFont().getSize() + " px");
        assertTrue(conc.getFont().getSize() >= 48, "concurrency " + conc.getFont().getSize() + " px");
        assertEquals(70.4, verdict.getFont().getSize(), 0.2, "3.2 em of 22 px");
        assertEquals(66, conc.getFont().getSize(), 0.2, "3 em of 22 px");
        robot.interact(() -> {
            stage.setFullScreen(false);
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#present").tryQuery().isPresent(), "leaving full screen alone keeps the view");
        assertTrue(conc.getFont().getSize() < 60 && conc.getFont().getSize() > 40, "scaled with the window: "
                + conc.getFont().getSize() + " px at 1280x800");
        assertEquals(conc.getText(), shown(conc), "not cut");
        assertEquals(verdict.getText(), shown(verdict), "not cut");
        robot.interact(() -> {
            stage.setWidth(1920);
            stage.setHeight(1080);
        });
        WaitForAsyncUtils.waitForFxEvents();
        long seqs = window.viewModel().computed().outcome().result().get(FigureKey.POOL_MAX_CONCURRENCY).value();
        assertEquals(Units.grouped(seqs) + " sequences", conc.getText());
        assertEquals("Max concurrency at 8,192 tokens", label(robot, "present-concurrency-title").getText());
        assertEquals(3, robot.lookup("#present-tiles").queryAs(javafx.scene.layout.HBox.class).getChildren().size(),
                "a tile per variant");

        robot.push(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(16384, context(), "right: the next power of two");
        assertEquals("Max concurrency at 16,384 tokens", label(robot, "present-concurrency-title").getText());
        long at16k = window.viewModel().computed().outcome().result().get(FigureKey.POOL_MAX_CONCURRENCY).value();
        assertNotEquals(seqs, at16k, "the concurrency moved");
        assertEquals(Units.grouped(at16k) + " sequences", conc.getText(), "and the big figure with it");
        robot.push(KeyCode.LEFT);
        robot.push(KeyCode.LEFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(4096, context(), "left twice: 4,096");

        robot.push(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#present").tryQuery().isPresent(), "Esc returns to the sheet");
        assertFalse(stage.isFullScreen());
        assertEquals(4096, context(), "with the context it was left at");
        assertEquals(before.withResult(before.result().withContextLength(4096L)), window.viewModel().snapshot(),
                "and nothing else of the sheet changed");
        assertNull(robot.lookup("#present-verdict").tryQuery().orElse(null));
    }
}
