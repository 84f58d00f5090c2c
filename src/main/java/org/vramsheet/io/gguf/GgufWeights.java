package org.vramsheet.io.gguf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The exact weight bytes of a GGUF model, by ggml type ({@link GgmlType#bytes}, ggml's {@code ggml_nbytes}) and by
 * where llama.cpp puts them ({@link GgufRole}): per repeating layer, the input, the output, the per-device rope copies
 * and the rest, so that a caller can assign layers to devices, and {@link #offload} splits them for {@code -ngl N} on
 * one GPU. A tensor whose type id this reader does not know (or that ggml removed) is listed in {@link #uncounted()}
 * and left out of every sum, which then says it is incomplete.
 * <p>
 * A tied output: when the file has no {@code output.weight}, llama.cpp's model code makes the output from
 * {@code token_embd.weight} with {@code TENSOR_DUPLICATED} ({@code create_tensor} in {@code src/llama-model-loader.cpp}:
 * the duplicate is placed as an output tensor, and is a second allocation only when the output layer's buffer type
 * differs from the input's, i.e. when the output is on the GPU). Encoder models (architectures named *bert* or
 * t5encoder) have no output head and are not tied.
 */
public final class GgufWeights {
    /** One ggml type's tensors and bytes in the file. */
    public record TypeBytes(GgmlType type, int tensors, long bytes) { }

    /** A tensor left out of the sums: its type id, and why (unknown id, or a type ggml removed). */
    public record Uncounted(String tensor, int typeId, String why) { }

    private final String arch;
    private final int nLayer;
    private final long[] layerBytes;
    private final long[] roleBytes = new long[GgufRole.values().length];
    private final Map<GgmlType, TypeBytes> byType = new EnumMap<>(GgmlType.class);
    private final List<Uncounted> uncounted = new ArrayList<>();
    private final List<String> otherNames = new ArrayList<>();
    private final long tiedBytes;
    private long total;

    private GgufWeights(GgufFile f, int nLayer, int blocks) {
        this.arch = f.architecture();
        this.nLayer = nLayer;
        this.layerBytes = new long[blocks];
        this.tiedBytes = tied(f);
    }

    /**
     * The weights of a file; its repeating layers are {@code <arch>.block_count} (or, without that key, one more than
     * the highest block number).
     *
     * @throws GgufException naming the tensor when a row is not a whole number of blocks, or a sum overflows
     */
    public static GgufWeights of(GgufFile f) throws GgufException {
        int blocks = 0;
        for (GgufTensor t : f.tensors()) {
            if (GgufRole.of(t.name(), f.architecture()) == GgufRole.LAYER) {
                blocks = Math.max(blocks, GgufRole.layer(t.name()) + 1);
            }
        }
        Object bc = f.architecture() == null ? null : f.metadata().get(f.architecture() + ".block_count");
        int nLayer = bc instanceof Long n && n >= 0 && n <= 1 << 20 ? n.intValue() : blocks;
        GgufWeights w = new GgufWeights(f, nLayer, Math.max(blocks, nLayer));
        for (GgufTensor t : f.tensors()) {
            w.add(t);
        }
        return w;
    }

    private long tied(GgufFile f) {
        String a = arch == null ? "" : arch;
        if (a.contains("bert") || a.equals("t5encoder")) {
            return 0;
        }
        GgufTensor embd = null;
        for (GgufTensor t : f.tensors()) {
            if (t.name().equals("output.weight")) {
                return 0;
            }
            if (t.name().equals("token_embd.weight")) {
                embd = t;
            }
        }
        GgmlType type = embd == null ? null : GgmlType.byId(embd.ggmlType());
        try {
            return type == null || type.removed() ? 0 : type.bytes(embd.name(), embd.shape());
        } catch (GgufException e) {
            return 0; // the same tensor fails again, with its message, when it is added
        }
    }

    private void add(GgufTensor t) throws GgufException {
        GgmlType type = GgmlType.byId(t.ggmlType());
        if (type == null || type.removed()) {
            uncounted.add(new Uncounted(t.name(), t.ggmlType(), type == null ? "ggml type id " + t.ggmlType()
                    + " is not one this reader knows (ids 0 to " + (GgmlType.COUNT - 1) + ")" : type.removedNote()));
            return;
        }
        long b = type.bytes(t.name(), t.shape());
        GgufRole role = GgufRole.of(t.name(), arch);
        try {
            total = Math.addExact(total, b);
            roleBytes[role.ordinal()] = Math.addExact(roleBytes[role.ordinal()], b);
            if (role == GgufRole.LAYER) {
                int i = GgufRole.layer(t.name());
                layerBytes[i] = Math.addExact(layerBytes[i], b);
            }
        } catch (ArithmeticException e) {
            throw new GgufException("the weights add up to more bytes than a long holds (at tensor "
                    + GgufException.quote(t.name()) + ")");
        }
        if (role == GgufRole.OTHER) {
            otherNames.add(t.name());
        }
        TypeBytes was = byType.get(type);
        byType.put(type, new TypeBytes(type, (was == null ? 0 : was.tensors()) + 1, (was == null ? 0 : was.bytes()) + b));
    }

    /** Every counted tensor's bytes (the file's weights, each tensor once). */
    public long totalBytes() { return total; }

    /** Whether every tensor was counted (no unknown or removed type). */
    public boolean complete() { return uncounted.isEmpty(); }

    public List<Uncounted> uncounted() { return Collections.unmodifiableList(uncounted); }

    /** Bytes and tensors per ggml type, in type-id order. */
    public List<TypeBytes> byType() { return List.copyOf(byType.values()); }

    /** The model's repeating layers, {@code <arch>.block_count}. */
    public int layerCount() { return nLayer; }

    /** Bytes of each block {@code blk.N} (index N; as long as the highest block in the file when that is more). */
    public long[] layerBytes() { return layerBytes.clone(); }

    /** Bytes of the tensors of one role (for {@link GgufRole#LAYER}: all layers together). */
    public long bytes(GgufRole role) { return roleBytes[role.ordinal()]; }

    /** Bytes of token_embd.weight when the output is tied to it (its copy goes with the output layer), else 0. */
    public long tiedOutputBytes() { return tiedBytes; }

    /** Names of the tensors whose place llama.cpp's table does not give (counted on the host). */
    public List<String> otherTensors() { return Collections.unmodifiableList(otherNames); }

    /**
     * The split for {@code -ngl ngl} on one GPU ({@link GgufOffload.Order}): the GPU holds the layers from
     * {@code firstGpuLayer}, the output tensors (and a tied output's copy of token_embd) when the output layer is
     * offloaded, and a copy of the rope tensors when it holds a layer; the host holds the input, the other layers,
     * the output when it is not offloaded, a rope copy when it holds a layer, and the tensors of no known place.
     *
     * @throws IllegalArgumentException when ngl is negative (llama.cpp takes a count of layers)
     */
    public GgufOffload offload(int ngl, GgufOffload.Order order) {
        if (ngl < 0) {
            throw new IllegalArgumentException("-ngl is a number of layers, 0 or more, not " + ngl);
        }
        int first = order.firstGpuLayer(nLayer, ngl);
        boolean out = order.outputOnGpu(nLayer, ngl);
        long gpuLayers = 0;
        long hostLayers = 0;
        for (int i = 0; i < layerBytes.length; i++) {
            if (i >= first && i < nLayer) {
                gpuLayers += layerBytes[i];
            } else {
                hostLayers += layerBytes[i];
            }
        }
        long copy = bytes(GgufRole.PER_DEVICE_COPY);
        long output = bytes(GgufRole.OUTPUT);
        long gpu = gpuLayers + (out ? output + tiedBytes : 0) + (first < nLayer ? copy : 0);
        long host = bytes(GgufRole.INPUT) + hostLayers + (out ? 0 : output) + (first > 0 || nLayer == 0 ? copy : 0)
                + bytes(GgufRole.OTHER);
        return new GgufOffload(ngl, order, nLayer, first, out, gpu, host, complete(), rule(ngl, order, first, out));
    }

    private String rule(int ngl, GgufOffload.Order order, int first, boolean out) {
        String start = order == GgufOffload.Order.OUTPUT_FIRST ? "n_layer + 1 - ngl" : "n_layer - ngl";
        String layers = first >= nLayer ? "no repeating layer" : "layers " + first + " to " + (nLayer - 1);
        return "llama.cpp load_tensors (src/llama-model.cpp): i_gpu_start = max(" + start + ", 0), so -ngl " + ngl
                + " of " + nLayer + " layers puts " + layers + (out ? " and the output layer" : "") + " on the GPU"
                + (out ? "" : ", the output layer on the host") + "; token_embd stays on the host (dev_input is the CPU)"
                + (out && tiedBytes > 0 ? "; the tied output's copy of token_embd is on the GPU" : "")
                + (otherNames.isEmpty() ? "" : "; " + otherNames.size() + " tensors of no known place counted on the host ("
                + String.join(", ", otherNames.subList(0, Math.min(3, otherNames.size()))) + ")")
                + (layerBytes.length > nLayer ? "; blocks " + nLayer + " to " + (layerBytes.length - 1) + " (past "
                + "block_count) counted on the host" : "")
                + (complete() ? "" : "; incomplete: " + uncounted.size() + " tensors of unknown type not counted");
    }
}
