package org.vramsheet.core.engine.spi;

/**
 * How an engine holds LoRA adapters ({@link EngineModule#loraRule}): slots of the largest rank on the GPU for every
 * adapted projection, allocated before the engine sizes its KV pool (then they come out of the pool), a host-RAM cache of
 * more adapters, and the batch-mapping buffers of its kernels.
 *
 * @param everyProjection whether the engine gives every LoRA-capable projection a slot whatever the adapters target (vLLM)
 *                        or only the target modules (SGLang, llama.cpp)
 * @param beforePool      whether the slots are allocated before the pool is sized (vLLM, SGLang), else beside it
 * @param hostCache       whether the engine keeps up to max CPU LoRAs in host RAM (vLLM --max-cpu-loras)
 * @param punica          whether the engine allocates vLLM's Punica index buffers (5 x int64 and 2 x 2 x int32 per batched
 *                        token) and its float32 shrink buffer
 * @param source          where the engine does it, for the provenance
 */
public record LoraRule(boolean everyProjection, boolean beforePool, boolean hostCache, boolean punica, String source) { }
