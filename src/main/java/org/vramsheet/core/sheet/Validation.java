package org.vramsheet.core.sheet;

/**
 * VALIDATION: what the real engine reported (SS-007 steps 11-15). Per GPU unless noted.
 *
 * @param measuredNonKvBytes  engine's non-KV memory; it already contains the weights
 * @param allocatedKvBytes    KV memory the engine allocated
 * @param kvCapacityTokens    engine-wide KV capacity in tokens
 * @param measuredPeakBytes   measured peak VRAM under the Heavy/Limit run
 * @param preemptionSequences concurrency at which preemption or OOM began
 * @param notes               free text
 */
public record Validation(Long measuredNonKvBytes, Long allocatedKvBytes, Long kvCapacityTokens,
                         Long measuredPeakBytes, Long preemptionSequences, String notes) {
    public Validation {
        notes = notes == null ? "" : notes;
    }

    public static Validation empty() { return new Validation(null, null, null, null, null, ""); }

    // copy methods: an edit changes only the field it names

    public Validation withMeasuredNonKvBytes(Long measuredNonKvBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes);
    }

    public Validation withAllocatedKvBytes(Long allocatedKvBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes);
    }

    public Validation withKvCapacityTokens(Long kvCapacityTokens) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes);
    }

    public Validation withMeasuredPeakBytes(Long measuredPeakBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes);
    }

    public Validation withPreemptionSequences(Long preemptionSequences) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes);
    }

    public Validation withNotes(String notes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes);
    }
}
