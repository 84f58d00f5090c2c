package org.vramsheet.core.engine.spi;

/**
 * How an engine lays a mixture of experts out over GPUs ({@link EngineModule#expertRule}): attention is split by the sheet's
 * TP inside each of D attention data-parallel ranks (replicated across them, each holding only its own sequences' KV), the
 * routed experts over the group of TP x D ranks: whole experts, E / (TP x D) each, with expert parallel; a 1 / (TP x D)
 * slice of every expert without it.
 *
 * @param dataParallelFlag the engine's flag for the attention data-parallel ranks (vLLM --data-parallel-size)
 * @param expertFlag       the engine's flag for expert parallel (vLLM --enable-expert-parallel)
 * @param launch           how the sheet's TP and D map onto the engine's own flags
 * @param source           where the engine does it (file, function, release read), for the provenance
 */
public record ExpertRule(String dataParallelFlag, String expertFlag, String launch, String source) { }
