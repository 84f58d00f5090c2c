package org.vramsheet.core.perf;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A model's costs for the estimate, counted from a Llama / Qwen3-style config.json (GQA attention, SwiGLU MLPs,
 * routed experts when {@code num_experts} is set, untied LM head): the input embedding is a lookup, not read whole.
 * BF16, or FP8 linear layers (one byte a weight, FP8 tensor cores) with the LM head kept in BF16 as FP8 checkpoints do.
 */
final class ConfigCosts {
    private ConfigCosts() { }

    static PerfModel of(JsonNode c) { return of(c, false); }

    static PerfModel of(JsonNode c, boolean fp8) {
        long layers = c.get("num_hidden_layers").asLong();
        long hidden = c.get("hidden_size").asLong();
        long heads = c.get("num_attention_heads").asLong();
        long kvHeads = c.get("num_key_value_heads").asLong();
        long headDim = c.has("head_dim") && !c.get("head_dim").isNull() ? c.get("head_dim").asLong() : hidden / heads;
        long vocab = c.get("vocab_size").asLong();
        long attention = hidden * heads * headDim * 2 + hidden * kvHeads * headDim * 2;
        long experts = c.has("num_experts") ? c.get("num_experts").asLong() : 0;
        long k = experts == 0 ? 0 : c.get("num_experts_per_tok").asLong();
        long expert = experts == 0 ? 0 : 3 * hidden * c.get("moe_intermediate_size").asLong();
        long mlp = experts == 0 ? 3 * hidden * c.get("intermediate_size").asLong() : hidden * experts;
        long linear = layers * (attention + mlp);
        long dense = linear + vocab * hidden;
        long active = dense + layers * k * expert;
        int bytes = fp8 ? 1 : 2;
        long kvPerToken = layers * kvHeads * headDim * 2 * 2;
        return new PerfModel((int) layers, (int) hidden, (int) (heads * headDim), (int) layers, (int) kvHeads,
                bytes * linear + 2 * vocab * hidden, bytes * layers * experts * expert, (int) experts, (int) k, active,
                kvPerToken, 0, fp8 ? TensorPrecision.FP8 : TensorPrecision.BF16);
    }
}
