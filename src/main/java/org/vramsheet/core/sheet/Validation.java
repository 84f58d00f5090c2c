package org.vramsheet.core.sheet;

import java.util.List;

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
 * @param setup                       the setup the measurements were measured on (null: not recorded); on another setup
 *                                    they are stale and not used
 * @param devices                     the buffers per device an engine log printed (llama.cpp, Ollama's runner), compared
 *                                    with the sheet's memory per device while the setup is the same (version 8)
 * @param offloadedLayers             the layers the log offloaded to the GPUs ("offloaded N/M layers to GPU")
 * @param latency                     the latest streamed workload run's TTFT, ITL and throughput per concurrency step,
 *                                    with its own setup (version 8; null: none measured)
 */
public record Validation(Long measuredNonKvBytes, Long allocatedKvBytes, Long kvCapacityTokens,
                         Long measuredPeakBytes, Long preemptionSequences, String notes, Long predictedNonKvBytes,
                         Long predictedKvPoolBytes, Long predictedKvCapacityTokens, Integer measuredOnGpus,
                         Long measuredActivationPeakBytes, Long measuredNonTorchBytes, Long measuredCudaGraphBytes,
                         MeasuredSetup setup, List<MeasuredDevice> devices, Integer offloadedLayers, MeasuredLatency latency) {
    public Validation {
        notes = notes == null ? "" : notes;
        devices = devices == null ? List.of() : List.copyOf(devices);
    }

    /** Nothing measured yet. */
    public static Validation empty() { return builder().build(); }

    /** Whether any value was measured (the notes and the frozen prediction are not measurements). */
    public boolean hasMeasurement() {
        return measuredNonKvBytes != null || allocatedKvBytes != null || kvCapacityTokens != null || measuredPeakBytes != null
                || preemptionSequences != null || measuredActivationPeakBytes != null || measuredNonTorchBytes != null
                || measuredCudaGraphBytes != null || !devices.isEmpty() || offloadedLayers != null;
    }

    /** No measured value and no frozen prediction; the notes are kept. */
    public Validation withoutMeasurements() {
        return builder().notes(notes).build();
    }

    /** Whether a pre-launch prediction was frozen. */
    public boolean hasPrediction() {
        return predictedNonKvBytes != null || predictedKvPoolBytes != null || predictedKvCapacityTokens != null;
    }

    /** A builder starting from {@link #empty()}. */
    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link Validation}: one setter per component; unset components take the constructor's defaults. */
    public static final class Builder {
        private Long measuredNonKvBytes;
        private Long allocatedKvBytes;
        private Long kvCapacityTokens;
        private Long measuredPeakBytes;
        private Long preemptionSequences;
        private String notes;
        private Long predictedNonKvBytes;
        private Long predictedKvPoolBytes;
        private Long predictedKvCapacityTokens;
        private Integer measuredOnGpus;
        private Long measuredActivationPeakBytes;
        private Long measuredNonTorchBytes;
        private Long measuredCudaGraphBytes;
        private MeasuredSetup setup;
        private List<MeasuredDevice> devices;
        private Integer offloadedLayers;
        private MeasuredLatency latency;

        private Builder() { }

        private Builder(Validation r) {
            measuredNonKvBytes = r.measuredNonKvBytes;
            allocatedKvBytes = r.allocatedKvBytes;
            kvCapacityTokens = r.kvCapacityTokens;
            measuredPeakBytes = r.measuredPeakBytes;
            preemptionSequences = r.preemptionSequences;
            notes = r.notes;
            predictedNonKvBytes = r.predictedNonKvBytes;
            predictedKvPoolBytes = r.predictedKvPoolBytes;
            predictedKvCapacityTokens = r.predictedKvCapacityTokens;
            measuredOnGpus = r.measuredOnGpus;
            measuredActivationPeakBytes = r.measuredActivationPeakBytes;
            measuredNonTorchBytes = r.measuredNonTorchBytes;
            measuredCudaGraphBytes = r.measuredCudaGraphBytes;
            setup = r.setup;
            devices = r.devices;
            offloadedLayers = r.offloadedLayers;
            latency = r.latency;
        }

        public Builder measuredNonKvBytes(Long v) { measuredNonKvBytes = v; return this; }
        public Builder allocatedKvBytes(Long v) { allocatedKvBytes = v; return this; }
        public Builder kvCapacityTokens(Long v) { kvCapacityTokens = v; return this; }
        public Builder measuredPeakBytes(Long v) { measuredPeakBytes = v; return this; }
        public Builder preemptionSequences(Long v) { preemptionSequences = v; return this; }
        public Builder notes(String v) { notes = v; return this; }
        public Builder predictedNonKvBytes(Long v) { predictedNonKvBytes = v; return this; }
        public Builder predictedKvPoolBytes(Long v) { predictedKvPoolBytes = v; return this; }
        public Builder predictedKvCapacityTokens(Long v) { predictedKvCapacityTokens = v; return this; }
        public Builder measuredOnGpus(Integer v) { measuredOnGpus = v; return this; }
        public Builder measuredActivationPeakBytes(Long v) { measuredActivationPeakBytes = v; return this; }
        public Builder measuredNonTorchBytes(Long v) { measuredNonTorchBytes = v; return this; }
        public Builder measuredCudaGraphBytes(Long v) { measuredCudaGraphBytes = v; return this; }
        public Builder setup(MeasuredSetup v) { setup = v; return this; }
        public Builder devices(List<MeasuredDevice> v) { devices = v; return this; }
        public Builder offloadedLayers(Integer v) { offloadedLayers = v; return this; }
        public Builder latency(MeasuredLatency v) { latency = v; return this; }

        public Validation build() {
            return new Validation(measuredNonKvBytes, allocatedKvBytes, kvCapacityTokens, measuredPeakBytes,
                    preemptionSequences, notes, predictedNonKvBytes, predictedKvPoolBytes, predictedKvCapacityTokens,
                    measuredOnGpus, measuredActivationPeakBytes, measuredNonTorchBytes, measuredCudaGraphBytes, setup, devices,
                    offloadedLayers, latency);
        }
    }
}
