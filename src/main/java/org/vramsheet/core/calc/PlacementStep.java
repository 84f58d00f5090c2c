package org.vramsheet.core.calc;

import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/** Placement of the fleet: GPUs per replica, replicas (data parallel), total GPUs and fleet concurrency. */
final class PlacementStep {
    private PlacementStep() { }

    static void run(Calc c) {
        RuntimeSettings r = c.ws.runtime();
        String asRun = r.pipelineParallel() == c.stored.runtime().pipelineParallel() ? null : r.engine().label()
                + " splits whole layers over all " + r.pipelineParallel() + " GPUs of the sheet: PP "
                + c.stored.runtime().pipelineParallel() + " is taken as PP " + r.pipelineParallel();
        int d = r.expert().ranks();
        if (d > 1) {
            attentionRanks(c, r, d);
            return;
        }
        c.compute(FigureKey.PLACEMENT_GPUS_PER_REPLICA, "GPUs per replica", Unit.GPUS,
                Calc.f("runtime.tensorParallel", "runtime.pipelineParallel"), Calc.n(),
                () -> Figure.of(FigureKey.PLACEMENT_GPUS_PER_REPLICA, "GPUs per replica", Unit.GPUS, r.ranks(),
                        asRun != null ? Provenance.of("TP x PP", r.tensorParallel() + " x " + r.pipelineParallel(), asRun)
                                : Provenance.of("TP x PP", r.tensorParallel() + " x " + r.pipelineParallel(),
                                "Each GPU holds its share of the weights and of the KV heads; CUDA graphs and framework "
                                        + "memory stay whole on every card")));
        c.compute(FigureKey.PLACEMENT_REPLICAS, "Replicas (data parallel)", Unit.REPLICAS, Calc.f("runtime.dataParallel"), Calc.n(),
                () -> Figure.of(FigureKey.PLACEMENT_REPLICAS, "Replicas (data parallel)", Unit.REPLICAS, r.dataParallel(),
                        Provenance.of("RUNTIME › Data parallel size", Integer.toString(r.dataParallel()),
                                "Every replica holds its own weights and KV pool")));
        c.compute(FigureKey.PLACEMENT_TOTAL_GPUS, "GPUs in the fleet", Unit.GPUS,
                Calc.f("runtime.tensorParallel", "runtime.pipelineParallel", "runtime.dataParallel"), Calc.n(),
                () -> Figure.of(FigureKey.PLACEMENT_TOTAL_GPUS, "GPUs in the fleet", Unit.GPUS, (long) r.ranks() * r.dataParallel(),
                        Provenance.of("TP x PP x DP", r.tensorParallel() + " x " + r.pipelineParallel() + " x "
                                + r.dataParallel())));
        c.compute(FigureKey.PLACEMENT_FLEET_CONCURRENCY, "Fleet max concurrency at this context", Unit.SEQUENCES,
                Calc.f("runtime.dataParallel"), Calc.n(FigureKey.POOL_MAX_CONCURRENCY), () -> {
                    long per = c.get(FigureKey.POOL_MAX_CONCURRENCY).value();
                    return Figure.of(FigureKey.PLACEMENT_FLEET_CONCURRENCY, "Fleet max concurrency at this context", Unit.SEQUENCES,
                            Math.multiplyExact(per, (long) r.dataParallel()), Provenance.of("replicas x max concurrency per replica",
                                    r.dataParallel() + " x " + Units.grouped(per), "Memory-side capacity, not a latency SLA"));
                });
        target(c, r, 1);
    }

    /**
     * With D attention data-parallel ranks (RUNTIME › Expert parallel) a replica is the engine: TP x PP x D GPUs, D pools
     * of the per-rank capacity the pool figures give.
     */
    private static void attentionRanks(Calc c, RuntimeSettings r, int d) {
        String[] in = Calc.f("runtime.tensorParallel", "runtime.pipelineParallel", "runtime.expert.dataParallel");
        long gpus = (long) r.ranks() * d;
        c.compute(FigureKey.PLACEMENT_GPUS_PER_REPLICA, "GPUs per replica", Unit.GPUS, in, Calc.n(),
                () -> Figure.of(FigureKey.PLACEMENT_GPUS_PER_REPLICA, "GPUs per replica", Unit.GPUS, gpus,
                        Provenance.of("TP x PP x attention DP", r.tensorParallel() + " x " + r.pipelineParallel() + " x " + d,
                                "One engine: " + d + " attention ranks of TP " + r.tensorParallel() + " sharing the experts")));
        c.compute(FigureKey.PLACEMENT_REPLICAS, "Replicas (data parallel)", Unit.REPLICAS, Calc.f("runtime.dataParallel"), Calc.n(),
                () -> Figure.of(FigureKey.PLACEMENT_REPLICAS, "Replicas (data parallel)", Unit.REPLICAS, r.dataParallel(),
                        Provenance.of("RUNTIME › Data parallel size", Integer.toString(r.dataParallel()),
                                "Independent engines, each of " + gpus + " GPUs")));
        c.compute(FigureKey.PLACEMENT_TOTAL_GPUS, "GPUs in the fleet", Unit.GPUS, Calc.f("runtime.tensorParallel",
                "runtime.pipelineParallel", "runtime.dataParallel", "runtime.expert.dataParallel"), Calc.n(),
                () -> Figure.of(FigureKey.PLACEMENT_TOTAL_GPUS, "GPUs in the fleet", Unit.GPUS, gpus * r.dataParallel(),
                        Provenance.of("TP x PP x attention DP x DP", r.tensorParallel() + " x " + r.pipelineParallel() + " x "
                                + d + " x " + r.dataParallel())));
        c.compute(FigureKey.PLACEMENT_FLEET_CONCURRENCY, "Fleet max concurrency at this context", Unit.SEQUENCES,
                Calc.f("runtime.dataParallel"), Calc.n(FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY), () -> {
                    long per = c.get(FigureKey.PLACEMENT_ENGINE_MAX_CONCURRENCY).value();
                    return Figure.of(FigureKey.PLACEMENT_FLEET_CONCURRENCY, "Fleet max concurrency at this context", Unit.SEQUENCES,
                            Math.multiplyExact(per, (long) r.dataParallel()), Provenance.of("replicas x max concurrency per "
                                    + "engine (attention ranks x per rank)", r.dataParallel() + " x " + Units.grouped(per),
                                    "Memory-side capacity, not a latency SLA"));
                });
        target(c, r, d);
    }

    private static void target(Calc c, RuntimeSettings r, int d) {
        Long target = c.ws.result().targetSequences();
        c.compute(FigureKey.PLACEMENT_REPLICAS_FOR_TARGET, "Replicas for the target concurrency", Unit.REPLICAS,
                Calc.f("result.targetSequences"), Calc.n(FigureKey.POOL_MAX_CONCURRENCY), () -> {
                    if (target == null) {
                        return Figure.unavailable(FigureKey.PLACEMENT_REPLICAS_FOR_TARGET, "Replicas for the target concurrency",
                                Unit.REPLICAS, "no target set (RESULT › Target concurrent sequences)");
                    }
                    long per = Math.multiplyExact(c.get(FigureKey.POOL_MAX_CONCURRENCY).value(), (long) d);
                    if (per == 0) {
                        return Figure.unavailable(FigureKey.PLACEMENT_REPLICAS_FOR_TARGET, "Replicas for the target concurrency",
                                Unit.REPLICAS, "a replica holds no sequence of this context length");
                    }
                    long n = (target + per - 1) / per;
                    return Figure.of(FigureKey.PLACEMENT_REPLICAS_FOR_TARGET, "Replicas for the target concurrency", Unit.REPLICAS, n,
                            Provenance.of("ceil(target / max concurrency per replica)", "ceil(" + Units.grouped(target) + " / "
                                    + Units.grouped(per) + ") = " + n + " replicas = " + Units.grouped(n * r.ranks() * d) + " GPUs",
                                    "Every sequence at the context length: a worst case"));
                });
    }
}
