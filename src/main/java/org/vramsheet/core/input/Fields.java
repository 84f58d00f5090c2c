package org.vramsheet.core.input;

import java.util.HashMap;
import java.util.Map;
import org.vramsheet.core.sheet.ScenarioId;

/** Human labels of every input field key, "SECTION › Field", used in messages and reports. */
public final class Fields {
    private static final Map<String, String> LABELS = new HashMap<>();

    static {
        put("model.modelId", "MODEL › Exact model ID");
        put("model.revision", "MODEL › Revision");
        put("model.architecture", "MODEL › Architecture");
        put("weights.computeDtype", "WEIGHTS › Model (compute) dtype");
        put("weights.checkpointFormat", "WEIGHTS › Actual checkpoint format");
        put("runtime.engine", "RUNTIME › Engine");
        put("runtime.prefixCaching", "RUNTIME › Prefix caching");
        put("gpu.name", "GPU › GPU model");
        put("result.sizingScenario", "RESULT › Scenario that sizes the budget");
        put("model.maxContextTokens", "MODEL › Maximum context");
        put("model.vocabSize", "MODEL › Vocabulary size");
        put("weights.totalParams", "WEIGHTS › Parameter count (total)");
        put("weights.activeParams", "WEIGHTS › Parameter count (active)");
        put("weights.format", "WEIGHTS › Weight dtype / quantization");
        put("weights.groupSize", "WEIGHTS › Quantization group size");
        put("weights.scaleBits", "WEIGHTS › Scale bits per group");
        put("weights.zeroPointBits", "WEIGHTS › Zero-point bits per group");
        put("weights.unquantizedParams", "WEIGHTS › Unquantized parameters");
        put("weights.checkpointBytes", "WEIGHTS › Actual checkpoint bytes");
        put("weights.encoderParams", "WEIGHTS › Encoder parameters (vision / audio)");
        put("kv.kind", "KV ARCHITECTURE › Attention/cache type");
        put("kv.layers", "KV ARCHITECTURE › Attention layers");
        put("kv.attentionHeads", "KV ARCHITECTURE › Attention heads");
        put("kv.kvHeads", "KV ARCHITECTURE › KV heads");
        put("kv.headDim", "KV ARCHITECTURE › Head dimension");
        put("kv.hiddenSize", "KV ARCHITECTURE › Hidden size");
        put("kv.kvLoraRank", "KV ARCHITECTURE › MLA kv_lora_rank");
        put("kv.qkRopeHeadDim", "KV ARCHITECTURE › MLA qk_rope_head_dim");
        put("kv.kvDtype", "KV ARCHITECTURE › KV-cache dtype");
        put("kv.windows", "KV ARCHITECTURE › Windowed layers");
        put("kv.windowTokens", "KV ARCHITECTURE › Window");
        put("kv.windowKvHeads", "KV ARCHITECTURE › Window KV heads");
        put("kv.windowHeadDim", "KV ARCHITECTURE › Window head size");
        put("kv.stateLayers", "KV ARCHITECTURE › Fixed-state layers");
        put("kv.stateBytesPerLayer", "KV ARCHITECTURE › State bytes per layer");
        for (ScenarioId id : ScenarioId.values()) {
            String p = "workloads." + id.key() + ".";
            String s = id.label().toUpperCase(java.util.Locale.ROOT) + " WORKLOAD › ";
            put(p + "inputTokens", s + "Input tokens");
            put(p + "generatedTokens", s + "Expected generated tokens");
            put(p + "concurrentSequences", s + "Concurrent active sequences");
            put(p + "sequenceLengths", s + "Sequence lengths");
            put(p + "sharedPrefixTokens", s + "Shared prefix tokens");
        }
        put("runtime.engineVersion", "RUNTIME › Version");
        put("runtime.cacheImplementation", "RUNTIME › Cache implementation");
        put("runtime.tensorParallel", "RUNTIME › Tensor parallel size");
        put("runtime.pipelineParallel", "RUNTIME › Pipeline parallel size");
        put("runtime.dataParallel", "RUNTIME › Data parallel size");
        put("runtime.nodes", "RUNTIME › Nodes one replica spans");
        put("result.targetSequences", "RESULT › Target concurrent sequences (fleet)");
        put("runtime.utilization", "RUNTIME › Memory utilization / fraction");
        put("runtime.blockSize", "RUNTIME › Block size");
        put("runtime.maxModelLen", "RUNTIME › Max model length");
        put("runtime.kvCacheMemoryBytes", "RUNTIME › KV cache memory (vLLM --kv-cache-memory)");
        put("runtime.maxNumBatchedTokens", "RUNTIME › Max batched tokens");
        put("runtime.maxNumSeqs", "RUNTIME › Max sequences (slots / batch)");
        put("runtime.activationPeakBytes", "RUNTIME › Activation peak (empty: estimate)");
        put("runtime.nonTorchBytes", "RUNTIME › Non-torch / framework memory (empty: estimate)");
        put("runtime.cudaGraphBytes", "RUNTIME › CUDA graph memory (empty: estimate)");
        put("runtime.fragmentationPercent", "RUNTIME › Fragmentation allowance");
        put("gpu.count", "GPU › Count");
        put("gpu.totalBytes", "GPU › CUDA-visible memory per GPU");
        put("validation.measuredNonKvBytes", "VALIDATION › Measured non-KV footprint");
        put("validation.allocatedKvBytes", "VALIDATION › Allocated KV memory");
        put("validation.kvCapacityTokens", "VALIDATION › KV capacity in tokens");
        put("validation.measuredPeakBytes", "VALIDATION › Measured peak VRAM");
        put("validation.preemptionSequences", "VALIDATION › Preemption/OOM boundary");
        put("validation.measuredOnGpus", "VALIDATION › Measured on (GPUs per replica)");
        put("validation.measuredActivationPeakBytes", "VALIDATION › Measured activation peak per GPU");
        put("validation.measuredNonTorchBytes", "VALIDATION › Measured non-torch memory per GPU");
        put("validation.measuredCudaGraphBytes", "VALIDATION › Measured CUDA graphs per GPU");
        put("validation.predictedNonKvBytes", "VALIDATION › Predicted before launch: non-KV per GPU");
        put("validation.predictedKvPoolBytes", "VALIDATION › Predicted before launch: KV pool per GPU");
        put("validation.predictedKvCapacityTokens", "VALIDATION › Predicted before launch: KV capacity");
        put("result.headroomBytes", "RESULT › Operational headroom");
        put("result.contextLength", "RESULT › Context length for concurrency");
        put("signOff.approvedBy", "SIGN-OFF › Approved by");
        put("signOff.preparedOn", "SIGN-OFF › Prepared on");
        put("signOff.reviewedOn", "SIGN-OFF › Reviewed on");
        put("signOff.approvedOn", "SIGN-OFF › Approved on");
    }

    private Fields() { }

    private static void put(String key, String label) { LABELS.put(key, label); }

    public static String label(String key) { return LABELS.getOrDefault(key, key); }
}
