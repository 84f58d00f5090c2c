package org.vramsheet.core.engine.spi;

/**
 * How many sequences of a given length the engine's pool holds, as the engine computes it; used for
 * the "max concurrency" figure, the context slider and the charts.
 */
public interface Capacity {
    /** The engine's concurrency ratio at this context (vLLM prints it as "15.75x"). */
    double ratioAt(long contextTokens);

    /** Whole sequences of this length that fit at once. */
    default long sequencesAt(long contextTokens) {
        return (long) Math.floor(ratioAt(contextTokens) + 1e-9);
    }

    /** The longest sequence the engine admits (max model length, llama.cpp n_ctx). */
    long maxContext();

    /** Physical KV bytes of one sequence of this length on the whole replica. */
    long sequenceBytesAt(long contextTokens);
}
