package org.vramsheet.core.calc;

import java.util.List;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.LoraSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * RUNTIME › LoRA adapters as line items: one adapter's bytes at the max rank (model-wide), one slot per GPU, the engine's
 * extra buffers (vLLM's Punica indices and shrink buffer), the slots per GPU and per replica, and the adapters the host
 * keeps. The slots join the non-KV memory (PoolStep, when the engine allocates them before it sizes the pool; BudgetStep
 * always). Runs after KvStep, before the pool; the engine's {@link LoraRule} says which projections get slots.
 */
final class LoraStep {
    static final String[] INPUTS = {"runtime.lora.*", "runtime.engine", "runtime.tensorParallel", "runtime.pipelineParallel",
        "kv.*", "weights.computeDtype", "runtime.maxNumBatchedTokens", "runtime.nodes"};

    private LoraStep() { }

    static void run(Calc c) {
        RuntimeSettings r = c.ws.runtime();
        LoraSettings s = r.lora();
        LoraRule rule = Engines.of(r.engine()).loraRule();
        boolean on = s.on() && rule != null;
        ComputeDtype dt = s.dtype() != null ? s.dtype() : c.ws.weights().computeDtype();
        int rank = s.rankOrDefault();
        List<String> modules = on ? LoraModules.counted(s, rule.everyProjection()) : List.of();
        String off = "No LoRA (RUNTIME › Max LoRAs on the GPU not set)";
        c.compute(FigureKey.LORA_BYTES_PER_ADAPTER, "LoRA adapter at the max rank", Unit.BYTES, INPUTS, Calc.n(), () -> {
            if (!on) {
                return Figure.of(FigureKey.LORA_BYTES_PER_ADAPTER, "LoRA adapter at the max rank", Unit.BYTES, 0,
                        Provenance.of("max rank x sum over target modules of (in + out) x layers x dtype bytes", "0", off));
            }
            LoraModules.Dims d = LoraModules.Dims.of(c.ws.kv(), s.intermediateSize());
            long perLayer = 0;
            StringBuilder sum = new StringBuilder();
            for (String m : modules) {
                long[] w = d.widths(m);
                perLayer = Math.addExact(perLayer, Math.addExact(w[0], w[1]));
                sum.append(sum.length() == 0 ? "" : " + ").append(Units.grouped(w[0])).append(" + ").append(Units.grouped(w[1]));
            }
            long layers = c.ws.kv().layers();
            long b = Math.multiplyExact(Math.multiplyExact(Math.multiplyExact(rank, perLayer), layers), dt.bytes());
            return Figure.of(FigureKey.LORA_BYTES_PER_ADAPTER, "LoRA adapter at the max rank", Unit.BYTES, b,
                    Provenance.of("max rank x sum over target modules of (in + out) x layers x dtype bytes",
                            rank + " x (" + sum + ") x " + layers + " x " + dt.bytes() + " B", "Projections: '"
                                    + String.join(", ", modules) + "'", rule.everyProjection() ? "Every LoRA-capable projection: "
                                    + rule.source() : "The target modules only: " + rule.source(), "In " + dt.label()));
        });
        slots(c, s, rule, on, modules, dt);
        host(c, s, rule, on);
    }

    private static void slots(Calc c, LoraSettings s, LoraRule rule, boolean on, List<String> modules, ComputeDtype dt) {
        RuntimeSettings r = c.ws.runtime();
        int tp = r.tensorParallel();
        int pp = r.pipelineParallel();
        int rank = s.rankOrDefault();
        c.compute(FigureKey.LORA_SLOT_BYTES_PER_GPU, "LoRA slot per GPU", Unit.BYTES, INPUTS, Calc.n(), () -> {
            long layers = on ? LoraModules.ceil(c.ws.kv().layers(), pp) : 0;
            long perLayer = 0;
            if (on) {
                LoraModules.Dims d = LoraModules.Dims.of(c.ws.kv(), s.intermediateSize());
                for (String m : modules) {
                    perLayer = Math.addExact(perLayer, d.perRank(m, rank, tp));
                }
            }
            long b = Math.multiplyExact(Math.multiplyExact(perLayer, layers), dt.bytes());
            return Figure.of(FigureKey.LORA_SLOT_BYTES_PER_GPU, "LoRA slot per GPU", Unit.BYTES, b, Provenance.of(
                    "layers per GPU x sum of (A + B) per GPU x dtype bytes", on ? layers + " x " + Units.grouped(perLayer)
                            + " x " + dt.bytes() + " B" : "0", on ? "Column-parallel (q, k, v, gate, up): A whole, the output of B / TP; "
                            + "row-parallel (o, down): the input of A / TP, B whole; TP " + tp : "No LoRA"));
        });
        c.compute(FigureKey.LORA_PUNICA_BYTES_PER_GPU, "LoRA kernel buffers per GPU", Unit.BYTES, INPUTS, Calc.n(), () -> {
            boolean p = on && rule.punica();
            long t = p ? EngineDefaults.maxNumBatchedTokens(r, c.ws.gpu()).value() : 0;
            long loras = s.maxLoras() == null ? 0 : s.maxLoras();
            // PunicaWrapperBase: 5 int64 per batched token; LoRAKernelMeta x 2: 2 int32 per token + 3 x max_loras + 4 int32;
            // the shrink buffer: float32, 3 slices (q, k, v) x tokens x rank, held while a layer runs
            long idx = Math.multiplyExact(t, 5L * 8 + 2L * 2 * 4) + (p ? 2 * 4 * (3 * loras + 4) : 0);
            long shrink = Math.multiplyExact(Math.multiplyExact(3L * 4, t), (long) rank);
            long b = p ? Math.addExact(idx, shrink) : 0;
            return Figure.of(FigureKey.LORA_PUNICA_BYTES_PER_GPU, "LoRA kernel buffers per GPU", Unit.BYTES, b, Provenance.of(
                    "batched tokens x (5 x 8 + 2 x 2 x 4) + 2 x 4 x (3 x max LoRAs + 4) + 3 x 4 x batched tokens x rank",
                    p ? Units.grouped(idx) + " + " + Units.grouped(shrink) : "0", p ? "vLLM's Punica indices "
                            + "(punica_base.py, lora_kernel_metadata.py) and the float32 shrink buffer of the widest layer "
                            + "(punica_gpu.py add_lora_linear), at " + Units.grouped(t) + " batched tokens"
                            : on ? "This engine allocates no Punica buffers" : "No LoRA"));
        });
        c.compute(FigureKey.LORA_GPU_BYTES_PER_GPU, "LoRA on the GPU per GPU", Unit.BYTES, INPUTS,
                Calc.n(FigureKey.LORA_SLOT_BYTES_PER_GPU, FigureKey.LORA_PUNICA_BYTES_PER_GPU), () -> {
                    long slot = c.get(FigureKey.LORA_SLOT_BYTES_PER_GPU).value();
                    long punica = c.get(FigureKey.LORA_PUNICA_BYTES_PER_GPU).value();
                    long n = on ? s.maxLoras() : 0;
                    long b = Math.addExact(Math.multiplyExact(n, slot), punica);
                    return Figure.of(FigureKey.LORA_GPU_BYTES_PER_GPU, "LoRA on the GPU per GPU", Unit.BYTES, b,
                            Provenance.of("max LoRAs x slot + kernel buffers", n + " x " + Units.grouped(slot) + " + "
                                    + Units.grouped(punica), !on ? "No LoRA" : rule.beforePool()
                                    ? "Allocated before the engine sizes its KV pool: it comes out of the pool"
                                    : "Allocated beside the KV cache, which does not shrink for it"));
                });
        c.compute(FigureKey.LORA_GPU_BYTES, "LoRA on the GPU (replica)", Unit.BYTES, INPUTS, Calc.n(FigureKey.LORA_GPU_BYTES_PER_GPU),
                () -> {
                    long per = c.get(FigureKey.LORA_GPU_BYTES_PER_GPU).value();
                    int ranks = r.ranks();
                    return Figure.of(FigureKey.LORA_GPU_BYTES, "LoRA on the GPU (replica)", Unit.BYTES,
                            Math.multiplyExact(per, (long) ranks), Provenance.of("per GPU x GPUs", Units.grouped(per) + " x "
                                    + ranks, "Every GPU of the replica holds its share of every slot"));
                });
    }

    private static void host(Calc c, LoraSettings s, LoraRule rule, boolean on) {
        RuntimeSettings r = c.ws.runtime();
        c.compute(FigureKey.LORA_HOST_BYTES_PER_NODE, "LoRA adapters in host RAM per node", Unit.BYTES, INPUTS,
                Calc.n(FigureKey.LORA_BYTES_PER_ADAPTER), () -> {
                    boolean h = on && rule.hostCache();
                    long n = !h ? 0 : s.maxCpuLoras() != null ? s.maxCpuLoras() : s.maxLoras();
                    long workers = h ? LoraModules.ceil(r.ranks(), r.nodes()) : 0;
                    long one = c.get(FigureKey.LORA_BYTES_PER_ADAPTER).value();
                    long b = Math.multiplyExact(Math.multiplyExact(n, one), workers);
                    return Figure.of(FigureKey.LORA_HOST_BYTES_PER_NODE, "LoRA adapters in host RAM per node", Unit.BYTES, b,
                            Provenance.of("max CPU LoRAs x adapter x workers per node", n + " x " + Units.grouped(one) + " x "
                                    + workers, !h ? (on ? "This engine keeps no adapters in host RAM" : "No LoRA")
                                    : "Assumed: each worker process (one per GPU) keeps its own CPU copy of the cached "
                                    + "adapters, whole, at the max rank; max CPU LoRAs not set = max LoRAs (config/lora.py)"));
                });
    }

    /** LoRA slots and buffers per GPU that the engine allocates before it sizes the pool; 0 otherwise or unavailable. */
    static long beforePoolPerGpu(Calc c) {
        LoraRule rule = Engines.of(c.ws.runtime().engine()).loraRule();
        return rule != null && rule.beforePool() ? NonKvStep.bytes(c, FigureKey.LORA_GPU_BYTES_PER_GPU) : 0;
    }

    /** LoRA on the GPU, whole replica; 0 without LoRA or when unavailable. */
    static long replicaBytes(Calc c) { return NonKvStep.bytes(c, FigureKey.LORA_GPU_BYTES); }
}
