package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.ui.dialogs.ScriptedDialogs;

/**
 * Issue 31, Seen 4 (issue 29 points 3-4): Which GPUs fit has a cost column, the cheapest option that meets every target
 * is marked and says why, the GPU and "$ / replica-h" are on screen together at 1280 x 800, and the rows are the core's
 * ranking by the binding limit. In English and Russian; each writes its screenshot to target/screenshots/.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class GpuFitCostRobotTest {
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        AppHome home = new AppHome(Files.createTempDirectory("vramsheet-home"));
        home.setLanguage("en");
        // the 70B BF16 sample with an ITL target of 40 ms and 64 concurrent sequences to serve
        Worksheet ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        ws = ws.withResult(ws.result().withTargetSequences(64L).withSla(new SlaTargets(null, null, 40.0, null)));
        Path file = Files.createTempDirectory("vramsheet-gpufit").resolve("llama70b-sla.json");
        Files.writeString(file, WorksheetJson.write(ws));
        window = new MainWindow(stage, new ScriptedDialogs(), home);
        window.start(file);
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private TableView<Planner.Row> show(FxRobot robot) throws Exception {
        TabPane tabs = robot.lookup("#charts").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().size() - 1));
        TableView<Planner.Row> table = robot.lookup("#gpu-fit-table").queryAs(TableView.class);
        try {
            WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("Which GPUs fit listed nothing; tab " + tabs.getSelectionModel().getSelectedItem()
                    .getText() + ", table shown " + table.isVisible() + " in " + table.getScene(), e);
        }
        WaitForAsyncUtils.waitForFxEvents();
        return table;
    }

    private void check(FxRobot robot, String cost, String cheapestWord, String shot) throws Exception {
        TableView<Planner.Row> table = show(robot);
        List<Planner.Row> rows = table.getItems();
        // the core ranks: those that fit, in Planner.ranked's order
        List<Planner.Row> expected = Planner.ranked(Planner.compare(window.viewModel().computed().sheet(),
                org.vramsheet.ui.model.GpuFitViewModel.options())).stream().filter(Planner.Row::fits).toList();
        assertEquals(expected, List.copyOf(rows));
        Planner.Row cheapest = rows.stream().filter(r -> r.perf().isCheapest()).findFirst().orElseThrow(
                () -> new AssertionError("a cheapest option is marked"));
        assertTrue(cheapest.meetsAll() && cheapest.perf().fleetCostPerHour() != null, cheapest.toString());
        Label why = robot.lookup("#gpu-fit-cheapest").queryAs(Label.class);
        assertTrue(why.getText().contains(cheapest.option().name()), why.getText());
        // the GPU and its cost per replica-hour are on screen together at 1280 x 800
        TableColumn<Planner.Row, ?> gpu = table.getColumns().get(0);
        TableColumn<Planner.Row, ?> perReplica = table.getColumns().stream().filter(c -> c.getText().equals(cost))
                .findFirst().orElseThrow(() -> new AssertionError("a '" + cost + "' column"));
        TableColumn<Planner.Row, ?> mark = table.getColumns().stream().filter(c -> c.getText().equals(cheapestWord))
                .findFirst().orElseThrow(() -> new AssertionError("a '" + cheapestWord + "' column"));
        double right = 0;
        for (TableColumn<Planner.Row, ?> c : table.getColumns()) {
            right += c.isVisible() ? c.getWidth() : 0;
            if (c == mark) {
                break;
            }
        }
        Bounds inWindow = table.localToScene(table.getBoundsInLocal());
        assertTrue(table.getColumns().indexOf(perReplica) < table.getColumns().indexOf(mark), "the cost before the mark");
        assertTrue(right <= table.getWidth() - 16 && inWindow.getMaxX() <= stage.getScene().getWidth() + 1, "'" + gpu.getText()
                + "' to '" + cheapestWord + "' end at " + right + " px of a " + table.getWidth() + " px table (its scroll bar off)");
        snapshot(shot);
    }

    private void snapshot(String name) throws Exception {
        WritableImage[] img = new WritableImage[1];
        WaitForAsyncUtils.asyncFx(() -> img[0] = stage.getScene().snapshot(null)).get();
        PixelReader px = img[0].getPixelReader();
        int w = (int) img[0].getWidth();
        int h = (int) img[0].getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out.setRGB(x, y, px.getArgb(x, y));
            }
        }
        Path dir = Files.createDirectories(Path.of("target/screenshots"));
        ImageIO.write(out, "png", dir.resolve(name).toFile());
    }

    @Test
    void theCostColumnAndTheCheapestMarkInEnglishAndRussian(FxRobot robot) throws Exception {
        check(robot, "$ / replica-h", "Cheapest", "gpu-fit-cost.png");
        robot.interact(() -> window = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        check(robot, "$ / реплика-ч", "Мин. цена", "gpu-fit-cost-ru.png");
    }
}
