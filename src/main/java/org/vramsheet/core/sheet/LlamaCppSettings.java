package org.vramsheet.core.sheet;

import java.util.List;

/**
 * RUNTIME's llama.cpp launch settings (llama-server / llama-cli flags). Empty numbers take llama.cpp's defaults
 * (common.h {@code common_params}); the cache's K type is KV ARCHITECTURE › KV-cache dtype ({@code -ctk}), its slots RUNTIME
 * › Max sequences ({@code --parallel}), its context RUNTIME › Max model length ({@code -c}), its GPUs the sheet's GPU count.
 *
 * @param gpuLayers    {@code -ngl}: layers offloaded to the GPUs; null: every layer and the output (999)
 * @param tensorSplit  {@code --tensor-split}: each GPU's share of the layers; empty: by the GPUs' free memory
 * @param cacheTypeV   {@code -ctv}: the V cache type; null: the K cache's ({@code -ctk})
 * @param kvUnified    {@code --kv-unified}: one stream of n_ctx cells for every sequence (else n_ctx / n_seq each)
 * @param flashAttention {@code -fa on|off|auto}
 * @param ubatch       {@code -ub} n_ubatch; null: 512
 * @param batch        {@code -b} n_batch; null: 2048
 * @param noKvOffload  {@code --no-kv-offload}: the KV cache (and recurrent state) stays in host memory
 */
public record LlamaCppSettings(Integer gpuLayers, List<Double> tensorSplit, KvDtype cacheTypeV, Boolean kvUnified,
                               FlashAttention flashAttention, Long ubatch, Long batch, Boolean noKvOffload) {
    /** llama_model_default_params: {@code n_gpu_layers = 999} (every layer and the output layer). */
    public static final int ALL_LAYERS = 999;
    /** common.h {@code n_ubatch = 512}. */
    public static final long UBATCH = 512;
    /** common.h {@code n_batch = 2048}. */
    public static final long BATCH = 2048;

    public LlamaCppSettings {
        tensorSplit = tensorSplit == null ? List.of() : List.copyOf(tensorSplit);
        kvUnified = kvUnified != null && kvUnified;
        flashAttention = flashAttention == null ? FlashAttention.AUTO : flashAttention;
        noKvOffload = noKvOffload != null && noKvOffload;
    }

    /** Every setting at llama.cpp's default. */
    public static LlamaCppSettings defaults() { return builder().build(); }

    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** -ngl as llama.cpp takes it: the typed value, else 999. */
    public int resolvedGpuLayers() { return gpuLayers == null ? ALL_LAYERS : gpuLayers; }

    /** A copy with another -ngl. */
    public LlamaCppSettings withGpuLayers(Integer n) { return toBuilder().gpuLayers(n).build(); }

    /** Fluent {@link LlamaCppSettings}: one setter per component; unset components take the constructor's defaults. */
    public static final class Builder {
        private Integer gpuLayers;
        private List<Double> tensorSplit;
        private KvDtype cacheTypeV;
        private Boolean kvUnified;
        private FlashAttention flashAttention;
        private Long ubatch;
        private Long batch;
        private Boolean noKvOffload;

        private Builder() { }

        private Builder(LlamaCppSettings r) {
            gpuLayers = r.gpuLayers;
            tensorSplit = r.tensorSplit;
            cacheTypeV = r.cacheTypeV;
            kvUnified = r.kvUnified;
            flashAttention = r.flashAttention;
            ubatch = r.ubatch;
            batch = r.batch;
            noKvOffload = r.noKvOffload;
        }

        public Builder gpuLayers(Integer v) { gpuLayers = v; return this; }
        public Builder tensorSplit(List<Double> v) { tensorSplit = v; return this; }
        public Builder cacheTypeV(KvDtype v) { cacheTypeV = v; return this; }
        public Builder kvUnified(Boolean v) { kvUnified = v; return this; }
        public Builder flashAttention(FlashAttention v) { flashAttention = v; return this; }
        public Builder ubatch(Long v) { ubatch = v; return this; }
        public Builder batch(Long v) { batch = v; return this; }
        public Builder noKvOffload(Boolean v) { noKvOffload = v; return this; }

        public LlamaCppSettings build() {
            return new LlamaCppSettings(gpuLayers, tensorSplit, cacheTypeV, kvUnified, flashAttention, ubatch, batch,
                    noKvOffload);
        }
    }
}
