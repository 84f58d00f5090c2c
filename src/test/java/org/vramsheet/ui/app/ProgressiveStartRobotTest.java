package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.Label;
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
import org.vramsheet.ui.dialogs.ScriptedDialogs;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * The start-up every user gets (as {@link VramSheetApp} builds it): the start sheet prepared off the FX thread,
 * a first frame with the summary, MODEL and WEIGHTS, then the other sections and the charts one per pulse, and
 * then a window that works like the eagerly built one.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class ProgressiveStartRobotTest {
    private MainWindow window;
    private final AtomicReference<Boolean> kvAtFirstFrame = new AtomicReference<>();
    private final AtomicReference<Boolean> chartsAtFirstFrame = new AtomicReference<>();
    private final AtomicBoolean completeAtFirstFrame = new AtomicBoolean(true);

    @Start
    void start(Stage stage) throws Exception {
        StartSheet.prepare();
        AppHome home = new AppHome(Files.createTempDirectory("vramsheet-home"));
        home.setLanguage("en");
        window = new MainWindow(stage, new ScriptedDialogs(), home, true, new SheetViewModel(StartSheet.take()));
        window.start(null, true);
        Runnable[] first = new Runnable[1];
        first[0] = () -> {
            window.scene().removePostLayoutPulseListener(first[0]);
            kvAtFirstFrame.set(window.scene().lookup("#kv-kind") != null);
            chartsAtFirstFrame.set(window.scene().lookup("#chart-kv") != null);
            completeAtFirstFrame.set(window.complete());
        };
        // added after the window's own listener, so it sees the frame before the rest is scheduled to build
        window.scene().addPostLayoutPulseListener(first[0]);
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    @Test
    void firstFrameThenTheRest(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> chartsAtFirstFrame.get() != null);
        assertFalse(completeAtFirstFrame.get(), "the first frame is drawn before the whole window is built");
        assertFalse(chartsAtFirstFrame.get(), "the charts come after the first frame");
        assertFalse(kvAtFirstFrame.get(), "KV ARCHITECTURE comes after the first frame");

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(window::complete).get());
        for (String id : new String[] {"#model-modelId", "#kv-kind", "#runtime-engine", "#chart-kv", "#chart-gpu",
            "#context-slider", "#summary-budget"}) {
            Node n = robot.lookup(id).tryQuery().orElse(null);
            assertNotNull(n, id + " is built once the window is complete");
        }
        // building the form (the GPU picker showing the sheet's GPU included) edits nothing
        assertFalse(WaitForAsyncUtils.asyncFx(() -> window.viewModel().dirtyProperty().get()).get(), "opened clean");
        // the summary shows the start sheet's budget, computed by the core
        long budget = window.viewModel().computed().outcome().result().get(FigureKey.RESULT_BUDGET_BYTES).value();
        String shown = robot.lookup("#summary-budget").queryAs(Label.class).getText();
        assertTrue(shown.contains(Units.fixed2(budget / (double) Units.GIB)), shown + " vs " + budget);
        // and it works: a keystroke in a section built late recomputes the summary
        WaitForAsyncUtils.asyncFx(() -> window.viewModel().kv.kvHeads.textProperty().set("4")).get();
        WaitForAsyncUtils.waitForFxEvents();
        long after = window.viewModel().computed().outcome().result().get(FigureKey.RESULT_BUDGET_BYTES).value();
        assertTrue(after < budget, "half the KV heads, less KV: " + after + " < " + budget);
    }
}
