/**
 * Ollama as the llama.cpp runner it starts: its defaults by release (num_ctx, OLLAMA_CONTEXT_LENGTH,
 * OLLAMA_NUM_PARALLEL, OLLAMA_KV_CACHE_TYPE, OLLAMA_FLASH_ATTENTION, num_batch, num_gpu, the vision projector), each
 * rule with the release it changed in, read from Ollama's own history (envconfig/config.go, server/sched.go,
 * server/routes.go, llm/server.go, llm/llama_server.go, fs/ggml/ggml.go); the engine module OllamaModule, which sizes a
 * sheet as that runner (OllamaSheet: RUNTIME › Ollama settings to the llama.cpp launch). Uses {@code engine},
 * {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine.ollama;
