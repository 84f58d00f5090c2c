package org.vramsheet.core.engine.spi;

/**
 * How an engine offloads its KV cache to host RAM ({@link EngineModule#offloadRule}).
 *
 * @param bytesPerRank   whether the size typed is per TP rank (SGLang --hicache-size) or summed over the ranks (vLLM
 *                       --kv-offloading-size)
 * @param ratio          whether the engine takes a ratio to its device pool (SGLang --hicache-ratio)
 * @param wholeCache     whether the whole KV cache lives in host RAM (llama.cpp --no-kv-offload), not a prefix tier
 * @param source         where the engine does it, for the provenance
 */
public record OffloadRule(boolean bytesPerRank, boolean ratio, boolean wholeCache, String source) { }
