package org.vramsheet.core.calc;

import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.Units;

/**
 * RESULT › Cost (issue 29): RESULT's price per GPU-hour times the replica's GPUs, times the replicas RESULT's target needs,
 * and per million output tokens at each scenario's estimated throughput. In the currency the price was typed in.
 */
final class CostStep {
    private CostStep() { }

    static void run(Calc c) {
        Double price = c.ws.result().pricePerGpuHour();
        String why = price == null ? "RESULT has no price per GPU-hour" : c.issues.blocking("result.pricePerGpuHour");
        if (why != null) {
            c.put(Figure.unavailable(FigureKey.COST_PRICE_PER_GPU_HOUR, "Price per GPU-hour", Unit.MONEY, why));
        } else {
            c.put(Figure.real(FigureKey.COST_PRICE_PER_GPU_HOUR, "Price per GPU-hour", Unit.MONEY, price, Provenance.of(
                    "as typed in RESULT", PerfEstimator.n(price) + " per GPU-hour",
                    "a price you typed, in its own currency; not a quote")));
        }
        c.compute(FigureKey.COST_REPLICA_HOUR, "Cost per replica-hour", Unit.MONEY, Calc.f(),
                Calc.n(FigureKey.COST_PRICE_PER_GPU_HOUR, FigureKey.PLACEMENT_GPUS_PER_REPLICA), () -> {
                    double p = c.get(FigureKey.COST_PRICE_PER_GPU_HOUR).ratio();
                    long g = c.get(FigureKey.PLACEMENT_GPUS_PER_REPLICA).value();
                    return Figure.real(FigureKey.COST_REPLICA_HOUR, "Cost per replica-hour", Unit.MONEY, p * g,
                            Provenance.of("price per GPU-hour x GPUs per replica", PerfEstimator.n(p) + " x " + g + " = "
                                    + Units.fixed2(p * g)));
                });
        c.compute(FigureKey.COST_FLEET_HOUR, "Cost per fleet-hour (target)", Unit.MONEY, Calc.f(),
                Calc.n(FigureKey.COST_REPLICA_HOUR, FigureKey.PLACEMENT_REPLICAS_FOR_TARGET), () -> {
                    double r = c.get(FigureKey.COST_REPLICA_HOUR).ratio();
                    long n = c.get(FigureKey.PLACEMENT_REPLICAS_FOR_TARGET).value();
                    return Figure.real(FigureKey.COST_FLEET_HOUR, "Cost per fleet-hour (target)", Unit.MONEY, r * n,
                            Provenance.of("cost per replica-hour x replicas for the target concurrency", Units.fixed2(r)
                                    + " x " + n + " = " + Units.fixed2(r * n)));
                });
        for (ScenarioId id : ScenarioId.values()) {
            perMillion(c, id);
        }
    }

    private static void perMillion(Calc c, ScenarioId id) {
        FigureKey key = FigureKey.costPerMillion(id);
        String label = id.label() + ": cost per million output tokens";
        FigureKey tps = FigureKey.performance(id, LatencyFigure.THROUGHPUT);
        c.compute(key, label, Unit.MONEY, Calc.f(), Calc.n(FigureKey.COST_REPLICA_HOUR, tps), () -> {
            double r = c.get(FigureKey.COST_REPLICA_HOUR).ratio();
            double t = c.get(tps).ratio();
            double v = r / (t * 3600) * 1e6;
            return Figure.real(key, label, Unit.MONEY, v, Provenance.of(
                    "cost per replica-hour / (output tokens/s per replica x 3600) x 10^6",
                    Units.fixed2(r) + " / (" + PerfEstimator.n(t) + " x 3600) x 10^6 = " + Units.fixed2(v),
                    "the replica kept busy at the scenario's concurrency; input tokens are not priced separately"));
        });
    }
}
