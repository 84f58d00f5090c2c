package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Issue 31, Seen 5 in the window: identical curves hid each other (Heavy drawn exactly over Typical in the KV chart, a
 * variant that equals another in the concurrency chart). The repeat is drawn just above the curve it repeats and its
 * legend says "same as ...", in English and Russian; a curve that differs is drawn where its points are.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class IdenticalCurvesRobotTest {
    /** ui.charts SeriesPoints.LIFT: an identical curve's offset in px. */
    private static final double LIFT = 3;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/gemma-2-9b-sliding-window-h100.json", "en", 1280, 800);
    }

    @SuppressWarnings("unchecked")
    private static List<XYChart.Series<Number, Number>> series(FxRobot robot, String id) {
        return ((LineChart<Number, Number>) robot.lookup(id).query()).getData();
    }

    @Test
    void heavyEqualToTypicalIsDrawnApartAndNamedSo(FxRobot robot) {
        var sampleHeavy = window.viewModel().heavy.snapshot(); // the sample's Heavy, which differs from its Typical
        for (String language : List.of("en", "ru")) {
            robot.interact(() -> window = window.switchLanguage(language));
            robot.interact(() -> window.viewModel().heavy.load(sampleHeavy));
            WaitForAsyncUtils.waitForFxEvents();
            List<XYChart.Series<Number, Number>> kv = series(robot, "#chart-kv");
            assertEquals(0, kv.get(1).getNode().getTranslateY(), language + ": Heavy differs from Typical: where it is");
            assertTrue(!kv.get(1).getName().contains("same as") && !kv.get(1).getName().contains("как"), kv.get(1).getName());
            robot.interact(() -> window.viewModel().heavy.load(window.viewModel().typical.snapshot()));
            WaitForAsyncUtils.waitForFxEvents();
            String same = language.equals("en") ? "(same as Typical)" : "(как Обычная)";
            assertTrue(kv.get(1).getName().endsWith(same), language + ": " + kv.get(1).getName());
            assertEquals(-LIFT, kv.get(1).getNode().getTranslateY(), language + ": Heavy drawn just above");
            assertEquals(0, kv.get(0).getNode().getTranslateY(), language + ": Typical where it is");
            double typical = kv.get(0).getNode().localToScene(kv.get(0).getNode().getBoundsInLocal()).getMinY();
            double heavy = kv.get(1).getNode().localToScene(kv.get(1).getNode().getBoundsInLocal()).getMinY();
            assertEquals(typical - LIFT, heavy, 0.01, language + ": both lines show");
        }
    }

    @Test
    void aVariantEqualToAnotherIsDrawnApartAndNamedSo(FxRobot robot) throws Exception {
        Worksheet two = Variants.add(window.viewModel().computed().sheet(), "B"); // B: a copy of A's inputs
        robot.interact(() -> window.viewModel().open(two, null));
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(1)); // only the shown tab's chart is drawn: Concurrency
        WaitForAsyncUtils.waitFor(20, java.util.concurrent.TimeUnit.SECONDS, () -> series(robot, "#chart-concurrency").size() == 2);
        WaitForAsyncUtils.waitForFxEvents();
        List<XYChart.Series<Number, Number>> c = series(robot, "#chart-concurrency");
        assertTrue(c.get(1).getName().endsWith("(same as A)"), c.get(1).getName());
        assertEquals(-LIFT, c.get(1).getNode().getTranslateY());
        assertEquals(0, c.get(0).getNode().getTranslateY());
    }
}
