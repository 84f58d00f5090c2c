package org.vramsheet.core.calc;

import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.OffloadRule;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.OffloadSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * RUNTIME › KV offload to CPU memory as line items: host RAM per TP rank and per node, the cached-prefix tokens that fit
 * it, what the node is asked for in all (offload and the LoRA adapters the host keeps) and whether the node's host RAM
 * holds it. The host tier adds no capacity for active tokens: the GPU pool must still hold every running sequence (the
 * engines copy an offloaded prefix back into the pool before they compute on it), so the pool's figures do not change.
 * llama.cpp's --no-kv-offload puts its whole cache on the host. Runs after the pool (SGLang's ratio is to its pool).
 */
final class OffloadStep {
    static final String[] INPUTS = {"runtime.offload.*", "runtime.engine", "runtime.tensorParallel", "runtime.pipelineParallel",
        "runtime.nodes", "runtime.llamaCpp.noKvOffload"};

    private OffloadStep() { }

    static void run(Calc c) {
        RuntimeSettings r = c.ws.runtime();
        OffloadSettings s = r.offload();
        OffloadRule rule = Engines.of(r.engine()).offloadRule();
        boolean whole = rule != null && rule.wholeCache() && r.llamaCpp().noKvOffload();
        boolean tier = rule != null && !rule.wholeCache() && s.on();
        boolean byRatio = tier && rule.ratio() && (s.cpuBytes() == null || s.cpuBytes() == 0);
        FigureKey[] needs = byRatio ? Calc.n(FigureKey.POOL_KV_POOL_BYTES) : whole ? Calc.n(FigureKey.POOL_KV_POOL_BYTES_REPLICA)
                : Calc.n();
        c.compute(FigureKey.OFFLOAD_HOST_BYTES_PER_RANK, "KV offload: host RAM per GPU rank", Unit.BYTES, INPUTS, needs, () -> {
            int tp = r.tensorParallel();
            long b;
            String expr;
            String how;
            if (whole) {
                b = c.get(FigureKey.POOL_KV_POOL_BYTES_REPLICA).value();
                expr = Units.bytesText(b);
                how = rule.source() + ": the whole cache, not a prefix tier";
            } else if (!tier) {
                b = 0;
                expr = "0";
                how = "No KV offload to CPU";
            } else if (byRatio) {
                long pool = c.get(FigureKey.POOL_KV_POOL_BYTES).value();
                b = (long) Math.floor(pool * s.cpuRatio());
                expr = s.cpuRatio() + " x " + Units.grouped(pool);
                how = rule.source();
            } else if (rule.bytesPerRank()) {
                b = s.cpuBytes();
                expr = Units.bytesText(b);
                how = rule.source();
            } else {
                b = LoraModules.ceil(s.cpuBytes(), tp);
                expr = Units.grouped(s.cpuBytes()) + " / " + tp;
                how = rule.source();
            }
            return Figure.of(FigureKey.OFFLOAD_HOST_BYTES_PER_RANK, "KV offload: host RAM per GPU rank", Unit.BYTES, b,
                    Provenance.of(byRatio ? "hicache ratio x KV pool per GPU" : tier && !rule.bytesPerRank()
                            ? "offloading size / TP" : "RUNTIME › KV offload to CPU", expr, how));
        });
        perNode(c, r, whole);
        tokens(c, whole, tier);
        asked(c, r, s);
    }

    private static void perNode(Calc c, RuntimeSettings r, boolean whole) {
        c.compute(FigureKey.OFFLOAD_HOST_BYTES_PER_NODE, "KV offload: host RAM per node", Unit.BYTES, INPUTS,
                Calc.n(FigureKey.OFFLOAD_HOST_BYTES_PER_RANK), () -> {
                    long per = c.get(FigureKey.OFFLOAD_HOST_BYTES_PER_RANK).value();
                    long ranks = whole ? 1 : LoraModules.ceil(r.ranks(), r.nodes());
                    return Figure.of(FigureKey.OFFLOAD_HOST_BYTES_PER_NODE, "KV offload: host RAM per node", Unit.BYTES,
                            Math.multiplyExact(per, ranks), Provenance.of("per rank x GPU ranks per node", Units.grouped(per)
                                    + " x " + ranks, whole ? "llama.cpp is one process: its host cache once"
                                    : "ceil(TP x PP / nodes) ranks of the replica on a node"));
                });
    }

    private static void tokens(Calc c, boolean whole, boolean tier) {
        c.compute(FigureKey.OFFLOAD_HOST_TOKENS, "KV offload: cached-prefix tokens on the host", Unit.TOKENS, INPUTS,
                Calc.n(FigureKey.OFFLOAD_HOST_BYTES_PER_RANK, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU), () -> {
                    long per = c.get(FigureKey.OFFLOAD_HOST_BYTES_PER_RANK).value();
                    long token = c.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU).value();
                    long n = tier && token > 0 ? per / token : 0;
                    return Figure.of(FigureKey.OFFLOAD_HOST_TOKENS, "KV offload: cached-prefix tokens on the host", Unit.TOKENS,
                            n, Provenance.of("host RAM per rank / KV bytes per token per GPU", tier ? Units.grouped(per) + " / "
                                    + Units.grouped(token) : "0", whole ? "llama.cpp --no-kv-offload: the cache itself is on the "
                                    + "host; its capacity is the KV pool's" : "Cached prefixes only, not active tokens: the GPU "
                                    + "pool must still hold every active sequence, so capacity and concurrency are unchanged"));
                });
    }

    private static void asked(Calc c, RuntimeSettings r, OffloadSettings s) {
        c.compute(FigureKey.OFFLOAD_HOST_RAM_ASKED_BYTES, "Host RAM asked per node", Unit.BYTES, INPUTS,
                Calc.n(FigureKey.OFFLOAD_HOST_BYTES_PER_NODE, FigureKey.LORA_HOST_BYTES_PER_NODE), () -> {
                    long kv = c.get(FigureKey.OFFLOAD_HOST_BYTES_PER_NODE).value();
                    long lora = c.get(FigureKey.LORA_HOST_BYTES_PER_NODE).value();
                    return Figure.of(FigureKey.OFFLOAD_HOST_RAM_ASKED_BYTES, "Host RAM asked per node", Unit.BYTES,
                            Math.addExact(kv, lora), Provenance.of("KV offload per node + LoRA adapters in host RAM per node",
                                    Units.grouped(kv) + " + " + Units.grouped(lora),
                                    "The engine's own process memory and the OS are not counted"));
                });
        Long node = s.nodeHostRamBytes();
        c.compute(FigureKey.OFFLOAD_FITS_HOST_RAM, "Host RAM asked fits the node", Unit.FLAG, INPUTS,
                Calc.n(FigureKey.OFFLOAD_HOST_RAM_ASKED_BYTES), () -> {
                    long asked = c.get(FigureKey.OFFLOAD_HOST_RAM_ASKED_BYTES).value();
                    if (node == null) {
                        return Figure.unavailable(FigureKey.OFFLOAD_FITS_HOST_RAM, "Host RAM asked fits the node", Unit.FLAG,
                                "needs RUNTIME › Host RAM per node");
                    }
                    boolean fits = asked <= node;
                    return Figure.flag(FigureKey.OFFLOAD_FITS_HOST_RAM, "Host RAM asked fits the node", fits, Provenance.of(
                            "host RAM asked <= host RAM per node", Units.gibText(asked) + (fits ? " <= " : " > ")
                                    + Units.gibText(node), fits ? "Fits with " + Units.gibText(node - asked) + " to spare"
                                    : "Warning: the node's host RAM is short by " + Units.gibText(asked - node)
                                    + "; the engine fails to allocate its host buffers or the OS swaps"));
                });
    }
}
