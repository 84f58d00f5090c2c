package org.vramsheet.core.engine.ollama;

/**
 * The weights the planner's log prints, by release (llm/memory.go {@code LogValue} / {@code log}): before 0.6.1 the sum
 * over the blocks includes each block's KV, "total" is that sum and "repeating" that sum minus the output layer; 0.6.1
 * and 0.6.2 sum the blocks' tensors only, printed the same way; from 0.6.3 "total" is the blocks and the output layer,
 * "repeating" the blocks. A repeating figure below 0 (which Go's unsigned subtraction would wrap) is given as 0.
 */
record OllamaPlanWeights(long total, long repeating, long nonrepeating) {

    static OllamaPlanWeights of(OllamaRelease r, long blocks, long output) {
        if (r.before(OllamaPlanRules.TOTAL_WITH_OUTPUT)) {
            return new OllamaPlanWeights(blocks, Math.max(0, blocks - output), output);
        }
        return new OllamaPlanWeights(Math.addExact(blocks, output), blocks, output);
    }
}
