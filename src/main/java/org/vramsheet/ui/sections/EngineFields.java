package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;
import javafx.scene.layout.GridPane;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.sheet.Engine;

/**
 * RUNTIME's fields per engine (issue 28): a grid shows only the fields the sheet's engine has, laid out again without gaps
 * when the engine changes. vLLM's profile terms (activation peak, non-torch memory, CUDA graphs, fragmentation, batched
 * tokens) are not on a sheet whose engine places memory per device (llama.cpp, Ollama: their buffers are in RUNTIME's
 * per-device table), the memory fraction only on an engine that takes one, vLLM's --kv-cache-memory only on vLLM, and
 * Ollama, whose runner's context and slots follow from its own settings, shows no max model length or max sequences.
 */
final class EngineFields {
    private static final String SHOWN = "vramsheet.shownFor";

    /** The engine's memory profile (vLLM's, SGLang's, TensorRT-LLM's): not an engine that places memory per device. */
    static final Predicate<EngineModule> PROFILE = e -> !e.placesPerDevice();
    /** A fraction of GPU memory the engine reserves (gpu-memory-utilization, mem_fraction_static, ...). */
    static final Predicate<EngineModule> FRACTION = EngineModule::usesFraction;
    /** vLLM's --kv-cache-memory. */
    static final Predicate<EngineModule> KV_CACHE_MEMORY = EngineModule::takesKvCacheMemory;
    /** Max model length, max sequences and the block size (llama.cpp's padding of n_ctx): not Ollama's (its settings give them). */
    static final Predicate<EngineModule> LAUNCH = e -> !e.usesOllamaSettings();

    private EngineFields() { }

    /** The node, shown in a {@link #fill} grid only while the sheet's engine passes the test. */
    static <N extends Node> N when(N node, Predicate<EngineModule> test) {
        node.getProperties().put(SHOWN, test);
        return node;
    }

    /** Whether the node is shown for the engine (a node without a test is shown for every engine). */
    @SuppressWarnings("unchecked")
    static boolean shown(Node node, Engine engine) {
        Object t = node.getProperties().get(SHOWN);
        return !(t instanceof Predicate<?> p) || ((Predicate<EngineModule>) p).test(Engines.of(engine));
    }

    /** A grid of the nodes the engine has, filled left to right ({@link FormGrid}); filled again when the engine changes. */
    static GridPane fill(GridPane g, int columns, ObjectProperty<Engine> engine, Node... nodes) {
        Runnable layout = () -> {
            g.getChildren().clear();
            g.getColumnConstraints().clear();
            List<Node> shown = new ArrayList<>();
            for (Node n : nodes) {
                if (shown(n, engine.get())) {
                    shown.add(n);
                }
            }
            FormGrid.fill(g, columns, shown.toArray(Node[]::new));
        };
        layout.run();
        engine.addListener((o, a, b) -> layout.run());
        return g;
    }
}
