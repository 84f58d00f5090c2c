package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.CheckBox;
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
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;

/**
 * Issue 30 point 4 in the real window: RUNTIME › Expert parallel on a MoE (DeepSeek-V2-Lite in bf16 on vLLM, one H200,
 * the version-9 sheet {@code v9-ep-deepseek-v2-lite.json}). Typing 2 GPUs and 2 attention DP ranks and ticking expert
 * parallel, by the robot, moves the weights per GPU from all 31,412,968,448 B to 32 of 64 experts plus the rest
 * (2,623,265,792 + 14,394,851,328 = 17,018,117,120 B, as {@code ExpertParallelTest} works it by hand), and the
 * concurrency shown: each rank's pool grows by the experts it no longer holds, the engine holds two ranks' sequences.
 * The same panel in Russian shows the same figures under Russian labels.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class ExpertPanelRobotTest {
    private static final long ALL_WEIGHTS = 31_412_968_448L;
    private static final long EP2_WEIGHTS_PER_GPU = 2_623_265_792L + 64L * 26 * 3 * 2048 * 1408;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "src/test/resources/worksheets/v9-ep-deepseek-v2-lite.json", "en", 1280, 800);
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private long value(FigureKey k) {
        Figure f = window.viewModel().computed().outcome().result().get(k);
        assertTrue(f != null && f.available(), k.id() + ": " + (f == null ? "absent" : f.reason()));
        return f.value();
    }

    private void type(FxRobot robot, String field, String text) {
        robot.interact(() -> window.sheetView().goTo(field));
        WaitForAsyncUtils.waitForFxEvents();
        String id = "#" + field.replace('.', '-');
        robot.clickOn(id).push(javafx.scene.input.KeyCode.END).eraseText(12).write(text);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(text, robot.lookup(id).queryAs(TextField.class).getText(), field);
    }

    private java.util.List<String> splits(FxRobot robot) {
        robot.interact(() -> window.scene().getRoot().layout());
        return RuntimeFieldsRobotTest.splitWords(robot.lookup("#runtime-expert").query());
    }

    @Test
    void turningExpertParallelOnMovesTheWeightsPerGpuAndTheConcurrencyInEnglishAndRussian(FxRobot robot) {
        assertTrue(robot.lookup("#runtime-expert").query().isVisible(), "a MoE sheet shows the panel");
        assertEquals(ALL_WEIGHTS, value(FigureKey.WEIGHTS_BYTES_PER_GPU), "one GPU holds every expert");
        String weightsBefore = text(robot, "#result-weights-bytesPerGpu");
        String concurrencyBefore = text(robot, "#summary-concurrency");
        long rankBefore = value(FigureKey.POOL_MAX_CONCURRENCY);

        type(robot, "gpu.count", "2");
        type(robot, "runtime.expert.dataParallel", "2");
        robot.clickOn("#runtime-expert-enabled");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#runtime-expert-enabled").queryAs(CheckBox.class).isSelected());
        assertTrue(window.viewModel().runtime.expertParallel.get(), "the click reached the sheet");

        assertEquals(EP2_WEIGHTS_PER_GPU, value(FigureKey.WEIGHTS_BYTES_PER_GPU), "32 of 64 experts + attention and the rest");
        assertEquals(2, value(FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE));
        assertEquals(32, value(FigureKey.PLACEMENT_EXPERTS_PER_GPU));
        String weightsAfter = text(robot, "#result-weights-bytesPerGpu");
        assertNotEquals(weightsBefore, weightsAfter, "the weights per GPU shown move");
        long rank = value(FigureKey.POOL_MAX_CONCURRENCY);
        assertTrue(rank > rankBefore, "each rank's pool holds more sequences: " + rankBefore + " -> " + rank);
        assertNotEquals(concurrencyBefore, text(robot, "#summary-concurrency"), "the strip's concurrency moves");
        long engine = value(FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY);
        assertEquals(2 * rank, engine, "two attention ranks, each with its own sequences");
        String engineShown = text(robot, "#result-placement-engineMaxConcurrency");
        assertTrue(engineShown.replaceAll("[^0-9]", "").equals(Long.toString(engine)), engineShown + " vs " + engine);
        assertEquals("32", text(robot, "#result-placement-expertsPerGpu").replaceAll("[^0-9]", ""));
        assertEquals(java.util.List.of(), splits(robot), "no flag split inside a word (seen: '--enable-expert-paral / lel')");

        MainWindow[] ru = new MainWindow[1];
        robot.interact(() -> ru[0] = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        window = ru[0];
        assertEquals("Параллелизм экспертов (vLLM --enable-expert-parallel, SGLang --ep-size)",
                robot.lookup("#runtime-expert-enabled").queryAs(CheckBox.class).getText());
        assertTrue(robot.lookup("#runtime-expert-enabled").queryAs(CheckBox.class).isSelected(), "the setting survives");
        assertEquals(EP2_WEIGHTS_PER_GPU, value(FigureKey.WEIGHTS_BYTES_PER_GPU));
        assertEquals(Long.toString(engine), text(robot, "#result-placement-engineMaxConcurrency").replaceAll("[^0-9]", ""));
        assertEquals(weightsAfter.replaceAll("[^0-9]", ""), text(robot, "#result-weights-bytesPerGpu").replaceAll("[^0-9]", ""),
                "the same figure, in Russian number format");
        assertTrue(robot.lookup("#runtime-expert").query().isVisible());
        assertEquals(java.util.List.of(), splits(robot), "Russian");

        // and off again: the weights per GPU go back to the whole model
        robot.interact(() -> window.sheetView().goTo("runtime.expert.dataParallel"));
        robot.clickOn("#runtime-expert-enabled");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, value(FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE), "without EP the experts are sliced over TP x DP");
    }
}
