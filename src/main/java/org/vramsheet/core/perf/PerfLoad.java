package org.vramsheet.core.perf;

/**
 * One scenario on one replica: how many sequences decode together, how long their prompts and outputs are, and the
 * engine's layout and prefill chunk.
 *
 * @param concurrency    sequences decoding in the same step (the scenario's concurrent sequences; may be a mean)
 * @param promptTokens   prompt tokens per sequence
 * @param outputTokens   output tokens per sequence
 * @param chunkTokens    the engine's batched-token budget: a prompt is prefilled in chunks of at most this many tokens
 *                       (vLLM max_num_batched_tokens, SGLang chunked_prefill_size, TensorRT-LLM max_num_tokens)
 * @param tensorParallel tensor-parallel ranks of the replica
 */
public record PerfLoad(double concurrency, long promptTokens, long outputTokens, long chunkTokens, int tensorParallel) {
    /** Larger than any sheet holds: 10^9 tokens, 10^7 sequences, 1024 ranks. */
    static final double MAX_TOKENS = 1e9;
    static final double MAX_SEQUENCES = 1e7;

    /** What is wrong with the load, naming the field; empty when usable. */
    public String problem() {
        if (!(concurrency >= 1) || concurrency > MAX_SEQUENCES) {
            return "concurrent sequences must be 1 to " + (long) MAX_SEQUENCES;
        }
        if (promptTokens < 1 || promptTokens > MAX_TOKENS) {
            return "prompt tokens must be 1 to " + (long) MAX_TOKENS;
        }
        if (outputTokens < 1 || outputTokens > MAX_TOKENS) {
            return "output tokens must be 1 to " + (long) MAX_TOKENS;
        }
        if (chunkTokens < 1 || chunkTokens > MAX_TOKENS) {
            return "the batched-token budget must be 1 to " + (long) MAX_TOKENS;
        }
        if (tensorParallel < 1 || tensorParallel > 1024) {
            return "tensor parallel must be 1 to 1024";
        }
        return "";
    }
}
