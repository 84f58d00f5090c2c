package org.vramsheet.core.sheet;

import java.util.ArrayList;
import java.util.List;

/**
 * VALIDATION's latency measurement (issue 29): a probe's streamed workload run, per concurrency step, with the setup it
 * ran on. The model, engine and version are what the server said (not the sheet's), the GPU, GPUs per replica, weight
 * format and KV dtype the sheet's when it was recorded (the server does not say them); a later step compares each step
 * with the sheet's estimate at the same concurrency and request shape. It is this sheet's only while the sheet still has
 * this setup ({@link #otherSetup}): a measurement of another model, engine or GPU is never shown as the sheet's.
 *
 * @param modelId         the model the server served
 * @param engine          the engine the server is (null: not one the app knows)
 * @param engineVersion   its version as the server said it ("" when it did not)
 * @param gpuName         the sheet's GPU when it was recorded
 * @param gpus            GPUs per replica (TP x PP) then
 * @param weightFormat    the sheet's weight format then
 * @param kvDtype         the sheet's KV-cache dtype then
 * @param measuredAt      when, ISO-8601 UTC ("2026-12-02T01:23:45Z")
 * @param scenario        what ran: typical, heavy, limit or ramp
 * @param inputTokens     prompt tokens per request
 * @param generatedTokens generated tokens per request
 * @param steps           the concurrency steps, in the order they ran
 */
public record MeasuredLatency(String modelId, Engine engine, String engineVersion, String gpuName, Integer gpus,
                              WeightFormat weightFormat, KvDtype kvDtype, String measuredAt, String scenario, Long inputTokens,
                              Long generatedTokens, List<LatencyStep> steps) {
    public MeasuredLatency {
        modelId = modelId == null ? "" : modelId;
        engineVersion = engineVersion == null ? "" : engineVersion;
        gpuName = gpuName == null ? "" : gpuName;
        measuredAt = measuredAt == null ? "" : measuredAt;
        scenario = scenario == null ? "" : scenario;
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /**
     * What differs between this measurement's setup and the sheet's ("model: a → b"); empty when it is of the sheet's
     * setup. The model is compared by its name after the organisation ("Llama-3.1-8B-Instruct"), as the probe compares a
     * served model with the sheet's; the engine version only when both are known.
     */
    public List<String> otherSetup(Worksheet ws) {
        List<String> out = new ArrayList<>();
        String served = name(modelId);
        String sheet = name(ws.model().modelId());
        if (!served.isEmpty() && !sheet.isEmpty() && !served.equalsIgnoreCase(sheet)) {
            out.add("model: " + modelId + " → " + ws.model().modelId());
        }
        RuntimeSettings r = ws.runtime();
        if (engine != null && engine != r.engine()) {
            out.add("engine: " + engine.label() + " → " + r.engine().label());
        }
        String version = text(r.engineVersion());
        if (!engineVersion.isBlank() && !version.isBlank() && !engineVersion.equalsIgnoreCase(version)) {
            out.add("engine version: " + engineVersion + " → " + version);
        }
        String gpu = text(ws.gpu().name());
        if (!gpuName.isBlank() && !gpu.isBlank() && !gpuName.equalsIgnoreCase(gpu)) {
            out.add("GPU model: " + gpuName + " → " + gpu);
        }
        if (gpus != null && gpus != r.ranks()) {
            out.add("GPUs per replica: " + gpus + " → " + r.ranks());
        }
        if (weightFormat != null && weightFormat != ws.weights().format()) {
            out.add("weight format: " + weightFormat + " → " + ws.weights().format());
        }
        if (kvDtype != null && kvDtype != ws.kv().kvDtype()) {
            out.add("KV-cache dtype: " + kvDtype.label() + " → " + ws.kv().kvDtype().label());
        }
        return out;
    }

    private static String text(String s) { return s == null ? "" : s.trim(); }

    private static String name(String id) {
        String t = text(id);
        return t.substring(t.lastIndexOf('/') + 1);
    }
}
