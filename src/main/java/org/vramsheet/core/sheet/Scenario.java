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
 */
public record Scenario(Long inputTokens, Long generatedTokens, Long concurrentSequences,
                       List<Long> sequenceLengths, Long sharedPrefixTokens) {
    public Scenario {
        sequenceLengths = sequenceLengths == null ? List.of() : List.copyOf(sequenceLengths);
    }

    public static Scenario of(long input, long generated, long sequences) {
        return new Scenario(input, generated, sequences, List.of(), null);
    }

    public boolean explicit() { return !sequenceLengths.isEmpty(); }

    // copy methods: an edit changes only the field it names

}
