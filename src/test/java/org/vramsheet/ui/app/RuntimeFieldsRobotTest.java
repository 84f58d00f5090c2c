package org.vramsheet.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.vramsheet.Robot;
import org.vramsheet.core.sheet.Engine;

/**
 * Issue 28: RUNTIME shows per engine only the fields that engine has (a llama.cpp or Ollama sheet no
 * gpu-memory-utilization, no CUDA graphs), and its llama.cpp / Ollama labels wrap between words, never inside one
 * ("OLLAMA_CONTEXT_LEN / GTH" was seen at 1280x800), in English and in Russian.
 */
@ExtendWith(ApplicationExtension.class)
@Robot
class RuntimeFieldsRobotTest {
    private static final List<String> VLLM_ONLY = List.of("#runtime-utilization", "#runtime-activationPeakBytes", "#runtime-nonTorchBytes",
            "#runtime-cudaGraphBytes", "#runtime-graphsInPool", "#runtime-kvCacheMemoryBytes", "#estimate-nonkv");
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWindows.open(stage, "src/test/resources/worksheets/ui-llamacpp-2x4090.json", "en", 1280, 800);
    }

    /** A field shown in the scene (in a laid-out grid and visible), found by its id. */
    private static boolean shown(FxRobot robot, String id) {
        Node n = robot.lookup(id).tryQuery().orElse(null);
        while (n != null) {
            if (!n.isVisible()) {
                return false;
            }
            n = n.getParent();
        }
        return robot.lookup(id).tryQuery().isPresent();
    }

    @Test
    void aLlamaCppSheetShowsNoVllmFieldsAndVllmShowsThemAgain(FxRobot robot) {
        assertEquals(Engine.LLAMA_CPP, window.viewModel().runtime.engine.get());
        for (String id : VLLM_ONLY) {
            assertTrue(!shown(robot, id), id + " is vLLM's, not on a llama.cpp sheet");
        }
        assertTrue(shown(robot, "#runtime-maxModelLen"), "-c");
        assertTrue(shown(robot, "#runtime-llamaCpp-gpuLayers"), "-ngl");
        robot.interact(() -> window.viewModel().runtime.engine.set(Engine.VLLM));
        WaitForAsyncUtils.waitForFxEvents();
        for (String id : VLLM_ONLY) {
            assertTrue(shown(robot, id), id + " on a vLLM sheet");
        }
        assertTrue(!shown(robot, "#runtime-llamaCpp-gpuLayers"), "no llama.cpp flags on a vLLM sheet");
        robot.interact(() -> window.viewModel().runtime.engine.set(Engine.OLLAMA));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!shown(robot, "#runtime-utilization"), "Ollama reserves no fraction");
        assertTrue(!shown(robot, "#runtime-maxModelLen"), "Ollama's runner context is num_ctx x parallel, not this field");
        assertTrue(shown(robot, "#runtime-ollama-numCtx"), "num_ctx");
    }

    /** Every word of every wrapped label under the node that is wider than the label's line (so JavaFX splits it). */
    static List<String> splitWords(Node n) {
        List<String> out = new ArrayList<>();
        walk(n, out);
        return out;
    }

    private static void walk(Node n, List<String> out) {
        if (!n.isVisible()) {
            return;
        }
        if (n instanceof Labeled l && l.isWrapText() && l.getText() != null && l.getScene() != null
                && l.lookup(".text") instanceof Text shown && shown.getWrappingWidth() > 0) {
            for (String word : l.getText().split("\\s+")) {
                Text t = new Text(word);
                t.setFont(l.getFont());
                double w = t.getLayoutBounds().getWidth();
                if (w > shown.getWrappingWidth() + 0.5) {
                    out.add("'" + word + "' (" + Math.round(w) + " px) in '" + l.getText() + "' (" + Math.round(shown.getWrappingWidth())
                            + " px)");
                }
            }
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                walk(c, out);
            }
        }
    }

    private List<String> runtimeSplits(FxRobot robot) {
        robot.interact(() -> window.scene().getRoot().layout());
        List<String> out = new ArrayList<>();
        for (String id : List.of("#runtime-llamaCpp", "#runtime-ollama", "#runtime-ollamaPlan")) {
            robot.lookup(id).tryQuery().ifPresent(x -> out.addAll(splitWords(x)));
        }
        return out;
    }

    @Test
    void theLlamaCppAndOllamaLabelsWrapBetweenWordsInEnglishAndRussian(FxRobot robot) throws Exception {
        for (String language : List.of("en", "ru")) {
            if (language.equals("ru")) {
                robot.interact(() -> window = window.switchLanguage("ru"));
                WaitForAsyncUtils.waitForFxEvents();
            }
            assertEquals(List.of(), runtimeSplits(robot), language + ", llama.cpp");
            robot.interact(() -> window.viewModel().runtime.engine.set(Engine.OLLAMA));
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(List.of(), runtimeSplits(robot), language + ", Ollama");
            robot.interact(() -> window.viewModel().runtime.engine.set(Engine.LLAMA_CPP));
            WaitForAsyncUtils.waitForFxEvents();
        }
    }
}
