package org.vramsheet.ui.sections;

import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.ui.model.RuntimeViewModel;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * RUNTIME › Expert parallel (issue 30 point 4): expert parallel and the attention data-parallel ranks of a mixture of
 * experts, then the figures the core computed for them (EP, experts and their bytes per GPU, the attention weights each
 * rank holds, the engine's capacity over all ranks).
 */
final class ExpertParts {
    private static final int COLUMNS = 4;

    private ExpertParts() { }

    static Node of(Views v, SheetViewModel vm) {
        RuntimeViewModel r = vm.runtime;
        // two columns: in one, "--enable-expert-parallel" is wider than the column and was split inside the flag (1280x800)
        GridPane fields = FormGrid.fill(v.grid(), COLUMNS, FormGrid.wide(v.check(Views.id("runtime.expert.enabled"),
                "Expert parallel (vLLM --enable-expert-parallel, SGLang --ep-size)", r.expertParallel), 2),
                RuntimeParts.withDefault(v, v.number(r.attentionDp), "1"));
        GridPane results = FormGrid.fill(v.grid(), COLUMNS, v.result(FigureKey.PLACEMENT_EXPERT_PARALLEL_SIZE),
                v.result(FigureKey.PLACEMENT_EXPERTS_PER_GPU), v.result(FigureKey.PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU),
                v.result(FigureKey.PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU), v.result(FigureKey.PLACEMENT_ENGINE_CAPACITY_TOKENS),
                v.result(FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY));
        VBox box = new VBox(6, RuntimeParts.title(v, "Expert parallel and data-parallel attention (mixture of experts: each "
                + "attention rank holds only its own sequences' KV)"), fields, results);
        box.setId("runtime-expert");
        // a dense model has no experts to place: the part shows once WEIGHTS › Routed experts (MoE) is set, or a layout is
        var moe = Bindings.createBooleanBinding(() -> !vm.weights.experts.textProperty().get().isBlank()
                || r.expertParallel.get() || !r.attentionDp.textProperty().get().isBlank(), vm.weights.experts.textProperty(),
                r.expertParallel, r.attentionDp.textProperty());
        box.visibleProperty().bind(moe);
        box.managedProperty().bind(moe);
        return box;
    }
}
