package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.shape.Path;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.ui.charts.MarkedLineChart;
import org.vramsheet.ui.dialogs.ScriptedDialogs;
import org.vramsheet.ui.sections.SheetView;

/**
 * Issue 31, Seen 3: the charts draw nothing they cannot stand behind. With "nonsense" as the parameter count or -8 KV heads
 * the KV chart's title said unavailable but shifted curves and a pool line at about 44 GiB stayed (the legend said
 * 50.2 GiB); with 99999999999999999999 Limit sequences the legend said "Limit (unavailable)" and a red stub was drawn.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class UnavailableChartsRobotTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        AppHome home = new AppHome(Files.createTempDirectory("vramsheet-home"));
        home.setLanguage("en");
        window = new MainWindow(stage, new ScriptedDialogs(), home);
        window.start(java.nio.file.Path.of("assets/samples/seed003-70b-int4-80gib.json").toAbsolutePath());
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    private static void type(FxRobot robot, String id, String value) {
        TextField tf = robot.lookup(id).queryAs(TextField.class);
        if (robot.lookup("#sheet").tryQuery().orElse(null) instanceof SheetView sheet) {
            robot.interact(() -> {
                sheet.layout();
                sheet.reveal(tf);
            });
            WaitForAsyncUtils.waitForFxEvents();
        }
        robot.interact(() -> tf.getParent().requestFocus());
        robot.clickOn(tf);
        robot.interact(tf::selectAll);
        robot.write(value);
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup("#chart-kv").queryAs(MarkedLineChart.class).layout());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The line paths the chart shows that have something drawn in them. */
    private static List<Path> drawnLines(FxRobot robot, String chartId) {
        List<Path> out = new ArrayList<>();
        for (Node n : robot.lookup(chartId + " .chart-series-line").queryAll()) {
            if (n instanceof Path p && p.isVisible() && !p.getElements().isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<String> legend(FxRobot robot, String chartId) {
        List<String> out = new ArrayList<>();
        for (Node n : robot.lookup(chartId + " .chart-legend-item").queryAll()) {
            if (n instanceof Label l && l.isVisible()) {
                out.add(l.getText());
            }
        }
        return out;
    }

    @Test
    void aParameterCountThatIsNotANumberLeavesTheKvChartEmpty(FxRobot robot) {
        assertFalse(drawnLines(robot, "#chart-kv").isEmpty(), "the sample draws its curves");
        String was = robot.lookup("#weights-totalParams").queryAs(TextField.class).getText();
        type(robot, "#weights-totalParams", "nonsense");
        assertEmpty(robot);
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup("#chart-concurrency").queryAs(MarkedLineChart.class).layout());
        assertEquals(List.of(), drawnLines(robot, "#chart-concurrency"), "the concurrency chart keeps no line either");
        robot.interact(() -> tabs.getSelectionModel().select(0));
        type(robot, "#weights-totalParams", was);
        assertFalse(drawnLines(robot, "#chart-kv").isEmpty(), "a good value draws the curves again");
    }

    @Test
    void negativeKvHeadsLeaveTheKvChartEmpty(FxRobot robot) {
        type(robot, "#kv-kvHeads", "-8");
        assertEmpty(robot);
    }

    @Test
    void aScenarioTooLargeToDrawHasNoStubAndSaysWhy(FxRobot robot) {
        type(robot, "#workloads-limit-concurrentSequences", "99999999999999999999");
        MarkedLineChart kv = robot.lookup("#chart-kv").queryAs(MarkedLineChart.class);
        for (XYChart.Series<Number, Number> s : kv.getData()) {
            if (s.getName() != null && s.getName().startsWith("Limit")) {
                assertTrue(s.getData().isEmpty(), "nothing drawn for Limit: " + s.getName());
            }
        }
        for (Path p : drawnLines(robot, "#chart-kv")) {
            assertFalse(p.getStyleClass().contains("series2"), "the Limit slot draws no stub");
        }
    }

    private static void assertEmpty(FxRobot robot) {
        MarkedLineChart kv = robot.lookup("#chart-kv").queryAs(MarkedLineChart.class);
        assertTrue(kv.getTitle().contains("unavailable"), kv.getTitle());
        for (XYChart.Series<Number, Number> s : kv.getData()) {
            assertEquals(List.of(), List.copyOf(s.getData()), "series '" + s.getName() + "' keeps no points");
        }
        assertEquals(List.of(), drawnLines(robot, "#chart-kv"), "no line is left drawn");
        for (String item : legend(robot, "#chart-kv")) {
            assertFalse(item.matches(".*\\d.*GiB.*"), "the legend shows no figure of the old sheet: " + legend(robot, "#chart-kv"));
        }
    }
}
