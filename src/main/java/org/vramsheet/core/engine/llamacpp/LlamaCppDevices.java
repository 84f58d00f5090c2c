package org.vramsheet.core.engine.llamacpp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.spi.DeviceLayout;
import org.vramsheet.core.engine.spi.DeviceMemory;
import org.vramsheet.core.engine.spi.DeviceMemory.Kind;
import org.vramsheet.core.engine.spi.DeviceMemory.Part;
import org.vramsheet.core.units.Units;

/**
 * What llama.cpp puts on each GPU and on the host, exactly as its sources place it (the compute buffer is the one
 * estimate, {@link LlamaCppCompute}):
 * <ul>
 * <li>layer il's weights, its KV and its recurrent state on the layer's device ({@link LlamaCppKvPrediction#gpuOf}:
 * llama-model.cpp load_tensors; llama-kv-cache.cpp and llama-memory-recurrent.cpp put a layer's cache on
 * {@code model.dev_layer(il)} when offloading, else on the CPU: {@code --no-kv-offload} keeps every cache on the host);</li>
 * <li>the token embedding always on the host ("there is very little benefit to offloading the input layer"), the output
 * layer on the device of index n_layer (a GPU when -ngl is more than n_layer);</li>
 * <li>cells: the non-SWA cache's streams of cells, each sliding layer its window's SWA cache ({@link Cells}); a recurrent
 * layer max(1, n_seq_max) states in f32 (create_memory);</li>
 * <li>the output buffer (the logits llama_context::output_reserve keeps for n_seq_max outputs, n_vocab x 4 B each) in
 * host memory, pinned for the output layer's GPU.</li>
 * </ul>
 */
public final class LlamaCppDevices {
    /** The host's name among the devices. */
    public static final String HOST = "host";

    /** The caches' cells: the non-SWA cache's shape and each window's SWA cache (null: that window has none). */
    public record Cells(LlamaCppCache.Shape base, Map<Long, LlamaCppCache.Shape> windows) {
        /** The cells a layer holds (per stream) and its streams. */
        public LlamaCppCache.Shape of(LlamaCppLayers.Layer l) {
            LlamaCppCache.Shape s = l.kind() == LlamaCppLayers.Kind.WINDOW ? windows.get(l.window()) : null;
            return s == null ? base : s;
        }
    }

    /**
     * Weights as llama.cpp loads them.
     *
     * @param perLayer  bytes of one repeating layer (the first {@code remainder} layers hold one byte more)
     * @param embedding the token embedding (on the host)
     * @param output    the output layer (the output norm and the LM head)
     */
    public record Weights(long perLayer, long remainder, long embedding, long output) {
        long layer(int il) { return perLayer + (il < remainder ? 1 : 0); }
    }

    /**
     * One replica's launch.
     *
     * @param splits    the cumulative split points of the GPUs ({@link LlamaCppKvPrediction#splitPoints})
     * @param gpuLayers -ngl as llama.cpp takes it
     * @param ubatch    T = min(n_ctx, n_ubatch): the micro-batch the compute graph is reserved for
     * @param seqs      n_seq_max
     */
    public record Setup(List<LlamaCppLayers.Layer> layers, float[] splits, int gpuLayers, Cells cells, Weights weights,
                        LlamaCppCompute.Model model, long ubatch, boolean flashAttn, int seqs, boolean noKvOffload) { }

    private LlamaCppDevices() { }

    /** Each GPU's and the host's buffers. */
    public static DeviceLayout allocate(Setup s) {
        int gpus = s.splits().length;
        int nLayer = s.layers().size();
        List<Acc> acc = new ArrayList<>();
        for (int i = 0; i <= gpus; i++) {
            acc.add(new Acc());
        }
        Acc host = acc.get(gpus);
        for (LlamaCppLayers.Layer l : s.layers()) {
            int gpu = LlamaCppKvPrediction.gpuOf(l.index(), nLayer, s.gpuLayers(), s.splits());
            Acc d = acc.get(gpu < 0 ? gpus : gpu);
            d.layers++;
            d.weights = Math.addExact(d.weights, s.weights().layer(l.index()));
            if (gpu < 0) {
                host.largestLayer = Math.max(host.largestLayer, s.weights().layer(l.index()));
            }
            Acc cache = s.noKvOffload() ? host : d;
            cache.add(l, s.cells().of(l), s.seqs());
        }
        int outGpu = LlamaCppKvPrediction.gpuOf(nLayer, nLayer, s.gpuLayers(), s.splits());
        acc.get(outGpu < 0 ? gpus : outGpu).output = true;
        List<DeviceMemory> out = new ArrayList<>();
        for (int i = 0; i < gpus; i++) {
            out.add(device("GPU " + i, true, acc.get(i), s, i == 0 && host.layers > 0 ? host.largestLayer : 0));
        }
        out.add(device(HOST, false, host, s, 0));
        return new DeviceLayout(out, List.of());
    }

    private static DeviceMemory device(String name, boolean gpu, Acc a, Setup s, long staged) {
        List<Part> parts = new ArrayList<>();
        long perLayer = s.weights().perLayer();
        parts.add(new Part(Kind.WEIGHTS, Math.addExact(a.weights, gpu ? 0 : s.weights().embedding()),
                gpu ? "repeating layers x bytes per layer" : "token embedding + repeating layers x bytes per layer",
                (gpu ? "" : Units.grouped(s.weights().embedding()) + " + ") + a.layers + " x " + Units.grouped(perLayer) + " B",
                List.of(gpu ? "Layers placed as llama-model.cpp load_tensors does (-ngl, --tensor-split)"
                        : "The token embedding always stays on the host")));
        long outputLayer = a.output ? s.weights().output() : 0;
        parts.add(new Part(Kind.OUTPUT_LAYER, outputLayer, "output layer (norm and LM head) on the device of layer n_layer",
                Units.bytesText(outputLayer), List.of()));
        parts.add(new Part(Kind.KV, a.kv, "sum over layers: cells x streams x (K row + V row)", a.kvExpr(), List.of()));
        int cells = Math.max(1, s.seqs());
        parts.add(new Part(Kind.STATE, a.state, "sum over recurrent layers: max(1, n_seq) x state bytes (f32)",
                a.stateLayers == 0 ? "0" : a.stateLayers + " x " + cells + " x " + Units.grouped(a.state / a.stateLayers / cells)
                + " B", List.of()));
        parts.add(LlamaCppComputePart.of(a.output, a.maxCells, a.attentionLayers > 0, staged, s));
        if (!gpu) {
            long vocab = s.model().vocab();
            long buffer = Math.multiplyExact(Math.multiplyExact(vocab, (long) cells), 4L);
            parts.add(new Part(Kind.OUTPUT_BUFFER, buffer, "n_vocab x max(1, n_seq) x 4 B (llama_context::output_reserve)",
                    Units.grouped(vocab) + " x " + cells + " x 4 B", List.of("The logits of one output per sequence, in host "
                    + "memory (pinned for the GPU of the output layer)")));
        }
        return new DeviceMemory(name, gpu, a.layers, parts);
    }

    /** One device's sums while the layers are placed. */
    private static final class Acc {
        int layers;
        int stateLayers;
        int attentionLayers;
        long weights;
        long kv;
        long state;
        long maxCells;
        long largestLayer;
        boolean output;
        /** "cells x streams x row" to the layers that hold it, for the KV expression. */
        final Map<String, Integer> kvTerms = new LinkedHashMap<>();

        void add(LlamaCppLayers.Layer l, LlamaCppCache.Shape shape, int seqs) {
            if (l.kind() == LlamaCppLayers.Kind.STATE) {
                stateLayers++;
                state = Math.addExact(state, Math.multiplyExact(l.state(), (long) Math.max(1, seqs)));
            } else if (l.kind() != LlamaCppLayers.Kind.NONE) {
                attentionLayers++;
                kv = Math.addExact(kv, Math.multiplyExact(shape.totalCells(), l.rowBytes()));
                maxCells = Math.max(maxCells, shape.cells());
                String term = Units.grouped(shape.cells()) + " x " + shape.streams() + " x (" + Units.grouped(l.kRow()) + " + "
                        + Units.grouped(l.vRow()) + ")";
                kvTerms.merge(term, 1, Integer::sum);
            }
        }

        String kvExpr() {
            if (kvTerms.isEmpty()) {
                return "0";
            }
            StringBuilder b = new StringBuilder();
            kvTerms.forEach((t, n) -> b.append(b.length() == 0 ? "" : " + ").append(n).append(" x ").append(t));
            return b + " B = " + Units.bytesText(kv);
        }
    }
}
