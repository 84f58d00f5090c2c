/**
 * The TensorRT-LLM engine module: free_gpu_memory_fraction of the memory left after the weights, in blocks of all
 * layers, implementing the engine SPI. Uses {@code engine}, {@code kv}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine.trtllm;
