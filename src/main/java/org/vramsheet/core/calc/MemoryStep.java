package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.MemoryStacks;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.units.Units;

/**
 * The GPU-memory stacks per GPU: for each scenario, the production budget's parts (weights, other non-KV, the
 * scenario's KV, fragmentation + headroom, what is left free); for the engine, its reservation (weights, other
 * non-KV as the engine counts it, CUDA graphs taken from the pool, the KV pool, what it leaves unreserved).
 */
final class MemoryStep {
    static final String WEIGHTS = "Weights";
    static final String OTHER = "Other non-KV";
    static final String KV = "KV";
    static final String SLACK = "Fragmentation + headroom";
    static final String FREE = "Free";
    static final String GRAPHS = "CUDA graphs (from the pool)";
    static final String POOL = "KV pool";
    static final String UNRESERVED = "Unreserved";

    private MemoryStep() { }

    static MemoryStacks run(Calc c) {
        int ranks = c.ws.runtime().ranks();
        c.compute(FigureKey.MEMORY_GPU_BYTES, "GPU memory (per GPU)", Unit.BYTES, Calc.f("gpu.totalBytes", "gpu.wiredLimitMb",
                "gpu.unifiedRamBytes"), Calc.n(), () -> Figure.of(FigureKey.MEMORY_GPU_BYTES, "GPU memory (per GPU)", Unit.BYTES,
                        c.ws.gpu().totalBytes(), UnifiedMemoryNotes.gpuMemory(c.stored.gpu(), c.ws.gpu())));
        c.compute(FigureKey.MEMORY_OTHER_NON_KV_BYTES_PER_GPU, "Other non-KV per GPU (budget)", Unit.BYTES, Calc.f(),
                Calc.n(FigureKey.RESULT_NON_KV_BYTES, FigureKey.WEIGHTS_BYTES_PER_GPU), () -> {
                    long nonKv = KvGeometry.ceilDiv(c.get(FigureKey.RESULT_NON_KV_BYTES).value(), ranks);
                    long v = Math.max(0, nonKv - c.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value());
                    return Figure.of(FigureKey.MEMORY_OTHER_NON_KV_BYTES_PER_GPU, "Other non-KV per GPU (budget)", Unit.BYTES, v,
                            Provenance.of("ceil(non-KV footprint / GPUs) - weights per GPU", Units.bytesText(v),
                                    "Activations, non-torch memory and CUDA graphs as the budget counts them"));
                });
        c.compute(FigureKey.MEMORY_SLACK_BYTES_PER_GPU, "Fragmentation + headroom per GPU", Unit.BYTES, Calc.f(),
                Calc.n(FigureKey.RESULT_FRAGMENTATION_BYTES, FigureKey.RESULT_HEADROOM_BYTES), () -> {
                    long v = KvGeometry.ceilDiv(Math.addExact(c.get(FigureKey.RESULT_FRAGMENTATION_BYTES).value(),
                            c.get(FigureKey.RESULT_HEADROOM_BYTES).value()), ranks);
                    return Figure.of(FigureKey.MEMORY_SLACK_BYTES_PER_GPU, "Fragmentation + headroom per GPU", Unit.BYTES, v,
                            Provenance.of("ceil((fragmentation + headroom) / GPUs)", Units.bytesText(v)));
                });
        engineFigures(c);
        Map<String, List<MemoryStacks.Segment>> stacks = new LinkedHashMap<>();
        for (ScenarioId id : ScenarioId.values()) {
            scenarioFigures(c, id, ranks);
            put(c, stacks, id.key(), List.of(seg(WEIGHTS, FigureKey.WEIGHTS_BYTES_PER_GPU),
                    seg(OTHER, FigureKey.MEMORY_OTHER_NON_KV_BYTES_PER_GPU),
                    seg(KV, FigureKey.scenario(id, ScenarioFigure.KV_BYTES_PER_GPU)),
                    seg(SLACK, FigureKey.MEMORY_SLACK_BYTES_PER_GPU),
                    seg(FREE, FigureKey.scenario(id, ScenarioFigure.FREE_BYTES_PER_GPU))));
        }
        put(c, stacks, "engine", List.of(seg(WEIGHTS, FigureKey.WEIGHTS_BYTES_PER_GPU),
                seg(OTHER, FigureKey.MEMORY_ENGINE_OTHER_NON_KV_BYTES_PER_GPU), seg(GRAPHS, FigureKey.POOL_CUDA_GRAPH_BYTES),
                seg(POOL, FigureKey.POOL_KV_POOL_BYTES), seg(UNRESERVED, FigureKey.MEMORY_UNRESERVED_BYTES_PER_GPU)));
        Figure gpu = c.get(FigureKey.MEMORY_GPU_BYTES);
        return new MemoryStacks(gpu.available() ? gpu.value() : 0, stacks);
    }

    private static MemoryStacks.Segment seg(String name, FigureKey key) { return new MemoryStacks.Segment(name, key, 0); }

    /** Adds a stack when every figure it shows is available, with each segment's bytes taken from its figure. */
    private static void put(Calc c, Map<String, List<MemoryStacks.Segment>> out, String name, List<MemoryStacks.Segment> segs) {
        List<MemoryStacks.Segment> s = new ArrayList<>();
        for (MemoryStacks.Segment g : segs) {
            Figure f = c.get(g.key());
            if (f == null || !f.available()) {
                return;
            }
            s.add(new MemoryStacks.Segment(g.name(), g.key(), f.value()));
        }
        out.put(name, List.copyOf(s));
    }

    private static void scenarioFigures(Calc c, ScenarioId id, int ranks) {
        FigureKey kv = FigureKey.scenario(id, ScenarioFigure.KV_BYTES_PER_GPU);
        FigureKey phys = FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES);
        String name = id.label();
        int d = c.ws.runtime().expert().ranks();
        c.compute(kv, name + ": KV per GPU", Unit.BYTES, Calc.f(), Calc.n(phys), () -> {
            long gpus = (long) ranks * d; // with attention DP the sequences spread over every rank's GPUs
            long v = KvGeometry.ceilDiv(c.get(phys).value(), gpus);
            return Figure.of(kv, name + ": KV per GPU", Unit.BYTES, v, Provenance.of(d > 1
                    ? "ceil(physical KV / (GPUs per attention rank x attention ranks))" : "ceil(physical KV / GPUs per replica)",
                    Units.grouped(c.get(phys).value()) + " / " + gpus));
        });
        FigureKey free = FigureKey.scenario(id, ScenarioFigure.FREE_BYTES_PER_GPU);
        c.compute(free, name + ": free per GPU", Unit.BYTES, Calc.f(), Calc.n(FigureKey.MEMORY_GPU_BYTES,
                FigureKey.WEIGHTS_BYTES_PER_GPU, FigureKey.MEMORY_OTHER_NON_KV_BYTES_PER_GPU, kv,
                FigureKey.MEMORY_SLACK_BYTES_PER_GPU), () -> {
                    long used = Math.addExact(Math.addExact(c.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value(),
                            c.get(FigureKey.MEMORY_OTHER_NON_KV_BYTES_PER_GPU).value()), Math.addExact(c.get(kv).value(),
                            c.get(FigureKey.MEMORY_SLACK_BYTES_PER_GPU).value()));
                    long left = c.get(FigureKey.MEMORY_GPU_BYTES).value() - used;
                    return Figure.of(free, name + ": free per GPU", Unit.BYTES, Math.max(0, left),
                            Provenance.of("max(0, GPU memory - weights - other non-KV - KV - fragmentation and headroom)",
                                    Units.bytesText(left), left < 0 ? "Over the GPU by " + Units.bytesText(-left)
                                            + ": the stack is taller than the card" : "Left on each GPU"));
                });
    }

    private static void engineFigures(Calc c) {
        c.compute(FigureKey.MEMORY_ENGINE_OTHER_NON_KV_BYTES_PER_GPU, "Other non-KV per GPU (engine)", Unit.BYTES, Calc.f(),
                Calc.n(FigureKey.POOL_NON_KV_BYTES, FigureKey.WEIGHTS_BYTES_PER_GPU), () -> {
                    long v = Math.max(0, c.get(FigureKey.POOL_NON_KV_BYTES).value()
                            - c.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value());
                    return Figure.of(FigureKey.MEMORY_ENGINE_OTHER_NON_KV_BYTES_PER_GPU, "Other non-KV per GPU (engine)",
                            Unit.BYTES, v, Provenance.of("engine's non-KV per GPU - weights per GPU", Units.bytesText(v)));
                });
        c.compute(FigureKey.MEMORY_UNRESERVED_BYTES_PER_GPU, "Left unreserved by the engine (per GPU)", Unit.BYTES, Calc.f(),
                Calc.n(FigureKey.MEMORY_GPU_BYTES, FigureKey.POOL_NON_KV_BYTES, FigureKey.POOL_CUDA_GRAPH_BYTES,
                        FigureKey.POOL_KV_POOL_BYTES), () -> {
                    long nonKv = Math.max(c.get(FigureKey.POOL_NON_KV_BYTES).value(),
                            c.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value());
                    long used = Math.addExact(Math.addExact(nonKv, c.get(FigureKey.POOL_CUDA_GRAPH_BYTES).value()),
                            c.get(FigureKey.POOL_KV_POOL_BYTES).value());
                    long left = c.get(FigureKey.MEMORY_GPU_BYTES).value() - used;
                    return Figure.of(FigureKey.MEMORY_UNRESERVED_BYTES_PER_GPU, "Left unreserved by the engine (per GPU)",
                            Unit.BYTES, Math.max(0, left), Provenance.of("max(0, GPU memory - non-KV - CUDA graphs - KV pool)",
                                    Units.bytesText(left), left < 0 ? "The engine's reservation is over the GPU by "
                                            + Units.bytesText(-left) : "Not reserved by the engine"));
                });
    }
}
