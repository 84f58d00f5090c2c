package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.ui.charts.MarkedLineChart;

/**
 * Issue 31, Seen 7: the concurrency chart carried no target (RESULT's or the scenario's), no readout where the cursor
 * meets a curve, and its text was about 11 px at 100 %.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class ChartQuestionRobotTest {
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "assets/samples/llama-3.1-70b-bf16-h200.json", "en", 1280, 800);
    }

    private MarkedLineChart concurrency(FxRobot robot) {
        TabPane tabs = robot.lookup("#charts").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        return robot.lookup("#chart-concurrency").queryAs(MarkedLineChart.class);
    }

    @Test
    void theConcurrencyChartDrawsTheTargetItReadsFrom(FxRobot robot) {
        MarkedLineChart chart = concurrency(robot);
        var sheet = window.viewModel().computed().sheet();
        ScenarioId sizing = sheet.result().sizingScenario();
        long users = sheet.workloads().get(sizing).concurrentSequences();
        assertEquals(sizing.label() + ": " + users + " sequences", chart.targetText(), "no RESULT target: the sizing scenario's");
        Node line = chart.lookup("#target-line");
        assertTrue(line.isVisible(), "the line is drawn");
        robot.interact(() -> window.viewModel().result.targetSequences.textProperty().set("64"));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        assertEquals("target: 64 sequences", chart.targetText());
        NumberAxis y = (NumberAxis) chart.getYAxis();
        assertTrue(y.getUpperBound() >= Math.log(64) / Math.log(2), "the axis reaches the target: " + y.getUpperBound());
        javafx.scene.shape.Line l = (javafx.scene.shape.Line) line;
        assertEquals(y.getDisplayPosition(Math.log(64) / Math.log(2)), l.getStartY(), 0.5, "at 64 on the log axis");
    }

    @Test
    void chartTextIsAtLeastThirteenPixels(FxRobot robot) {
        MarkedLineChart chart = concurrency(robot);
        assertTrue(((NumberAxis) chart.getXAxis()).getTickLabelFont().getSize() >= 13, "x ticks");
        assertTrue(((NumberAxis) chart.getYAxis()).getTickLabelFont().getSize() >= 13, "y ticks");
        for (Node n : chart.lookupAll(".axis-label")) {
            assertTrue(((Labeled) n).getFont().getSize() >= 13, "axis title " + ((Labeled) n).getText());
        }
        for (Node n : chart.lookupAll(".chart-legend-item")) {
            assertTrue(((Labeled) n).getFont().getSize() >= 13, "legend " + ((Labeled) n).getText());
        }
    }

    @Test
    void theCursorReadsTheCurveOut(FxRobot robot) {
        MarkedLineChart chart = concurrency(robot);
        Node plot = chart.lookup(".chart-plot-background");
        robot.moveTo(plot);
        robot.moveBy(5, 0);
        WaitForAsyncUtils.waitForFxEvents();
        Label readout = (Label) chart.lookup("#curve-readout");
        assertTrue(readout.isVisible(), "shown over the plot");
        assertTrue(readout.getText().matches("[\\d,]+ tokens → [\\d,]+ sequences"), readout.getText());
        var points = window.viewModel().computed().charts().concurrency().points();
        String ctx = readout.getText().substring(0, readout.getText().indexOf(' ')).replace(",", "");
        assertTrue(points.stream().anyMatch(p -> Long.toString(p.x()).equals(ctx)), "one of the curve's own points: " + ctx);
    }

    /** The slider's upper part was dead where the engine's max model length (32,768) is below the model's (131,072). */
    @Test
    void theSliderMarksWhereTheEngineStopsTakingContexts(FxRobot robot) {
        Node beyond = robot.lookup("#slider-beyond").query();
        Node engine = robot.lookup(".slider-mark-engine").query();
        javafx.scene.control.Slider slider = robot.lookup("#context-slider").queryAs(javafx.scene.control.Slider.class);
        assertTrue(slider.getMax() > Math.log(32_768) / Math.log(2) + 1, "the slider goes to the model's 131,072");
        assertTrue(beyond.isVisible(), "the part above the engine's max is marked");
        var b = beyond.getBoundsInParent();
        assertEquals(engine.getBoundsInParent().getCenterX(), b.getMinX(), 2.0, "from the engine's max model length");
        assertTrue(b.getWidth() > 20, "to the end of the track: " + b.getWidth());
    }
}
