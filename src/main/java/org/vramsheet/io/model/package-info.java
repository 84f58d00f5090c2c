/**
 * A model's config.json, safetensors headers and quantization config read into MODEL, WEIGHTS and KV
 * ARCHITECTURE; the parameter counter. Uses {@code core}, {@code io}, {@code io.json}.
 */
package org.vramsheet.io.model;
