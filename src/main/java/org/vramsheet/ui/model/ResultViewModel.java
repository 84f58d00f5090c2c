package org.vramsheet.ui.model;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.ScenarioId;

/** RESULT inputs: headroom, the sizing scenario, and the context the slider sets. */
public final class ResultViewModel extends SectionViewModel {
    public final NumberInput headroom = number("result.headroomBytes", NumberInput.Kind.BYTES, "GiB");
    public final ObjectProperty<ScenarioId> sizingScenario = watch(new SimpleObjectProperty<>(ScenarioId.LIMIT));
    public final NumberInput contextLength = number("result.contextLength", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput targetSequences = number("result.targetSequences", NumberInput.Kind.COUNT, "sequences");

    public void load(ResultSettings r) {
        headroom.load(r.headroomBytes());
        sizingScenario.set(r.sizingScenario());
        contextLength.load(r.contextLength());
        targetSequences.load(r.targetSequences());
    }

    public ResultSettings snapshot() {
        return new ResultSettings(headroom.longValue(), sizingScenario.get(), contextLength.longValue(),
                targetSequences.longValue());
    }
}
