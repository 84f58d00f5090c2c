package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.llamacpp.LlamaCppModule;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.DeviceInput;
import org.vramsheet.core.engine.spi.DeviceLayout;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Ollama: sized as the llama.cpp runner it starts. {@link #launched} turns the sheet into that runner's launch
 * ({@link OllamaSheet}: num_ctx x parallel cells, the cache type, flash attention, num_gpu, by the release's rules in
 * {@link OllamaDefaults}); the pool and the devices are then llama.cpp's ({@link LlamaCppModule}), their notes led by
 * which Ollama default or release rule gave each setting.
 */
public final class OllamaModule implements EngineModule {
    private final LlamaCppModule llamaCpp = new LlamaCppModule();

    @Override
    public Engine engine() { return Engine.OLLAMA; }

    @Override
    public Worksheet launched(Worksheet ws) { return OllamaSheet.runner(ws); }

    @Override
    public String fractionName() { return null; }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return new Choice<>(256, "Ollama's llama.cpp runner pads its context to a multiple of 256 cells");
    }

    @Override
    public Choice<Integer> defaultMaxNumSeqs(RuntimeSettings r) {
        return new Choice<>(1, "OLLAMA_NUM_PARALLEL of the release (RUNTIME › Ollama settings)");
    }

    @Override
    public CacheImplementation defaultCache() { return CacheImplementation.CONTIGUOUS; }

    @Override
    public boolean runs(CacheImplementation c) { return llamaCpp.runs(c); }

    @Override
    public boolean loadsGgml() { return true; }

    /** Metal backend: the GPU's memory is Metal's working set of the Mac's unified RAM (ggml-metal-device.m). */
    @Override
    public boolean runsOnAppleSilicon() { return true; }

    /** An Ollama release ("0.12.3", "v0.6.8", "0.30.0-rc2"). */
    @Override
    public boolean readsVersion(String text) { return OllamaRelease.parse(text) != null; }

    @Override
    public NonKvRule nonKvRule() { return llamaCpp.nonKvRule(); }

    @Override
    public DeviceLayout devices(DeviceInput in) {
        DeviceLayout d = llamaCpp.devices(in);
        List<String> notes = new ArrayList<>(OllamaSheet.notes(OllamaSheet.runnerSetup(in.sheet())));
        Integer ngl = in.sheet().runtime().llamaCpp().gpuLayers();
        if (ngl != null && OllamaSheet.plannerPlacesLayers(in.sheet())) {
            notes.add("-ngl " + ngl + ": the layers.offload of Ollama's planner (num_gpu unset: llm/memory.go EstimateGPULayers,"
                    + " passed to the runner as --n-gpu-layers)");
        }
        notes.addAll(d.notes());
        return new DeviceLayout(d.devices(), notes);
    }

    @Override
    public boolean placesPerDevice() { return true; }

    @Override
    public boolean usesOllamaSettings() { return true; }

    @Override
    public PoolLayout pool(PoolInput in) {
        in.notes().add("The runner of Ollama: llama.cpp with -c num_ctx x parallel = " + in.maxLen() + " and -np "
                + in.runtime().maxNumSeqs() + " (RUNTIME › Ollama settings, by the defaults of the release)");
        return llamaCpp.pool(in);
    }

    @Override
    public double ratioAt(PoolLayout pool, long n) { return llamaCpp.ratioAt(pool, n); }

    @Override
    public long sequenceBytesRank(PoolLayout pool, long n) { return llamaCpp.sequenceBytesRank(pool, n); }

    @Override
    public String poolFormula() { return llamaCpp.poolFormula(); }

    @Override
    public String blocksFormula() { return llamaCpp.blocksFormula(); }

    @Override
    public String capacityFormula() { return "padded num_ctx x parallel (-c of the runner)"; }

    @Override
    public String ratioFormula() { return "min(parallel, num_ctx x parallel / context)"; }
}
