package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.ollama.OllamaPlan;
import org.vramsheet.core.engine.ollama.OllamaSheet;
import org.vramsheet.core.engine.ollama.OllamaSheetPlan;
import org.vramsheet.core.input.Issues;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * RUNTIME, an Ollama sheet only: "Ollama's planner (its own estimate)" beside the sheet's per-device figures, the figures
 * Ollama's server log prints ({@code memory.required.full}, {@code memory.required.kv}, {@code memory.graph.full /
 * partial}, {@code layers.offload}, {@code memory.required.allocations} per GPU as {@code devices.gpuN.ollamaPlanBytes}),
 * from {@link OllamaSheetPlan}: Ollama's EstimateGPULayers (llm/memory.go) on a model derived from the sheet.
 */
final class OllamaPlanStep {
    static final String PREFIX = "Ollama's planner (its own estimate): ";
    static final List<FigureKey> KEYS = List.of(FigureKey.OLLAMA_PLAN_REQUIRED_FULL, FigureKey.OLLAMA_PLAN_KV,
            FigureKey.OLLAMA_PLAN_GRAPH_FULL, FigureKey.OLLAMA_PLAN_GRAPH_PARTIAL, FigureKey.OLLAMA_PLAN_LAYERS);

    private OllamaPlanStep() { }

    static void run(Calc c) {
        if (!Engines.of(c.ws.runtime().engine()).usesOllamaSettings()) {
            return;
        }
        String why = c.issues.blocking(DeviceStep.INPUTS);
        if (why == null) {
            why = c.missing(FigureKey.WEIGHTS_BYTES);
        }
        OllamaSheetPlan.Result r = why != null ? null
                : OllamaSheetPlan.plan(c.ws, c.get(FigureKey.WEIGHTS_BYTES).value(), WeightsStep.encoderBytes(c));
        if (r != null && !r.planned().ok()) {
            why = r.planned().problem();
        }
        if (why != null) {
            for (FigureKey k : KEYS) {
                c.put(Figure.unavailable(k, label(k), k == FigureKey.OLLAMA_PLAN_LAYERS ? Unit.COUNT : Unit.BYTES, why));
            }
            return;
        }
        put(c, r.planned().plan(), r.notes());
    }

    /**
     * The sheet as Ollama's runner is launched: num_gpu unset on a release whose planner decides, {@code -ngl} is the
     * planner's {@code layers.offload} (its weights from a first pass of WEIGHTS); otherwise, or when the planner cannot
     * run, {@code launched} as it is (every layer).
     */
    static Worksheet planned(Worksheet launched, Worksheet stored, Issues issues) {
        if (!Engines.of(launched.runtime().engine()).usesOllamaSettings() || !OllamaSheet.plannerPlacesLayers(launched)) {
            return launched;
        }
        Issues copy = new Issues();
        issues.all().forEach(i -> copy.add(i.field(), i.message()));
        Calc c = new Calc(launched, stored, StaleMeasurements.Stale.NONE, copy);
        WeightsStep.run(c);
        if (copy.blocking(DeviceStep.INPUTS) != null || c.missing(FigureKey.WEIGHTS_BYTES) != null) {
            return launched;
        }
        OllamaSheetPlan.Result r = OllamaSheetPlan.plan(launched, c.get(FigureKey.WEIGHTS_BYTES).value(), WeightsStep.encoderBytes(c));
        return r.planned().ok() ? OllamaSheet.withPlannedLayers(launched, r.planned().plan().layersOffload()) : launched;
    }

    private static void put(Calc c, OllamaPlan p, List<String> notes) {
        List<String> why = new ArrayList<>(notes);
        why.addAll(p.why());
        String formula = "EstimateGPULayers of Ollama (llm/memory.go), on the model derived from the sheet";
        long[] bytes = {p.requiredFull(), p.kv(), p.graphFull(), p.graphPartial()};
        for (int i = 0; i < bytes.length; i++) {
            FigureKey k = KEYS.get(i);
            c.put(Figure.of(k, label(k), Unit.BYTES, bytes[i], new Provenance(formula, Units.bytesText(bytes[i]), why)));
        }
        c.put(Figure.of(FigureKey.OLLAMA_PLAN_LAYERS, label(FigureKey.OLLAMA_PLAN_LAYERS), Unit.COUNT, p.layersOffload(),
                new Provenance(formula, p.layersOffload() + " / " + p.layersModel(), why)));
        for (int g = 0; g < p.allocations().size(); g++) {
            long a = p.allocations().get(g);
            c.put(Figure.of(FigureKey.device("gpu" + g, "ollamaPlanBytes"), "GPU " + g + ": " + "Ollama's planner", Unit.BYTES,
                    a, new Provenance("memory.required.allocations of " + formula, Units.bytesText(a), why)));
        }
    }

    static String label(FigureKey k) {
        if (k.equals(FigureKey.OLLAMA_PLAN_REQUIRED_FULL)) {
            return PREFIX + "memory.required.full";
        }
        if (k.equals(FigureKey.OLLAMA_PLAN_KV)) {
            return PREFIX + "memory.required.kv";
        }
        if (k.equals(FigureKey.OLLAMA_PLAN_GRAPH_FULL)) {
            return PREFIX + "memory.graph.full";
        }
        if (k.equals(FigureKey.OLLAMA_PLAN_GRAPH_PARTIAL)) {
            return PREFIX + "memory.graph.partial";
        }
        return PREFIX + "layers.offload";
    }
}
