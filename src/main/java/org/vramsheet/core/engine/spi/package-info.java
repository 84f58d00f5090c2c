/**
 * What an engine module implements: {@code EngineModule} (defaults by release, the pool rule and per-GPU layout,
 * admission, formula texts, how the XLSX writes the pool), {@code PoolLayout}, {@code PoolInput}, {@code Choice},
 * {@code NonKvTerms}, {@code XlsxPool}, {@code EngineVersion}, {@code Capacity}. Uses {@code kv}, {@code sheet},
 * {@code units}.
 */
package org.vramsheet.core.engine.spi;
