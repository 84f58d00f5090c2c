package org.vramsheet.ui.sections;

import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.ui.model.OllamaRunnerText;
import org.vramsheet.ui.model.RuntimeViewModel;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * RUNTIME › Ollama settings, shown while the engine is Ollama: num_ctx, OLLAMA_CONTEXT_LENGTH, OLLAMA_NUM_PARALLEL,
 * OLLAMA_KV_CACHE_TYPE, OLLAMA_FLASH_ATTENTION, num_gpu (empty: the release's default, RUNTIME › Version), and the runner
 * they give, each value with the rule that gave it ({@link OllamaRunnerText}).
 */
final class OllamaParts {
    /** Three, not RUNTIME's four: a column must hold OLLAMA_FLASH_ATTENTION whole (no label wraps inside a word). */
    private static final int COLUMNS = 3;

    private OllamaParts() { }

    static VBox settings(Views v, SheetViewModel vm) {
        RuntimeViewModel r = vm.runtime;
        String byRelease = v.t("the release's default");
        KvDtype[] types = {KvDtype.AUTO, KvDtype.FP16, KvDtype.Q8_0, KvDtype.Q4_0};
        GridPane fields = FormGrid.fill(v.grid(), COLUMNS, RuntimeParts.withDefault(v, v.number(r.numCtx), byRelease),
                RuntimeParts.withDefault(v, v.number(r.contextLength), byRelease),
                RuntimeParts.withDefault(v, v.number(r.numParallel), byRelease),
                v.choice(Views.id("runtime.ollama.kvCacheType"), "OLLAMA_KV_CACHE_TYPE", r.ollamaKvType, types,
                        d -> d == KvDtype.AUTO ? "the release's default" : d == KvDtype.FP16 ? "f16" : d.label()),
                v.choice(Views.id("runtime.ollama.flashAttention"), "OLLAMA_FLASH_ATTENTION", r.ollamaFlash,
                        FlashAttention.values(), f -> switch (f) {
                            case AUTO -> "the release's default";
                            case ON -> "true";
                            case OFF -> "false";
                        }),
                RuntimeParts.withDefault(v, v.number(r.numGpu), byRelease),
                RuntimeParts.withDefault(v, v.number(r.gpuOverhead), v.t("unset: 0 B")));
        Label runner = new Label();
        runner.setId("runtime-ollama-runner");
        Views.wraps(runner);
        runner.textProperty().bind(Bindings.createStringBinding(() -> v.texts().lines(OllamaRunnerText.of(vm.computed().sheet())),
                vm.computedProperty()));
        VBox box = RuntimeParts.shownWhen(new VBox(6, RuntimeParts.title(v, "Ollama settings (empty: the release's default)"),
                fields, runner), r, e -> Engines.of(e).usesOllamaSettings());
        box.setId("runtime-ollama");
        return box;
    }
}
