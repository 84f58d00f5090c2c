/**
 * The vLLM engine module (V1 and V0): gpu_memory_utilization x total - non-KV - CUDA graphs, equal pages of layer
 * groups, MLA and hybrid block sizes, defaults by release, implementing the engine SPI. Uses {@code engine},
 * {@code kv}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine.vllm;
