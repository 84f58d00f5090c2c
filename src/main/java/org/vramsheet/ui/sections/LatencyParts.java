package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.LatencyFigure;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.TtftPercentile;
import org.vramsheet.ui.model.GpuViewModel;
import org.vramsheet.ui.model.ResultViewModel;
import org.vramsheet.ui.model.RuntimeViewModel;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * The latency estimate's parts of the form (issue 29): under RUNTIME, GPU › Performance (filled by the catalog, typed for
 * a custom GPU), the utilizations (empty: calibrated) and each scenario's TTFT, ITL and output tokens/s; under RESULT,
 * the SLA targets and the price per GPU-hour with the SLA verdict and the costs. Every sheet has these figures.
 */
final class LatencyParts {
    private static final int COLUMNS = 4;
    private static final LatencyFigure[] SHOWN = {LatencyFigure.TTFT, LatencyFigure.TTFT_P95, LatencyFigure.ITL,
        LatencyFigure.THROUGHPUT};

    private LatencyParts() { }

    static Node runtime(Views v, SheetViewModel vm) {
        GpuViewModel g = vm.gpu;
        RuntimeViewModel r = vm.runtime;
        GridPane inputs = FormGrid.fill(v.grid(), COLUMNS, v.number(g.bandwidth), v.number(g.bf16), v.number(g.fp8),
                v.number(g.fp4), v.number(g.link), v.number(r.memoryBandwidthUtilization), v.number(r.computeUtilization),
                v.number(r.allReduceLatency), v.number(r.prefillOverhead), v.number(r.stepOverhead),
                v.number(r.prefillAllReduceLatency));
        List<Node> figures = new ArrayList<>();
        for (ScenarioId id : ScenarioId.values()) {
            for (LatencyFigure f : SHOWN) {
                figures.add(v.result(FigureKey.performance(id, f)));
            }
        }
        GridPane results = FormGrid.fill(v.grid(), COLUMNS, figures.toArray(Node[]::new));
        VBox box = new VBox(6, RuntimeParts.title(v, "Latency estimate (before launch; GPU performance and utilizations)"),
                inputs, results);
        box.setId("runtime-latency");
        return box;
    }

    static Node result(Views v, SheetViewModel vm) {
        ResultViewModel x = vm.result;
        GridPane inputs = FormGrid.fill(v.grid(), COLUMNS, v.number(x.targetTtft),
                v.choice("result-sla-ttftPercentile", "TTFT percentile", x.ttftPercentile, TtftPercentile.values(),
                        TtftPercentile::label), v.number(x.targetItl), v.number(x.targetTokensPerUser), v.number(x.price));
        List<Node> figures = new ArrayList<>(List.of(v.result(FigureKey.SLA_LATENCY_MAX_CONCURRENCY),
                v.result(FigureKey.SLA_MAX_CONCURRENCY), v.result(FigureKey.SLA_LATENCY_BINDS),
                v.result(FigureKey.COST_PRICE_PER_GPU_HOUR), v.result(FigureKey.COST_REPLICA_HOUR),
                v.result(FigureKey.COST_FLEET_HOUR)));
        for (ScenarioId id : ScenarioId.values()) {
            figures.add(v.result(FigureKey.costPerMillion(id)));
        }
        VBox box = new VBox(6, RuntimeParts.title(v, "Latency targets (SLA) and cost"), inputs,
                FormGrid.fill(v.grid(), COLUMNS, figures.toArray(Node[]::new)));
        box.setId("result-sla");
        return box;
    }
}
