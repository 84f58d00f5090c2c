package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Issue 31, Seen 11: VALIDATION's notes were run together. Each applied log adds a line, and the notes field was a
 * TextField, which shows (and, bound both ways, stores back) the text without its line breaks.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class ValidationNotesRobotTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/seed003-70b-int4-80gib.json", "en", 1280, 800);
    }

    @Test
    void notesKeepTheirLinesAndTabLeavesTheField(FxRobot robot) {
        Worksheet ws = window.viewModel().snapshot();
        String two = "Applied vLLM log (H100, 0.19.0)\nProbe run 2026-12-02: 38,944 tokens";
        Worksheet noted = ws.withValidation(ws.validation().toBuilder().notes(two).build());
        robot.interact(() -> window.viewModel().open(noted, null));
        WaitForAsyncUtils.waitForFxEvents();
        TextArea notes = robot.lookup("#validation-notes").queryAs(TextArea.class);
        assertEquals(two, notes.getText(), "both lines shown, the break kept");
        assertEquals(two, window.viewModel().snapshot().validation().notes(), "and stored back unchanged");
        robot.interact(() -> window.sheetView().reveal(notes));
        robot.clickOn(notes);
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        Node focused = window.scene().getFocusOwner();
        assertTrue(focused != notes, "Tab moved on from the notes: " + focused);
        assertEquals(two, window.viewModel().snapshot().validation().notes(), "no tab typed into the notes");
    }
}
