package org.vramsheet.core.engine.ollama;

import static org.vramsheet.core.engine.ollama.OllamaPlanRules.BLK0_AGAIN;
import static org.vramsheet.core.engine.ollama.OllamaPlanRules.REVERSE;

import java.util.ArrayList;
import java.util.List;

/**
 * One run of {@code EstimateGPULayers} (llm/memory.go), line for line: the buffer block, the GPUs with space, the
 * blocks placed one by one, the output layer (with the in-file projector from 0.7.1), the graph per GPU that holds a
 * layer, the overflow; {@link OllamaPlanner} says what differs from the textbook.
 */
final class OllamaPlacement {
    private final OllamaPlanModel m;
    private final OllamaPlanSetup s;
    private final OllamaRelease r;
    private final List<String> why = new ArrayList<>();
    private final long[] alloc;
    private final int[] counts;
    private final List<Integer> withSpace = new ArrayList<>();
    private OllamaGraphSize.Graph g;
    private long graphPartial;
    private long graphFull;
    private long overflow;
    private long weights;
    private int layerCount;
    private long layerSize;

    OllamaPlacement(OllamaPlanModel m, OllamaPlanSetup s) {
        this.m = m;
        this.s = s;
        this.r = s.release();
        this.alloc = new long[s.freeBytes().size()];
        this.counts = new int[s.freeBytes().size()];
    }

    OllamaPlan run() {
        OllamaProjector p = OllamaProjector.of(m, s, why);
        long ctx = p.context();
        long batch = Math.min(ctx, s.numBatch());
        String kvType = OllamaPlanner.cacheType(m, s, why);
        g = OllamaGraphSize.of(m, new OllamaGraphSize.Request(ctx, batch, s.parallel(), kvType, r));
        graphs(kvLogged(ctx, kvType));
        layerSize = (r.atLeast(REVERSE) && r.before(BLK0_AGAIN) ? m.largestGroupBytes() : m.layerBytes().get(0))
                + g.kv().get(0);
        why.add("buffer block " + OllamaBytes.mib(layerSize) + (r.atLeast(REVERSE) && r.before(BLK0_AGAIN)
                ? ", the largest tensor group and block 0's KV (0.7.0)" : ", block 0 and its KV") + ", on every GPU with space");
        gpusWithSpace(p.gpuZero());
        boolean full = r.atLeast(REVERSE) ? blocksDown() : blocksUp();
        full = output(p.lastLayer(), full);
        for (int i = 0; i < alloc.length; i++) {
            if (counts[i] > 0) {
                alloc[i] = Math.addExact(alloc[i], full ? graphFull : graphPartial);
            }
        }
        return result(p, kvLogged(ctx, kvType));
    }

    /** The KV the log prints: before 0.6.3 GraphSize's one figure, from 0.6.3 the sum over the blocks. */
    private long kvLogged(long ctx, String kvType) {
        if (r.atLeast(OllamaPlanRules.KV_PER_BLOCK)) {
            return g.kvTotal();
        }
        long heads = Math.multiplyExact(m.keyLength() + m.valueLength(), m.headsKvMax());
        long all = Math.multiplyExact(Math.multiplyExact(ctx, m.blockCount()), heads);
        return (long) (all * OllamaGraphSize.bytesPerElement(kvType));
    }

    private void graphs(long kv) {
        graphPartial = g.partial();
        graphFull = g.full();
        if (graphPartial == 0) {
            long kvHeads = Math.max(1, r.atLeast(OllamaPlanRules.ARRAY_HEADS) ? m.headsKvMin() : m.headsKvMax());
            graphPartial = Math.multiplyExact(m.headsMax() / kvHeads, kv) / 6;
            why.add("graph = heads / KV heads x KV / 6 = " + OllamaBytes.mib(graphPartial) + ": no graph formula for '"
                    + m.architecture() + "' (llm/memory.go)");
        }
        if (graphFull == 0) {
            graphFull = graphPartial;
        }
        if ("metal".equals(s.library())) {
            graphPartial = graphFull;
        } else if (alloc.length > 1) {
            graphFull = graphPartial;
            why.add("more than one GPU: the partial-offload graph on each (llm/memory.go)");
        }
    }

    private void gpusWithSpace(long gpuZero) {
        long graph = Math.max(graphPartial, graphFull);
        for (int i = 0; i < alloc.length; i++) {
            long gzo = withSpace.isEmpty() ? gpuZero : 0;
            long need = s.gpuOverheadBytes() + gzo + graph + s.minimumBytes() + 2 * layerSize;
            if (s.freeBytes().get(i) < need) {
                why.add("GPU " + i + " left out: " + OllamaBytes.mib(s.freeBytes().get(i)) + " free is less than "
                        + OllamaBytes.mib(need) + " (overhead, projector, graph, minimum, two blocks)");
                continue;
            }
            withSpace.add(i);
            alloc[i] = s.minimumBytes() + layerSize;
        }
        if (!withSpace.isEmpty()) {
            alloc[withSpace.get(0)] += gpuZero;
        } else if (r.atLeast(BLK0_AGAIN)) {
            overflow += gpuZero;
        }
    }

    /** 0.7.0 on: from the last block down, each block that fits nowhere to overflow. */
    private boolean blocksDown() {
        for (int i = m.blockCount() - 1; i >= 0; i--) {
            layerSize = m.layerBytes().get(i) + g.kv().get(i);
            weights += m.layerBytes().get(i);
            if (s.numGpu() >= 0 && layerCount >= s.numGpu()) {
                overflow += layerSize;
                continue;
            }
            place(i);
            if (withSpace.isEmpty()) {
                overflow += layerSize;
            }
        }
        return layerCount >= m.blockCount();
    }

    /** Before 0.7.0: from block 0 up; the blocks not placed overflow as many times the last block's size. */
    private boolean blocksUp() {
        for (int i = 0; i < m.blockCount(); i++) {
            layerSize = m.layerBytes().get(i) + g.kv().get(i);
            weights += r.before(OllamaPlanRules.WEIGHTS_WITHOUT_KV) ? layerSize : m.layerBytes().get(i);
            if (s.numGpu() >= 0 && layerCount >= s.numGpu()) {
                continue;
            }
            place(i);
        }
        if (layerCount >= m.blockCount()) {
            return true;
        }
        overflow += (m.blockCount() - layerCount) * layerSize;
        return false;
    }

    private void place(int i) {
        long graph = Math.max(graphPartial, graphFull);
        for (int j = withSpace.size(); j > 0; j--) {
            int k = withSpace.get(i % j);
            if (s.freeBytes().get(k) > s.gpuOverheadBytes() + alloc[k] + graph + layerSize) {
                alloc[k] += layerSize;
                counts[k]++;
                layerCount++;
                return;
            }
            withSpace.remove(i % j);
        }
    }

    private boolean output(long last, boolean fullSoFar) {
        boolean full = fullSoFar;
        if (last <= 0 || !(s.numGpu() < 0 || layerCount < s.numGpu())) {
            if (last > 0 && r.atLeast(BLK0_AGAIN) && layerCount < m.blockCount() + 1) {
                overflow += last;
                full = false;
            }
            return full;
        }
        long graph = Math.max(graphPartial, graphFull);
        for (int j = withSpace.size(); j > 0; j--) {
            int k = withSpace.get(layerCount % j);
            if (s.freeBytes().get(k) > s.gpuOverheadBytes() + alloc[k] + graph + last) {
                alloc[k] += last;
                counts[k]++;
                layerCount++;
                break;
            }
        }
        if (layerCount < m.blockCount() + 1) {
            full = false;
            overflow += last;
        }
        return full;
    }

    private OllamaPlan result(OllamaProjector p, long kv) {
        long partial = 0;
        for (long a : alloc) {
            partial = Math.addExact(partial, a);
        }
        long total = Math.addExact(partial, overflow);
        boolean none = "cpu".equals(s.library()) || layerCount == 0;
        List<Integer> split = new ArrayList<>();
        for (int c : counts) {
            split.add(none || alloc.length < 2 ? 0 : c);
        }
        OllamaPlanWeights w = OllamaPlanWeights.of(r, weights, m.outputLayerBytes());
        why.add(none ? "no layer on a GPU: memory.required.partial 0 B (library '" + s.library() + "')"
                : layerCount + " of " + (m.blockCount() + 1) + " layers on the GPUs, " + OllamaBytes.mib(overflow) + " left over");
        return new OllamaPlan(m.blockCount() + 1, none ? 0 : layerCount, alloc.length < 2 ? List.of() : split,
                OllamaPlanner.list(alloc), total, none ? 0 : partial, kv, w.total(), w.repeating(), w.nonrepeating(),
                graphFull, graphPartial, p.loggedWeights(), p.loggedGraph(), why);
    }
}
