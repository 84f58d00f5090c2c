package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.io.json.WorksheetJson;

/** The sheet as a signed document and the summary as a meeting reads it, in the real window. */
@ExtendWith(ApplicationExtension.class)
@Robot
class SignedSheetRobotTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/llama-3.1-70b-bf16-h200.json", "en", 1280, 800);
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    /** Seen: after "Reopen as Draft", Ctrl+Z set Status back to Approved but left the sheet editable. */
    @Test
    void approveReopenAndUndoNeverGiveAnEditableApprovedSheet(FxRobot robot) {
        var vm = window.viewModel();
        approve(robot);
        assertEquals(SignOffStatus.APPROVED, vm.snapshot().signOff().status());
        assertTrue(vm.readOnlyProperty().get(), "read-only at once");
        assertTrue(robot.lookup("#kv-layers").queryAs(TextField.class).isDisabled() || !robot.lookup("#kv-layers")
                .queryAs(TextField.class).isEditable(), "fields locked");
        robot.clickOn("#reopen-draft");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(SignOffStatus.DRAFT, vm.snapshot().signOff().status());
        robot.press(KeyCode.CONTROL).press(KeyCode.Z).release(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(SignOffStatus.DRAFT, vm.snapshot().signOff().status(), "undo does not go back to Approved");
        assertAfterUndo(robot);
    }

    /** Issue 31, Seen 11: the approval's refusal stayed on screen after the missing fields were filled in. */
    @Test
    void theApprovalRefusalGoesWhenItsFieldsAreFilled(FxRobot robot) {
        var vm = window.viewModel();
        robot.interact(() -> window.sheetView().goTo("signOff.approvedBy"));
        robot.clickOn("#signOff-approve");
        WaitForAsyncUtils.waitForFxEvents();
        String refused = text(robot, "#signOff-problems");
        assertTrue(refused.contains("Prepared by") || refused.contains("prepared"), refused);
        robot.interact(() -> vm.signOff.preparedBy.set("Ann"));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(text(robot, "#signOff-problems").toLowerCase(java.util.Locale.ROOT).contains("prepared by"),
                "the filled field's problem went: " + text(robot, "#signOff-problems"));
        robot.interact(() -> {
            vm.signOff.preparedOn.set("2026-11-28");
            vm.signOff.reviewedBy.set("Bo");
            vm.signOff.reviewedOn.set("2026-11-29");
            vm.signOff.approvedBy.set("Cy");
            vm.signOff.approvedOn.set("2026-11-30");
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", text(robot, "#signOff-problems"), "nothing stands in the way any more");
        assertEquals(SignOffStatus.DRAFT, vm.snapshot().signOff().status(), "and nothing was approved without a click");
    }

    /** Issue 31, Seen 11: "Use this GPU" was enabled on an Approved sheet and did nothing. */
    @Test
    @SuppressWarnings("unchecked")
    void useThisGpuIsOffOnAnApprovedSheet(FxRobot robot) {
        approve(robot);
        var tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().size() - 1));
        javafx.scene.control.TableView<org.vramsheet.core.placement.Planner.Row> table =
                robot.lookup("#gpu-fit-table").queryAs(javafx.scene.control.TableView.class);
        try {
            WaitForAsyncUtils.waitFor(30, java.util.concurrent.TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("Which GPUs fit listed nothing", e);
        }
        robot.interact(() -> table.getSelectionModel().select(0));
        assertTrue(robot.lookup("#gpu-fit-use").queryAs(javafx.scene.control.Button.class).isDisabled(),
                "Use this GPU is off while the sheet is Approved");
    }

    private void approve(FxRobot robot) {
        var vm = window.viewModel();
        robot.interact(() -> {
            vm.signOff.preparedBy.set("Ann");
            vm.signOff.preparedOn.set("2026-11-28");
            vm.signOff.reviewedBy.set("Bo");
            vm.signOff.reviewedOn.set("2026-11-29");
            vm.signOff.approvedBy.set("Cy");
            vm.signOff.approvedOn.set("2026-11-30");
            vm.checkpointNow();
        });
        robot.interact(() -> window.sheetView().goTo("signOff.approvedBy"));
        robot.clickOn("#signOff-approve");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(SignOffStatus.APPROVED, vm.snapshot().signOff().status());
    }

    private void assertAfterUndo(FxRobot robot) {
        var vm = window.viewModel();
        assertFalse(vm.readOnlyProperty().get());
        assertEquals("", vm.snapshot().signOff().approvedBy(), "the approval went to the history");
        assertEquals(1, vm.snapshot().signOff().history().size());
        assertTrue(text(robot, "#signOff-history").startsWith("Earlier approval: 'Cy' on '2026-11-30'"), text(robot, "#signOff-history"));
    }

    /**
     * Seen: "DOES NOT FIT, short by 6.79 GiB" next to "55 sequences" with nothing saying which scenario and which
     * context; "unavailable" never said which field was to blame.
     */
    @Test
    void theSummaryNamesItsScenarioAndContextAndTheFieldToFix(FxRobot robot) throws Exception {
        var vm = window.viewModel();
        var ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        robot.interact(() -> vm.applyWorksheet(ws.withRuntime(ws.runtime().toBuilder().maxModelLen(8192L).build())));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Limit: 16 x 32,768 tokens", text(robot, "#summary-fits-title"));
        assertEquals("DOES NOT FIT", text(robot, "#summary-fits"));
        assertTrue(text(robot, "#summary-fits-detail").startsWith("the engine refuses sequences longer than 8,192 tokens"),
                text(robot, "#summary-fits-detail"));
        String conc = text(robot, "#summary-concurrency-title");
        assertTrue(conc.contains("8,192 tokens"), "the concurrency names its context: " + conc);
        robot.interact(() -> vm.kv.kvHeads.textProperty().set("7"));
        WaitForAsyncUtils.waitForFxEvents();
        String why = text(robot, "#summary-fits-detail");
        assertTrue(why.contains("KV heads") && why.contains("click to go there"), why);
        robot.clickOn("#summary-fits");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#kv-kvHeads").queryAs(TextField.class).isFocused(), "the click took us to KV heads");
        // a result in the form that is unavailable takes you there too
        robot.interact(() -> robot.lookup("#kv-layers").queryAs(TextField.class).requestFocus());
        robot.interact(() -> window.sheetView().goTo("result.headroomBytes"));
        robot.clickOn("#result-result-budgetBytes");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#kv-kvHeads").queryAs(TextField.class).isFocused(), "clicking the budget took us to KV heads");
    }
}
