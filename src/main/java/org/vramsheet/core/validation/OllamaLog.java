package org.vramsheet.core.validation;

import java.util.List;

/**
 * What an Ollama server log says beyond llama.cpp's buffers, kept apart as estimate and measurement: the planner's line
 * (llm/memory.go {@code EstimateGPULayers}, logged as {@code msg="offload to cuda"} to 0.5.x and {@code msg=offload
 * library=cuda} from 0.5.8 to 0.12.10: Ollama's estimate before loading), the runner it started (its command line, or
 * from 0.11.5 the runner's {@code load request}), what the per-device summary lines are (ml/device.go
 * {@code BackendMemory.Log}: the Ollama engine's own allocation, or for the llama.cpp runner from 0.12.11 Ollama's
 * estimate), and the server's version and VRAM-based default context (0.15.5 on).
 *
 * @param version        Ollama's version ("Listening on ... (version 0.3.6)"), or null
 * @param plan           the planner's estimate, or null when the log has no planner line
 * @param runner         the runner's settings, or null
 * @param summary        what the "model weights" / "kv cache" / "compute graph" lines per device are: "allocation" (the
 *                       runner's, in Measurement.devices), "estimate" (Ollama's, in plannedDevices), or null without them
 * @param summaryTotalBytes the summary's "total memory", or null
 * @param defaultNumCtx  the server's VRAM-based default num_ctx ("vram-based default context"), or null
 * @param totalVramBytes the GPU memory it was chosen from, or null
 */
public record OllamaLog(String version, Plan plan, Runner runner, String summary, Long summaryTotalBytes, Long defaultNumCtx,
                        Long totalVramBytes) {
    /**
     * The planner's line, every figure as printed (HumanBytes2: binary units, one decimal).
     *
     * @param library             "cuda", "rocm", "cpu", ... ("offload to cuda" names it in the message)
     * @param layersRequested     num_gpu as requested (-1: as many as fit)
     * @param layersModel         the model's layers plus the output layer
     * @param layersOffload       layers the planner puts on the GPUs
     * @param layersSplit         layers per GPU ("11,11,11,11"), or null
     * @param availableBytes      free memory per GPU it planned with
     * @param allocationBytes     what it plans on each GPU
     * @param requiredFullBytes   memory.required.full: everything on the GPUs
     * @param requiredPartialBytes memory.required.partial: what the planned layers take
     * @param requiredKvBytes     memory.required.kv: the KV cache of every layer
     * @param weightsTotalBytes   memory.weights.total
     * @param weightsRepeatingBytes memory.weights.repeating
     * @param weightsNonrepeatingBytes memory.weights.nonrepeating
     * @param graphFullBytes      memory.graph.full
     * @param graphPartialBytes   memory.graph.partial
     * @param projectorWeightsBytes projector.weights, or null without a projector
     * @param projectorGraphBytes projector.graph, or null
     */
    public record Plan(String library, Integer layersRequested, Integer layersModel, Integer layersOffload, String layersSplit,
                       List<Long> availableBytes, List<Long> allocationBytes, Long requiredFullBytes, Long requiredPartialBytes,
                       Long requiredKvBytes, Long weightsTotalBytes, Long weightsRepeatingBytes, Long weightsNonrepeatingBytes,
                       Long graphFullBytes, Long graphPartialBytes, Long projectorWeightsBytes, Long projectorGraphBytes) {
        public Plan {
            availableBytes = availableBytes == null ? List.of() : List.copyOf(availableBytes);
            allocationBytes = allocationBytes == null ? List.of() : List.copyOf(allocationBytes);
        }
    }

    /**
     * The runner Ollama started, as its command line or load request says.
     *
     * @param engine         "ollama" (--ollama-engine) or "llama.cpp"
     * @param contextCells   --ctx-size, or the load request's KvSize: num_ctx x parallel
     * @param batch          --batch-size / BatchSize
     * @param gpuLayers      --n-gpu-layers, or the layers the load request puts on GPUs
     * @param parallel       --parallel / Parallel
     * @param flashAttention "on" (--flash-attn, true, Enabled), "off", "auto", or null when not said
     * @param kvCacheType    --kv-cache-type / KvCacheType, or null (f16)
     * @param tensorSplit    --tensor-split, or null
     */
    public record Runner(String engine, Long contextCells, Long batch, Integer gpuLayers, Integer parallel, String flashAttention,
                         String kvCacheType, String tensorSplit) { }
}
