package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.ui.dialogs.ScriptedDialogs;

/**
 * Issue 17, point 6: variants side by side. A sheet of three variants (BF16 on an H200, FP8 weights and KV, INT4 on an
 * H100), compared in place of the form, switched, renamed and added through the window, in English and Russian.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class CompareRobotTest {
    private MainWindow window;
    private final ScriptedDialogs dialogs = new ScriptedDialogs();

    static Worksheet threeVariants() throws Exception {
        Worksheet ws = FileController.sample("llama-3.1-70b-bf16-h200.json");
        Worksheet b = Variants.add(ws, "FP8");
        b = b.withWeights(b.weights().toBuilder().format(WeightFormat.FP8).checkpointBytes(null).build())
                .withKv(b.kv().toBuilder().kvDtype(KvDtype.FP8_E4M3).build());
        Worksheet c = Variants.add(b, "INT4 on H100");
        c = c.withWeights(c.weights().toBuilder().format(WeightFormat.INT4).build())
                .withGpu(new Gpu("NVIDIA H100 80GB HBM3", 1, 85_030_879_232L));
        return Variants.rename(c, "A", "BF16");
    }

    @Start
    void start(Stage stage) throws Exception {
        AppHome home = new AppHome(Files.createTempDirectory("vramsheet-home"));
        home.setLanguage("en");
        window = new MainWindow(stage, dialogs, home);
        window.start(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json").toAbsolutePath());
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    private void openThree(FxRobot robot) throws Exception {
        Worksheet ws = threeVariants();
        robot.interact(() -> window.viewModel().open(ws, null));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The three-variant sheet in the Compare view, once the table (calculated in the background) shows {@code cell}. */
    private void openCompare(FxRobot robot, String cell) throws Exception {
        openThree(robot);
        robot.clickOn("#variant-compare");
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup(cell).tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Types a new name over a variant's name in the Compare table and presses Enter, as a user renames one. */
    private static void typeName(FxRobot robot, String id, String name) {
        TextField field = robot.lookup(id).queryAs(TextField.class);
        robot.clickOn(field);
        robot.interact(field::selectAll);
        robot.write(name);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    /** The Compare table is calculated off the toolkit thread: waits (up to 5 s) until a cell shows what is expected. */
    private static void await(FxRobot robot, String id, String expected) throws Exception {
        WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup(id).tryQuery().isPresent()
                && expected.equals(robot.lookup(id).queryAs(Label.class).getText()));
    }

    /** What the core gives for a variant at a context, as the window writes it (the expectation is not the view's). */
    private static String concurrencyOf(Worksheet three, String variant, long context) {
        Worksheet v = Variants.switchTo(three, variant);
        var f = SizingCalculator.calculate(v.withResult(v.result().withContextLength(context))).get(FigureKey.POOL_MAX_CONCURRENCY);
        return org.vramsheet.core.units.Units.grouped(f.value()); // the unit is in the row's label
    }

    /**
     * Issue 31: Compare had no Alt letter (a mnemonic's ActionEvent left a ToggleButton as it was). Its letter, sent as
     * the keyboard delivers Alt + letter to the focused field, puts the Compare view in place of the form and back.
     */
    @Test
    void compareHasAnAltLetterThatTogglesIt(FxRobot robot) throws Exception {
        openThree(robot);
        ToggleButton compare = robot.lookup("#variant-compare").queryAs(ToggleButton.class);
        String text = compare.getText();
        int at = text.indexOf('_');
        assertTrue(compare.isMnemonicParsing() && at >= 0 && Character.isLetter(text.charAt(at + 1)), text);
        KeyCode code = KeyCode.getKeyCode(String.valueOf(text.charAt(at + 1)).toUpperCase());
        robot.clickOn("#context-text");
        for (boolean on : new boolean[] {true, false}) {
            robot.interact(() -> javafx.event.Event.fireEvent(window.scene().getFocusOwner(), new javafx.scene.input.KeyEvent(
                    javafx.scene.input.KeyEvent.KEY_PRESSED, code.getChar().toLowerCase(), code.getChar().toLowerCase(), code,
                    false, false, true, false)));
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(on, compare.isSelected(), "Alt+" + text.charAt(at + 1));
            assertEquals(on, robot.lookup("#compare-pane").tryQuery().map(n -> n.getScene() != null).orElse(false),
                    "the Compare view in place of the form: " + on);
        }
        robot.clickOn("#variant-compare");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(compare.isSelected(), "a click still toggles it once");
        robot.clickOn("#variant-compare");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(compare.isSelected());
    }

    @Test
    void theVariantsStandSideBySideInPlaceOfTheFormAndFollowTheSlider(FxRobot robot) throws Exception {
        openThree(robot);
        robot.clickOn("#variant-compare");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#compare-pane").tryQuery().isPresent(), "the Compare view stands where the form was");
        assertTrue(robot.lookup("#kv-kvHeads").tryQuery().isEmpty() || !robot.lookup("#kv-kvHeads").query().isVisible()
                || robot.lookup("#kv-kvHeads").query().getScene() == null, "the form is out of the way");
        Worksheet three = threeVariants();
        long ctx = three.result().contextLength() == null ? 8192 : three.result().contextLength();
        await(robot, "#compare-pool-maxConcurrency-2", concurrencyOf(three, "INT4 on H100", ctx));
        for (int i = 0; i < 3; i++) {
            String name = three.variants().names().get(i);
            assertEquals(concurrencyOf(three, name, ctx), text(robot, "#compare-pool-maxConcurrency-" + i), name);
        }
        assertEquals("46", text(robot, "#compare-pool-maxConcurrency-1"), "FP8 weights and KV on the H200, as seen");
        assertEquals("DOES NOT FIT", text(robot, "#compare-result-fits-0"));
        assertTrue(text(robot, "#compare-input-weights-format-2").equals("int4"));
        assertTrue(text(robot, "#compare-input-weights-checkpointBytes-0").contains("GiB"), "sizes in units, never raw bytes");
        robot.interact(() -> window.viewModel().setContext(4096));
        WaitForAsyncUtils.waitForFxEvents();
        await(robot, "#compare-pool-maxConcurrency-0", concurrencyOf(three, "BF16", 4096));
        await(robot, "#compare-pool-maxConcurrency-2", concurrencyOf(three, "INT4 on H100", 4096));
        for (int i = 0; i < 3; i++) {
            String name = three.variants().names().get(i);
            assertEquals(concurrencyOf(three, name, 4096), text(robot, "#compare-pool-maxConcurrency-" + i), name + " at 4,096");
        }
        assertTrue(text(robot, "#compare-context").contains("4,096"));
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(1)); // the variants' concurrency: the Concurrency tab beside
        WaitForAsyncUtils.waitForFxEvents();
        var chart = robot.lookup("#chart-concurrency").queryAs(javafx.scene.chart.LineChart.class);
        assertEquals(List.of("BF16", "FP8", "INT4 on H100"), chart.getData().stream()
                .map(s -> ((javafx.scene.chart.XYChart.Series<?, ?>) s).getName().replace(" (in the form)", "")).toList());
        assertEquals(12.0, ((org.vramsheet.ui.charts.MarkedLineChart) chart).markerValue(), 1e-9, "the shared context, log2(4,096)");
        assertEquals(1, robot.lookup(".variants-chart").queryAll().size(), "the variants are drawn once, not twice (issue 31)");
        robot.clickOn("#variant-compare");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#kv-kvHeads").query().getScene() != null, "Compare again: back to the form");
    }

    @Test
    void showRenameAndNewWorkFromTheWindow(FxRobot robot) throws Exception {
        openCompare(robot, "#compare-show-0");
        robot.clickOn("#compare-show-0");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("BF16", window.viewModel().variantsProperty().getValue().active());
        assertEquals(WeightFormat.BF16, window.viewModel().weights.format.get(), "the form holds BF16's inputs");
        assertEquals("BF16", robot.lookup("#variant-choice").queryAs(ComboBox.class).getValue());
        typeName(robot, "#compare-name-1", "BF16");
        assertTrue(text(robot, "#compare-message").contains("already named 'BF16'"), text(robot, "#compare-message"));
        WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup("#compare-name-1").tryQuery().isPresent());
        assertEquals("FP8", robot.lookup("#compare-name-1").queryAs(TextField.class).getText(), "a refused name goes back");
        typeName(robot, "#compare-name-1", "FP8 everywhere");
        WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup("#compare-new").tryQuery().isPresent());
        assertEquals(List.of("BF16", "FP8 everywhere", "INT4 on H100"), window.viewModel().variantsProperty().getValue().names());
        robot.clickOn("#compare-name-0"); // the focus leaves the renamed field: no second rename, no message (issue 31)
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#compare-message").query().isVisible(), text(robot, "#compare-message"));
        assertEquals(List.of("BF16", "FP8 everywhere", "INT4 on H100"), window.viewModel().variantsProperty().getValue().names());
        robot.clickOn("#compare-new");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("BF16", "FP8 everywhere", "INT4 on H100", "A"), window.viewModel().variantsProperty().getValue().names());
        assertEquals("A", robot.lookup("#variant-choice").queryAs(ComboBox.class).getValue());
        robot.interact(() -> window.viewModel().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(3, robot.lookup("#variant-choice").queryAs(ComboBox.class).getItems().size(), "Undo takes the new one back");
    }

    @Test
    void aSheetWithoutVariantsOffersOneAndASwitchThatWouldLoseTextIsRefused(FxRobot robot) {
        Button add = robot.lookup("#variant-new").queryAs(Button.class);
        assertEquals("+ Variant", Mnemonics.shown(add.getText()));
        assertTrue(add.getText().matches("\\+ \\p{L}*_\\p{L}+"), "its Alt letter (issue 31): " + add.getText());
        assertFalse(robot.lookup("#variant-choice").query().isVisible());
        robot.clickOn(add);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("A", "B"), robot.lookup("#variant-choice").queryAs(ComboBox.class).getItems());
        assertTrue(add.isVisible() && "+".equals(add.getText()), "+ stays beside the choice after the first variant (issue 31)");
        robot.clickOn(add);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("A", "B", "C"), robot.lookup("#variant-choice").queryAs(ComboBox.class).getItems(), "+ again");
        robot.interact(() -> window.viewModel().undo());
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.N).release(KeyCode.N, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("A", "B", "C"), robot.lookup("#variant-choice").queryAs(ComboBox.class).getItems(), "Ctrl+Shift+N");
        robot.interact(() -> window.viewModel().undo());
        TextField heads = robot.lookup("#kv-kvHeads").queryAs(TextField.class);
        robot.interact(() -> heads.setText("eight"));
        @SuppressWarnings("unchecked")
        ComboBox<String> choice = robot.lookup("#variant-choice").queryAs(ComboBox.class);
        robot.interact(() -> choice.setValue("A"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("B", choice.getValue(), "the choice stays on the variant still shown");
        assertEquals("B", window.viewModel().variantsProperty().getValue().active());
        assertEquals("eight", heads.getText());
        assertTrue(dialogs.errors.stream().anyMatch(e -> e.startsWith("Variant not changed") && e.contains("KV heads")),
                dialogs.errors.toString());
    }

    @Test
    void nothingIsCutOffInTheCompareViewInEnglishOrRussian(FxRobot robot) throws Exception {
        openCompare(robot, "#compare-result-fits-2");
        robot.interact(() -> window.scene().getRoot().layout());
        assertEquals(List.of(), LayoutRobotTest.cutOff(window.scene().getRoot()));
        robot.interact(() -> window = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        openThree(robot);
        robot.clickOn("#variant-compare");
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS, () -> robot.lookup("#compare-context").tryQuery()
                .map(n -> ((Label) n).getText().startsWith("Все варианты")).orElse(false));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.scene().getRoot().layout());
        assertTrue(robot.lookup("#variant-compare").queryAs(ToggleButton.class).isSelected());
        assertEquals(List.of(), LayoutRobotTest.cutOff(window.scene().getRoot()));
        assertTrue(text(robot, "#compare-context").startsWith("Все варианты"), text(robot, "#compare-context"));
    }

    /** The Concurrency tab overlays the variants too (their own colours, the one in the form named so). */
    @Test
    void theConcurrencyTabOverlaysEveryVariant(FxRobot robot) throws Exception {
        openThree(robot);
        javafx.scene.control.TabPane tabs = robot.lookup("#charts").queryAs(javafx.scene.control.TabPane.class);
        robot.interact(() -> tabs.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        var chart = robot.lookup("#chart-concurrency").queryAs(javafx.scene.chart.LineChart.class);
        assertEquals(List.of("BF16", "FP8", "INT4 on H100 (in the form)"), chart.getData().stream()
                .map(s -> ((javafx.scene.chart.XYChart.Series<?, ?>) s).getName()).toList());
        assertTrue(chart.getStyleClass().contains("variants-chart"));
        Worksheet three = threeVariants();
        var fp8 = (javafx.scene.chart.XYChart.Series<?, ?>) chart.getData().get(1);
        var expected = org.vramsheet.core.curves.Curves.of(SizingCalculator.compute(Variants.switchTo(three, "FP8")))
                .concurrency().points();
        assertEquals(expected.size(), fp8.getData().size());
        robot.interact(() -> window.viewModel().deleteVariant("BF16"));
        robot.interact(() -> window.viewModel().deleteVariant("FP8"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of("max sequences"), chart.getData().stream()
                .map(s -> ((javafx.scene.chart.XYChart.Series<?, ?>) s).getName()).toList(), "one variant left: the plain chart");
        assertFalse(chart.getStyleClass().contains("variants-chart"));
    }
}
