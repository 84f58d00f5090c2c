package org.vramsheet.core.placement;

import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.ExpertSettings;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * SS-006 after SS-007: how to place one replica on GPUs and how many replicas to run. The smallest
 * number of GPUs of a type that holds each scenario (and its parallel layout), and a side-by-side
 * comparison of GPU choices with the cost per replica-hour.
 */
public final class Planner {
    /**
     * A parallel layout of one replica: TP x PP, and for a mixture of experts dp attention data-parallel ranks of it with
     * expert parallel (RUNTIME › Expert parallel), dp = 1 otherwise.
     */
    public record Layout(int tp, int pp, int dp) {
        /** A layout without attention data parallel. */
        public Layout(int tp, int pp) {
            this(tp, pp, 1);
        }

        public int gpus() { return tp * pp * dp; }

        @Override
        public String toString() { return "TP " + tp + " x PP " + pp + (dp > 1 ? " x DP " + dp + " EP" : ""); }
    }

    /** The smallest layout that holds a scenario, or null when none up to the limit does. */
    public record Fit(ScenarioId scenario, Layout layout, long maxConcurrency, String reason) { }

    /**
     * One GPU choice to compare: count GPUs per replica of a type, at a price per GPU-hour (null: unknown).
     *
     * @param gpu         the GPU's name (the catalog's): RESULT's typed price is this GPU's when it is the sheet's
     * @param priceSource where the price is from: "" when typed, else the catalog's example price label ("example
     *                    price, SOURCE, DATE, not a quote"); a typed price (the choice's or RESULT's) overrides it
     * @param performance the GPU's bandwidth, tensor rates and interconnect for the latency estimate; null: none
     */
    public record Option(String name, String gpu, int count, long totalBytes, Double pricePerGpuHour, String priceSource,
                         GpuSpeed performance, Long unifiedRamBytes) {
        public Option {
            priceSource = priceSource == null ? "" : priceSource;
            gpu = gpu == null ? name : gpu;
        }

        /** A choice without performance data, at a typed price (or none). */
        public Option(String name, int count, long totalBytes, Double pricePerGpuHour) {
            this(name, name, count, totalBytes, pricePerGpuHour, "", null, null);
        }
    }

    /** Which limit sets a row's concurrency: memory alone (no latency target set), or the smaller of the two. */
    public enum Binds {
        MEMORY("memory"), LATENCY("latency"), MEMORY_ONLY("memory, no latency target"), NONE("-");

        private final String label;

        Binds(String label) { this.label = label; }

        public String label() { return label; }
    }

    /**
     * How a choice does.
     *
     * @param gpuLayersThatFit for an engine that places layers per GPU (llama.cpp), the largest -ngl whose fullest GPU
     *                         fits ("how many layers fit on this card"); null for the others or when none does
     * @param maxConcurrency   the memory limit: the KV pool's maximum concurrency at RESULT's context
     * @param perf             the latency and cost side: the binding limit, the price and the costs
     */
    public record Row(Option option, Layout layout, boolean fits, boolean poolHoldsSizing, Long budgetPerGpu,
                      Long kvPoolPerGpu, Long maxConcurrency, Double costPerReplicaHour, Long replicasForTarget, String note,
                      Long marginBytes, Long gpuLayersThatFit, Perf perf) {
        /** The concurrency the row is ranked by: memory and every latency target (memory alone without targets). */
        public Long bindingConcurrency() { return perf.binding(); }

        /** Whether the row holds the sizing scenario and meets every latency target with at least one sequence. */
        public boolean meetsAll() { return fits && perf.binding() != null && perf.binding() > 0; }

        Row withCheapest(String why) {
            return new Row(option, layout, fits, poolHoldsSizing, budgetPerGpu, kvPoolPerGpu, maxConcurrency,
                    costPerReplicaHour, replicasForTarget, note, marginBytes, gpuLayersThatFit, perf.withCheapest(why));
        }
    }

    /**
     * A row's latency and cost figures (issue 29 / 31).
     *
     * @param latencyMaxConcurrency the largest concurrency meeting RESULT's latency targets; null: no target or no estimate
     * @param binding               max concurrency meeting memory and the targets (memory alone without targets)
     * @param binds                 which limit sets {@code binding}
     * @param bindsWhy              the comparison, e.g. "latency 23 < memory 60", or why there is none
     * @param target                the concurrent sequences the fleet must hold: RESULT's target, else the sizing
     *                              scenario's; null when neither is known
     * @param pricePerGpuHour       the price used (typed, or the catalog's example); null: none
     * @param priceSource           "typed" or the example price's label; why there is no price when none
     * @param fleetCostPerHour      replicas for the target x cost per replica-hour; null when unknown
     * @param costPerMillionOutput  cost per million output tokens at the sizing scenario's estimated throughput
     * @param costWhy               why a cost is unavailable ("" when every cost is there)
     * @param cheapest              "" or why this row is the cheapest option that meets every target
     */
    public record Perf(Long latencyMaxConcurrency, Long binding, Binds binds, String bindsWhy, Long target,
                       Double pricePerGpuHour, String priceSource, Double fleetCostPerHour, Double costPerMillionOutput,
                       String costWhy, String cheapest) {
        public boolean isCheapest() { return !cheapest.isEmpty(); }

        Perf withCheapest(String why) {
            return new Perf(latencyMaxConcurrency, binding, binds, bindsWhy, target, pricePerGpuHour, priceSource,
                    fleetCostPerHour, costPerMillionOutput, costWhy, why);
        }
    }

    private Planner() { }

    /**
     * Layouts of n GPUs the model allows: TP divides the attention heads and fits the KV heads; PP at most the layers. An
     * engine that places whole layers per GPU (llama.cpp's --split-mode layer) has one: PP n.
     */
    public static List<Layout> layouts(Worksheet ws, int n) {
        List<Layout> out = new ArrayList<>(plain(ws, n));
        if (!ExpertLayouts.experts(ws)) {
            return out;
        }
        // a mixture of experts on vLLM / SGLang: dp attention ranks of TP x PP sharing the experts (issue 30 point 4)
        for (int dp = 2; dp <= n; dp++) {
            if (n % dp == 0) {
                for (Layout l : plain(ws, n / dp)) {
                    out.add(new Layout(l.tp(), l.pp(), dp));
                }
            }
        }
        return out;
    }


    /** Layouts of n GPUs without attention data parallel. */
    private static List<Layout> plain(Worksheet ws, int n) {
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
     * The GPU keeps its performance figures: the choice's, else the sheet's own when it is the sheet's GPU.
     */
    static Worksheet placed(Worksheet ws, Layout l, long gpuBytes, String name, GpuSpeed performance) {
        return placed(ws, l, gpuBytes, name, performance, null);
    }

    /** As above, on unified memory when {@code unifiedRamBytes} is set (an Apple silicon Mac: its RAM). */
    static Worksheet placed(Worksheet ws, Layout l, long gpuBytes, String name, GpuSpeed performance, Long unifiedRamBytes) {
        ws = StaleMeasurements.recorded(ws, ws.validation().setup() == null ? "" : ws.validation().setup().date());
        GpuSpeed speed = performance != null ? performance : name.equals(ws.gpu().name()) ? ws.gpu().performance() : null;
        ExpertSettings e = l.dp() > 1 ? new ExpertSettings(true, l.dp()) : new ExpertSettings(ws.runtime().expert().enabled(),
                null);
        return ws.withRuntime(ws.runtime().withParallel(l.tp(), l.pp(), ws.runtime().dataParallel()).toBuilder().expert(e)
                        .build()).withGpu(new Gpu(name, l.gpus(), gpuBytes, speed, unifiedRamBytes,
                        unifiedRamBytes != null && name.equals(ws.gpu().name()) ? ws.gpu().wiredLimitMb() : null));
    }

    /** The sheet on a choice: its GPU, count and the first layout the model allows (the sheet itself if none). */
    public static Worksheet placedOn(Worksheet ws, Option o) {
        List<Layout> ls = layouts(ws, o.count());
        return ls.isEmpty() ? ws : placed(ws, ls.get(0), o.totalBytes(), o.gpu(), o.performance(), o.unifiedRamBytes());
    }

    /** The sheet on a compared row: its GPU, count and the layout the row chose (the first allowed if it has none). */
    public static Worksheet placedOn(Worksheet ws, Row row) {
        Option o = row.option();
        return row.layout() == null ? placedOn(ws, o) : placed(ws, row.layout(), o.totalBytes(), o.gpu(), o.performance());
    }


    /** For each scenario, the fewest GPUs of the sheet's type (up to maxGpus) that hold it, preferring TP. */
    public static List<Fit> recommend(Worksheet ws, int maxGpus) {
        List<Fit> out = new ArrayList<>();
        Long gpu = ws.gpu().totalBytes();
        for (ScenarioId id : ScenarioId.values()) {
            Fit fit = null;
            for (int n = 1; n <= maxGpus && fit == null && gpu != null; n++) {
                for (Layout l : layouts(ws, n)) {
                    SizingResult r = SizingCalculator.calculate(placed(ws, l, gpu, ws.gpu().name(), ws.gpu().performance(),
                            ws.gpu().unifiedRamBytes()));
                    Figure f = r.get(FigureKey.scenario(id, ScenarioFigure.FITS));
                    if (f.isTrue() && r.get(FigureKey.POOL_KV_POOL_BYTES).available() && r.get(FigureKey.POOL_KV_POOL_BYTES).value() > 0) {
                        Figure c = ExpertLayouts.concurrency(r);
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

    /**
     * The same sheet on several GPU choices: fits, memory per GPU, the memory limit and the latency limit at RESULT's
     * context and which one binds, the cost per replica-hour, per fleet-hour for the target and per million output
     * tokens; the cheapest option that meets every target is marked. In the order of the choices (see {@link #ranked}).
     */
    public static List<Row> compare(Worksheet ws, List<Option> options) {
        List<Row> out = new ArrayList<>();
        for (Option o : options) {
            List<Layout> ls = layouts(ws, o.count());
            Price price = price(ws, o);
            if (ls.isEmpty()) {
                String why = "no valid layout of " + o.count() + " GPUs for this model's heads and layers";
                out.add(new Row(o, null, false, false, null, null, null, price.perGpuHour() == null ? null
                        : price.perGpuHour() * o.count(), null, why, null, null, new Perf(null, null, Binds.NONE, why,
                        null, price.perGpuHour(), price.source(), null, null, why, "")));
                continue;
            }
            Layout l = null;
            Worksheet placed = null;
            SizingResult r = null;
            for (Layout c : ExpertLayouts.candidates(ws, ls)) {
                Worksheet p = placed(ws, c, o.totalBytes(), o.gpu(), o.performance(), o.unifiedRamBytes());
                p = p.withResult(p.result().withPricePerGpuHour(price.perGpuHour()));
                SizingResult cr = SizingCalculator.calculate(p);
                if (r == null || ExpertLayouts.better(cr, r, ws.result().sizingScenario())) {
                    l = c;
                    placed = p;
                    r = cr;
                }
            }
            Figure budget = r.get(FigureKey.RESULT_BUDGET_BYTES);
            Figure pool = r.get(FigureKey.POOL_KV_POOL_BYTES);
            Figure conc = ExpertLayouts.concurrency(r);
            Figure fits = r.get(FigureKey.RESULT_FITS);
            Figure sizing = r.get(FigureKey.scenario(ws.result().sizingScenario(), ScenarioFigure.FITS));
            Figure margin = r.get(FigureKey.RESULT_MARGIN_BYTES);
            Figure ngl = r.get(FigureKey.DEVICES_MAX_GPU_LAYERS);
            Perf perf = perf(placed, r, price);
            Long binding = perf.binding();
            Long replicas = perf.target() != null && binding != null && binding > 0
                    ? (perf.target() + binding - 1) / binding : null;
            long rankGpus = (long) l.tp() * l.pp(); // the budget is one attention rank's
            out.add(new Row(o, l, fits.isTrue(), sizing.isTrue(), budget.available()
                    ? (budget.value() + rankGpus - 1) / rankGpus : null, pool.available() ? pool.value() : null,
                    conc.available() ? conc.value() : null, price.perGpuHour() == null ? null
                    : price.perGpuHour() * o.count(), replicas, r.valid() ? "" : r.issues().get(0).text(),
                    margin.available() ? margin.value() : null, ngl.available() ? ngl.value() : null, perf));
        }
        return markCheapest(out);
    }


    /** The price a choice is costed at and where it is from. */
    record Price(Double perGpuHour, String source) { }

    /**
     * The choice's typed price; else RESULT's typed price when the choice is the sheet's GPU; else the catalog's example
     * price (labelled); else none, saying so.
     */
    static Price price(Worksheet ws, Option o) {
        if (o.pricePerGpuHour() != null && o.priceSource().isEmpty()) {
            return new Price(o.pricePerGpuHour(), "typed");
        }
        Double typed = ws.result().pricePerGpuHour();
        if (typed != null && typed > 0 && o.gpu().equals(ws.gpu().name())) {
            return new Price(typed, "typed in RESULT (the sheet's GPU)");
        }
        if (o.pricePerGpuHour() != null) {
            return new Price(o.pricePerGpuHour(), o.priceSource());
        }
        return new Price(null, "no price for this GPU: the catalog has no example price (type one in RESULT or as "
                + "COUNTxGPU@PRICE)");
    }

    /** The row's binding limit and costs, from the placed sheet's own SLA and cost figures. */
    private static Perf perf(Worksheet placed, SizingResult r, Price price) {
        Figure mem = ExpertLayouts.concurrency(r);
        long ranks = placed.runtime().expert().ranks(); // the latency estimate is one attention rank's
        Figure lat = r.get(FigureKey.SLA_LATENCY_MAX_CONCURRENCY);
        Figure both = r.get(FigureKey.SLA_MAX_CONCURRENCY);
        Figure latBinds = r.get(FigureKey.SLA_LATENCY_BINDS);
        boolean targets = placed.result().targets().any();
        Long binding;
        Binds binds;
        String why;
        if (!mem.available()) {
            binding = null;
            binds = Binds.NONE;
            why = mem.reason();
        } else if (!targets) {
            binding = mem.value();
            binds = Binds.MEMORY_ONLY;
            why = "memory " + Units.grouped(mem.value()) + " (RESULT has no latency target)";
        } else if (both.available()) {
            binding = Math.multiplyExact(both.value(), ranks);
            binds = latBinds.isTrue() ? Binds.LATENCY : Binds.MEMORY;
            why = latBinds.provenance().expression();
        } else {
            binding = null;
            binds = Binds.NONE;
            why = both.reason();
        }
        Long target = placed.result().targetSequences();
        if (target == null) {
            Figure s = r.get(FigureKey.scenario(placed.result().sizingScenario(), ScenarioFigure.SEQUENCES));
            target = s != null && s.available() ? s.value() : null;
        }
        Figure replicaHour = r.get(FigureKey.COST_REPLICA_HOUR);
        Figure perMillion = r.get(FigureKey.costPerMillion(placed.result().sizingScenario()));
        Double fleet = null;
        String costWhy = "";
        if (price.perGpuHour() == null) {
            costWhy = price.source();
        } else if (!replicaHour.available()) {
            costWhy = replicaHour.reason();
        } else if (target == null || binding == null || binding < 1) {
            costWhy = binding != null && binding < 1 ? "not even one sequence meets every target on this choice"
                    : target == null ? "no target (RESULT › Target concurrent sequences, or the sizing scenario's)" : why;
        } else {
            fleet = replicaHour.ratio() * ((target + binding - 1) / binding);
        }
        if (costWhy.isEmpty() && !perMillion.available()) {
            costWhy = perMillion.reason();
        }
        return new Perf(lat.available() ? Math.multiplyExact(lat.value(), ranks) : null, binding, binds, why, target,
                price.perGpuHour(),
                price.source(), fleet, perMillion.available() ? perMillion.ratio() : null, costWhy, "");
    }

    /**
     * Marks the cheapest option that meets every target: it holds the sizing scenario, at least one sequence meets the
     * latency targets, and it has a price; the lowest fleet cost per hour for the target (fewer GPUs on a tie).
     */
    static List<Row> markCheapest(List<Row> rows) {
        Row best = null;
        for (Row r : rows) {
            if (r.meetsAll() && r.perf().fleetCostPerHour() != null && (best == null
                    || r.perf().fleetCostPerHour() < best.perf().fleetCostPerHour()
                    || r.perf().fleetCostPerHour().equals(best.perf().fleetCostPerHour())
                    && r.option().count() * r.replicasForTarget() < best.option().count() * best.replicasForTarget())) {
                best = r;
            }
        }
        if (best == null) {
            return rows;
        }
        List<Row> out = new ArrayList<>();
        long replicas = best.replicasForTarget();
        String why = "cheapest that meets every target: " + replicas + " replica(s) of " + best.option().count()
                + " GPU(s) hold " + Units.grouped(best.perf().target()) + " sequences for " + Units.fixed2(best.perf()
                .fleetCostPerHour()) + " per hour, " + Units.grouped(best.bindingConcurrency()) + " per replica ("
                + best.perf().binds().label() + " binds)";
        for (Row r : rows) {
            out.add(r == best ? r.withCheapest(why) : r);
        }
        return out;
    }

    /**
     * The rows ranked by the binding limit: those that hold the sizing scenario and meet every target first, by the
     * concurrency meeting memory and the targets (highest first), then the cheaper fleet; the rest after, in order.
     */
    public static List<Row> ranked(List<Row> rows) {
        Comparator<Row> byBinding = Comparator.comparing((Row r) -> !r.meetsAll())
                .thenComparing(r -> r.bindingConcurrency() == null ? Long.MIN_VALUE : -r.bindingConcurrency())
                .thenComparing(r -> r.perf().fleetCostPerHour() == null ? Double.MAX_VALUE : r.perf().fleetCostPerHour());
        return rows.stream().sorted(byBinding).toList();
    }
}
