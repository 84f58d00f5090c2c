/**
 * The llama.cpp engine module: a preallocated cache of n_ctx cells padded to 256 for its slots, sliding- window
 * caches, implementing the engine SPI. Uses {@code engine}, {@code kv}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine.llamacpp;
