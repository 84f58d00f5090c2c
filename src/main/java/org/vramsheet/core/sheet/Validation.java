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
 * @param predictedNonKvBytes       the sheet's pre-launch non-KV per GPU, frozen when an engine log was first applied
 * @param predictedKvPoolBytes      the sheet's pre-launch KV pool per GPU, frozen then
 * @param predictedKvCapacityTokens the sheet's pre-launch KV capacity in tokens, frozen then
 * @param measuredOnGpus            GPUs per replica (TP x PP) the measured non-KV memory was measured on; on another
 *                                  layout the weights' share is split again and the rest is kept per GPU
 * @param measuredActivationPeakBytes the engine's profiled activation peak per GPU (from an applied log)
 * @param measuredNonTorchBytes       the engine's non-torch memory per GPU (from an applied log)
 * @param measuredCudaGraphBytes      the engine's CUDA graph memory per GPU (from an applied log)
 */
public record Validation(Long measuredNonKvBytes, Long allocatedKvBytes, Long kvCapacityTokens,
                         Long measuredPeakBytes, Long preemptionSequences, String notes, Long predictedNonKvBytes,
                         Long predictedKvPoolBytes, Long predictedKvCapacityTokens, Integer measuredOnGpus,
                         Long measuredActivationPeakBytes, Long measuredNonTorchBytes, Long measuredCudaGraphBytes) {
    public Validation {
        notes = notes == null ? "" : notes;
    }

    public static Validation empty() { return new Validation(null, null, null, null, null, "", null, null, null, null, null, null, null); }

    /** Whether a pre-launch prediction was frozen. */
    public boolean hasPrediction() {
        return predictedNonKvBytes != null || predictedKvPoolBytes != null || predictedKvCapacityTokens != null;
    }

    // copy methods: an edit changes only the field it names

    public Validation withMeasuredNonKvBytes(Long measuredNonKvBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withAllocatedKvBytes(Long allocatedKvBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withKvCapacityTokens(Long kvCapacityTokens) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withMeasuredPeakBytes(Long measuredPeakBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withPreemptionSequences(Long preemptionSequences) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withNotes(String notes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withPredictedNonKvBytes(Long predictedNonKvBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withPredictedKvPoolBytes(Long predictedKvPoolBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withPredictedKvCapacityTokens(Long predictedKvCapacityTokens) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withMeasuredOnGpus(Integer measuredOnGpus) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withMeasuredActivationPeakBytes(Long measuredActivationPeakBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withMeasuredNonTorchBytes(Long measuredNonTorchBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }

    public Validation withMeasuredCudaGraphBytes(Long measuredCudaGraphBytes) {
        return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes, preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens, measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes);
    }
}
