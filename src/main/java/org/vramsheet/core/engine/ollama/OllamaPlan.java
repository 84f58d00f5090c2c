package org.vramsheet.core.engine.ollama;

import java.util.List;

/**
 * Ollama's planner's estimate, the figures its server log prints on the {@code msg="offload to <library>"} (to 0.5.11)
 * or {@code msg=offload library=} (0.5.12 to 0.12.10) line: {@code layers.model}, {@code layers.offload},
 * {@code layers.split}, {@code memory.required.full / partial / kv / allocations}, {@code memory.weights.total /
 * repeating / nonrepeating}, {@code memory.graph.full / partial}, {@code projector.weights / graph}. Exact bytes; the log
 * prints them rounded ({@link OllamaBytes#human}). {@code why} says how each came about, with the release's rules.
 *
 * @param split layers per GPU (printed for more than one GPU)
 */
public record OllamaPlan(int layersModel, int layersOffload, List<Integer> split, List<Long> allocations,
        long requiredFull, long requiredPartial, long kv, long weightsTotal, long weightsRepeating,
        long weightsNonrepeating, long graphFull, long graphPartial, long projectorWeights, long projectorGraph,
        List<String> why) {

    public OllamaPlan {
        split = List.copyOf(split);
        allocations = List.copyOf(allocations);
        why = List.copyOf(why);
    }

    /** The figures as Ollama's log line prints them. */
    public String logText() {
        StringBuilder s = new StringBuilder();
        s.append("layers.model=").append(layersModel).append(" layers.offload=").append(layersOffload);
        s.append(" layers.split=").append(split.size() > 1 ? join(split) : "\"\"");
        s.append(" memory.required.full=\"").append(OllamaBytes.human(requiredFull));
        s.append("\" memory.required.partial=\"").append(OllamaBytes.human(requiredPartial));
        s.append("\" memory.required.kv=\"").append(OllamaBytes.human(kv));
        s.append("\" memory.required.allocations=\"[").append(humans(allocations)).append("]\"");
        s.append(" memory.weights.total=\"").append(OllamaBytes.human(weightsTotal));
        s.append("\" memory.weights.repeating=\"").append(OllamaBytes.human(weightsRepeating));
        s.append("\" memory.weights.nonrepeating=\"").append(OllamaBytes.human(weightsNonrepeating));
        s.append("\" memory.graph.full=\"").append(OllamaBytes.human(graphFull));
        s.append("\" memory.graph.partial=\"").append(OllamaBytes.human(graphPartial)).append('"');
        if (projectorWeights > 0) {
            s.append(" projector.weights=\"").append(OllamaBytes.human(projectorWeights));
            s.append("\" projector.graph=\"").append(OllamaBytes.human(projectorGraph)).append('"');
        }
        return s.toString();
    }

    private static String join(List<Integer> xs) {
        StringBuilder s = new StringBuilder();
        for (int x : xs) {
            s.append(s.length() == 0 ? "" : ",").append(x);
        }
        return s.toString();
    }

    private static String humans(List<Long> xs) {
        StringBuilder s = new StringBuilder();
        for (long x : xs) {
            s.append(s.length() == 0 ? "" : " ").append(OllamaBytes.human(x));
        }
        return s.toString();
    }
}
