package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A port of Ollama's own planner, {@code EstimateGPULayers} (llm/memory.go, 0.5.0 to 0.12.10, by release:
 * {@link OllamaPlanRules}): the estimate its server log prints and its scheduler trusts, a second opinion beside the
 * sheet's sizing of the runner it starts. Ollama's arithmetic, not the textbook's, where they differ:
 * <ul>
 * <li>every GPU is charged a minimum (457 MiB cuda / rocm, 512 MiB metal) and one block as a buffer ({@code blk.0}
 * plus its KV; 0.7.0 the largest tensor group), neither of which the runner allocates;</li>
 * <li>the graph is one estimate per GPU that holds a layer (full when every layer and the output are placed, else
 * partial; more than one GPU always partial), not the runner's compute buffer;</li>
 * <li>a block is placed on GPU {@code i mod j} of those still with space; one that does not fit removes that GPU;</li>
 * <li>before 0.6.1 "weights" include each block's KV and "repeating" is that minus the output layer;</li>
 * <li>before 0.6.3 the KV is one figure split evenly over the blocks; gemma3's sliding blocks are not clamped to the
 * context.</li>
 * </ul>
 */
public final class OllamaPlanner {
    private static final long MAX_BYTES = 1L << 50;

    private OllamaPlanner() { }

    public static OllamaPlanned plan(OllamaPlanModel m, OllamaPlanSetup s) {
        String bad = OllamaPlanCheck.problem(m, s);
        if (bad != null) {
            return OllamaPlanned.refused(bad);
        }
        try {
            return OllamaPlanned.of(new OllamaPlacement(m, s).run());
        } catch (ArithmeticException e) {
            return OllamaPlanned.refused("the model's sizes are too large for Ollama's planner (over 2^63 bytes)");
        }
    }

    static long maxBytes() { return MAX_BYTES; }

    /** The cache type the planner sizes: the requested one only with flash attention that the model takes. */
    static String cacheType(OllamaPlanModel m, OllamaPlanSetup s, List<String> why) {
        String t = s.kvCacheType() == null ? "" : s.kvCacheType().strip().toLowerCase(Locale.ROOT);
        if (t.isEmpty() || "f16".equals(t)) {
            return "";
        }
        boolean takesFa = m.keyLength() != 0 && m.keyLength() == m.valueLength()
                && !("gptoss".equals(m.architecture()) && s.release().before(OllamaPlanRules.GPTOSS_FA));
        if (!s.flashAttention() || !takesFa) {
            why.add("the planner sizes an f16 cache: '" + t + "' needs flash attention on and a model that takes it"
                    + " (llm/memory.go, fs/ggml/ggml.go SupportsFlashAttention)");
            return "";
        }
        if (!List.of("q8_0", "q4_0").contains(t)) {
            why.add("the planner sizes an f16 cache: '" + t + "' is not f16, q8_0 or q4_0 (fs/ggml/ggml.go SupportsKVCacheType)");
            return "";
        }
        return t;
    }

    /** Sizes as lists, for the record. */
    static List<Long> list(long[] xs) {
        List<Long> out = new ArrayList<>(xs.length);
        for (long x : xs) {
            out.add(x);
        }
        return out;
    }
}
