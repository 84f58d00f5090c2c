package org.vramsheet.ui.model;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.RuntimeSettings;

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
                .build();
    }
}
