package org.vramsheet.core.validation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Validation;

/**
 * What an engine's startup log said, in bytes and tokens (null where the log did not say). Per GPU
 * unless noted; kvTokens is engine-wide.
 *
 * @param concurrencyTokens the context length the printed concurrency refers to
 * @param nodes             machines the replica's workers ran on (distinct Ray worker addresses), null when not shown
 * @param devices           llama.cpp's buffers per device (CUDA0, CPU_Mapped, ...), in the order the log names them
 * @param swaTokens         the sliding-window cache's cells (llama.cpp iSWA); kvTokens is then the non-SWA cache's
 * @param swaPoolBytes      the sliding-window cache's bytes, included in kvPoolBytes
 * @param stateBytes        recurrent state (llama_memory_recurrent, Mamba-style layers), not in kvPoolBytes
 * @param ctxPerSeq         llama.cpp's n_ctx_per_seq / n_ctx_seq
 * @param seqMax            llama.cpp's n_seq_max (sequences, i.e. server slots)
 * @param kvCacheDtypeV     llama.cpp's type_v (kvCacheDtype is type_k)
 * @param batchTokens       llama.cpp's n_batch
 * @param ubatchTokens      llama.cpp's n_ubatch
 * @param flashAttention    llama.cpp's flash_attn as printed ("0", "1", "auto", "enabled")
 * @param gpuLayers         layers offloaded to GPUs ("offloaded N/M layers to GPU")
 * @param modelLayers       the model's layers in that line (M)
 * @param plannedKvBytes    Ollama's planned KV cache (an estimate before launch, all devices)
 * @param plannedTotalBytes Ollama's planned total (memory.required.full, or "total memory")
 * @param plannedWeightsBytes Ollama's planned weights (memory.weights.total, or the "model weights" lines)
 * @param plannedGraphBytes Ollama's planned compute graph (memory.graph.full, or the "compute graph" lines)
 * @param plannedDevices    Ollama's plan per device (its "model weights" / "kv cache" / "compute graph" lines)
 * @param freeAfterWeightsBytes the free memory the engine sized its pool from, after weights, activations and buffers
 *                              (TensorRT-LLM's "available"), null when not shown
 * @param blockSize         tokens per KV block the engine used (TensorRT-LLM's "tokens per block"), null when not shown
 * @param cudaGraphsInPool  whether the engine took its CUDA graphs out of the KV pool, when its lines show it (a V0 log: false)
 * @param dataParallel      data-parallel engines the log shows (vLLM DP ranks); the figures are the first engine's, null when one
 * @param freeBeforeWeightsBytes free memory per GPU before the weights loaded (SGLang "Load weight begin. avail mem", the
 *                          smallest rank's): what SGLang's pool rule starts from instead of the device total
 * @param llamaParams       llama.cpp's printed parameters by name: print_info / llm_load_print_meta ("n_layer"), GGUF metadata
 *                          ("llama.block_count") and the context's kv_unified, as printed
 * @param deviceFreeBytes   llama.cpp's free memory per device at load ("using device CUDA0 (...) - N MiB free"), in log order
 * @param ollama            an Ollama server log's own lines: the planner's estimate, the runner it started, what its per-device
 *                          summary is (see {@link OllamaLog}); null for other engines' logs
 * @param estimatedBy       the tool whose estimate this is, not a startup log ("llama-fit-params": llama.cpp's own projection
 *                          before loading, whole MiB rounded down; a device's kvBytes is then its context: KV cache and
 *                          recurrent state), null for an engine's log
 */
public record Measurement(Engine engine, String version, String modelId, Double utilization, Long maxModelLen,
                          Integer tensorParallel, Integer pipelineParallel, String kvCacheDtype, Long weightsBytes,
                          Long nonKvBytes, Long activationPeakBytes, Long nonTorchBytes, Long kvPoolBytes, Long kvTokens,
                          Long gpuBlocks, Long concurrencyTokens, Double concurrency, Long freeBytes, Long totalBytes,
                          Long cudaGraphEstimateBytes, Long cudaGraphActualBytes, List<String> matchedLines,
                          List<String> skippedLines, Integer nodes, List<DeviceMemory> devices, Long swaTokens,
                          Long swaPoolBytes, Long stateBytes, Long ctxPerSeq, Integer seqMax, String kvCacheDtypeV,
                          Long batchTokens, Long ubatchTokens, String flashAttention, Integer gpuLayers, Integer modelLayers,
                          Long plannedKvBytes, Long plannedTotalBytes, Long plannedWeightsBytes, Long plannedGraphBytes,
                          List<DeviceMemory> plannedDevices, Long freeAfterWeightsBytes, Integer blockSize,
                          Integer dataParallel, Boolean cudaGraphsInPool, Long freeBeforeWeightsBytes,
                          Map<String, String> llamaParams, Map<String, Long> deviceFreeBytes, OllamaLog ollama,
                          String estimatedBy) {
    public Measurement {
        llamaParams = llamaParams == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(llamaParams));
        deviceFreeBytes = deviceFreeBytes == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(deviceFreeBytes));
        devices = devices == null ? List.of() : List.copyOf(devices);
        plannedDevices = plannedDevices == null ? List.of() : List.copyOf(plannedDevices);
        matchedLines = matchedLines == null ? List.of() : List.copyOf(matchedLines);
        skippedLines = skippedLines == null ? List.of() : List.copyOf(skippedLines);
    }

    /** One device's buffers as a log printed them, bytes (null where not printed). */
    public record DeviceMemory(String name, Long modelBytes, Long kvBytes, Long stateBytes, Long computeBytes, Long outputBytes) {
        /** What the device holds in all, over the buffers printed. */
        public long totalBytes() {
            long t = 0;
            for (Long v : new Long[] {modelBytes, kvBytes, stateBytes, computeBytes, outputBytes}) {
                t = Math.addExact(t, v == null ? 0 : v);
            }
            return t;
        }
    }

    /** VALIDATION with this log's measurements; {@code gpus}: the GPUs per replica the log ran on (TP x PP). */
    public Validation toValidation(Validation old, int gpus) {
        String note = estimatedBy != null ? "'" + estimatedBy + "' estimate (llama.cpp's projection before loading, whole MiB)"
                : (engine == null ? "engine" : engine.label()) + (version == null ? "" : " " + version) + " startup log"
                + (modelId == null ? "" : " of " + modelId);
        String notes = old.notes().isBlank() ? note : old.notes().contains(note) ? old.notes() : old.notes() + "\n" + note;
        return old.toBuilder().measuredNonKvBytes(nonKvBytes != null ? nonKvBytes : old.measuredNonKvBytes())
                .allocatedKvBytes(kvPoolBytes != null ? kvPoolBytes : old.allocatedKvBytes())
                .kvCapacityTokens(kvTokens != null ? kvTokens : old.kvCapacityTokens()).notes(notes)
                .measuredOnGpus(nonKvBytes != null ? Integer.valueOf(gpus) : old.measuredOnGpus())
                .measuredActivationPeakBytes(activationPeakBytes != null ? activationPeakBytes : old.measuredActivationPeakBytes())
                .measuredNonTorchBytes(nonTorchBytes != null ? nonTorchBytes : old.measuredNonTorchBytes())
                .measuredCudaGraphBytes(cudaGraphEstimateBytes != null ? cudaGraphEstimateBytes
                        : old.measuredCudaGraphBytes())
                .devices(devices.isEmpty() ? old.devices() : DeviceComparison.measured(this))
                .offloadedLayers(gpuLayers != null ? gpuLayers : devices.isEmpty() ? old.offloadedLayers() : null).build();
    }

    /** An empty measurement to fill in, as a log reader does line by line. */
    public static Builder builder() { return new Builder(); }

    /** A measurement being read: each setter sets one component, each getter reads what was set so far. */
    public static final class Builder {
        private String estimatedBy;
        private Engine engine;
        private String version;
        private String modelId;
        private Double utilization;
        private Long maxModelLen;
        private Integer tensorParallel;
        private Integer pipelineParallel;
        private String kvCacheDtype;
        private Long weightsBytes;
        private Long nonKvBytes;
        private Long activationPeakBytes;
        private Long nonTorchBytes;
        private Long kvPoolBytes;
        private Long kvTokens;
        private Long gpuBlocks;
        private Long concurrencyTokens;
        private Double concurrency;
        private Long freeBytes;
        private Long totalBytes;
        private Long cudaGraphEstimateBytes;
        private Long cudaGraphActualBytes;
        private List<String> matchedLines;
        private List<String> skippedLines;
        private Integer nodes;
        private List<DeviceMemory> devices;
        private Long swaTokens;
        private Long swaPoolBytes;
        private Long stateBytes;
        private Long ctxPerSeq;
        private Integer seqMax;
        private String kvCacheDtypeV;
        private Long batchTokens;
        private Long ubatchTokens;
        private String flashAttention;
        private Integer gpuLayers;
        private Integer modelLayers;
        private Long plannedKvBytes;
        private Long plannedTotalBytes;
        private Long plannedWeightsBytes;
        private Long plannedGraphBytes;
        private List<DeviceMemory> plannedDevices;
        private Long freeAfterWeightsBytes;
        private Integer blockSize;
        private Integer dataParallel;
        private Boolean cudaGraphsInPool;
        private Long freeBeforeWeightsBytes;
        private Map<String, String> llamaParams;
        private Map<String, Long> deviceFreeBytes;
        private OllamaLog ollama;

        private Builder() { }

        public Builder engine(Engine v) { engine = v; return this; }
        public Engine engine() { return engine; }

        public Builder version(String v) { version = v; return this; }
        public String version() { return version; }

        public Builder modelId(String v) { modelId = v; return this; }
        public String modelId() { return modelId; }

        public Builder utilization(Double v) { utilization = v; return this; }
        public Double utilization() { return utilization; }

        public Builder maxModelLen(Long v) { maxModelLen = v; return this; }
        public Long maxModelLen() { return maxModelLen; }

        public Builder tensorParallel(Integer v) { tensorParallel = v; return this; }
        public Integer tensorParallel() { return tensorParallel; }

        public Builder pipelineParallel(Integer v) { pipelineParallel = v; return this; }
        public Integer pipelineParallel() { return pipelineParallel; }

        public Builder kvCacheDtype(String v) { kvCacheDtype = v; return this; }
        public String kvCacheDtype() { return kvCacheDtype; }

        public Builder weightsBytes(Long v) { weightsBytes = v; return this; }
        public Long weightsBytes() { return weightsBytes; }

        public Builder nonKvBytes(Long v) { nonKvBytes = v; return this; }
        public Long nonKvBytes() { return nonKvBytes; }

        public Builder activationPeakBytes(Long v) { activationPeakBytes = v; return this; }
        public Long activationPeakBytes() { return activationPeakBytes; }

        public Builder nonTorchBytes(Long v) { nonTorchBytes = v; return this; }
        public Long nonTorchBytes() { return nonTorchBytes; }

        public Builder kvPoolBytes(Long v) { kvPoolBytes = v; return this; }
        public Long kvPoolBytes() { return kvPoolBytes; }

        public Builder kvTokens(Long v) { kvTokens = v; return this; }
        public Long kvTokens() { return kvTokens; }

        public Builder gpuBlocks(Long v) { gpuBlocks = v; return this; }
        public Long gpuBlocks() { return gpuBlocks; }

        public Builder concurrencyTokens(Long v) { concurrencyTokens = v; return this; }
        public Long concurrencyTokens() { return concurrencyTokens; }

        public Builder concurrency(Double v) { concurrency = v; return this; }
        public Double concurrency() { return concurrency; }

        public Builder freeBytes(Long v) { freeBytes = v; return this; }
        public Long freeBytes() { return freeBytes; }

        public Builder totalBytes(Long v) { totalBytes = v; return this; }
        public Long totalBytes() { return totalBytes; }

        public Builder cudaGraphEstimateBytes(Long v) { cudaGraphEstimateBytes = v; return this; }
        public Long cudaGraphEstimateBytes() { return cudaGraphEstimateBytes; }

        public Builder cudaGraphActualBytes(Long v) { cudaGraphActualBytes = v; return this; }
        public Long cudaGraphActualBytes() { return cudaGraphActualBytes; }

        public Builder matchedLines(List<String> v) { matchedLines = v; return this; }
        public List<String> matchedLines() { return matchedLines; }

        public Builder skippedLines(List<String> v) { skippedLines = v; return this; }
        public List<String> skippedLines() { return skippedLines; }

        public Builder nodes(Integer v) { nodes = v; return this; }
        public Integer nodes() { return nodes; }

        public Builder devices(List<DeviceMemory> v) { devices = v; return this; }
        public List<DeviceMemory> devices() { return devices; }

        public Builder swaTokens(Long v) { swaTokens = v; return this; }
        public Long swaTokens() { return swaTokens; }

        public Builder swaPoolBytes(Long v) { swaPoolBytes = v; return this; }
        public Long swaPoolBytes() { return swaPoolBytes; }

        public Builder stateBytes(Long v) { stateBytes = v; return this; }
        public Long stateBytes() { return stateBytes; }

        public Builder ctxPerSeq(Long v) { ctxPerSeq = v; return this; }
        public Long ctxPerSeq() { return ctxPerSeq; }

        public Builder seqMax(Integer v) { seqMax = v; return this; }
        public Integer seqMax() { return seqMax; }

        public Builder kvCacheDtypeV(String v) { kvCacheDtypeV = v; return this; }
        public String kvCacheDtypeV() { return kvCacheDtypeV; }

        public Builder batchTokens(Long v) { batchTokens = v; return this; }
        public Long batchTokens() { return batchTokens; }

        public Builder ubatchTokens(Long v) { ubatchTokens = v; return this; }
        public Long ubatchTokens() { return ubatchTokens; }

        public Builder flashAttention(String v) { flashAttention = v; return this; }
        public String flashAttention() { return flashAttention; }

        public Builder gpuLayers(Integer v) { gpuLayers = v; return this; }
        public Integer gpuLayers() { return gpuLayers; }

        public Builder modelLayers(Integer v) { modelLayers = v; return this; }
        public Integer modelLayers() { return modelLayers; }

        public Builder plannedKvBytes(Long v) { plannedKvBytes = v; return this; }
        public Long plannedKvBytes() { return plannedKvBytes; }

        public Builder plannedTotalBytes(Long v) { plannedTotalBytes = v; return this; }
        public Long plannedTotalBytes() { return plannedTotalBytes; }

        public Builder plannedWeightsBytes(Long v) { plannedWeightsBytes = v; return this; }
        public Long plannedWeightsBytes() { return plannedWeightsBytes; }

        public Builder plannedGraphBytes(Long v) { plannedGraphBytes = v; return this; }
        public Long plannedGraphBytes() { return plannedGraphBytes; }

        public Builder plannedDevices(List<DeviceMemory> v) { plannedDevices = v; return this; }
        public List<DeviceMemory> plannedDevices() { return plannedDevices; }
        /** The free memory the engine sized its pool from (TensorRT-LLM's "available"). */
        public Builder freeAfterWeightsBytes(Long v) { freeAfterWeightsBytes = v; return this; }
        public Long freeAfterWeightsBytes() { return freeAfterWeightsBytes; }

        /** Tokens per KV block the engine used. */
        public Builder blockSize(Integer v) { blockSize = v; return this; }
        public Integer blockSize() { return blockSize; }
        public Builder dataParallel(Integer v) { dataParallel = v; return this; }
        public Integer dataParallel() { return dataParallel; }
        /** Free memory per GPU before the weights loaded. */
        public Builder freeBeforeWeightsBytes(Long v) { freeBeforeWeightsBytes = v; return this; }
        public Long freeBeforeWeightsBytes() { return freeBeforeWeightsBytes; }

        /** Whether the engine took its CUDA graphs out of the pool, when its lines show it (V0 never did). */
        public Builder cudaGraphsInPool(Boolean v) { cudaGraphsInPool = v; return this; }
        public Boolean cudaGraphsInPool() { return cudaGraphsInPool; }

        /** llama.cpp's printed parameters by name (hyperparameters, GGUF metadata, kv_unified). */
        public Builder llamaParams(Map<String, String> v) { llamaParams = v; return this; }
        public Map<String, String> llamaParams() { return llamaParams; }

        /** llama.cpp's free memory per device at load, in log order. */
        public Builder deviceFreeBytes(Map<String, Long> v) { deviceFreeBytes = v; return this; }
        public Map<String, Long> deviceFreeBytes() { return deviceFreeBytes; }

        /** The tool whose estimate this is ("llama-fit-params"), null for a startup log. */
        public Builder estimatedBy(String v) { estimatedBy = v; return this; }
        public String estimatedBy() { return estimatedBy; }

        /** An Ollama server log's own lines (estimate, runner, summary). */
        public Builder ollama(OllamaLog v) { ollama = v; return this; }
        public OllamaLog ollama() { return ollama; }

        public Measurement build() {
            return new Measurement(engine, version, modelId, utilization, maxModelLen, tensorParallel, pipelineParallel, kvCacheDtype,
                    weightsBytes, nonKvBytes, activationPeakBytes, nonTorchBytes, kvPoolBytes, kvTokens, gpuBlocks, concurrencyTokens,
                    concurrency, freeBytes, totalBytes, cudaGraphEstimateBytes, cudaGraphActualBytes, matchedLines, skippedLines, nodes,
                    devices, swaTokens, swaPoolBytes, stateBytes, ctxPerSeq, seqMax, kvCacheDtypeV, batchTokens, ubatchTokens,
                    flashAttention, gpuLayers, modelLayers, plannedKvBytes, plannedTotalBytes, plannedWeightsBytes, plannedGraphBytes,
                    plannedDevices, freeAfterWeightsBytes, blockSize, dataParallel, cudaGraphsInPool, freeBeforeWeightsBytes,
                    llamaParams, deviceFreeBytes, ollama, estimatedBy);
        }
    }
}
