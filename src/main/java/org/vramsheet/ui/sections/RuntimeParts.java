package org.vramsheet.ui.sections;

import java.util.Arrays;
import java.util.function.Predicate;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.SpeculativeMethod;
import org.vramsheet.ui.model.RuntimeViewModel;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * RUNTIME's parts beside its main grid: the CUDA-graph choice, the live-estimate button, and, shown while the engine runs
 * with llama.cpp's flags, those flags, Ollama's settings ({@link OllamaParts}) and the memory per device
 * ({@link DeviceTable}).
 */
final class RuntimeParts {
    private static final int COLUMNS = 4;

    private RuntimeParts() { }

    /**
     * RUNTIME's main grid: engine, version, cache, parallelism, the GPU, and only the fields the engine has
     * ({@link EngineFields}): no gpu-memory-utilization or CUDA graphs on a llama.cpp or Ollama sheet.
     */
    static GridPane fields(Views v, SheetViewModel vm, Node catalog) {
        RuntimeViewModel r = vm.runtime;
        return EngineFields.fill(v.grid(), COLUMNS, r.engine,
                v.choice("runtime-engine", "Inference engine", r.engine, Engine.values(), Engine::label),
                v.text("runtime-engineVersion", "Version", r.engineVersion),
                v.choice("runtime-cache", "Cache implementation", r.cache, CacheImplementation.values(),
                        CacheImplementation::label),
                EngineFields.when(v.number(r.maxModelLen), EngineFields.LAUNCH), v.number(r.tensorParallel),
                v.number(r.pipelineParallel), v.number(r.dataParallel), v.number(r.nodes),
                EngineFields.when(v.numberWithDefault(r.utilization, FigureKey.POOL_FRACTION), EngineFields.FRACTION),
                EngineFields.when(v.numberWithDefault(r.blockSize, FigureKey.POOL_BLOCK_SIZE), EngineFields.LAUNCH),
                EngineFields.when(v.number(r.maxNumBatchedTokens), EngineFields.PROFILE),
                EngineFields.when(v.number(r.maxNumSeqs), EngineFields.LAUNCH),
                EngineFields.when(v.numberWithEstimate(r.activationPeak, FigureKey.POOL_ACTIVATION_PEAK_BYTES), EngineFields.PROFILE),
                EngineFields.when(v.numberWithEstimate(r.nonTorch, FigureKey.POOL_NON_TORCH_BYTES), EngineFields.PROFILE),
                EngineFields.when(v.numberWithEstimate(r.cudaGraphs, FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES), EngineFields.PROFILE),
                EngineFields.when(v.number(r.fragmentation), EngineFields.PROFILE),
                EngineFields.when(graphsInPool(v, r), EngineFields.PROFILE),
                EngineFields.when(v.number(r.kvCacheMemory), EngineFields.KV_CACHE_MEMORY),
                EngineFields.when(v.check("runtime-prefixCaching", "Prefix caching", r.prefixCaching), EngineFields.PROFILE),
                EngineFields.when(estimateButton(v, vm), EngineFields.PROFILE), catalog,
                FormGrid.wide(v.text("gpu-name", "GPU", vm.gpu.name), 2), v.number(vm.gpu.count), v.number(vm.gpu.totalBytes),
                v.number(vm.gpu.unifiedRam), v.number(vm.gpu.wiredLimitMb));
    }

    /** RUNTIME's pool figures; the profile's parts and the fraction only for an engine that has them. */
    static GridPane results(Views v, RuntimeViewModel r) {
        return EngineFields.fill(v.grid(), COLUMNS, r.engine,
                EngineFields.when(v.result(FigureKey.POOL_ACTIVATION_PEAK_BYTES), EngineFields.PROFILE),
                EngineFields.when(v.result(FigureKey.POOL_NON_TORCH_BYTES), EngineFields.PROFILE),
                EngineFields.when(v.result(FigureKey.POOL_CUDA_GRAPH_ESTIMATE_BYTES), EngineFields.PROFILE),
                EngineFields.when(v.result(FigureKey.POOL_FRACTION), EngineFields.FRACTION),
                EngineFields.when(v.result(FigureKey.POOL_REQUESTED_BYTES), EngineFields.FRACTION),
                v.result(FigureKey.POOL_NON_KV_BYTES),
                EngineFields.when(v.result(FigureKey.POOL_CUDA_GRAPH_BYTES), EngineFields.PROFILE),
                v.result(FigureKey.POOL_KV_POOL_BYTES), v.result(FigureKey.POOL_BLOCK_SIZE), v.result(FigureKey.POOL_GPU_BLOCKS),
                v.result(FigureKey.POOL_CAPACITY_TOKENS));
    }

    static Node graphsInPool(Views v, RuntimeViewModel r) {
        return v.choice("runtime-graphsInPool", "CUDA graphs taken from pool", r.graphsInPool,
                RuntimeViewModel.GraphsInPool.values(), x -> switch (x) {
                    case YES -> "yes";
                    case NO -> "no";
                    default -> "engine default";
                });
    }

    static Node estimateButton(Views v, SheetViewModel vm) {
        Button b = v.editButton("estimate-nonkv", "Use live estimates", vm::estimateNonKv);
        b.setTooltip(new Tooltip(v.t("Clears the typed activation peak, non-torch memory and CUDA graphs: "
                + "they follow the estimate from the model's vocabulary, the batched tokens, the GPU, the engine and the "
                + "parallelism again (calibrated on real vLLM logs, docs/accuracy.md), or an applied engine log")));
        return new VBox(1, new Label(" "), b);
    }

    /** A number field whose empty text means the engine's default: the prompt shows it. */
    static VBox withDefault(Views v, VBox field, String prompt) {
        ((TextField) field.getChildren().get(1)).setPromptText(v.texts().value(prompt));
        return field;
    }

    /**
     * llama.cpp's flags (shown while the engine takes them), Ollama's settings (while the engine is Ollama) and the memory
     * per device (while the engine places it per device).
     */
    static Node llamaCpp(Views v, SheetViewModel vm) {
        RuntimeViewModel r = vm.runtime;
        Label title = title(v, "llama.cpp launch (empty: its default)");
        KvDtype[] vTypes = Arrays.stream(KvDtype.values()).filter(d -> d == KvDtype.AUTO || d.ggmlBlocks()
                || d == KvDtype.FP16 || d == KvDtype.BF16 || d == KvDtype.FP32).toArray(KvDtype[]::new);
        GridPane flags = FormGrid.fill(v.grid(), COLUMNS, withDefault(v, v.number(r.gpuLayers), "999"),
                v.text(Views.id("runtime.llamaCpp.tensorSplit"), "Tensor split (--tensor-split; one share per GPU)",
                        r.tensorSplit, "runtime.llamaCpp.tensorSplit"),
                v.choice(Views.id("runtime.llamaCpp.cacheTypeV"), "V cache type (-ctv)", r.cacheTypeV, vTypes,
                        d -> d == KvDtype.AUTO ? "as the K cache (-ctk)" : d.label()),
                v.choice(Views.id("runtime.llamaCpp.flashAttention"), "Flash attention (-fa)", r.flashAttention,
                        FlashAttention.values(), FlashAttention::label),
                withDefault(v, v.number(r.ubatch), "512"), withDefault(v, v.number(r.batch), "2,048"),
                v.check(Views.id("runtime.llamaCpp.kvUnified"), "Unified KV cache (--kv-unified)", r.kvUnified),
                v.check(Views.id("runtime.llamaCpp.noKvOffload"), "KV cache in host memory (--no-kv-offload)", r.noKvOffload));
        VBox llama = shownWhen(new VBox(6, title, flags), r, e -> Engines.of(e).usesLlamaCppFlags());
        llama.setId("runtime-llamaCpp");
        GridPane results = FormGrid.fill(v.grid(), COLUMNS, v.result(FigureKey.DEVICES_FITS),
                v.result(FigureKey.DEVICES_WORST_FREE_BYTES), v.result(FigureKey.DEVICES_HOST_BYTES),
                v.result(FigureKey.DEVICES_MAX_GPU_LAYERS));
        GridPane planner = FormGrid.fill(v.grid(), COLUMNS, v.result(FigureKey.OLLAMA_PLAN_REQUIRED_FULL),
                v.result(FigureKey.OLLAMA_PLAN_KV), v.result(FigureKey.OLLAMA_PLAN_GRAPH_FULL),
                v.result(FigureKey.OLLAMA_PLAN_GRAPH_PARTIAL), v.result(FigureKey.OLLAMA_PLAN_LAYERS));
        VBox ollamaPlan = shownWhen(new VBox(6, title(v, "Ollama's planner (its own estimate)"), planner), r,
                e -> Engines.of(e).usesOllamaSettings());
        ollamaPlan.setId("runtime-ollamaPlan");
        VBox devices = shownWhen(new VBox(6, new DeviceTable(v), results, ollamaPlan), r, e -> Engines.of(e).placesPerDevice());
        return new VBox(6, llama, OllamaParts.settings(v, vm), devices);
    }

    /**
     * RUNTIME › Speculative decoding: the method, K and the draft (import TARGET --draft DRAFT fills them), and the draft's
     * figures: its weights, its KV per token, what a token costs the pool, llama.cpp's own draft context, the verify width.
     */
    static Node speculative(Views v, SheetViewModel vm) {
        RuntimeViewModel r = vm.runtime;
        GridPane fields = FormGrid.fill(v.grid(), COLUMNS, v.choice(Views.id("runtime.speculative.method"),
                        "Speculative decoding", r.specMethod, SpeculativeMethod.values(), SpeculativeMethod::label),
                withDefault(v, v.number(r.specTokens), "1"),
                v.text(Views.id("runtime.speculative.draftModel"), "Draft model", r.draftModel, "runtime.speculative.draftModel"),
                v.number(r.draftWeights), v.number(r.draftLayers), v.number(r.draftKvHeads), v.number(r.draftHeadDim),
                withDefault(v, v.number(r.draftTp), v.t("as the target")));
        GridPane results = FormGrid.fill(v.grid(), COLUMNS, v.result(FigureKey.SPECULATIVE_DRAFT_WEIGHTS_BYTES),
                v.result(FigureKey.SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN), v.result(FigureKey.SPECULATIVE_POOL_BYTES_PER_TOKEN_PER_GPU),
                v.result(FigureKey.SPECULATIVE_DRAFT_CONTEXT_BYTES), v.result(FigureKey.SPECULATIVE_VERIFY_TOKENS));
        VBox box = new VBox(6, title(v, "Speculative decoding"), fields, results);
        box.setId("runtime-speculative");
        return box;
    }

    static Label title(Views v, String english) {
        Label title = new Label(v.t(english));
        title.getStyleClass().add(Style.SECTION_TITLE);
        Views.wraps(title);
        return title;
    }

    /** The box, shown (and laid out) only while the engine passes the test. */
    static VBox shownWhen(VBox box, RuntimeViewModel r, Predicate<Engine> test) {
        box.visibleProperty().bind(Bindings.createBooleanBinding(() -> test.test(r.engine.get()), r.engine));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
