package org.vramsheet.core.result;

/**
 * What a figure counts; bytes are always exact and shown in GB and GiB. MS, TOKENS_PER_SECOND and MONEY are estimates
 * carried as a finite double (the latency estimate, issue 29); MONEY is in the currency of the price it starts from.
 */
public enum Unit {
    BYTES, TOKENS, SEQUENCES, BLOCKS, PARAMS, RATIO, FLAG, GPUS, REPLICAS, COUNT, BITS, MS, TOKENS_PER_SECOND, MONEY;

    /** Whether the figure's value is a double ({@link Figure#ratio()}), not an exact count. */
    public boolean real() { return this == RATIO || this == MS || this == TOKENS_PER_SECOND || this == MONEY; }
}
