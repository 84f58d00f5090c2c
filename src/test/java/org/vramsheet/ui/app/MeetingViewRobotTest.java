package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TabPane;
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

/**
 * Issue 17, the meeting view. Seen: scenario colours changed when one scenario became invalid (Heavy turned blue);
 * the concurrency axis was linear (13 looked like 0); the GPU-memory chart had no capacity line; the slider stopped
 * at the engine's max model length and neither snapped nor marked the scenarios' contexts.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class MeetingViewRobotTest {
    private MainWindow window;
    private AppHome home;

    @Start
    void start(Stage stage) throws Exception {
        home = new AppHome(Files.createTempDirectory("vramsheet-home"));
        home.setLanguage("en");
        window = new MainWindow(stage, new ScriptedDialogs(), home);
        window.start(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json").toAbsolutePath());
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    @SuppressWarnings("unchecked")
    private static XYChart.Series<Number, Number> kvSlot(FxRobot robot, int i) {
        return robot.lookup("#chart-kv").queryAs(MarkedLineChart.class).getData().get(i);
    }

    @Test
    void aScenarioKeepsItsColourWhenAnotherBecomesUnavailable(FxRobot robot) {
        assertTrue(kvSlot(robot, 1).getName().startsWith("Heavy"), kvSlot(robot, 1).getName());
        assertTrue(kvSlot(robot, 1).getNode().getStyleClass().contains("default-color1"));
        robot.interact(() -> window.viewModel().heavy.concurrentSequences.textProperty().set("abc"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(kvSlot(robot, 0).getName().startsWith("Typical"), kvSlot(robot, 0).getName());
        assertEquals("Heavy (unavailable)", kvSlot(robot, 1).getName());
        assertTrue(kvSlot(robot, 1).getData().isEmpty());
        assertTrue(kvSlot(robot, 2).getName().startsWith("Limit"), "Limit stays in its slot: " + kvSlot(robot, 2).getName());
        assertTrue(kvSlot(robot, 2).getNode().getStyleClass().contains("default-color2"), "and so in its colour and dash");
        assertTrue(!kvSlot(robot, 2).getData().isEmpty());
    }

    @Test
    void concurrencyIsOnALogAxisAndTheGpuChartHasItsCapacity(FxRobot robot) {
        TabPane tabs = robot.lookup("#charts").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        MarkedLineChart conc = robot.lookup("#chart-concurrency").queryAs(MarkedLineChart.class);
        var app = window.viewModel().computed().charts().concurrency().points();
        var shown = conc.getData().get(0).getData();
        assertEquals(app.size(), shown.size());
        for (int i = 0; i < app.size(); i++) {
            double y = app.get(i).y();
            assertEquals(y >= 1 ? Math.log(y) / Math.log(2) : -1, shown.get(i).getYValue().doubleValue(), 1e-9, "point " + i);
        }
        assertEquals("4", ((NumberAxis) conc.getYAxis()).getTickLabelFormatter().toString(2.0));
        assertEquals("0", ((NumberAxis) conc.getYAxis()).getTickLabelFormatter().toString(-1.0));
        robot.interact(() -> tabs.getSelectionModel().select(2));
        WaitForAsyncUtils.waitForFxEvents();
        Node line = robot.lookup("#chart-gpu .capacity-line").query();
        assertTrue(line.isVisible());
        double gpu = window.viewModel().computed().charts().memory().gpuBytes() / 1073741824.0;
        NumberAxis y = (NumberAxis) robot.lookup("#chart-gpu").queryAs(javafx.scene.chart.StackedBarChart.class).getYAxis();
        assertTrue(y.getUpperBound() > gpu, "the axis reaches above the capacity: " + y.getUpperBound());
        assertEquals(y.getDisplayPosition(gpu), ((javafx.scene.shape.Line) line).getStartY(), 0.5, "drawn at the capacity");
        Label l = robot.lookup("#chart-gpu .capacity-label").queryAs(Label.class);
        assertEquals("GPU memory " + String.format(java.util.Locale.ROOT, "%,.1f", gpu) + " GiB", l.getText());
    }

    @Test
    void theSliderSpansTheModelSnapsToPowersOfTwoAndMarksTheScenarios(FxRobot robot) {
        Slider s = robot.lookup("#context-slider").queryAs(Slider.class);
        assertEquals(17, s.getMax(), 1e-9, "to the model's maximum (131,072), not the engine's 32,768");
        assertEquals(9, s.getMin(), 1e-9);
        robot.interact(() -> s.setValue(12.4));
        assertEquals(12, s.getValue(), 1e-9, "snapped to 4,096");
        assertEquals(Long.valueOf(4096), window.viewModel().result.contextLength.longValue());
        var texts = robot.lookup(".slider-mark").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertTrue(texts.contains("T") && texts.contains("H") && texts.contains("L") && texts.contains("max len"), texts.toString());
        Label engine = robot.lookup(".slider-mark-engine").queryAs(Label.class);
        Label limit = robot.lookup(".slider-mark-limit").queryAs(Label.class);
        assertTrue(Math.abs(engine.getBoundsInParent().getCenterX() - limit.getBoundsInParent().getCenterX()) < 2,
                "the sample's Limit context is the engine's max model length (32,768): the marks stand at the same place");
        assertTrue(engine.getBoundsInParent().getMinY() >= limit.getBoundsInParent().getMaxY() - 0.5, "on separate rows");
    }

    @Test
    void ctrlPlusZoomsTheWholeWindowAndTheZoomIsRemembered(FxRobot robot) {
        javafx.scene.Parent root = window.zoom().content();
        double width = root.getLayoutBounds().getWidth();
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.EQUALS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1.1, window.zoom().factorProperty().get(), 1e-9);
        // (laid out in the smaller logical width: 1,164 px less the scroll bar, stacked since it is under 1,280 px)
        javafx.scene.control.ScrollPane scroll = robot.lookup("#zoom-scroll").queryAs(javafx.scene.control.ScrollPane.class);
        double logical = scroll.getViewportBounds().getWidth() / 1.1;
        assertTrue(logical < width / 1.1 + 0.5 && logical > width / 1.1 - 20 && window.zoom().stackedProperty().get(),
                logical + " logical px");
        assertEquals(logical, root.getLayoutBounds().getWidth(), 1.0, "laid out in the logical width");
        assertEquals(logical * 1.1, root.localToScene(root.getLayoutBounds()).getWidth(), 1.0, "and scaled");
        assertEquals("Zoom 110 %", robot.lookup("#status-zoom").queryAs(Label.class).getText(), "the status bar says the zoom");
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.EQUALS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("1.25", home.setting("zoom"));
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.MINUS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1.1, window.zoom().factorProperty().get(), 1e-9);
        MainWindow[] next = new MainWindow[1];
        robot.interact(() -> next[0] = new MainWindow(new Stage(), new ScriptedDialogs(), home));
        assertEquals(1.1, next[0].zoom().factorProperty().get(), 1e-9, "a new window opens at the remembered zoom");
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.DIGIT0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1.0, window.zoom().factorProperty().get(), 1e-9);
    }

    @Test
    void aWorkloadPresetFillsTheThreeScenariosAsOneUndoableEdit(FxRobot robot) {
        var vm = window.viewModel();
        var before = vm.snapshot().workloads();
        robot.clickOn(robot.lookup(".menu-bar .menu").nth(1).queryAs(javafx.scene.Node.class)); // Edit
        robot.clickOn((javafx.scene.control.Labeled l) -> l.getText() != null && "Workload preset".equals(Mnemonics.shown(l.getText())));
        robot.clickOn((javafx.scene.control.Labeled l) -> l.getText() != null && "Chat".equals(Mnemonics.shown(l.getText())));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(org.vramsheet.core.sheet.WorkloadPreset.CHAT.workloads(131_072L), vm.snapshot().workloads());
        assertEquals("1,500", vm.typical.inputTokens.textProperty().get());
        robot.interact(vm::undo);
        assertEquals(before, vm.snapshot().workloads(), "one Undo takes the preset back");
    }

    @Test
    @SuppressWarnings("unchecked")
    void whichGpusFitListsTheCatalogSortsByNumberAndOneClickMakesARowTheSheetsGpu(FxRobot robot) throws Exception {
        TabPane tabs = robot.lookup("#charts").queryAs(TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().size() - 1));
        javafx.scene.control.TableView<org.vramsheet.core.placement.Planner.Row> table =
                robot.lookup("#gpu-fit-table").queryAs(javafx.scene.control.TableView.class);
        WaitForAsyncUtils.waitFor(20, java.util.concurrent.TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        var all = table.getItems();
        assertTrue(all.stream().allMatch(org.vramsheet.core.placement.Planner.Row::fits), "only those that fit, by default");
        assertTrue(all.stream().anyMatch(r -> r.option().name().contains("H200") && r.option().count() == 4), all.size() + " rows");
        // the same rows as the planner gives for each of them, with the margin each sheet would have
        // ranked by the binding limit (the core ranks, the view draws)
        var expected = org.vramsheet.core.placement.Planner.ranked(org.vramsheet.core.placement.Planner.compare(
                window.viewModel().computed().sheet(), org.vramsheet.ui.model.GpuFitViewModel.options())).stream()
                .filter(r -> r.fits()).toList();
        assertEquals(expected, new java.util.ArrayList<>(all));
        var conc = (javafx.scene.control.TableColumn<org.vramsheet.core.placement.Planner.Row, Long>) table.getColumns()
                .stream().filter(c -> c.getText().equals("Max conc.")).findFirst().orElseThrow();
        robot.interact(() -> {
            conc.setSortType(javafx.scene.control.TableColumn.SortType.DESCENDING);
            table.getSortOrder().setAll(conc);
            table.sort();
        });
        for (int i = 1; i < table.getItems().size(); i++) {
            Long a = table.getItems().get(i - 1).maxConcurrency();
            Long b = table.getItems().get(i).maxConcurrency();
            assertTrue(a == null || b == null || a >= b, "sorted as numbers: " + a + " then " + b);
        }
        var pick = table.getItems().get(0);
        robot.interact(() -> table.getSelectionModel().select(pick));
        robot.clickOn("#gpu-fit-use");
        WaitForAsyncUtils.waitForFxEvents();
        var gpu = window.viewModel().snapshot().gpu();
        assertEquals(pick.option().name(), gpu.name());
        assertEquals(pick.option().count(), gpu.count());
        assertEquals(pick.maxConcurrency(), window.viewModel().computed().outcome().result()
                .get(org.vramsheet.core.result.FigureKey.POOL_MAX_CONCURRENCY).value(), "the sheet now shows the row's numbers");
    }

    @Test
    void theStartPageOpensASampleThatFitsOrAPresetAndGetsOutOfTheWay(FxRobot robot) {
        robot.interact(window::showStartPage);
        robot.clickOn("#start-sample");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#start-page").tryQuery().isEmpty(), "closed once something is chosen");
        assertEquals("google/gemma-2-9b-it", window.viewModel().snapshot().model().modelId());
        assertTrue(window.viewModel().computed().outcome().result().get(org.vramsheet.core.result.FigureKey.RESULT_FITS).isTrue(),
                "the sample fits");
        robot.interact(window::showStartPage);
        robot.clickOn("#start-preset-rag");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(org.vramsheet.core.sheet.WorkloadPreset.RAG.workloads(8_192L), window.viewModel().snapshot().workloads(),
                "fitted to gemma-2-9b's 8,192 tokens");
        robot.interact(window::showStartPage);
        robot.clickOn("#start-continue");
        assertTrue(robot.lookup("#start-page").tryQuery().isEmpty());
    }

    /** Seen: switching the language scrolled back to the top. */
    @Test
    void switchingTheLanguageKeepsThePlaceInTheFormAndTheChartTab(FxRobot robot) {
        robot.interact(() -> {
            window.sheetView().setVvalue(0.6);
            ((TabPane) window.scene().lookup("#charts")).getSelectionModel().select(2);
        });
        MainWindow[] ru = new MainWindow[1];
        robot.interact(() -> ru[0] = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0.6, ru[0].sheetView().getVvalue(), 1e-9);
        assertEquals(2, ((TabPane) ru[0].scene().lookup("#charts")).getSelectionModel().getSelectedIndex());
        robot.interact(() -> ru[0].switchLanguage("en"));
    }

    @Test
    void theLastFileAndTheWindowSizeAreRemembered(FxRobot robot) throws Exception {
        Path gone = Files.createTempFile("gone", ".json");
        Path kept = Files.createTempFile("kept", ".json");
        home.addRecent(kept);
        home.addRecent(gone);
        Files.delete(gone);
        assertEquals(kept, VramSheetApp.startFile(java.util.List.of(), home), "the last file still there");
        assertEquals(Path.of("x.json"), VramSheetApp.startFile(java.util.List.of("x.json"), home), "a file given wins");
        home.putSetting("window.width", "1100");
        home.putSetting("window.height", "700");
        Stage[] s = new Stage[1];
        robot.interact(() -> {
            s[0] = new Stage();
            WindowSize.restore(s[0], home);
        });
        assertEquals(1100, s[0].getWidth(), 0.5);
        assertEquals(700, s[0].getHeight(), 0.5);
        robot.interact(() -> {
            s[0].show();
            s[0].setWidth(1000);
            s[0].hide();
        });
        assertEquals("1000", home.setting("window.width"), "the size it closed with");
    }

    /** Seen: the context box took "abc" or a context above the max model length without a reason. */
    @Test
    void theContextBoxSaysWhatIsWrongWithItsValue(FxRobot robot) {
        javafx.scene.control.TextField box = robot.lookup("#context-text").queryAs(javafx.scene.control.TextField.class);
        Label message = robot.lookup("#context-message").queryAs(Label.class);
        assertEquals("", message.getText());
        robot.clickOn(box);
        robot.interact(box::selectAll);
        robot.write("abc");
        assertEquals("", message.getText(), "not while typing");
        robot.type(javafx.scene.input.KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(message.getText().contains("abc"), message.getText());
        robot.interact(() -> box.setText("65536"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("above the max model length 32,768", message.getText());
        robot.interact(() -> box.setText("16384"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", message.getText(), "gone once the value is allowed");
    }

    /** Seen: the GPU picker showed "Choose a GPU..." instead of the sheet's GPU. */
    @Test
    @SuppressWarnings("unchecked")
    void theGpuPickerShowsTheSheetsGpuOrNamesOneTheCatalogLacks(FxRobot robot) {
        var picker = robot.lookup("#gpu-catalog").queryAs(org.controlsfx.control.SearchableComboBox.class);
        assertTrue(String.valueOf(picker.getValue()).startsWith("NVIDIA H200"), String.valueOf(picker.getValue()));
        robot.interact(() -> window.viewModel().gpu.name.set("Lab GPU 96GB"));
        assertEquals(null, picker.getValue());
        assertEquals("Not in the catalog: Lab GPU 96GB", picker.getPromptText());
    }

    /** Point 5: ControlsFX validation where it helps: the Hub model ID is checked as typed, and Fetch waits for one. */
    @Test
    void theHubModelIdIsCheckedAsTypedAndFetchWaitsForAValidOne(FxRobot robot) {
        org.vramsheet.ui.dialogs.ImportDialog[] d = new org.vramsheet.ui.dialogs.ImportDialog[1];
        robot.interact(() -> d[0] = window.showImport());
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TextField id = robot.lookup("#import-hub-id").queryAs(javafx.scene.control.TextField.class);
        javafx.scene.control.Button fetch = robot.lookup("#import-hub-fetch").queryAs(javafx.scene.control.Button.class);
        robot.interact(() -> id.setText("https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fetch.isDisabled(), "a page address is not fetched");
        var errors = d[0].hubIdCheck().getValidationResult().getErrors();
        assertEquals(1, errors.size());
        assertTrue(errors.iterator().next().getText().startsWith("a page address, not a model ID"), errors.toString());
        robot.interact(() -> id.setText("meta-llama/Llama 3.1"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(fetch.isDisabled());
        assertTrue(d[0].hubIdCheck().getValidationResult().getErrors().iterator().next().getText().contains("no spaces"));
        robot.interact(() -> id.setText("meta-llama/Llama-3.1-8B-Instruct"));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!fetch.isDisabled(), "a model ID is fetched");
        assertTrue(d[0].hubIdCheck().getValidationResult().getErrors().isEmpty());
        robot.interact(() -> d[0].stage().close());
    }

    /**
     * Issue 31, Seen 9 and 11: Enter on a catalog entry applies it; the dialog opens on the tab used last (it always opened
     * on the Hub tab); the selected row's facts line is drawn in the selection's text colour (it was muted grey on blue).
     */
    @Test
    void enterAppliesACatalogEntryAndTheDialogReopensOnItsTab(FxRobot robot) {
        org.vramsheet.ui.dialogs.ImportDialog[] d = new org.vramsheet.ui.dialogs.ImportDialog[1];
        robot.interact(() -> d[0] = window.showImport());
        robot.clickOn("Catalog");
        javafx.scene.control.TextField filter = robot.lookup("#import-catalog-filter").queryAs(javafx.scene.control.TextField.class);
        robot.interact(() -> filter.setText("Qwen/Qwen3-8B"));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        javafx.scene.control.ListView<org.vramsheet.io.catalog.ModelCatalog.Entry> list =
                robot.lookup("#import-catalog-list").queryAs(javafx.scene.control.ListView.class);
        var qwen = list.getItems().stream().filter(e -> e.id().equals("Qwen/Qwen3-8B")).findFirst().orElseThrow();
        robot.interact(() -> {
            list.getSelectionModel().select(qwen);
            list.requestFocus();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!d[0].stage().isShowing(), "Enter applied the entry and closed the dialog");
        assertEquals("Qwen/Qwen3-8B", window.viewModel().snapshot().model().modelId());
        robot.interact(() -> d[0] = window.showImport());
        var tabs = robot.lookup("#import-tabs").queryAs(javafx.scene.control.TabPane.class);
        assertEquals(3, tabs.getSelectionModel().getSelectedIndex(), "it opens on the Catalog tab again");
        robot.interact(() -> d[0].stage().close());
    }

    /** Point 5: the catalog picker (ControlsFX search field) finds models by ID or licence, each row with its facts. */
    @Test
    void theCatalogPickerFindsModelsByLicence(FxRobot robot) {
        org.vramsheet.ui.dialogs.ImportDialog[] d = new org.vramsheet.ui.dialogs.ImportDialog[1];
        robot.interact(() -> d[0] = window.showImport());
        robot.clickOn("Catalog");
        javafx.scene.control.TextField filter = robot.lookup("#import-catalog-filter").queryAs(javafx.scene.control.TextField.class);
        assertTrue(filter instanceof org.controlsfx.control.textfield.CustomTextField, filter.getClass().getName());
        robot.interact(() -> filter.setText("apache"));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        javafx.scene.control.ListView<org.vramsheet.io.catalog.ModelCatalog.Entry> list =
                robot.lookup("#import-catalog-list").queryAs(javafx.scene.control.ListView.class);
        var ids = list.getItems().stream().map(org.vramsheet.io.catalog.ModelCatalog.Entry::id).toList();
        assertTrue(ids.contains("Qwen/Qwen3-8B") && ids.contains("openai/gpt-oss-20b"), ids.toString());
        assertTrue(ids.stream().noneMatch(i -> i.startsWith("meta-llama/")), ids.toString());
        assertTrue(list.getItems().stream().allMatch(e -> e.licence().startsWith("Apache-2.0")), ids.toString());
        robot.interact(() -> d[0].stage().close());
    }
}
