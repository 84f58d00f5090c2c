package org.vramsheet.core.engine.spi;

import java.util.Locale;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Everything VRAM Sheet knows of one inference engine: its defaults by release (with the source and the release each
 * changed in), how it sizes its KV pool on one GPU and lays it out in blocks, how it admits sequences, how its figures are
 * explained, and how the XLSX report writes its formulas. One implementation per engine, in its own package; the
 * registry {@code core.engine.Engines} is the only place that lists them.
 */
public interface EngineModule {
    /** The engine this module describes. */
    Engine engine();

    // defaults

    /** The name of the engine's memory-fraction setting, or null when the engine reserves no fraction of memory. */
    String fractionName();

    /** Whether the engine reserves its KV pool as a fraction of memory (and so reads utilization). */
    default boolean usesFraction() { return fractionName() != null; }

    /** The fraction the engine uses when the sheet sets none (called only when {@link #usesFraction}). */
    default Choice<Double> defaultFraction(RuntimeSettings r, long totalBytes) {
        return new Choice<>(1.0, engine().label() + " reserves no fraction");
    }

    /** Tokens per KV block or page when the sheet sets none. */
    Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu);

    /** Whether the engine takes its CUDA graph estimate out of the KV pool, when the sheet does not say. */
    default Choice<Boolean> defaultCudaGraphsInPool(RuntimeSettings r) {
        return new Choice<>(false, engine().label() + " does not subtract a CUDA graph estimate from the pool");
    }

    /** Sequences a preallocating engine admits (llama.cpp slots, transformers' static batch) when the sheet sets none. */
    default Choice<Integer> defaultMaxNumSeqs(RuntimeSettings r) { return new Choice<>(1, "batch size 1"); }

    /** The cache implementation the engine uses when the sheet leaves it at its default. */
    default CacheImplementation defaultCache() { return CacheImplementation.PAGED; }

    /** Tokens of one batched forward pass (the profiling run's size): vLLM's server default unless the engine says. */
    default Choice<Long> defaultMaxBatchedTokens(RuntimeSettings r, Gpu g) {
        boolean large = g.totalBytes() != null && g.totalBytes() >= 70 * Units.GIB
                && !g.name().toUpperCase(Locale.ROOT).contains("A100");
        return large
                ? new Choice<>(8192L, "vLLM server default max_num_batched_tokens 8192 on GPUs with 70 GiB or more (not A100)")
                : new Choice<>(2048L, "vLLM server default max_num_batched_tokens 2048 on smaller GPUs and A100");
    }

    /**
     * Bytes per GPU the engine allocates while it loads the weights and counts with them (vLLM: the RoPE cos/sin cache),
     * with how they were computed; 0 when it adds none. The non-KV estimate adds them (NonKvEstimator).
     */
    default Choice<Long> loadBuffersPerGpu(Worksheet ws) { return new Choice<>(0L, null); }

    /** Whether the engine reports its KV capacity as int(max concurrency x max length) rather than blocks x block size. */
    default Choice<Boolean> capacityFromConcurrency(RuntimeSettings r) {
        return new Choice<>(false, engine().label() + " reports the tokens its pool holds");
    }

    /** The engine's own terms on the non-KV estimate (which is calibrated on vLLM logs). */
    default NonKvTerms nonKvTerms(RuntimeSettings r) {
        return NonKvTerms.none("calibrated on vLLM logs; " + engine().label() + " may differ");
    }

    /** The engine's terms on this sheet's GPU (SGLang: NVLink or PCIe board); by default {@link #nonKvTerms(RuntimeSettings)}. */
    default NonKvTerms nonKvTerms(RuntimeSettings r, Gpu gpu) { return nonKvTerms(r); }

    /**
     * The engine's own profiler of its non-KV memory, or null when the vLLM-calibrated estimate with {@link #nonKvTerms}
     * applies. TensorRT-LLM's PyTorch backend returns its dry run's terms here.
     */
    default OwnEstimate ownEstimate(Worksheet ws) { return null; }

    /**
     * The sheet as the engine runs it; the sheet itself for most. An engine that starts another (Ollama starts a llama.cpp
     * runner) gives the sheet of that launch: its context, slots, cache type and flags as the engine's defaults set them.
     */
    default Worksheet launched(Worksheet ws) { return ws; }

    /** Why {@link #launched} runs another KV dtype than the sheet types (vLLM: fp8 as fp8_ds_mla on DeepSeek V3.2); null: it does not. */
    default String launchedKvNote(Worksheet typed) { return null; }

    // what the sheet may say

    /** Whether RUNTIME › Version names a release of this engine ("0.19.0"; llama.cpp also takes its builds, "b8164"). */
    default boolean readsVersion(String text) { return EngineVersion.parse(text) != null; }

    /** Whether the engine can run this cache implementation (DEFAULT always). */
    default boolean runs(CacheImplementation c) {
        return c == CacheImplementation.DEFAULT || c == CacheImplementation.PAGED;
    }

    /** Whether the engine stores an MLA latent in vLLM's packed fp8_ds_mla layout (656 B per token per layer). */
    default boolean storesFp8DsMla() { return false; }

    /**
     * Whether the engine runs on Apple silicon's Metal GPU, whose memory is the Mac's unified RAM up to Metal's working set
     * (llama.cpp's Metal backend, and Ollama's llama.cpp runner); the CUDA / ROCm engines do not.
     */
    default boolean runsOnAppleSilicon() { return false; }

    /** Whether the engine loads GGML / GGUF quantized weights. */
    default boolean loadsGgml() { return false; }

    /** Whether the engine can take a CUDA graph estimate out of its pool (vLLM 0.21+ does by default). */
    default boolean subtractsCudaGraphs() { return false; }

    /** Whether the engine takes its pool size directly (vLLM --kv-cache-memory). */
    default boolean takesKvCacheMemory() { return false; }

    // the pool

    /** How the engine's non-KV memory is made up when it is estimated (not measured). */
    NonKvRule nonKvRule();

    /** The memory the engine requests up front, or null when it requests none (only vLLM does). */
    default Requested requested(RuntimeSettings r, long totalBytes, double fraction) { return null; }

    /** Why there is no requested-memory figure for this engine. */
    default String noRequestReason() { return "only vLLM requests utilization x total up front"; }

    /** The engine's KV pool on one GPU rank, laid out as the engine lays it out; its explanation goes to the notes. */
    PoolLayout pool(PoolInput in);

    /**
     * Memory per device as the engine places it, for an engine whose GPUs do not all hold the same (llama.cpp: layers,
     * cache and buffers per GPU and on the host); null when every GPU rank holds its equal share (the pool above).
     */
    default DeviceLayout devices(DeviceInput in) { return null; }

    /** Whether {@link #devices} places memory per device (then the fullest GPU decides whether a sheet fits). */
    default boolean placesPerDevice() { return false; }

    /** Whether the engine runs with RUNTIME's llama.cpp flags (-ngl, --tensor-split, -ctv, ...), checked then. */
    default boolean usesLlamaCppFlags() { return false; }

    /**
     * The sheet as the engine runs it: an engine without pipeline parallelism of its own may take the sheet's GPUs another
     * way (llama.cpp splits whole layers over every GPU it sees). Identity for the engines whose TP x PP is the layout.
     */
    default Worksheet asRun(Worksheet ws) { return ws; }

    /** The V cache's own dtype when the engine sizes V apart from K (llama.cpp's -ctv), else null: the K dtype for both. */
    default KvDtype cacheTypeV(RuntimeSettings r) { return null; }

    /**
     * Whether the engine runs with RUNTIME › Ollama settings (num_ctx, OLLAMA_NUM_PARALLEL, ...), checked then; its context
     * and slots come from them, so RUNTIME › Max model length and Max sequences are not read.
     */
    default boolean usesOllamaSettings() { return false; }

    /** The engine's concurrency ratio at a context of n tokens (vLLM prints it as "15.75x"), n within the max length. */
    double ratioAt(PoolLayout pool, long n);

    /** Physical bytes of one sequence of n tokens on one rank, at this engine's granularity (whole blocks). */
    default long sequenceBytesRank(PoolLayout pool, long n) {
        long tokens = pool.blockSize > 1 ? Math.multiplyExact(KvGeometry.ceilDiv(n, pool.blockSize), (long) pool.blockSize) : n;
        return pool.g.sequenceBytesRank(tokens);
    }

    // how its figures are explained

    /** The pool formula in the engine's own words. */
    String poolFormula();

    /** The pool formula with the sheet's numbers. */
    default String poolExpr(PoolInput in, long pool) { return Units.bytesText(pool); }

    /** How the GPU-blocks figure is computed. */
    String blocksFormula();

    /** How the KV-capacity figure is computed. */
    String capacityFormula();

    /** How the concurrency ratio is computed. */
    String ratioFormula();

    /** Whether one page spans all layers (SGLang, TensorRT-LLM) rather than one layer. */
    default boolean pagesSpanLayers() { return false; }

    /** The note on the GPU-blocks figure. */
    default String blocksNote(PoolLayout pool) { return "Per GPU; every rank holds the same number"; }

    /** How the XLSX report writes this engine's pool. */
    default XlsxPool xlsxPool() { return XlsxPool.APP_VALUES; }

    /** How the estimated non-KV memory per GPU is made up: its formula and the parts besides the weights it adds. */
    record NonKvRule(String formula, boolean activation, boolean nonTorch, boolean cudaGraphs) { }

    /** Memory requested up front, with how it was computed: its formula, the formula with the sheet's numbers, a note. */
    record Requested(long bytes, String formula, String expr, String note) { }

    /**
     * How the engine holds a speculative draft (its weights, its KV in the pool or a context of its own), or null when the
     * sheet does not size speculative decoding for this engine (the validator then refuses a method other than none).
     */
    default SpeculativeRule speculativeRule() { return null; }

    /** How the engine holds LoRA adapters, or null when the sheet does not size LoRA for this engine (then refused). */
    default LoraRule loraRule() { return null; }

    /**
     * The engine's fixed cost of a request's first token beyond the GPU's work, ms (HTTP, tokenizing, scheduling,
     * detokenizing and streaming it), fitted on its published runs (docs/accuracy.md, "Latency and throughput"); null
     * when none has been fitted (the latency estimate then takes the fitted engines' mean).
     */
    default Double firstTokenOverheadMs() { return null; }

    /** How the engine offloads KV to host RAM, or null when the sheet does not size it for this engine (then refused). */
    default OffloadRule offloadRule() { return null; }

    /**
     * How the engine places a mixture of experts over attention data-parallel ranks and expert parallel, or null when the
     * sheet does not size it for this engine (the validator then refuses the RUNTIME › Expert parallel fields).
     */
    default ExpertRule expertRule() { return null; }
}
