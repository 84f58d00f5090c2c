package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.control.TextField;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;

/**
 * Issue 28's leftover (issue 31): MODEL › Exact model ID cut a GGUF model's ID at 1280x800. The field now takes the
 * section's whole row and holds the ID at its font, in English and Russian, and its tooltip shows the whole ID.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class ModelIdRobotTest {
    private static final String ID = "unsloth/Qwen3-30B-A3B-Instruct-2507-GGUF:Q4_K_M";
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/gemma-2-9b-sliding-window-h100.json", "en", 1280, 800);
    }

    @Test
    void aLongModelIdIsShownWhole(FxRobot robot) {
        for (String language : List.of("en", "ru")) {
            robot.interact(() -> window = window.switchLanguage(language));
            robot.interact(() -> window.viewModel().model.modelId.set(ID));
            WaitForAsyncUtils.waitForFxEvents();
            TextField f = robot.lookup("#model-modelId").queryAs(TextField.class);
            Text probe = new Text(ID);
            probe.setFont(f.getFont());
            Insets in = f.getPadding();
            double room = f.getWidth() - in.getLeft() - in.getRight();
            double needs = probe.getLayoutBounds().getWidth();
            assertTrue(room >= needs, language + ": the field has " + room + " px for the ID's " + needs + " px");
            assertNotNull(f.getTooltip(), language + ": a tooltip");
            assertEquals(ID, f.getTooltip().getText(), language);
        }
    }
}
