package org.vramsheet.core.validation;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.units.Units;

/**
 * The lines an Ollama log adds to {@link LogFacts}: its planner's estimate (layers, what it plans per GPU, the vision
 * projector), the runner it started, the Ollama engine's own allocation and the server's default context. The estimate
 * is always said to be the engine's plan, never a measurement.
 */
final class OllamaFacts {
    private OllamaFacts() { }

    static List<String> of(OllamaLog o) {
        List<String> out = new ArrayList<>();
        if (o == null) {
            return out;
        }
        if (o.version() != null) {
            out.add("Ollama " + o.version());
        }
        OllamaLog.Plan p = o.plan();
        if (p != null) {
            plan(out, p);
        }
        OllamaLog.Runner r = o.runner();
        if (r != null) {
            runner(out, r);
        }
        if (o.summaryTotalBytes() != null) {
            out.add("the Ollama engine's own allocation, in all: " + mib(o.summaryTotalBytes()));
        }
        if (o.defaultNumCtx() != null) {
            out.add("the server's default num_ctx: " + o.defaultNumCtx() + (o.totalVramBytes() == null ? ""
                    : ", chosen for " + Units.gibText(o.totalVramBytes()) + " of GPU memory"));
        }
        return out;
    }

    private static void plan(List<String> out, OllamaLog.Plan p) {
        if (p.layersOffload() != null && p.layersModel() != null) {
            out.add("the engine's own plan before loading: " + p.layersOffload() + " of " + p.layersModel() + " layers on the GPUs"
                    + (p.requiredPartialBytes() == null ? "" : ", " + mib(p.requiredPartialBytes()) + " on them"));
        }
        for (int i = 0; i < p.allocationBytes().size(); i++) {
            out.add("the engine's own plan before loading, GPU " + (i + 1) + " of " + p.allocationBytes().size() + ": "
                    + mib(p.allocationBytes().get(i)) + (i < p.availableBytes().size() ? " of " + mib(p.availableBytes().get(i))
                    + " free" : ""));
        }
        if (p.projectorWeightsBytes() != null) {
            out.add("the engine's own plan before loading, vision projector: " + mib(p.projectorWeightsBytes()) + " of weights"
                    + (p.projectorGraphBytes() == null ? "" : " and " + mib(p.projectorGraphBytes()) + " of graph"));
        }
    }

    private static void runner(List<String> out, OllamaLog.Runner r) {
        StringBuilder b = new StringBuilder("the runner Ollama started");
        if (r.engine() != null) {
            b.append(": '").append(r.engine()).append("'");
        }
        if (r.contextCells() != null) {
            b.append(", a context of ").append(r.contextCells()).append(" cells");
        }
        if (r.parallel() != null) {
            b.append(", parallel ").append(r.parallel());
        }
        if (r.batch() != null) {
            b.append(", batch ").append(r.batch());
        }
        if (r.gpuLayers() != null) {
            b.append(", ").append(r.gpuLayers()).append(" layers on the GPUs");
        }
        out.add(b.toString());
        if (r.flashAttention() != null || r.kvCacheType() != null) {
            out.add("flash attention of the runner: '" + (r.flashAttention() == null ? "not said" : r.flashAttention())
                    + "', KV cache type: '" + (r.kvCacheType() == null ? "f16" : r.kvCacheType()) + "'");
        }
    }

    private static String mib(long bytes) {
        return Units.fixed2(bytes / (double) Units.MIB) + " MiB";
    }
}
