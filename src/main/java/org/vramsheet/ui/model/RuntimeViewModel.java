package org.vramsheet.ui.model;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import org.vramsheet.core.input.Fields;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.LoraSettings;
import org.vramsheet.core.sheet.ExpertSettings;
import org.vramsheet.core.sheet.OffloadSettings;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.PerfSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.SpeculativeMethod;
import org.vramsheet.core.sheet.SpeculativeSettings;

/** RUNTIME section. Empty numeric fields take the engine's default for its version. */
public final class RuntimeViewModel extends SectionViewModel {
    /** The three-way choice for "CUDA graphs taken from the pool". */
    public enum GraphsInPool { ENGINE_DEFAULT, YES, NO }

    public final ObjectProperty<Engine> engine = watch(new SimpleObjectProperty<>(Engine.byDefault()));
    public final StringProperty engineVersion = watch(new SimpleStringProperty(""));
    public final ObjectProperty<CacheImplementation> cache = watch(new SimpleObjectProperty<>(CacheImplementation.DEFAULT));
    public final NumberInput tensorParallel = number("runtime.tensorParallel", NumberInput.Kind.COUNT, "GPUs");
    public final NumberInput pipelineParallel = number("runtime.pipelineParallel", NumberInput.Kind.COUNT, "stages");
    public final NumberInput dataParallel = number("runtime.dataParallel", NumberInput.Kind.COUNT, "replicas");
    public final NumberInput nodes = number("runtime.nodes", NumberInput.Kind.COUNT, "nodes");
    public final NumberInput utilization = number("runtime.utilization", NumberInput.Kind.DECIMAL, "of memory");
    public final NumberInput blockSize = number("runtime.blockSize", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput maxModelLen = number("runtime.maxModelLen", NumberInput.Kind.TOKENS, "tokens");
    public final BooleanProperty prefixCaching = watch(new SimpleBooleanProperty(false));
    public final NumberInput maxNumBatchedTokens = number("runtime.maxNumBatchedTokens", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput maxNumSeqs = number("runtime.maxNumSeqs", NumberInput.Kind.COUNT, "sequences");
    public final NumberInput activationPeak = number("runtime.activationPeakBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput nonTorch = number("runtime.nonTorchBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput cudaGraphs = number("runtime.cudaGraphBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput fragmentation = number("runtime.fragmentationPercent", NumberInput.Kind.DECIMAL, "%");
    public final ObjectProperty<GraphsInPool> graphsInPool = watch(new SimpleObjectProperty<>(GraphsInPool.ENGINE_DEFAULT));
    public final NumberInput kvCacheMemory = number("runtime.kvCacheMemoryBytes", NumberInput.Kind.BYTES, "GiB");
    // llama.cpp's flags (shown when the engine is llama.cpp)
    public final NumberInput gpuLayers = number("runtime.llamaCpp.gpuLayers", NumberInput.Kind.COUNT, "");
    /** --tensor-split as typed ({@link SplitText}). */
    public final StringProperty tensorSplit = watch(new SimpleStringProperty(""));
    /** -ctv; AUTO stands for "as the K cache" (the sheet stores null). */
    public final ObjectProperty<KvDtype> cacheTypeV = watch(new SimpleObjectProperty<>(KvDtype.AUTO));
    public final BooleanProperty kvUnified = watch(new SimpleBooleanProperty(false));
    public final ObjectProperty<FlashAttention> flashAttention = watch(new SimpleObjectProperty<>(FlashAttention.AUTO));
    public final NumberInput ubatch = number("runtime.llamaCpp.ubatch", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput batch = number("runtime.llamaCpp.batch", NumberInput.Kind.TOKENS, "tokens");
    public final BooleanProperty noKvOffload = watch(new SimpleBooleanProperty(false));
    // Ollama's settings (shown when the engine is Ollama); empty or AUTO: the release's default
    public final NumberInput numCtx = number("runtime.ollama.numCtx", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput contextLength = number("runtime.ollama.contextLength", NumberInput.Kind.TOKENS, "tokens");
    public final NumberInput numParallel = number("runtime.ollama.numParallel", NumberInput.Kind.COUNT, "sequences");
    /** OLLAMA_KV_CACHE_TYPE; AUTO stands for "unset" (the sheet stores null). */
    public final ObjectProperty<KvDtype> ollamaKvType = watch(new SimpleObjectProperty<>(KvDtype.AUTO));
    /** OLLAMA_FLASH_ATTENTION; AUTO stands for "unset", ON true, OFF false. */
    public final ObjectProperty<FlashAttention> ollamaFlash = watch(new SimpleObjectProperty<>(FlashAttention.AUTO));
    public final NumberInput numGpu = number("runtime.ollama.numGpu", NumberInput.Kind.COUNT, ""); // its label says layers
    /** OLLAMA_GPU_OVERHEAD (version 9): bytes kept free on each GPU by Ollama's planner; empty: unset. */
    public final NumberInput gpuOverhead = number("runtime.ollama.gpuOverheadBytes", NumberInput.Kind.BYTES, "GiB");
    // the latency estimate's utilizations; empty: the calibrated defaults
    public final NumberInput memoryBandwidthUtilization = number("runtime.performance.memoryBandwidthUtilization",
            NumberInput.Kind.DECIMAL, "of bandwidth");
    public final NumberInput computeUtilization = number("runtime.performance.computeUtilization", NumberInput.Kind.DECIMAL,
            "of TFLOPS");
    public final NumberInput allReduceLatency = number("runtime.performance.allReduceLatencyUs", NumberInput.Kind.DECIMAL, "");
    public final NumberInput prefillOverhead = number("runtime.performance.prefillOverheadMs", NumberInput.Kind.DECIMAL, "");
    public final NumberInput stepOverhead = number("runtime.performance.stepOverheadMs", NumberInput.Kind.DECIMAL, "");
    public final NumberInput prefillAllReduceLatency = number("runtime.performance.prefillAllReduceLatencyUs",
            NumberInput.Kind.DECIMAL, "");
    // speculative decoding: the method, K and the draft as imported (RUNTIME › Speculative decoding)
    public final ObjectProperty<SpeculativeMethod> specMethod = watch(new SimpleObjectProperty<>(SpeculativeMethod.NONE));
    public final NumberInput specTokens = number("runtime.speculative.tokens", NumberInput.Kind.COUNT, "tokens");
    public final StringProperty draftModel = watch(new SimpleStringProperty(""));
    public final NumberInput draftWeights = number("runtime.speculative.draftWeightsBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput draftLayers = number("runtime.speculative.draftLayers", NumberInput.Kind.COUNT, "layers");
    public final NumberInput draftKvHeads = number("runtime.speculative.draftKvHeads", NumberInput.Kind.COUNT, "heads");
    public final NumberInput draftHeadDim = number("runtime.speculative.draftHeadDim", NumberInput.Kind.COUNT, "");
    public final NumberInput draftTp = number("runtime.speculative.draftTensorParallel", NumberInput.Kind.COUNT, "GPUs");
    // LoRA adapters and KV offload to CPU (RUNTIME › LoRA adapters, KV offload to CPU; schema version 9)
    public final NumberInput loraMaxLoras = number("runtime.lora.maxLoras", NumberInput.Kind.COUNT, "adapters");
    public final NumberInput loraMaxRank = number("runtime.lora.maxRank", NumberInput.Kind.COUNT, "");
    public final StringProperty loraTargets = watch(new SimpleStringProperty(""));
    /** The adapters' dtype by name; "" is the model's (vLLM --lora-dtype auto; the sheet stores null). */
    public final ObjectProperty<String> loraDtype = watch(new SimpleObjectProperty<>(""));
    public final NumberInput loraMaxCpuLoras = number("runtime.lora.maxCpuLoras", NumberInput.Kind.COUNT, "adapters");
    public final NumberInput loraIntermediate = number("runtime.lora.intermediateSize", NumberInput.Kind.COUNT, "");
    public final NumberInput offloadCpu = number("runtime.offload.cpuBytes", NumberInput.Kind.BYTES, "GiB");
    public final NumberInput offloadRatio = number("runtime.offload.cpuRatio", NumberInput.Kind.DECIMAL, "x the pool");
    public final NumberInput nodeHostRam = number("runtime.offload.nodeHostRamBytes", NumberInput.Kind.BYTES, "GiB");
    // expert parallel and the attention data-parallel ranks of a mixture of experts (schema version 10)
    public final BooleanProperty expertParallel = watch(new SimpleBooleanProperty(false));
    public final NumberInput attentionDp = number("runtime.expert.dataParallel", NumberInput.Kind.COUNT, "ranks");
    private final BooleanProperty decimalComma = new SimpleBooleanProperty(false);
    private final ObjectBinding<List<TypedNumber.Read>> shares = Bindings.createObjectBinding(
            () -> SplitText.read(tensorSplit.get(), decimalComma.get()), tensorSplit, decimalComma);

    public void load(RuntimeSettings r) {
        engine.set(r.engine());
        engineVersion.set(r.engineVersion());
        cache.set(r.cacheImplementation());
        tensorParallel.load(r.tensorParallel());
        pipelineParallel.load(r.pipelineParallel());
        dataParallel.load(r.dataParallel());
        nodes.load(r.nodes());
        utilization.load(r.utilization());
        blockSize.load(r.blockSize());
        maxModelLen.load(r.maxModelLen());
        prefixCaching.set(r.prefixCaching());
        maxNumBatchedTokens.load(r.maxNumBatchedTokens());
        maxNumSeqs.load(r.maxNumSeqs());
        activationPeak.load(r.activationPeakBytes());
        nonTorch.load(r.nonTorchBytes());
        cudaGraphs.load(r.cudaGraphBytes());
        fragmentation.load(r.fragmentationPercent());
        graphsInPool.set(r.cudaGraphsInPool() == null ? GraphsInPool.ENGINE_DEFAULT
                : r.cudaGraphsInPool() ? GraphsInPool.YES : GraphsInPool.NO);
        kvCacheMemory.load(r.kvCacheMemoryBytes());
        LlamaCppSettings l = r.llamaCpp();
        gpuLayers.load(l.gpuLayers());
        tensorSplit.set(SplitText.show(l.tensorSplit(), decimalComma.get()));
        cacheTypeV.set(l.cacheTypeV() == null ? KvDtype.AUTO : l.cacheTypeV());
        kvUnified.set(l.kvUnified());
        flashAttention.set(l.flashAttention());
        ubatch.load(l.ubatch());
        batch.load(l.batch());
        noKvOffload.set(l.noKvOffload());
        OllamaSettings o = r.ollama();
        numCtx.load(o.numCtx());
        contextLength.load(o.contextLength());
        numParallel.load(o.numParallel());
        ollamaKvType.set(o.kvCacheType() == null ? KvDtype.AUTO : o.kvCacheType());
        ollamaFlash.set(o.flashAttention() == null ? FlashAttention.AUTO : o.flashAttention() ? FlashAttention.ON
                : FlashAttention.OFF);
        numGpu.load(o.numGpu());
        gpuOverhead.load(o.gpuOverheadBytes());
        PerfSettings p = r.performance() == null ? PerfSettings.defaults() : r.performance();
        memoryBandwidthUtilization.load(p.memoryBandwidthUtilization());
        computeUtilization.load(p.computeUtilization());
        allReduceLatency.load(p.allReduceLatencyUs());
        prefillOverhead.load(p.prefillOverheadMs());
        stepOverhead.load(p.stepOverheadMs());
        prefillAllReduceLatency.load(p.prefillAllReduceLatencyUs());
        SpeculativeSettings sp = r.speculative();
        specMethod.set(sp.method());
        specTokens.load(sp.tokens());
        draftModel.set(sp.draftModel());
        draftWeights.load(sp.draftWeightsBytes());
        draftLayers.load(sp.draftLayers());
        draftKvHeads.load(sp.draftKvHeads());
        draftHeadDim.load(sp.draftHeadDim());
        draftTp.load(sp.draftTensorParallel());
        loadAdapters(r);
    }

    private void loadAdapters(RuntimeSettings r) {
        LoraSettings lo = r.lora();
        loraMaxLoras.load(lo.maxLoras());
        loraMaxRank.load(lo.maxRank());
        loraTargets.set(lo.targetModules());
        loraDtype.set(lo.dtype() == null ? "" : lo.dtype().name());
        loraMaxCpuLoras.load(lo.maxCpuLoras());
        loraIntermediate.load(lo.intermediateSize());
        OffloadSettings of = r.offload();
        offloadCpu.load(of.cpuBytes());
        offloadRatio.load(of.cpuRatio());
        nodeHostRam.load(of.nodeHostRamBytes());
        expertParallel.set(r.expert().enabled());
        attentionDp.load(r.expert().dataParallel());
    }

    /** LoRA adapters as the form holds them. */
    private LoraSettings lora() {
        String dt = loraDtype.get();
        return LoraSettings.builder().maxLoras(loraMaxLoras.intValue()).maxRank(loraMaxRank.intValue())
                .targetModules(loraTargets.get()).dtype(dt == null || dt.isEmpty() ? null : ComputeDtype.valueOf(dt))
                .maxCpuLoras(loraMaxCpuLoras.intValue()).intermediateSize(loraIntermediate.intValue()).build();
    }

    /** KV offload to CPU and the node's host RAM as the form holds them. */
    private OffloadSettings offload() {
        return OffloadSettings.builder().cpuBytes(offloadCpu.longValue()).cpuRatio(offloadRatio.doubleValue())
                .nodeHostRamBytes(nodeHostRam.longValue()).build();
    }

    /** The utilizations as typed; null when none is (the calibrated defaults). */
    private PerfSettings performance() {
        PerfSettings p = new PerfSettings(memoryBandwidthUtilization.doubleValue(), computeUtilization.doubleValue(),
                allReduceLatency.doubleValue(), prefillOverhead.doubleValue(), stepOverhead.doubleValue(),
                prefillAllReduceLatency.doubleValue());
        return p.equals(PerfSettings.defaults()) ? null : p;
    }

    /** Speculative decoding as the form holds it. */
    private SpeculativeSettings speculative() {
        return SpeculativeSettings.builder().method(specMethod.get()).tokens(specTokens.intValue()).draftModel(draftModel.get())
                .draftWeightsBytes(draftWeights.longValue()).draftLayers(draftLayers.intValue())
                .draftKvHeads(draftKvHeads.intValue()).draftHeadDim(draftHeadDim.intValue())
                .draftTensorParallel(draftTp.intValue()).build();
    }

    /** Ollama's settings as the form holds them. */
    private OllamaSettings ollama() {
        return OllamaSettings.builder().numCtx(numCtx.longValue()).contextLength(contextLength.longValue())
                .numParallel(numParallel.intValue()).kvCacheType(ollamaKvType.get() == KvDtype.AUTO ? null : ollamaKvType.get())
                .flashAttention(ollamaFlash.get() == FlashAttention.AUTO ? null : ollamaFlash.get() == FlashAttention.ON)
                .numGpu(numGpu.intValue()).gpuOverheadBytes(gpuOverhead.longValue()).build();
    }

    /** The llama.cpp flags as the form holds them. */
    private LlamaCppSettings llamaCpp() {
        return LlamaCppSettings.builder().gpuLayers(gpuLayers.intValue()).tensorSplit(SplitText.values(shares.get()))
                .cacheTypeV(cacheTypeV.get() == KvDtype.AUTO ? null : cacheTypeV.get()).kvUnified(kvUnified.get())
                .flashAttention(flashAttention.get()).ubatch(ubatch.longValue()).batch(batch.longValue())
                .noKvOffload(noKvOffload.get()).build();
    }

    @Override
    public void setDecimalComma(boolean on) {
        super.setDecimalComma(on);
        List<Double> before = SplitText.error(shares.get()) == null ? SplitText.values(shares.get()) : null;
        decimalComma.set(on);
        if (before != null) {
            tensorSplit.set(SplitText.show(before, on)); // the same shares, in the language's style
        }
    }

    @Override
    public void collectParseIssues(List<Issue> out) {
        super.collectParseIssues(out);
        String error = SplitText.error(shares.get());
        if (error != null) {
            String key = "runtime.llamaCpp.tensorSplit";
            out.add(new Issue(key, Fields.label(key), error));
        }
    }

    public RuntimeSettings snapshot() {
        return RuntimeSettings.builder().engine(engine.get()).engineVersion(engineVersion.get()).cacheImplementation(cache.get())
                .tensorParallel(tensorParallel.intValue()).pipelineParallel(pipelineParallel.intValue())
                .utilization(utilization.doubleValue()).blockSize(blockSize.intValue()).maxModelLen(maxModelLen.longValue())
                .prefixCaching(prefixCaching.get()).maxNumBatchedTokens(maxNumBatchedTokens.longValue())
                .maxNumSeqs(maxNumSeqs.intValue()).activationPeakBytes(activationPeak.longValue())
                .nonTorchBytes(nonTorch.longValue()).cudaGraphBytes(cudaGraphs.longValue())
                .fragmentationPercent(fragmentation.doubleValue())
                .cudaGraphsInPool(switch (graphsInPool.get()) {
                    case YES -> Boolean.TRUE;
                    case NO -> Boolean.FALSE;
                    default -> null;
                }).kvCacheMemoryBytes(kvCacheMemory.longValue()).dataParallel(dataParallel.intValue()).nodes(nodes.intValue())
                .llamaCpp(llamaCpp()).ollama(ollama()).performance(performance())
                .speculative(speculative()).lora(lora()).offload(offload())
                .expert(new ExpertSettings(expertParallel.get(), attentionDp.intValue())).build();
    }
}
