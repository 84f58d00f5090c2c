package org.vramsheet.core.placement;

import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;

/**
 * SS-006 after SS-007: how to place one replica on GPUs and how many replicas to run. The smallest
 * number of GPUs of a type that holds each scenario (and its parallel layout), and a side-by-side
 * comparison of GPU choices with the cost per replica-hour.
 */
public final class Planner {
    /** A parallel layout of one replica. */
    public record Layout(int tp, int pp) {
        public int gpus() { return tp * pp; }

        @Override
        public String toString() { return "TP " + tp + " x PP " + pp; }
    }

    /** The smallest layout that holds a scenario, or null when none up to the limit does. */
    public record Fit(ScenarioId scenario, Layout layout, long maxConcurrency, String reason) { }

    /** One GPU choice to compare: count GPUs per replica of a type, at a price per GPU-hour (null: unknown). */
    public record Option(String name, int count, long totalBytes, Double pricePerGpuHour) { }

    /**
     * How a choice does.
     *
     * @param gpuLayersThatFit for an engine that places layers per GPU (llama.cpp), the largest -ngl whose fullest GPU
     *                         fits ("how many layers fit on this card"); null for the others or when none does
     */
    public record Row(Option option, Layout layout, boolean fits, boolean poolHoldsSizing, Long budgetPerGpu,
                      Long kvPoolPerGpu, Long maxConcurrency, Double costPerReplicaHour, Long replicasForTarget, String note,
                      Long marginBytes, Long gpuLayersThatFit) { }

    private Planner() { }

    /**
     * Layouts of n GPUs the model allows: TP divides the attention heads and fits the KV heads; PP at most the layers. An
     * engine that places whole layers per GPU (llama.cpp's --split-mode layer) has one: PP n.
     */
    public static List<Layout> layouts(Worksheet ws, int n) {
        List<Layout> out = new ArrayList<>();
        KvArchitecture k = ws.kv();
        if (Engines.of(ws.runtime().engine()).placesPerDevice()) {
            return k.layers() != null && n > k.layers() ? out : List.of(new Layout(1, n));
        }
        Integer heads = k.attentionHeads();
        Integer kvh = KvGeometry.kvHeads(k);
        for (int tp = n; tp >= 1; tp--) {
            if (n % tp != 0) {
                continue;
            }
            int pp = n / tp;
            if (heads != null && heads % tp != 0) {
                continue;
            }
            if (k.kind() != AttentionKind.MLA && kvh != null && kvh % tp != 0 && tp % kvh != 0) {
                continue;
            }
            if (k.layers() != null && pp > k.layers()) {
                continue;
            }
            out.add(new Layout(tp, pp));
        }
        return out;
    }

    /**
     * The sheet on another GPU and layout. Its measurements are bound to the sheet's own setup first (one without a
     * recorded setup is taken as of it): on another GPU they are stale, on another count of the same GPU carried over.
     */
    static Worksheet placed(Worksheet ws, Layout l, long gpuBytes, String name) {
        ws = StaleMeasurements.recorded(ws, ws.validation().setup() == null ? "" : ws.validation().setup().date());
        return ws.withRuntime(ws.runtime().withParallel(l.tp(), l.pp(), ws.runtime().dataParallel()))
                .withGpu(new Gpu(name, l.gpus(), gpuBytes));
    }

    /** The sheet on a choice: its GPU, count and the first layout the model allows (the sheet itself if none). */
    public static Worksheet placedOn(Worksheet ws, Option o) {
        List<Layout> ls = layouts(ws, o.count());
        return ls.isEmpty() ? ws : placed(ws, ls.get(0), o.totalBytes(), o.name());
    }

    /** For each scenario, the fewest GPUs of the sheet's type (up to maxGpus) that hold it, preferring TP. */
    public static List<Fit> recommend(Worksheet ws, int maxGpus) {
        List<Fit> out = new ArrayList<>();
        Long gpu = ws.gpu().totalBytes();
        for (ScenarioId id : ScenarioId.values()) {
            Fit fit = null;
            for (int n = 1; n <= maxGpus && fit == null && gpu != null; n++) {
                for (Layout l : layouts(ws, n)) {
                    SizingResult r = SizingCalculator.calculate(placed(ws, l, gpu, ws.gpu().name()));
                    Figure f = r.get(FigureKey.scenario(id, ScenarioFigure.FITS));
                    if (f.isTrue() && r.get(FigureKey.POOL_KV_POOL_BYTES).available() && r.get(FigureKey.POOL_KV_POOL_BYTES).value() > 0) {
                        Figure c = r.get(FigureKey.POOL_MAX_CONCURRENCY);
                        fit = new Fit(id, l, c.available() ? c.value() : 0, "");
                        break;
                    }
                }
            }
            out.add(fit != null ? fit : new Fit(id, null, 0, gpu == null ? "no GPU memory on the sheet"
                    : "does not fit on up to " + maxGpus + " GPUs of this type"));
        }
        return out;
    }

    /** The same sheet on several GPU choices: fits, memory per GPU, concurrency, cost per replica-hour. */
    public static List<Row> compare(Worksheet ws, List<Option> options) {
        List<Row> out = new ArrayList<>();
        Long target = ws.result().targetSequences();
        for (Option o : options) {
            List<Layout> ls = layouts(ws, o.count());
            if (ls.isEmpty()) {
                out.add(new Row(o, null, false, false, null, null, null, cost(o), null,
                        "no valid layout of " + o.count() + " GPUs for this model's heads and layers", null, null));
                continue;
            }
            Layout l = ls.get(0);
            SizingResult r = SizingCalculator.calculate(placed(ws, l, o.totalBytes(), o.name()));
            Figure budget = r.get(FigureKey.RESULT_BUDGET_BYTES);
            Figure pool = r.get(FigureKey.POOL_KV_POOL_BYTES);
            Figure conc = r.get(FigureKey.POOL_MAX_CONCURRENCY);
            Figure fits = r.get(FigureKey.RESULT_FITS);
            Figure sizing = r.get(FigureKey.scenario(ws.result().sizingScenario(), ScenarioFigure.FITS));
            Figure margin = r.get(FigureKey.RESULT_MARGIN_BYTES);
            Figure ngl = r.get(FigureKey.DEVICES_MAX_GPU_LAYERS);
            Long replicas = target != null && conc.available() && conc.value() > 0
                    ? (target + conc.value() - 1) / conc.value() : null;
            out.add(new Row(o, l, fits.isTrue(), sizing.isTrue(), budget.available()
                    ? (budget.value() + o.count() - 1) / o.count() : null, pool.available() ? pool.value() : null,
                    conc.available() ? conc.value() : null, cost(o), replicas, r.valid() ? "" : r.issues().get(0).text(),
                    margin.available() ? margin.value() : null, ngl.available() ? ngl.value() : null));
        }
        return out;
    }

    private static Double cost(Option o) {
        return o.pricePerGpuHour() == null ? null : o.pricePerGpuHour() * o.count();
    }
}
