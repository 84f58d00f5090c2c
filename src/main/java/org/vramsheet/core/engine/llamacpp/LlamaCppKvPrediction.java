package org.vramsheet.core.engine.llamacpp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each device's KV buffers as llama.cpp allocates them, from the model's hyperparameters and the context: which device
 * holds each layer (llama-model.cpp load_tensors), the cells of each cache ({@link LlamaCppCache}) and the row sizes
 * ({@link LlamaCppCacheType}). Exact arithmetic, no fit.
 * <ul>
 * <li>Layers: the last {@code N} of n_layer are offloaded ("offloaded N/M layers"; {@code i_gpu_start = max(n_layer - N,
 * 0)}); layer il of those goes to the first GPU whose cumulative share of free memory exceeds {@code (il - i_gpu_start) /
 * N} ({@code std::upper_bound} over the split points, in float); the others stay on "CPU". A layer's KV is on its
 * layer's device.</li>
 * <li>Cells: the printed n_ctx (already padded), n_ctx_seq per stream when not unified; a sliding layer (n_swa,
 * pattern) holds the SWA cache's cells when the build has one.</li>
 * </ul>
 */
public final class LlamaCppKvPrediction {
    /**
     * A log's context.
     *
     * @param nCtx         the printed n_ctx
     * @param nCtxSeq      n_ctx_seq (per stream), null when not printed
     * @param nSeqMax      n_seq_max
     * @param unified      kv_unified (one stream for all sequences)
     * @param nUbatch      n_ubatch
     * @param flashAttn    flash attention on (or auto)
     * @param rule         the build's padding rule
     * @param slidingCache whether the build has the separate SWA cache (llama_kv_cache_iswa, May 2025 on)
     * @param gpuLayers    layers offloaded (N of "offloaded N/M layers to GPU")
     * @param gpus         GPU devices in load order and their free memory (the default split); empty: none
     * @param k            type_k
     * @param v            type_v
     */
    public record Setup(long nCtx, Long nCtxSeq, int nSeqMax, boolean unified, long nUbatch, boolean flashAttn,
                        LlamaCppCache.Padding rule, boolean slidingCache, int gpuLayers, Map<String, Long> gpus,
                        LlamaCppCacheType k, LlamaCppCacheType v) { }

    /**
     * The prediction: KV bytes per device (in load order, "CPU" last), both caches' cells, bytes and layers.
     *
     * @param devices   KV bytes per device
     * @param base      the non-SWA cache's shape
     * @param swa       the SWA cache's shape, null when the model or build has none
     * @param baseBytes bytes of the non-SWA cache
     * @param swaBytes  bytes of the SWA cache (0 without one)
     * @param swaLayers layers in the SWA cache
     */
    public record Prediction(Map<String, Long> devices, LlamaCppCache.Shape base, LlamaCppCache.Shape swa, long baseBytes,
                             long swaBytes, int swaLayers) {
        public long totalBytes() { return Math.addExact(baseBytes, swaBytes); }
    }

    private LlamaCppKvPrediction() { }

    /** The KV buffers of a model with these hyperparameters in this context. */
    public static Prediction of(LlamaCppHparams hp, Setup s) {
        LlamaCppCache.Shape base = !s.unified() && s.nSeqMax() > 1 && s.nCtxSeq() != null
                ? new LlamaCppCache.Shape(s.nCtxSeq(), s.nSeqMax()) : new LlamaCppCache.Shape(s.nCtx(), 1);
        boolean sliding = s.slidingCache() && hp.slides(0);
        LlamaCppCache.Shape swa = sliding ? LlamaCppCache.swa(base, hp.window(), s.nSeqMax(), s.nUbatch(), s.rule(), s.flashAttn())
                : null;
        long perBase = LlamaCppCache.kvBytes(base, 1, hp.embdK(), hp.embdV(), s.k(), s.v());
        long perSwa = swa == null ? 0 : LlamaCppCache.kvBytes(swa, 1, hp.embdK(), hp.embdV(), s.k(), s.v());
        Map<String, Long> devices = new LinkedHashMap<>();
        s.gpus().keySet().forEach(g -> devices.put(g, 0L));
        long baseBytes = 0;
        long swaBytes = 0;
        int swaLayers = 0;
        List<String> names = List.copyOf(s.gpus().keySet());
        float[] splits = splits(s.gpus());
        for (int il = 0; il < hp.layers(); il++) {
            boolean slides = sliding && hp.slides(il);
            long bytes = slides ? perSwa : perBase;
            String dev = device(il, hp.layers(), s.gpuLayers(), names, splits);
            devices.merge(dev, bytes, Math::addExact);
            if (slides) {
                swaBytes = Math.addExact(swaBytes, bytes);
                swaLayers++;
            } else {
                baseBytes = Math.addExact(baseBytes, bytes);
            }
        }
        devices.values().removeIf(b -> b == 0);
        return new Prediction(devices, base, swa, baseBytes, swaBytes, swaLayers);
    }

    /** The device of layer il (llama-model.cpp {@code get_layer_buft_list}). */
    static String device(int il, int nLayer, int gpuLayers, List<String> gpus, float[] splits) {
        int gpu = gpus.isEmpty() ? -1 : gpuOf(il, nLayer, gpuLayers, splits);
        return gpu < 0 ? "CPU" : gpus.get(gpu);
    }

    /**
     * The GPU (index into the split points) that holds layer il, or -1 for the host; il = n_layer is the output layer.
     * llama-model.cpp load_tensors: {@code i_gpu_start = max(n_layer - n_gpu_layers, 0)}, {@code act_gpu_layers =
     * min(n_gpu_layers, n_layer + 1)}; a layer below i_gpu_start or past act_gpu_layers stays on the CPU; else
     * {@code upper_bound(splits, float(il - i_gpu_start) / act_gpu_layers)}.
     */
    public static int gpuOf(int il, int nLayer, int gpuLayers, float[] splits) {
        int start = Math.max(nLayer - gpuLayers, 0);
        int act = Math.min(gpuLayers, nLayer + 1);
        if (splits.length == 0 || il < start || il - start >= act) {
            return -1;
        }
        float at = (float) (il - start) / act;
        for (int i = 0; i < splits.length; i++) {
            if (splits[i] > at) {
                return i;
            }
        }
        return splits.length - 1;
    }

    /** The cumulative split points by free memory, normalised (llama-model.cpp, the default when no --tensor-split). */
    static float[] splits(Map<String, Long> gpus) {
        float[] share = new float[gpus.size()];
        int i = 0;
        for (long free : gpus.values()) {
            share[i++] = free;
        }
        return splitPoints(share);
    }

    /** Shares (free memory, or --tensor-split) as llama.cpp's cumulative split points: summed in float, then normalised. */
    public static float[] splitPoints(float[] shares) {
        float[] s = new float[shares.length];
        float sum = 0;
        for (int i = 0; i < shares.length; i++) {
            sum += shares[i];
            s[i] = sum;
        }
        for (int i = 0; i < s.length; i++) {
            s[i] /= sum;
        }
        return s;
    }
}
