package org.vramsheet.core.result;

import org.vramsheet.core.sheet.ScenarioId;

/**
 * The key of one figure: the only way code names a figure (a misspelt key is a compile error, not a missing
 * value). {@link #id()} is the stable name used in {@code calc --json}, reports and translations.
 */
public record FigureKey(String id) {
    public static final FigureKey SPECULATIVE_TOKENS = new FigureKey("speculative.tokens");
    public static final FigureKey SPECULATIVE_VERIFY_TOKENS = new FigureKey("speculative.verifyTokensPerSequence");
    public static final FigureKey SPECULATIVE_DRAFT_WEIGHTS_BYTES = new FigureKey("speculative.draftWeightsBytes");
    public static final FigureKey SPECULATIVE_DRAFT_WEIGHTS_BYTES_PER_GPU = new FigureKey("speculative.draftWeightsBytesPerGpu");
    public static final FigureKey SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN = new FigureKey("speculative.draftKvBytesPerToken");
    public static final FigureKey SPECULATIVE_DRAFT_KV_BYTES_PER_TOKEN_PER_GPU =
            new FigureKey("speculative.draftKvBytesPerTokenPerGpu");
    public static final FigureKey SPECULATIVE_POOL_BYTES_PER_TOKEN_PER_GPU = new FigureKey("speculative.poolBytesPerTokenPerGpu");
    public static final FigureKey SPECULATIVE_DRAFT_CONTEXT_BYTES = new FigureKey("speculative.draftContextBytes");
    public static final FigureKey LORA_BYTES_PER_ADAPTER = new FigureKey("lora.bytesPerAdapter");
    public static final FigureKey LORA_SLOT_BYTES_PER_GPU = new FigureKey("lora.slotBytesPerGpu");
    public static final FigureKey LORA_PUNICA_BYTES_PER_GPU = new FigureKey("lora.punicaBytesPerGpu");
    public static final FigureKey LORA_GPU_BYTES_PER_GPU = new FigureKey("lora.gpuBytesPerGpu");
    public static final FigureKey LORA_GPU_BYTES = new FigureKey("lora.gpuBytes");
    public static final FigureKey LORA_HOST_BYTES_PER_NODE = new FigureKey("lora.hostBytesPerNode");
    public static final FigureKey OFFLOAD_HOST_BYTES_PER_RANK = new FigureKey("offload.hostBytesPerRank");
    public static final FigureKey OFFLOAD_HOST_BYTES_PER_NODE = new FigureKey("offload.hostBytesPerNode");
    public static final FigureKey OFFLOAD_HOST_TOKENS = new FigureKey("offload.hostTokens");
    public static final FigureKey OFFLOAD_HOST_RAM_ASKED_BYTES = new FigureKey("offload.hostRamAskedBytesPerNode");
    public static final FigureKey OFFLOAD_FITS_HOST_RAM = new FigureKey("offload.fitsHostRam");
    public static final FigureKey KV_CACHE_HEAD_DIM = new FigureKey("kvCache.headDim");
    public static final FigureKey KV_CACHE_INDEXER_BYTES_PER_TOKEN = new FigureKey("kvCache.indexerBytesPerToken");
    public static final FigureKey KV_CACHE_KV_HEADS = new FigureKey("kvCache.kvHeads");
    public static final FigureKey KV_CACHE_ELEMENT_BYTES = new FigureKey("kvCache.elementBytes");
    public static final FigureKey POOL_MAX_MODEL_LEN = new FigureKey("pool.maxModelLen");
    public static final FigureKey VALIDATION_NON_KV_ERROR = new FigureKey("validation.nonKvError");
    public static final FigureKey VALIDATION_KV_POOL_ERROR = new FigureKey("validation.kvPoolError");
    public static final FigureKey VALIDATION_KV_CAPACITY_ERROR = new FigureKey("validation.kvCapacityError");
    public static final FigureKey VALIDATION_STALE_NON_KV = new FigureKey("validation.staleNonKv");
    public static final FigureKey VALIDATION_STALE_POOL = new FigureKey("validation.stalePool");
    public static final FigureKey VALIDATION_MEASURED_USED = new FigureKey("validation.measuredUsed");
    /** Whether the buffers measured per device are of another setup or launch (then not compared). */
    public static final FigureKey VALIDATION_STALE_DEVICES = new FigureKey("validation.staleDevices");
    /** The layers an applied log offloaded to the GPUs ("offloaded N/M layers to GPU"). */
    public static final FigureKey VALIDATION_OFFLOADED_LAYERS = new FigureKey("validation.offloadedLayers");
    /** The sheet's layers on the GPUs, counted as llama.cpp counts them (the output layer too), beside the log's. */
    public static final FigureKey VALIDATION_OFFLOADED_LAYERS_SHEET = new FigureKey("validation.offloadedLayersSheet");
    public static final FigureKey MEMORY_GPU_BYTES = new FigureKey("memory.gpuBytes");
    public static final FigureKey MEMORY_OTHER_NON_KV_BYTES_PER_GPU = new FigureKey("memory.otherNonKvBytesPerGpu");
    public static final FigureKey MEMORY_SLACK_BYTES_PER_GPU = new FigureKey("memory.slackBytesPerGpu");
    public static final FigureKey MEMORY_ENGINE_OTHER_NON_KV_BYTES_PER_GPU = new FigureKey("memory.engineOtherNonKvBytesPerGpu");
    public static final FigureKey MEMORY_UNRESERVED_BYTES_PER_GPU = new FigureKey("memory.unreservedBytesPerGpu");
    public static final FigureKey KV_CACHE_BYTES_PER_SEQUENCE = new FigureKey("kvCache.bytesPerSequence");
    public static final FigureKey KV_CACHE_BYTES_PER_TOKEN = new FigureKey("kvCache.bytesPerToken");
    public static final FigureKey KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS = new FigureKey("kvCache.bytesPerTokenBeyondWindows");
    public static final FigureKey KV_CACHE_BYTES_PER_TOKEN_PER_GPU = new FigureKey("kvCache.bytesPerTokenPerGpu");
    public static final FigureKey KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN = new FigureKey("kvCache.queryHeadMistakeBytesPerToken");
    public static final FigureKey KV_CACHE_STATE_BYTES_PER_SEQUENCE = new FigureKey("kvCache.stateBytesPerSequence");
    public static final FigureKey PLACEMENT_ATTENTION_DATA_PARALLEL = new FigureKey("placement.attentionDataParallel");
    public static final FigureKey PLACEMENT_EXPERT_PARALLEL_SIZE = new FigureKey("placement.expertParallelSize");
    public static final FigureKey PLACEMENT_EXPERT_TENSOR_PARALLEL_SIZE = new FigureKey("placement.expertTensorParallelSize");
    public static final FigureKey PLACEMENT_EXPERTS_PER_GPU = new FigureKey("placement.expertsPerGpu");
    public static final FigureKey PLACEMENT_EXPERT_WEIGHTS_BYTES = new FigureKey("placement.expertWeightsBytes");
    public static final FigureKey PLACEMENT_EXPERT_WEIGHTS_BYTES_PER_GPU = new FigureKey("placement.expertWeightsBytesPerGpu");
    public static final FigureKey PLACEMENT_ATTENTION_WEIGHTS_BYTES_PER_GPU =
            new FigureKey("placement.attentionWeightsBytesPerGpu");
    public static final FigureKey PLACEMENT_ENGINE_CAPACITY_TOKENS = new FigureKey("placement.engineCapacityTokens");
    public static final FigureKey PLACEMENT_ENGINE_MAX_CONCURRENCY = new FigureKey("placement.engineMaxConcurrency");
    public static final FigureKey PLACEMENT_FLEET_CONCURRENCY = new FigureKey("placement.fleetConcurrency");
    public static final FigureKey PLACEMENT_GPUS_PER_REPLICA = new FigureKey("placement.gpusPerReplica");
    public static final FigureKey PLACEMENT_REPLICAS = new FigureKey("placement.replicas");
    public static final FigureKey PLACEMENT_REPLICAS_FOR_TARGET = new FigureKey("placement.replicasForTarget");
    public static final FigureKey PLACEMENT_TOTAL_GPUS = new FigureKey("placement.totalGpus");
    public static final FigureKey POOL_ACTIVATION_PEAK_BYTES = new FigureKey("pool.activationPeakBytes");
    public static final FigureKey POOL_NON_TORCH_BYTES = new FigureKey("pool.nonTorchBytes");
    public static final FigureKey POOL_CUDA_GRAPH_ESTIMATE_BYTES = new FigureKey("pool.cudaGraphEstimateBytes");
    public static final FigureKey WEIGHTS_ENCODER_BYTES = new FigureKey("weights.encoderBytes");
    public static final FigureKey POOL_BLOCK_SIZE = new FigureKey("pool.blockSize");
    public static final FigureKey POOL_CAPACITY_TOKENS = new FigureKey("pool.capacityTokens");
    public static final FigureKey POOL_CONCURRENCY_RATIO = new FigureKey("pool.concurrencyRatio");
    public static final FigureKey POOL_CONTEXT_LENGTH = new FigureKey("pool.contextLength");
    public static final FigureKey POOL_CUDA_GRAPH_BYTES = new FigureKey("pool.cudaGraphBytes");
    public static final FigureKey POOL_FRACTION = new FigureKey("pool.fraction");
    public static final FigureKey POOL_GPU_BLOCKS = new FigureKey("pool.gpuBlocks");
    public static final FigureKey POOL_KV_POOL_BYTES = new FigureKey("pool.kvPoolBytes");
    public static final FigureKey POOL_KV_POOL_BYTES_REPLICA = new FigureKey("pool.kvPoolBytesReplica");
    public static final FigureKey POOL_MAX_CONCURRENCY = new FigureKey("pool.maxConcurrency");
    public static final FigureKey POOL_NON_KV_BYTES = new FigureKey("pool.nonKvBytes");
    public static final FigureKey POOL_PAGE_BYTES = new FigureKey("pool.pageBytes");
    public static final FigureKey POOL_REQUESTED_BYTES = new FigureKey("pool.requestedBytes");
    public static final FigureKey POOL_MAX_BATCHED_TOKENS = new FigureKey("pool.maxBatchedTokens");
    public static final FigureKey POOL_CUDA_GRAPHS_IN_POOL = new FigureKey("pool.cudaGraphsInPool");
    public static final FigureKey POOL_CAPACITY_FROM_CONCURRENCY = new FigureKey("pool.capacityFromConcurrency");
    public static final FigureKey RESULT_BUDGET_BYTES = new FigureKey("result.budgetBytes");
    public static final FigureKey RESULT_CONTEXT_LENGTH = new FigureKey("result.contextLength");
    public static final FigureKey RESULT_FITS = new FigureKey("result.fits");
    public static final FigureKey RESULT_FRAGMENTATION_BYTES = new FigureKey("result.fragmentationBytes");
    public static final FigureKey RESULT_GPU_CAPACITY_BYTES = new FigureKey("result.gpuCapacityBytes");
    public static final FigureKey RESULT_HEADROOM_BYTES = new FigureKey("result.headroomBytes");
    public static final FigureKey RESULT_KV_BYTES = new FigureKey("result.kvBytes");
    public static final FigureKey RESULT_MARGIN_BYTES = new FigureKey("result.marginBytes");
    public static final FigureKey RESULT_NON_KV_BYTES = new FigureKey("result.nonKvBytes");
    public static final FigureKey RESULT_TARGET_SEQUENCES = new FigureKey("result.targetSequences");
    public static final FigureKey WEIGHTS_ACTIVE_PARAMS = new FigureKey("weights.activeParams");
    public static final FigureKey WEIGHTS_BYTES = new FigureKey("weights.bytes");
    public static final FigureKey WEIGHTS_BYTES_PER_GPU = new FigureKey("weights.bytesPerGpu");
    public static final FigureKey WEIGHTS_BYTES_PER_PARAM = new FigureKey("weights.bytesPerParam");
    public static final FigureKey WEIGHTS_CHECKPOINT_BYTES = new FigureKey("weights.checkpointBytes");
    public static final FigureKey WEIGHTS_ESTIMATED_BYTES = new FigureKey("weights.estimatedBytes");
    public static final FigureKey WEIGHTS_GROUP_SIZE = new FigureKey("weights.groupSize");
    public static final FigureKey WEIGHTS_SCALE_BITS = new FigureKey("weights.scaleBits");
    public static final FigureKey WEIGHTS_TOTAL_PARAMS = new FigureKey("weights.totalParams");
    public static final FigureKey WEIGHTS_ZERO_POINT_BITS = new FigureKey("weights.zeroPointBits");

    /** Whether the fullest GPU holds its buffers (engines that place memory per device: llama.cpp). */
    public static final FigureKey DEVICES_FITS = new FigureKey("devices.fits");
    /** The fullest GPU's memory left (negative: short by). */
    public static final FigureKey DEVICES_WORST_FREE_BYTES = new FigureKey("devices.worstFreeBytes");
    /** Host memory (RAM) for what stays on the host. */
    public static final FigureKey DEVICES_HOST_BYTES = new FigureKey("devices.hostBytes");
    /** The largest -ngl whose fullest GPU fits. */
    public static final FigureKey DEVICES_MAX_GPU_LAYERS = new FigureKey("devices.maxGpuLayers");

    /** Ollama's planner's memory.required.full for the sheet (an Ollama sheet only). */
    public static final FigureKey OLLAMA_PLAN_REQUIRED_FULL = new FigureKey("devices.ollamaPlan.requiredFullBytes");
    /** Ollama's planner's memory.required.kv. */
    public static final FigureKey OLLAMA_PLAN_KV = new FigureKey("devices.ollamaPlan.kvBytes");
    /** Ollama's planner's memory.graph.full. */
    public static final FigureKey OLLAMA_PLAN_GRAPH_FULL = new FigureKey("devices.ollamaPlan.graphFullBytes");
    /** Ollama's planner's memory.graph.partial. */
    public static final FigureKey OLLAMA_PLAN_GRAPH_PARTIAL = new FigureKey("devices.ollamaPlan.graphPartialBytes");
    /** Ollama's planner's layers.offload. */
    public static final FigureKey OLLAMA_PLAN_LAYERS = new FigureKey("devices.ollamaPlan.layersOffload");

    /** A buffer measured on a device, or its error: {@code validation.devices.gpu0.kvBytes}, {@code ...kvBytesError}. */
    public static FigureKey measuredDevice(String deviceKey, String figure) {
        return new FigureKey("validation.devices." + deviceKey + "." + figure);
    }

    /** SLA: the largest concurrency whose estimated TTFT and ITL meet RESULT's targets, at RESULT's context. */
    public static final FigureKey SLA_LATENCY_MAX_CONCURRENCY = new FigureKey("sla.latencyMaxConcurrency");
    /** SLA: the largest concurrency that meets the targets and fits the KV pool. */
    public static final FigureKey SLA_MAX_CONCURRENCY = new FigureKey("sla.maxConcurrency");
    /** SLA: whether latency (not memory) is the binding limit. */
    public static final FigureKey SLA_LATENCY_BINDS = new FigureKey("sla.latencyBinds");
    /** Cost: the price per GPU-hour used. */
    public static final FigureKey COST_PRICE_PER_GPU_HOUR = new FigureKey("cost.pricePerGpuHour");
    /** Cost of one replica for an hour. */
    public static final FigureKey COST_REPLICA_HOUR = new FigureKey("cost.replicaHour");
    /** Cost of the replicas RESULT's target needs, for an hour. */
    public static final FigureKey COST_FLEET_HOUR = new FigureKey("cost.fleetHour");

    /** One of a scenario's latency estimates, e.g. {@code performance.typical.ttftMs} ({@link LatencyFigure}). */
    public static FigureKey performance(ScenarioId scenario, LatencyFigure figure) {
        return new FigureKey("performance." + scenario.key() + "." + figure.id());
    }

    /** A scenario's cost per million output tokens, {@code cost.typical.perMillionOutputTokens}. */
    public static FigureKey costPerMillion(ScenarioId scenario) {
        return new FigureKey("cost." + scenario.key() + ".perMillionOutputTokens");
    }

    /** One of a device's figures, e.g. {@code devices.gpu1.kvBytes}, {@code devices.host.totalBytes}. */
    public static FigureKey device(String deviceKey, String figure) {
        return new FigureKey("devices." + deviceKey + "." + figure);
    }

    /** One of a scenario's figures, e.g. {@code scenarios.limit.kvBytes}. */
    public static FigureKey scenario(ScenarioId scenario, ScenarioFigure figure) {
        return new FigureKey("scenarios." + scenario.key() + "." + figure.id());
    }

    @Override
    public String toString() { return id; }
}
