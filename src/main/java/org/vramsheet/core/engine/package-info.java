/**
 * Engine rules by engine and version: defaults (utilization, block size, CUDA graphs), version parsing,
 * the pre-launch non-KV estimate and the engine's capacity curve. Uses {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine;
