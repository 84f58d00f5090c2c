package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.vramsheet.Robot;
import org.vramsheet.ui.charts.MarkedLineChart;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.ui.dialogs.ExportDialog;
import org.vramsheet.ui.dialogs.ImportDialog;
import org.vramsheet.ui.dialogs.LogViewModelTest;
import org.vramsheet.ui.dialogs.ScriptedDialogs;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.SheetView;

/** The real window driven by the TestFX robot, headless under Monocle. */
@ExtendWith(ApplicationExtension.class)
@Robot
class WindowRobotTest {
    @TempDir
    static Path dir;
    private MainWindow window;
    private ScriptedDialogs dialogs;

    @Start
    void start(Stage stage) throws Exception {
        dialogs = new ScriptedDialogs();
        Path home = Files.createTempDirectory("vramsheet-home");
        AppHome appHome = new AppHome(home);
        appHome.setLanguage("en");
        window = new MainWindow(stage, dialogs, appHome);
        window.start(Path.of("assets/samples/seed003-70b-int4-80gib.json").toAbsolutePath());
        stage.setWidth(1280);
        stage.setHeight(800);
        stage.show();
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private static void replace(FxRobot robot, String id, String value) {
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
    }

    /** Replaces a field's text and leaves the field (messages show then). */
    private static void type(FxRobot robot, String id, String value) {
        replace(robot, id, value);
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void typingIntoAFieldChangesTheResults(FxRobot robot) {
        assertEquals("327,680 B (320 KiB)", text(robot, "#result-kvCache-bytesPerToken"));
        replace(robot, "#kv-layers", "40");
        assertEquals("163,840 B (160 KiB)", text(robot, "#result-kvCache-bytesPerToken"));
        assertTrue(window.viewModel().dirtyProperty().get());
        assertTrue(robot.lookup("#summary-budget").queryAs(Label.class).getText().endsWith("GiB"));
    }

    @Test
    void draggingTheSliderMovesConcurrencyAndCharts(FxRobot robot) {
        String before = text(robot, "#context-concurrency");
        assertTrue(before.startsWith("15 concurrent"), before);
        @SuppressWarnings("unchecked")
        MarkedLineChart kv = robot.lookup("#chart-kv").queryAs(MarkedLineChart.class);
        double x0 = kv.markerValue();
        robot.drag("#context-slider .thumb", MouseButton.PRIMARY).moveBy(-120, 0).release(MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        String after = text(robot, "#context-concurrency");
        assertNotEquals(before, after);
        long seqs = Long.parseLong(after.split(" ")[0].replace(",", ""));
        assertTrue(seqs > 15, after);
        double x1 = kv.markerValue();
        assertTrue(x1 < x0, "the context marker moved left: " + x0 + " -> " + x1);
        Slider s = robot.lookup("#context-slider").queryAs(Slider.class);
        assertTrue(s.getValue() < 13, "dragged below 8K");
    }

    /**
     * Seen (issue 31, Seen 10): the default drag snapped the thumb back to the power of two on every move, leaving the
     * pointer off the thumb; each such move repainted the whole window (52-70 ms per step). Now the thumb stays under
     * the pointer while the context snaps, and the thumb joins the snapped context on release.
     */
    @Test
    void theDefaultDragSnapsTheContextWhileTheThumbFollowsThePointer(FxRobot robot) {
        Slider s = robot.lookup("#context-slider").queryAs(Slider.class);
        javafx.scene.Node thumb = robot.lookup("#context-slider .thumb").query();
        robot.drag(thumb, MouseButton.PRIMARY).moveBy(-37, 0);
        WaitForAsyncUtils.waitForFxEvents();
        double pointer = robot.robotContext().getBaseRobot().retrieveMouse().getX();
        javafx.geometry.Bounds t = thumb.localToScreen(thumb.getBoundsInLocal());
        String context = robot.lookup("#context-text").queryAs(TextField.class).getText().replace(",", "");
        double value = s.getValue();
        robot.release(MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        long tokens = Long.parseLong(context);
        assertEquals(0, tokens & (tokens - 1), "the dragged context is a power of two: " + context);
        assertNotEquals(Math.rint(value), value, "while dragged, the thumb is between two powers of two: " + value);
        assertTrue(Math.abs(t.getCenterX() - pointer) <= 2, "the thumb stays under the pointer: thumb " + t.getCenterX()
                + ", pointer " + pointer);
        assertEquals(Math.rint(s.getValue()), s.getValue(), "released: the thumb snaps to the context");
        assertEquals(Math.round(Math.pow(2, s.getValue())), tokens, "to the context it showed while dragged");
    }

    @Test
    void saveReopenGivesTheSameSheet(FxRobot robot) throws Exception {
        replace(robot, "#kv-kvHeads", "4");
        robot.type(KeyCode.TAB);
        Path f = dir.resolve("robot.json");
        dialogs.saveAnswers.add(f);
        robot.interact(() -> window.files().saveAs());
        assertTrue(Files.exists(f));
        var saved = window.viewModel().snapshot();
        dialogs.openAnswers.add(f);
        robot.interact(() -> window.files().newSheet());
        assertNotEquals(saved, window.viewModel().snapshot());
        robot.interact(() -> window.files().open());
        assertEquals(saved, window.viewModel().snapshot());
        assertEquals("robot.json - VRAM Sheet", ((Stage) robot.lookup("#sheet").query().getScene().getWindow()).getTitle());
    }

    @Test
    void anInvalidEntryShowsItsMessageAndLeavesOtherResults(FxRobot robot) {
        replace(robot, "#kv-kvHeads", "7");
        Label message = robot.lookup("#kv-kvHeads-message").queryAs(Label.class);
        assertFalse(message.isVisible(), "no message while typing");
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(message.isVisible());
        assertTrue(message.getText().contains("7 KV heads do not divide 64"), message.getText());
        TextField tf = robot.lookup("#kv-kvHeads").queryAs(TextField.class);
        assertTrue(tf.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("invalid")));
        assertEquals("unavailable", text(robot, "#result-kvCache-bytesPerToken"));
        assertTrue(text(robot, "#result-kvCache-bytesPerToken-detail").contains("KV heads"));
        assertTrue(text(robot, "#result-weights-bytes").endsWith("GiB"), "weights still shown");
        replace(robot, "#kv-kvHeads", "8");
        robot.type(KeyCode.TAB);
        assertEquals("327,680 B (320 KiB)", text(robot, "#result-kvCache-bytesPerToken"));
    }

    @Test
    void clickingAResultExplainsIt(FxRobot robot) {
        javafx.scene.Node value = robot.lookup("#result-kvCache-bytesPerToken").query();
        robot.interact(() -> robot.lookup("#sheet").queryAs(SheetView.class).reveal(value));
        robot.clickOn(value);
        String explain = text(robot, "#explain-text");
        assertTrue(explain.contains("2 x L x H_kv x D_head x B"), explain);
        assertTrue(explain.contains("2 x 80 x 8 x 128 x 2 = 327,680 B"), explain);
        assertTrue(explain.contains("query heads"), explain);
    }

    @Test
    void unitToggleSwitchesThePrimaryUnit(FxRobot robot) {
        assertTrue(text(robot, "#summary-budget").endsWith("GiB"));
        robot.clickOn("#unit-gb");
        assertTrue(text(robot, "#summary-budget").endsWith("GB"), text(robot, "#summary-budget"));
    }

    @Test
    void undoRestoresTheEdit(FxRobot robot) {
        replace(robot, "#kv-layers", "40");
        robot.type(KeyCode.TAB);
        robot.press(KeyCode.CONTROL).press(KeyCode.Z).release(KeyCode.Z).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("80", robot.lookup("#kv-layers").queryAs(TextField.class).getText());
    }

    @Test
    void importFromTheCatalogThroughTheDialog(FxRobot robot) throws Exception {
        ImportDialog[] d = new ImportDialog[1];
        robot.interact(() -> d[0] = window.showImport());
        robot.clickOn("Catalog");
        robot.clickOn("#import-catalog-filter").write("V2-Lite");
        robot.clickOn("deepseek-ai/DeepSeek-V2-Lite");
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> !robot.lookup("#import-preview").queryAs(javafx.scene.control.TextArea.class).getText().isEmpty());
        String preview = robot.lookup("#import-preview").queryAs(javafx.scene.control.TextArea.class).getText();
        assertTrue(preview.contains("MLA"), preview);
        robot.clickOn("#import-apply");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("31,104 B (30.38 KiB)", text(robot, "#result-kvCache-bytesPerToken"));
    }

    @Test
    void exportFromTheWindowRunsInTheBackground(FxRobot robot) throws Exception {
        ExportDialog[] d = new ExportDialog[1];
        robot.interact(() -> d[0] = window.showExport());
        Path x = dir.resolve("robot.xlsx");
        Path p = dir.resolve("robot.pdf");
        robot.interact(() -> {
            robot.lookup("#export-xlsx").queryAs(TextField.class).setText(x.toString());
            robot.lookup("#export-pdf").queryAs(TextField.class).setText(p.toString());
        });
        robot.clickOn("#export-run");
        WaitForAsyncUtils.waitFor(60, java.util.concurrent.TimeUnit.SECONDS, // a loaded machine: 20 s timed out
                () -> robot.lookup("#export-status").queryAs(Label.class).getText().startsWith("Wrote"));
        assertTrue(Files.size(x) > 0 && Files.size(p) > 0);
        assertTrue(org.vramsheet.report.ReportVerifier.verify(Files.readAllBytes(p), org.vramsheet.io.AppVersion.get()).ok(),
                "verified by the version that exported it");
    }

    @Test
    void pastingAnEngineLogFillsValidation(FxRobot robot) throws Exception {
        String log = LogViewModelTest.log("P18");
        robot.interact(() -> window.showLogDialog());
        robot.interact(() -> robot.lookup("#log-text").queryAs(javafx.scene.control.TextArea.class).setText(log));
        robot.clickOn("#log-read");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(text(robot, "#log-summary").startsWith("vLLM 0.19.0"), text(robot, "#log-summary"));
        // P18 is Llama 3.1 8B, the sheet a 70B: the wrong-model finding comes first and Apply asks
        robot.clickOn("#log-apply");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, dialogs.mismatchQuestions.size());
        assertTrue(dialogs.mismatchQuestions.get(0).startsWith("another model?"), dialogs.mismatchQuestions.toString());
        assertEquals("", window.viewModel().validation.measuredNonKv.textProperty().get(), "declined: nothing applied");
        dialogs.applyMismatchedLog = true;
        robot.clickOn("#log-apply");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("17.12 GiB", window.viewModel().validation.measuredNonKv.textProperty().get());
        assertEquals("0.95", window.viewModel().runtime.utilization.textProperty().get());
    }

    @Test
    void theWindowSpeaksRussianOnRequest(FxRobot robot) {
        MainWindow[] ru = new MainWindow[1];
        robot.interact(() -> ru[0] = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("ru", ru[0].texts().language());
        assertEquals("327\u00a0680 B (320 KiB)", text(robot, "#result-kvCache-bytesPerToken"), "grouped for Russian");
        assertTrue(robot.lookup("МОДЕЛЬ").tryQuery().isPresent(), "section titles translated");
        assertTrue(text(robot, "#summary-fits").equals("НЕ ПОМЕЩАЕТСЯ"), text(robot, "#summary-fits"));
        assertEquals("80", robot.lookup("#kv-layers").queryAs(TextField.class).getText(), "the same sheet");
        robot.interact(() -> ru[0].switchLanguage("en"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("327,680 B (320 KiB)", text(robot, "#result-kvCache-bytesPerToken"));
    }

    /**
     * Seen (issue 25): "1.5" typed into RESULT › Operational headroom, which showed "2 GiB", stored 2 bytes; "1,5" was
     * refused there in Russian while "0,9" was accepted elsewhere.
     */
    @Test
    void aByteFieldReadsANumberInTheUnitItShowsInEitherLanguage(FxRobot robot) {
        TextField headroom = robot.lookup("#result-headroomBytes").queryAs(TextField.class);
        assertEquals("GiB; or type 141 GB, 512 MiB", headroom.getPromptText());
        assertTrue(headroom.getAccessibleHelp().contains("A number alone is in GiB."), headroom.getAccessibleHelp());
        type(robot, "#result-headroomBytes", "1.5");
        assertEquals(1_610_612_736L, window.viewModel().result.headroom.longValue());
        type(robot, "#result-headroomBytes", "1,5");
        assertEquals(null, window.viewModel().result.headroom.longValue(), "English: a comma groups thousands");
        assertEquals("not a number: '1,5' (in English the decimal mark is a dot, 1.5; a comma groups thousands, 1,234)",
                text(robot, "#result-headroomBytes-message"));
        MainWindow[] ru = new MainWindow[1];
        robot.interact(() -> ru[0] = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        type(robot, "#result-headroomBytes", "1,5");
        assertEquals(1_610_612_736L, ru[0].viewModel().result.headroom.longValue());
        String none = text(robot, "#result-headroomBytes-message");
        assertTrue(none == null || none.isEmpty(), none);
        assertEquals("GiB; или введите 141 GB, 512 MiB",
                robot.lookup("#result-headroomBytes").queryAs(TextField.class).getPromptText());
    }

    @Test
    void russianNumbersAreTypedWithADecimalCommaAndEveryShownWordIsRussian(FxRobot robot) {
        MainWindow[] ru = new MainWindow[1];
        robot.interact(() -> ru[0] = window.switchLanguage("ru"));
        WaitForAsyncUtils.waitForFxEvents();
        SheetViewModel vm = ru[0].viewModel();
        assertEquals(org.vramsheet.core.sheet.ComputeDtype.FP16, robot.lookup("#weights-computeDtype")
                .queryAs(javafx.scene.control.ChoiceBox.class).getValue(), "the choice shows the sheet's value");
        assertEquals("131\u00a0072", robot.lookup("#model-maxContextTokens").queryAs(TextField.class).getText(),
                "inputs shown Russian style");
        type(robot, "#runtime-utilization", "0,9");
        assertEquals(0.9, vm.runtime.utilization.doubleValue(), 1e-12, "decimal comma read as the decimal point");
        type(robot, "#kv-layers", "1 234");
        assertEquals(1234, vm.kv.layers.intValue(), "space between thousands");
        type(robot, "#kv-layers", "131,072");
        assertEquals(null, vm.kv.layers.intValue(), "a comma is decimal here: 131,072 layers is not a whole number");
        assertEquals("не целое число: '131,072'", text(robot, "#kv-layers-message"));
        type(robot, "#kv-kvHeads", "7");
        type(robot, "#kv-layers", "80");
        assertEquals("противоречие: 7 KV-голов не делят 64 голов внимания", text(robot, "#kv-kvHeads-message"));
        type(robot, "#kv-kvHeads", "8");
        robot.clickOn("#result-kvCache-bytesPerToken");
        WaitForAsyncUtils.waitForFxEvents();
        String explain = robot.lookup("#explain-text").queryAs(Label.class).getText();
        assertTrue(explain.contains("Формула:") && explain.contains("KV-голов, а не 64 query-голов"), explain);
        // every word the window shows (labels, buttons, tabs, columns, legends, axes) is Russian, apart
        // from names that stay as they are (engines, units, dtypes, the sheet's own model and GPU)
        ru[0].whenComplete(() -> { });
        WaitForAsyncUtils.waitForFxEvents();
        java.util.Set<String> english = new java.util.TreeSet<>();
        for (String shown : shownTexts(robot.lookup("#sheet").query().getScene().getRoot())) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("[A-Za-z][A-Za-z_]{2,}").matcher(
                    shown.replaceAll("(^|\\s|\\()--[a-z][a-z-]+", "$1")); // an engine's flag (--data-parallel-size) is a name
            while (m.find()) {
                if (!KEPT_AS_IS.contains(m.group())) {
                    english.add(m.group() + " in \"" + shown + "\"");
                }
            }
        }
        assertTrue(english.isEmpty(), english.size() + " English words in the Russian window: " + english);
    }

    /** Names that are the same in Russian: engines, units, dtypes, formats, the sample's model and GPU. */
    static final java.util.Set<String> KEPT_AS_IS = java.util.Set.of("vLLM", "SGLang", "TensorRT", "LLM",
            "Ollama", "Modelfile", "num_ctx", "num_gpu",
            "OLLAMA_CONTEXT_LENGTH", "OLLAMA_FLASH_ATTENTION", "OLLAMA_KV_CACHE_TYPE", "OLLAMA_NUM_PARALLEL", "OLLAMA_GPU_OVERHEAD",
            "llama", "cpp", "transformers", "GiB", "MiB", "KiB", "TiB", "GPU", "CUDA", "MLA", "GQA", "MHA", "MQA",
            "auto", "VRAM", "Sheet", "NVIDIA",
            "HBM", "Llama", "Instruct", "meta", "LlamaForCausalLM", "main", "safetensors", "kv_lora_rank",
            "qk_rope_head_dim", "seq", "FlashMLA", "Mamba", "MoE", "head", "nvfp", "mxfp", "DynamicCache",
            "StaticCache", "kv", "cache", "memory", "block_size", "max_model_len", "gpu_memory_utilization",
            "mem_fraction_static", "free_gpu_memory_fraction", "tokens_per_block", "page_size", "COUNTxGPU",
            "PRICE", "xH", "int", "xGPU", "English", "Ctrl", "card", "seed", // (the sample's GPU, "80 GiB card (seed 003)")
            // llama.cpp's command-line flags shown with their Russian labels (-ngl, -ctk, --tensor-split, --kv-unified,
            // --no-kv-offload), RAM, and "Flash attention" (jargon, like attention)
            "ngl", "ctk", "ctv", "tensor", "split", "unified", "offload", "RAM", "Flash",
            // engineers' jargon the translation keeps: attention, CUDA graphs, non-KV, preemption / OOM, ...
            "attention", "graphs", "non", "Non", "preemption", "OOM", "utilization", "torch", "query", "head_dim",
            "D_head", "H_kv", "Tensor", "Pipeline", "Data", "parallel", "Hidden", "size", "hidden_size",
            // the latency estimate's jargon (issue 29): TTFT, ITL, SLA, TFLOPS, prefill, all-reduce
            "TTFT", "ITL", "SLA", "TFLOPS", "prefill", "all", "reduce",
            // LoRA adapters and KV offload (issue 30): LoRA, CPU, MLP and SGLang's hicache are names, kept like GPU
            "LoRA", "CPU", "MLP", "hicache",
            // unified memory and expert parallel (issue 30): Apple's names, the macOS sysctl and the engines' flag
            "Mac", "macOS", "iogpu", "wired_limit_mb", "enable", "expert");

    /** The texts of every labelled control, tab, column and chart in the scene. */
    static java.util.List<String> shownTexts(javafx.scene.Parent root) {
        java.util.List<String> out = new java.util.ArrayList<>();
        java.util.ArrayDeque<javafx.scene.Node> todo = new java.util.ArrayDeque<>(java.util.List.of(root));
        while (!todo.isEmpty()) {
            javafx.scene.Node n = todo.pop();
            if (n instanceof javafx.scene.control.TextInputControl) {
                continue; // the user's data
            }
            if (n instanceof javafx.scene.control.Labeled l && l.getText() != null) {
                out.add(l.getText());
            }
            if (n instanceof javafx.scene.control.TabPane tp) {
                tp.getTabs().forEach(t -> {
                    out.add(t.getText());
                    if (t.getContent() != null) {
                        todo.push(t.getContent());
                    }
                });
            }
            if (n instanceof javafx.scene.control.TableView<?> tv) {
                tv.getColumns().forEach(c -> out.add(c.getText()));
            }
            if (n instanceof javafx.scene.chart.Chart c) {
                out.add(c.getTitle());
            }
            if (n instanceof javafx.scene.chart.Axis<?> a) {
                out.add(a.getLabel());
            }
            if (n instanceof javafx.scene.control.MenuBar mb) {
                mb.getMenus().forEach(m -> {
                    out.add(m.getText());
                    m.getItems().forEach(i -> out.add(i.getText()));
                });
            }
            if (n instanceof javafx.scene.Parent p) {
                p.getChildrenUnmodifiable().forEach(todo::push);
            }
        }
        out.removeIf(t -> t == null);
        return out;
    }
}
