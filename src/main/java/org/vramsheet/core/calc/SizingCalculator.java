package org.vramsheet.core.calc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.engine.spi.Capacity;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.input.Issues;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.MemoryStacks;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The SS-007 calculation: worksheet in, every figure with its provenance out. Pure, never throws on
 * user input; an invalid field makes only the figures that depend on it unavailable.
 */
public final class SizingCalculator {
    private SizingCalculator() { }

    public static SizingResult calculate(Worksheet ws) {
        return compute(ws).result;
    }

    /**
     * The result together with the engine's capacity curve (for sliders and charts; may be null) and the latency
     * estimate at any load (for the Latency tab and predicted against measured).
     */
    public record Outcome(SizingResult result, Capacity capacity, PerfSweep perf) {
        /** Without a latency estimate (it says why). */
        public Outcome(SizingResult result, Capacity capacity) {
            this(result, capacity, new PerfSweep(PerfBasis.unavailable("not calculated")));
        }
    }

    private static final String[] ORDER = {"weights.", "kvCache.", "speculative.", "lora.", "pool.", "offload.", "devices.",
        "scenarios.typical.", "scenarios.heavy.", "scenarios.limit.", "result.", "placement.", "performance.", "sla.", "cost.",
        "validation.", "memory."};

    /** Figures grouped in worksheet order, keeping the calculation order inside each section. */
    private static Map<String, Figure> ordered(Map<String, Figure> in) {
        Map<String, Figure> out = new LinkedHashMap<>();
        for (String prefix : ORDER) {
            in.forEach((k, v) -> {
                if (k.startsWith(prefix)) {
                    out.put(k, v);
                }
            });
        }
        in.forEach(out::putIfAbsent);
        return out;
    }

    /** The sheet as its engine launches it ({@code EngineModule.launched}); the sheet when that cannot be computed. */
    static Worksheet launched(Worksheet ws) {
        try {
            return Engines.of(ws.runtime().engine()).launched(ws);
        } catch (ArithmeticException e) {
            return ws; // num_ctx x parallel beyond a long: the validator has named the field
        }
    }

    /**
     * The sheet with macOS's {@code iogpu.wired_limit_mb} applied: on unified memory with the sysctl set, Metal's working
     * set (and so the GPU's memory) is that many MiB. A value past its declared range stays for the validator to name.
     */
    static Worksheet wired(Worksheet ws) {
        Gpu g = ws.gpu();
        if (!g.wiredLimitSet() || g.wiredLimitMb() > Inputs.get("gpu.wiredLimitMb").max()) {
            return ws;
        }
        return ws.withGpu(g.withTotalBytes(g.usableBytes()));
    }

    public static Outcome compute(Worksheet ws) {
        return compute(ws, List.of());
    }

    /**
     * Computes with problems the form already found (field text that is not a number: the sheet holds
     * null there); they take precedence over the sheet's own validation of those fields.
     */
    public static Outcome compute(Worksheet ws, List<Issue> inputIssues) {
        Issues issues = new Issues();
        for (Issue i : inputIssues) {
            issues.add(i.field(), i.message());
        }
        StaleMeasurements.Stale stale = StaleMeasurements.find(ws);
        Worksheet used = wired(Engines.of(ws.runtime().engine()).asRun(stale.usable(ws)));
        WorksheetValidator.validate(used, issues);
        // validated as typed, calculated as launched (Ollama: the llama.cpp runner it starts)
        // Ollama with num_gpu unset: the runner's -ngl is its planner's layers.offload
        Calc c = new Calc(OllamaPlanStep.planned(launched(used), ws, issues), ws, stale, issues);
        WeightsStep.run(c);
        KvStep.run(c);
        SpeculativeStep.run(c);
        LoraStep.run(c);
        NonKvStep.run(c);
        c.devices = DeviceStep.run(c);
        OllamaPlanStep.run(c);
        PoolLayout pool = PoolStep.run(c);
        OffloadStep.run(c);
        WorkloadStep.run(c, pool);
        BudgetStep.concurrency(c, pool);
        BudgetStep.budget(c);
        ExpertStep.engine(c);
        PlacementStep.run(c);
        PerfBasis perf = PerfBasis.of(c);
        PerfStep.run(c, perf);
        SlaStep.run(c, perf);
        CostStep.run(c);
        ValidationStep.run(c);
        DeviceValidationStep.run(c);
        MemoryStacks memory = MemoryStep.run(c);
        return new Outcome(new SizingResult(ordered(c.figures), issues.all(), memory), pool, new PerfSweep(perf));
    }
}
