/**
 * The Hugging Face transformers engine module: DynamicCache (grows) or StaticCache (batch x max_cache_len),
 * implementing the engine SPI. Uses {@code engine}, {@code kv}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine.transformers;
