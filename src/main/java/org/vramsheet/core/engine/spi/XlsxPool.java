package org.vramsheet.core.engine.spi;

/** How the XLSX report writes an engine's pool: as vLLM's block formulas, as all-layer pages, or as the app's values. */
public enum XlsxPool {
    /** vLLM: requested - non-KV - CUDA graphs, cut into equal pages of layer groups. */
    VLLM_BLOCKS,
    /** SGLang: (total - non-torch) x mem_fraction_static - weights, in pages of all layers. */
    SGLANG_PAGES,
    /** TensorRT-LLM: free_gpu_memory_fraction x (total - non-KV), in blocks of all layers. */
    TRT_BLOCKS,
    /** The app's values (preallocated or growing caches that the sheet's formulas do not express). */
    APP_VALUES
}
