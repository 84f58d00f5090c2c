package org.vramsheet.core.sheet;

/**
 * The setup a VALIDATION measurement was measured on: what the sheet said when an engine log was applied, a probe recorded
 * or a value was typed. A measurement is used only while the sheet still has this setup (core/calc's StaleMeasurements
 * compares them); every component may be null (not known when it was recorded).
 *
 * @param modelId          exact model ID
 * @param revision         model revision
 * @param weightFormat     weight storage
 * @param weightBytes      the weights as the sheet computed them then (whole model)
 * @param kvDtype          KV-cache dtype
 * @param engine           inference engine
 * @param engineVersion    its version ("" when the sheet had none)
 * @param gpuName          GPU model
 * @param gpuTotalBytes    CUDA-visible memory per GPU
 * @param tensorParallel   TP
 * @param pipelineParallel PP
 * @param utilization      the engine's memory fraction as resolved (typed, else its default)
 * @param maxModelLen      max model length as resolved
 * @param blockSize        tokens per block as resolved
 * @param date             ISO date it was measured or recorded on ("" when unknown)
 * @param launch           an engine that places memory per device: its launch as run ("-c 8192; -np 1; -ngl 999; ...",
 *                         Ollama's runner's), the buffers per device depend on all of it; null: not recorded (version 8)
 */
public record MeasuredSetup(String modelId, String revision, WeightFormat weightFormat, Long weightBytes, KvDtype kvDtype,
                            Engine engine, String engineVersion, String gpuName, Long gpuTotalBytes, Integer tensorParallel,
                            Integer pipelineParallel, Double utilization, Long maxModelLen, Integer blockSize, String date,
                            String launch) {
    public MeasuredSetup {
        modelId = modelId == null ? "" : modelId;
        revision = revision == null ? "" : revision;
        engineVersion = engineVersion == null ? "" : engineVersion;
        gpuName = gpuName == null ? "" : gpuName;
        date = date == null ? "" : date;
    }

    /** The same setup recorded on another date. */
    public MeasuredSetup withDate(String date) {
        return new MeasuredSetup(modelId, revision, weightFormat, weightBytes, kvDtype, engine, engineVersion, gpuName,
                gpuTotalBytes, tensorParallel, pipelineParallel, utilization, maxModelLen, blockSize, date, launch);
    }

    /** "vLLM 0.19.0, 2026-11-30": the engine and the date, as the reports mark a measured figure. */
    public String shortText() {
        String e = engine == null ? "" : engine.label() + (engineVersion.isBlank() ? "" : " " + engineVersion);
        return date.isBlank() ? e : e.isBlank() ? date : e + ", " + date;
    }
}
