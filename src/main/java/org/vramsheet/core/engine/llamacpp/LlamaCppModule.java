package org.vramsheet.core.engine.llamacpp;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.engine.spi.OffloadRule;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.DeviceInput;
import org.vramsheet.core.engine.spi.DeviceLayout;
import org.vramsheet.core.engine.spi.DeviceMemory;
import org.vramsheet.core.engine.spi.EngineModule;
import org.vramsheet.core.engine.spi.PoolInput;
import org.vramsheet.core.engine.spi.PoolLayout;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * llama.cpp: a preallocated cache of n_ctx cells for its slots (llama_kv_cache, llama-server -np), the layers, caches and
 * buffers placed per GPU and on the host ({@link LlamaCppDevices}).
 */
public final class LlamaCppModule implements EngineModule {
    @Override
    public Engine engine() { return Engine.LLAMA_CPP; }

    @Override
    public String fractionName() { return null; }

    @Override
    public Choice<Integer> defaultBlockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return new Choice<>(256, "llama.cpp pads n_ctx to a multiple of 256 cells");
    }

    @Override
    public Choice<Integer> defaultMaxNumSeqs(RuntimeSettings r) {
        return new Choice<>(1, "llama.cpp n_parallel 1 (llama-server sets 4 unified slots when left at 1)");
    }

    @Override
    public CacheImplementation defaultCache() { return CacheImplementation.CONTIGUOUS; }

    @Override
    public boolean runs(CacheImplementation c) { return c == CacheImplementation.DEFAULT || c == CacheImplementation.CONTIGUOUS; }

    @Override
    public boolean loadsGgml() { return true; }

    /** Metal backend: the GPU's memory is Metal's working set of the Mac's unified RAM (ggml-metal-device.m). */
    @Override
    public boolean runsOnAppleSilicon() { return true; }

    /** A build as llama.cpp prints it ("build: 8164 (b68d75165)", release tag "b8164"), or a dotted version. */
    @Override
    public boolean readsVersion(String text) {
        return LlamaCppLogCells.build(text.trim()) != null || EngineModule.super.readsVersion(text);
    }

    @Override
    public NonKvRule nonKvRule() { return new NonKvRule("weights + activation peak + non-torch + CUDA graphs", true, true, true); }

    /** Each GPU's and the host's memory ({@link LlamaCppSheet}, {@link LlamaCppDevices}). */
    @Override
    public DeviceLayout devices(DeviceInput in) { return LlamaCppSheet.layout(in); }

    @Override
    public boolean placesPerDevice() { return true; }

    @Override
    public boolean usesLlamaCppFlags() { return true; }

    /**
     * llama.cpp has no pipeline-parallel setting: with the default --split-mode layer it puts whole layers on every GPU it
     * sees (llama-model.cpp load_tensors), so a sheet at TP 1 x PP 1 on N GPUs runs as PP N, the layout the per-device split
     * gives; a PP typed to another number than N stays as typed and LlamaCppValidator says why it cannot run.
     */
    @Override
    public Worksheet asRun(Worksheet ws) {
        RuntimeSettings r = ws.runtime();
        Integer gpus = ws.gpu().count();
        if (gpus == null || gpus <= 1 || r.tensorParallel() != 1 || r.pipelineParallel() != 1) {
            return ws;
        }
        return ws.withRuntime(r.toBuilder().pipelineParallel(gpus).build());
    }

    /** -ctv: llama_kv_cache sizes each V row by type_v (a quantized V needs flash attention; LlamaCppValidator says so). */
    @Override
    public KvDtype cacheTypeV(RuntimeSettings r) { return r.llamaCpp().cacheTypeV(); }

    /**
     * The cache as llama.cpp preallocates it: n_ctx cells (in one stream, or n_ctx_seq in each of n_seq streams when not
     * unified), its bytes per GPU those of the GPU holding the most ({@link #devices}). A sequence may hold a stream's cells.
     */
    @Override
    public PoolLayout pool(PoolInput in) {
        KvGeometry g = in.geometry();
        RuntimeSettings r = in.runtime();
        int slots = Choice.typedOr(r.maxNumSeqs(), defaultMaxNumSeqs(r)).value();
        List<String> ignored = new ArrayList<>();
        boolean flash = r.llamaCpp().flashAttention().enabled();
        long ubatch = Math.min(Math.min(in.maxLen(), r.llamaCpp().batch() == null ? LlamaCppSettings.BATCH : r.llamaCpp().batch()),
                r.llamaCpp().ubatch() == null ? LlamaCppSettings.UBATCH : r.llamaCpp().ubatch());
        LlamaCppCache.Shape base = LlamaCppSheet.cells(r, g, in.maxLen(), ubatch, flash, ignored).base();
        long bytes = 0;
        String where = "the largest GPU's cache";
        if (in.devices() != null) {
            for (DeviceMemory d : in.devices().gpus()) {
                bytes = Math.max(bytes, Math.addExact(d.bytes(DeviceMemory.Kind.KV), d.bytes(DeviceMemory.Kind.STATE)));
            }
            if (bytes == 0) {
                where = "no cache on a GPU (-ngl 0 or --no-kv-offload: it is in host memory)";
            }
        }
        in.notes().add("llama.cpp preallocates n_ctx = " + Units.grouped(in.maxLen()) + " as " + Units.grouped(base.cells())
                + " cells x " + base.streams() + " stream(s) for " + slots + " slot(s); KV pool per GPU: " + where);
        long cells = base.totalCells();
        int pad = in.blockSize().value();
        return new PoolLayout(this, g, new PoolLayout.Shape(pad, Math.multiplyExact(g.perLayerRank(), (long) pad), bytes,
                KvGeometry.ceilDiv(cells, pad), cells), new PoolLayout.Admission(r.ranks(), 0, PoolLayout.kinds(g, 1), 1, slots,
                base.cells()));
    }

    @Override
    public double ratioAt(PoolLayout pool, long n) { return Math.min(pool.slots, pool.capacityTokens / (double) n); }

    /** Cells are not blocks: a sequence holds exactly its tokens. */
    @Override
    public long sequenceBytesRank(PoolLayout pool, long n) { return pool.g.sequenceBytesRank(n); }

    @Override
    public String poolFormula() { return "the GPU holding the most: its layers' cells x (K row + V row) + recurrent state"; }

    @Override
    public String blocksFormula() { return "padded n_ctx / 256"; }

    @Override
    public String capacityFormula() { return "padded n_ctx (n_ctx_seq x n_seq when not unified)"; }

    @Override
    public String ratioFormula() { return "min(slots, n_ctx / context)"; }

    @Override
    public SpeculativeRule speculativeRule() { return LlamaCppSpeculative.RULE; }

    @Override
    public LoraRule loraRule() { return LlamaCppAdapters.LORA; }

    @Override
    public OffloadRule offloadRule() { return LlamaCppAdapters.OFFLOAD; }
}
