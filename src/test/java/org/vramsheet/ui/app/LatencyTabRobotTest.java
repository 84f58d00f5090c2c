package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.TtftPercentile;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.probe.EngineProbe;
import org.vramsheet.io.probe.ProbeRecord;
import org.vramsheet.io.probe.SimulatedEngine;
import org.vramsheet.io.probe.WorkloadRunner;
import org.vramsheet.ui.charts.MarkedLineChart;
import org.vramsheet.ui.dialogs.ScriptedDialogs;
import org.vramsheet.ui.sections.SheetView;

/**
 * The Latency tab (issue 29) in the real window at 1280 x 800: Llama 3.1 8B Instruct BF16 on one H200 (vLLM) with RESULT's
 * SLA targets, and a probe run recorded in VALIDATION from the simulated engine on loopback (injected TTFT 60 ms, ITL
 * 8 ms; 1, 2, 4 and 8 streamed requests of 200 prompt + 32 generated tokens). The tab draws the estimate, the limits,
 * the targets and the measured markers; a sheet that cannot be calculated leaves no curve; the table shows measured
 * against predicted, and Calibrate sets RUNTIME's utilizations as one undoable edit. With
 * {@code -Dvramsheet.screenshots=DIR} it also writes the tab's screenshots there (English or Russian by
 * {@code -Dvramsheet.language}).
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class LatencyTabRobotTest {
    private MainWindow window;
    private Stage stage;

    /** The sheet with the probe's run recorded, as {@code probe -o} writes it. */
    static Worksheet measuredSheet() throws Exception {
        Worksheet base = FileController.sample("llama-3.1-70b-bf16-h200.json");
        ModelCatalog.Entry e = ModelCatalog.entries().stream().filter(x -> x.id().equals("meta-llama/Llama-3.1-8B-Instruct"))
                .findFirst().orElseThrow();
        Worksheet ws = ConfigImporter.parse(ModelCatalog.configText(e), e.id()).applyTo(base);
        ws = ws.withModel(new org.vramsheet.core.sheet.ModelInfo(e.id(), ws.model().revision(), ws.model().architecture(),
                ws.model().maxContextTokens(), ws.model().vocabSize()));
        ws = ws.withResult(ws.result().withSla(new SlaTargets(1000.0, TtftPercentile.P95, 12.0, null)));
        try (SimulatedEngine sim = new SimulatedEngine(40_000, 16)) {
            sim.ttftMillis = 60;
            sim.itlMillis = 8;
            EngineProbe probe = new EngineProbe(URI.create(sim.url()), null, Duration.ofSeconds(10));
            WorkloadRunner runner = new WorkloadRunner(probe, "meta-llama/Llama-3.1-8B-Instruct",
                    new WorkloadRunner.Limits(200, 60, 64), x -> { });
            runner.fixed(new WorkloadRunner.Shape(200, 2), 8); // a warm-up, as StreamTimingTest's
            List<WorkloadRunner.Step> steps = new ArrayList<>();
            WorkloadRunner.Result last = null;
            for (int n : new int[] {1, 2, 4, 8}) {
                last = runner.fixed(new WorkloadRunner.Shape(200, 32), n);
                steps.addAll(last.steps());
            }
            WorkloadRunner.Result run = new WorkloadRunner.Result(steps, last.requestsSent(), last.peakKvUsage(),
                    last.boundaryConcurrency(), last.boundaryActiveTokens(), last.stoppedBecause(), last.peakKvUsageByEngine(),
                    last.shape());
            return ProbeRecord.apply(ws, probe.snapshot(), run, sim.url(), "ramp");
        }
    }

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        java.nio.file.Path home = Files.createTempDirectory("vramsheet-home");
        AppHome h = new AppHome(home);
        h.setLanguage(System.getProperty("vramsheet.language", "en"));
        java.nio.file.Path sheet = home.resolve("llama8b-h200-probe.json");
        WorksheetJson.save(measuredSheet(), sheet);
        String shots = System.getProperty("vramsheet.screenshots");
        if (shots != null) {
            Files.createDirectories(java.nio.file.Path.of(shots));
            Files.copy(sheet, java.nio.file.Path.of(shots, "llama8b-h200-probe.json"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        window = new MainWindow(stage, new ScriptedDialogs(), h);
        window.start(sheet);
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    private static void showLatencyTab(FxRobot robot) {
        TabPane tabs = robot.lookup("#charts").queryAs(TabPane.class);
        robot.interact(() -> tabs.getTabs().stream().filter(t -> "tab-latency".equals(t.getId())).findFirst()
                .ifPresent(tabs.getSelectionModel()::select));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup("#chart-latency-itl").queryAs(MarkedLineChart.class).layout());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The lines each chart shows with something drawn in them, by their style class. */
    private static List<String> drawn(FxRobot robot, String chartId) {
        List<String> out = new ArrayList<>();
        for (Node n : robot.lookup(chartId + " .chart-series-line").queryAll()) {
            if (n instanceof javafx.scene.shape.Path p && p.isVisible() && !p.getElements().isEmpty()) {
                out.add(p.getStyleClass().stream().filter(c -> c.startsWith("lat-")).findFirst().orElse("?"));
            }
        }
        return out;
    }

    private static String text(FxRobot robot, String id) { return robot.lookup(id).queryAs(Label.class).getText(); }

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
    }

    @Test
    void theTabDrawsTheEstimateTheLimitsTheTargetsAndTheMeasuredRun(FxRobot robot) throws Exception {
        showLatencyTab(robot);
        List<String> itl = drawn(robot, "#chart-latency-itl");
        assertTrue(itl.containsAll(List.of("lat-estimate", "lat-memory", "lat-latency", "lat-target")), itl.toString());
        assertTrue(drawn(robot, "#chart-latency-throughput").containsAll(List.of("lat-estimate", "lat-memory")));
        assertTrue(drawn(robot, "#chart-latency-ttft").containsAll(List.of("lat-estimate", "lat-p95", "lat-target")));
        assertEquals(4, robot.lookup("#chart-latency-itl .lat-measured-marker").queryAll().size(), "one marker per step");
        String legend = robot.lookup("#latency-legend").queryAll().stream().findFirst().map(n -> ((javafx.scene.layout.Pane) n)
                .getChildren().stream().map(c -> ((Label) c).getText()).toList().toString()).orElse("");
        if (!"ru".equals(System.getProperty("vramsheet.language"))) {
            assertTrue(legend.contains("memory limit") && legend.contains("latency limit (SLA)") && legend.contains("measured"),
                    legend);
            assertTrue(text(robot, "#latency-measured-caption").startsWith("Measured against predicted (VALIDATION), probe run"),
                    text(robot, "#latency-measured-caption"));
        }
        long cells = robot.lookup("#latency-measured-table .latency-table-cell").queryAll().size();
        assertEquals(4 * 8, cells, "four steps: the concurrency and seven quantities each");
        robot.interact(() -> ((javafx.scene.control.SplitPane) stage.getScene().lookup(".split-pane")).setDividerPositions(0.3));
        WaitForAsyncUtils.waitForFxEvents();
        shot(robot, "latency-tab"); // the form narrowed by its divider, as a meeting looking at the charts would
        robot.interact(() -> robot.lookup("#latency-calibrate").queryAs(Button.class).fire());
        WaitForAsyncUtils.waitForFxEvents();
        String mem = robot.lookup("#runtime-performance-memoryBandwidthUtilization").queryAs(TextField.class).getText();
        assertFalse(mem.isBlank(), "Calibrate fills RUNTIME's memory-bandwidth utilization");
        String msg = text(robot, "#latency-calibrate-message");
        shot(robot, "latency-calibrated");
        robot.interact(() -> window.viewModel().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", robot.lookup("#runtime-performance-memoryBandwidthUtilization").queryAs(TextField.class).getText(),
                "undo takes the calibration back; " + msg);
    }

    @Test
    void aSheetThatCannotBeCalculatedLeavesNoCurve(FxRobot robot) {
        showLatencyTab(robot);
        assertFalse(drawn(robot, "#chart-latency-itl").isEmpty());
        String was = robot.lookup("#weights-totalParams").queryAs(TextField.class).getText();
        type(robot, "#weights-totalParams", "nonsense");
        showLatencyTab(robot);
        for (String id : List.of("#chart-latency-itl", "#chart-latency-throughput", "#chart-latency-ttft")) {
            assertEquals(List.of(), drawn(robot, id), id + " keeps no line");
            assertTrue(robot.lookup(id).queryAs(MarkedLineChart.class).getTitle().contains(
                    "ru".equals(System.getProperty("vramsheet.language")) ? "" : "unavailable"), id);
        }
        assertEquals(0, robot.lookup("#chart-latency-itl .lat-measured-marker").queryAll().stream().filter(Node::isVisible)
                .count(), "no measured marker either");
        assertNotNull(text(robot, "#latency-status"));
        shot(robot, "latency-unavailable");
        type(robot, "#weights-totalParams", was);
        showLatencyTab(robot);
        assertFalse(drawn(robot, "#chart-latency-itl").isEmpty(), "a good value draws the curves again");
    }

    /** Writes the window to DIR/NAME[-ru].png when {@code -Dvramsheet.screenshots=DIR} is set. */
    private void shot(FxRobot robot, String name) throws RuntimeException {
        String dir = System.getProperty("vramsheet.screenshots");
        if (dir == null) {
            return;
        }
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = stage.getScene().snapshot(null));
        PixelReader px = img[0].getPixelReader();
        int w = (int) img[0].getWidth();
        int h = (int) img[0].getHeight();
        BufferedImage b = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        for (int yy = 0; yy < h; yy++) {
            for (int xx = 0; xx < w; xx++) {
                b.setRGB(xx, yy, px.getArgb(xx, yy));
            }
        }
        String suffix = "ru".equals(System.getProperty("vramsheet.language")) ? "-ru" : "";
        try {
            ImageIO.write(b, "png", java.nio.file.Path.of(dir, name + suffix + ".png").toFile());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
