package org.vramsheet.ui.model;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.TtftPercentile;

/** RESULT inputs: headroom, the sizing scenario, the context the slider sets, the latency targets and the GPU price. */
public final class ResultViewModel extends SectionViewModel {
    public final NumberInput headroom = number("result.headroomBytes", NumberInput.Kind.BYTES, "GiB");
    public final ObjectProperty<ScenarioId> sizingScenario = watch(new SimpleObjectProperty<>(ScenarioId.LIMIT));
    public final NumberInput contextLength = number("result.contextLength", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput targetSequences = number("result.targetSequences", NumberInput.Kind.COUNT, "sequences");
    public final NumberInput targetTtft = number("result.sla.ttftMs", NumberInput.Kind.DECIMAL, "");
    public final ObjectProperty<TtftPercentile> ttftPercentile = watch(new SimpleObjectProperty<>(TtftPercentile.P95));
    public final NumberInput targetItl = number("result.sla.itlMs", NumberInput.Kind.DECIMAL, "");
    public final NumberInput targetTokensPerUser = number("result.sla.tokensPerSecondPerUser", NumberInput.Kind.DECIMAL,
            "");
    public final NumberInput price = number("result.pricePerGpuHour", NumberInput.Kind.DECIMAL, ""); // (its label says it)
    /** Whether the loaded sheet stored targets (kept as stored when none is typed). */
    private SlaTargets loadedSla;

    public void load(ResultSettings r) {
        headroom.load(r.headroomBytes());
        sizingScenario.set(r.sizingScenario());
        contextLength.load(r.contextLength());
        targetSequences.load(r.targetSequences());
        SlaTargets t = r.targets();
        loadedSla = r.sla();
        targetTtft.load(t.ttftMs());
        ttftPercentile.set(t.ttftPercentile());
        targetItl.load(t.itlMs());
        targetTokensPerUser.load(t.tokensPerSecondPerUser());
        price.load(r.pricePerGpuHour());
    }

    public ResultSettings snapshot() {
        SlaTargets t = new SlaTargets(targetTtft.doubleValue(), ttftPercentile.get(), targetItl.doubleValue(),
                targetTokensPerUser.doubleValue());
        SlaTargets sla = t.equals(loadedSla) || t.any() || t.ttftPercentile() != TtftPercentile.P95 ? t : null;
        return new ResultSettings(headroom.longValue(), sizingScenario.get(), contextLength.longValue(),
                targetSequences.longValue(), sla, price.doubleValue());
    }
}
