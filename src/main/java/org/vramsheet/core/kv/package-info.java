/**
 * KV-cache geometry: bytes per token and per sequence from the attention architecture (GQA/MQA heads,
 * MLA latent, sliding windows, fixed-state layers), per model and per TP rank. Uses {@code sheet}.
 */
package org.vramsheet.core.kv;
