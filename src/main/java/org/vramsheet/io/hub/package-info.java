/**
 * Where a model comes from: the Hugging Face Hub (HTTP, tokens, mirrors), the local HF cache, the catalog or
 * a file. Uses {@code core}, {@code io}, {@code io.json}, {@code io.model}, {@code io.catalog}.
 */
package org.vramsheet.io.hub;
