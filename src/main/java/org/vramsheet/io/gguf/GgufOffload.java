package org.vramsheet.io.gguf;

/**
 * Where a GGUF model's weights go for {@code -ngl N} on one GPU, the way llama.cpp's {@code llama_model::load_tensors}
 * ({@code src/llama-model.cpp}) assigns layers: {@code i_gpu_start} and {@code act_gpu_layers} pick the repeating
 * layers {@code [firstGpuLayer, nLayer)} and whether the output layer (index n_layer) is on the GPU.
 *
 * @param ngl           the {@code -ngl} asked for
 * @param order         which llama.cpp rule
 * @param nLayer        the model's repeating layers ({@code <arch>.block_count})
 * @param firstGpuLayer the first repeating layer on the GPU ({@code nLayer} when none is)
 * @param outputOnGpu   whether the output layer is on the GPU
 * @param gpuBytes      exact weight bytes on the GPU (a tied output's copy of token_embd included)
 * @param hostBytes     exact weight bytes on the host (token_embd always)
 * @param complete      false when a tensor's type is unknown here, so both sums leave it out
 * @param rule          the rule and this split's numbers, for provenance
 */
public record GgufOffload(int ngl, Order order, int nLayer, int firstGpuLayer, boolean outputOnGpu, long gpuBytes,
                          long hostBytes, boolean complete, String rule) {
    /** Repeating layers on the GPU. */
    public int gpuLayers() { return nLayer - firstGpuLayer; }

    /** Which of llama.cpp's two layer-assignment rules. */
    public enum Order {
        /**
         * Since llama.cpp PR #18148 ("llama: offload output layer to GPU first", merged 2025-12-17):
         * {@code i_gpu_start = max(n_layer + 1 - ngl, 0)}, so {@code -ngl 1} puts the output layer alone on the GPU and
         * {@code -ngl N} adds the last N - 1 repeating layers; all of them need {@code -ngl n_layer + 1}.
         */
        OUTPUT_FIRST,
        /**
         * Before that PR (e.g. llama.cpp at a5410f04, 2025): {@code i_gpu_start = max(n_layer - ngl, 0)}, so
         * {@code -ngl N} puts the last N repeating layers on the GPU and the output layer only when N > n_layer.
         */
        OUTPUT_LAST;

        /** The first repeating layer on the GPU for {@code -ngl ngl}. */
        int firstGpuLayer(int nLayer, int ngl) {
            long start = this == OUTPUT_FIRST ? (long) nLayer + 1 - ngl : (long) nLayer - ngl;
            return (int) Math.min(nLayer, Math.max(0, start));
        }

        /**
         * Whether the output layer (index n_layer) is on the GPU: {@code il >= i_gpu_start} and
         * {@code il - i_gpu_start < act_gpu_layers}, with {@code act_gpu_layers = min(ngl, n_layer + 1)}.
         */
        boolean outputOnGpu(int nLayer, int ngl) {
            long start = Math.max(0, this == OUTPUT_FIRST ? (long) nLayer + 1 - ngl : (long) nLayer - ngl);
            long act = Math.min(ngl, (long) nLayer + 1);
            return nLayer >= start && nLayer - start < act;
        }
    }
}
