package org.vramsheet.core.sheet;

import java.util.List;

/**
 * One workload: how many sequences are active at once and how long each has grown.
 *
 * @param inputTokens         prompt tokens per sequence
 * @param generatedTokens     expected generated tokens per sequence
 * @param concurrentSequences sequences active at the same moment
 * @param sequenceLengths     optional explicit active lengths; when given they replace the three above
 * @param sharedPrefixTokens  tokens every sequence shares (system prompt); counted once with prefix caching
 * @param sharedPrefixShare   the share of the sequences that carry the shared prefix, 0 to 1 (schemaVersion 9); null: all
 */
public record Scenario(Long inputTokens, Long generatedTokens, Long concurrentSequences,
                       List<Long> sequenceLengths, Long sharedPrefixTokens, Double sharedPrefixShare) {
    public Scenario {
        sequenceLengths = sequenceLengths == null ? List.of() : List.copyOf(sequenceLengths);
    }

    public static Scenario of(long input, long generated, long sequences) {
        return new Scenario(input, generated, sequences, List.of(), null, null);
    }

    public boolean explicit() { return !sequenceLengths.isEmpty(); }

    /** The sequences of {@code n} that carry the shared prefix: round(share x n), all of them when no share is set. */
    public long sharers(long n) {
        return sharedPrefixShare == null ? n : Math.round(sharedPrefixShare * n);
    }

    // copy methods: an edit changes only the field it names

}
