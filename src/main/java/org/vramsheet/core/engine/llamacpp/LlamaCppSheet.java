package org.vramsheet.core.engine.llamacpp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.spi.DeviceInput;
import org.vramsheet.core.engine.spi.DeviceLayout;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * A sheet's llama.cpp launch as {@link LlamaCppDevices} takes it: the context and batch llama-context.cpp derives from
 * -c, -b, -ub and --parallel, the caches' cells by the build's padding, the GPUs' split points (--tensor-split, else by
 * free memory: the sheet's GPUs are alike, so equal shares), and the weights per layer, embedding and output layer.
 */
public final class LlamaCppSheet {
    /** The vocabulary assumed when MODEL gives none (as the non-KV estimate assumes). */
    static final long VOCAB_ASSUMED = 128_000;

    private LlamaCppSheet() { }

    /** The launch of this sheet and its notes (what was assumed). */
    public record Launch(LlamaCppDevices.Setup setup, long nCtx, long nBatch, List<String> notes) { }

    /** The devices' memory for this sheet, its notes first. */
    public static DeviceLayout layout(DeviceInput in) {
        Launch l = launch(in);
        DeviceLayout d = LlamaCppDevices.allocate(l.setup());
        List<String> notes = new ArrayList<>(l.notes());
        notes.addAll(d.notes());
        return new DeviceLayout(d.devices(), notes);
    }

    public static Launch launch(DeviceInput in) {
        Worksheet ws = in.sheet();
        RuntimeSettings r = ws.runtime();
        LlamaCppSettings l = r.llamaCpp();
        List<String> notes = new ArrayList<>();
        boolean flash = l.flashAttention().enabled();
        int seqs = Math.max(1, r.maxNumSeqs() == null ? 1 : r.maxNumSeqs());
        long nCtx = in.maxLen();
        long nBatch = Math.min(nCtx, l.batch() == null ? LlamaCppSettings.BATCH : l.batch());
        long nUbatch = Math.min(nBatch, l.ubatch() == null ? LlamaCppSettings.UBATCH : l.ubatch());
        KvGeometry g = in.geometry();
        LlamaCppCacheType v = l.cacheTypeV() == null ? null : LlamaCppCacheType.of(l.cacheTypeV());
        List<LlamaCppLayers.Layer> layers = LlamaCppLayers.of(ws.kv(), g, v, flash);
        LlamaCppDevices.Cells cells = cells(r, g, nCtx, nUbatch, flash, notes);
        long tokens = Math.min(cells.base().cells() * (long) cells.base().streams(), nUbatch);
        LlamaCppDevices.Setup s = new LlamaCppDevices.Setup(layers, splits(ws, notes), l.resolvedGpuLayers(), cells,
                weights(ws, in.weightsBytes(), layers.size(), notes), model(ws, notes), tokens, flash, seqs, l.noKvOffload());
        notes.add(l.gpuLayers() == null ? "-ngl " + l.resolvedGpuLayers() + " (the default: every layer and the output layer)"
                : "-ngl " + l.resolvedGpuLayers());
        notes.add("n_batch " + Units.grouped(nBatch) + ", n_ubatch " + Units.grouped(nUbatch) + " (-b and -ub, each at most n_ctx)");
        notes.add(switch (l.flashAttention()) {
            case AUTO -> "Flash attention auto: enabled where every layer's device runs it, as CUDA and Metal do";
            case ON -> "Flash attention on";
            case OFF -> "Flash attention off";
        });
        return new Launch(s, nCtx, nBatch, notes);
    }

    /**
     * The caches' cells (llama-context.cpp, llama-kv-cache-iswa.cpp, {@link LlamaCppCache}): n_ctx padded by the build's
     * rule (or to RUNTIME › Block size when typed); per stream n_ctx_seq when not unified, except a hybrid model's
     * attention cache, which llama-model.cpp create_memory gives n_ctx cells in each stream.
     */
    static LlamaCppDevices.Cells cells(RuntimeSettings r, KvGeometry g, long nCtx, long nUbatch, boolean flash, List<String> notes) {
        Integer build = LlamaCppLogCells.build(r.engineVersion());
        LlamaCppCache.Padding rule = build != null && build <= LlamaCppLogCells.LAST_BUILD_PADDING_32
                ? LlamaCppCache.Padding.B6840 : LlamaCppCache.Padding.B7108;
        boolean swaCache = build == null || build > LlamaCppLogCells.NEWEST_BUILD_WITHOUT_SWA_CACHE;
        boolean unified = r.llamaCpp().kvUnified();
        int seqs = Math.max(1, r.maxNumSeqs() == null ? 1 : r.maxNumSeqs());
        LlamaCppCache.Shape base;
        if (r.blockSize() != null) {
            long ctx = LlamaCppCache.pad(nCtx, r.blockSize());
            base = unified || seqs == 1 ? new LlamaCppCache.Shape(ctx, 1) : new LlamaCppCache.Shape(ctx / seqs, seqs);
        } else if (g.stateLayers > 0 && !unified && seqs > 1) {
            base = new LlamaCppCache.Shape(LlamaCppCache.pad(nCtx, 256), seqs);
        } else {
            base = LlamaCppCache.base(nCtx, seqs, unified, rule, flash);
        }
        Map<Long, LlamaCppCache.Shape> windows = new LinkedHashMap<>();
        for (KvGeometry.Group gr : g.groups()) {
            if (gr.capped() && swaCache) {
                windows.put(gr.window(), LlamaCppCache.swa(base, gr.window(), seqs, nUbatch, rule, flash));
            }
        }
        notes.add("Cells: n_ctx " + Units.grouped(nCtx) + " -> " + Units.grouped(base.cells()) + " cells x " + base.streams()
                + " stream(s)");
        notes.add(unified || seqs == 1 ? "One stream of cells for every sequence" : "n_ctx / n_seq cells for each sequence "
                + "(--kv-unified off)");
        if (rule == LlamaCppCache.Padding.B6840 && r.blockSize() == null) {
            notes.add("Builds up to b6840 pad n_ctx to 256 cells with flash attention, to 32 without");
        }
        if (!windows.isEmpty()) {
            notes.add("Each sliding window's cache: min(n_ctx, window x n_seq + n_ubatch) cells, padded to 256");
        }
        if (!swaCache && g.hasWindows()) {
            notes.add("Builds up to b5050 keep sliding layers in the full cache (no SWA cache before May 2025)");
        }
        return new LlamaCppDevices.Cells(base, windows);
    }

    /** The GPUs' split points: --tensor-split (a missing share is 0; all 0 is the default), else equal shares. */
    static float[] splits(Worksheet ws, List<String> notes) {
        int gpus = ws.gpu().count() == null ? 1 : ws.gpu().count();
        List<Double> typed = ws.runtime().llamaCpp().tensorSplit();
        float[] shares = new float[gpus];
        boolean any = false;
        for (int i = 0; i < gpus; i++) {
            shares[i] = i < typed.size() ? typed.get(i).floatValue() : 0;
            any |= shares[i] > 0;
        }
        if (!any) {
            Arrays.fill(shares, 1f);
            if (gpus > 1) {
                notes.add("--tensor-split empty: llama.cpp splits the layers by the free memory of each GPU; the " + gpus
                        + " GPUs of the sheet are alike, so equally");
            }
        }
        return LlamaCppKvPrediction.splitPoints(shares);
    }

    /**
     * The weights: the token embedding and the output layer each n_vocab x n_embd parameters at the model's bytes per
     * parameter (the sheet has no tensor list), the rest spread evenly over the repeating layers.
     */
    static LlamaCppDevices.Weights weights(Worksheet ws, long total, int nLayer, List<String> notes) {
        Long params = ws.weights().totalParams();
        Long vocab = ws.model().vocabSize();
        Integer hidden = ws.kv().hiddenSize();
        long embd = 0;
        if (params != null && params > 0 && vocab != null && hidden != null) {
            long p = Math.multiplyExact(vocab, (long) hidden);
            embd = (long) Math.ceil(p * (total / (double) params));
        }
        if (embd == 0 || Math.multiplyExact(2L, embd) >= total) {
            embd = 0;
            notes.add("Embedding and output layer not apart (needs the parameter count, vocabulary and hidden size): "
                    + "every weight counted with the repeating layers");
        } else {
            notes.add("Token embedding and output layer " + Units.gibText(embd) + " each: n_vocab x n_embd at the bytes per "
                    + "parameter of the model; a model with tied embeddings loads its embedding again as the output layer");
        }
        long rest = total - 2 * embd;
        return new LlamaCppDevices.Weights(rest / nLayer, rest % nLayer, embd, embd);
    }

    static LlamaCppCompute.Model model(Worksheet ws, List<String> notes) {
        KvArchitecture k = ws.kv();
        Long vocab = ws.model().vocabSize();
        if (vocab == null) {
            notes.add("Vocabulary size unknown: " + Units.grouped(VOCAB_ASSUMED) + " assumed for the logits");
        }
        int heads = k.attentionHeads() == null ? 1 : k.attentionHeads();
        long hidden;
        if (k.hiddenSize() != null) {
            hidden = k.hiddenSize();
        } else {
            int hd = k.headDim() != null ? k.headDim() : 128;
            hidden = Math.multiplyExact((long) heads, hd);
            notes.add("Hidden size unknown: attention heads x head size = " + Units.grouped(hidden) + " taken as n_embd");
        }
        return new LlamaCppCompute.Model(vocab == null ? VOCAB_ASSUMED : vocab, hidden, heads);
    }
}
