/**
 * The SGLang engine module: mem_fraction_static of the free memory before the weights, in tokens of all layers
 * rounded to pages, implementing the engine SPI. Uses {@code engine}, {@code kv}, {@code sheet}, {@code units}.
 */
package org.vramsheet.core.engine.sglang;
