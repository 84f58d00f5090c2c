package org.vramsheet.io.model;

import java.util.List;
import java.util.Set;

/**
 * Parameters from a config's architecture: embeddings, attention (standard or MLA), dense or MoE MLPs,
 * Mamba and linear-attention blocks, norms. Total counts every expert (memory); active counts the
 * experts used per token. Vision / audio towers are counted apart (EncoderCounter: their own WEIGHTS line);
 * speculative (MTP) layers are not counted.
 */
final class ParamCounter {
    /** The counts, plus the expert parameters (quantized separately by MXFP4 checkpoints). */
    record Counts(long total, long active, long expert, long embeddings) { }

    private ParamCounter() { }

    static Counts count(HfConfig c, Arch a, List<String> assumed) {
        long h = a.hidden;
        long v = c.num("vocab_size") == null ? 32_000 : c.num("vocab_size");
        if (c.num("vocab_size") == null) {
            assumed.add("vocab_size not given: 32,000 assumed for the parameter estimate");
        }
        boolean tied = c.bool("tie_word_embeddings", a.type.startsWith("gemma") || a.type.equals("falcon") || a.type.equals("gpt2")
                || a.type.equals("RefinedWebModel") || a.type.equals("bloom") || a.type.equals("mpt"));
        long embeddings = m(v, h, tied ? 1 : 2);
        long total = s(embeddings, h); // final norm
        long active = total;
        long expertTotal = 0;
        long inter = c.num("intermediate_size", "ffn_dim", "n_inner") == null ? m(4, h) : c.num("intermediate_size", "ffn_dim", "n_inner");
        for (int layer = 0; layer < a.layers; layer++) {
            long attn = a.isAttentionLayer(layer) ? attention(c, a, layer) : a.isLinearLayer(layer) ? linearAttention(c, a)
                    : mamba(c, a);
            long norms = m(a.type.startsWith("gemma") ? 4 : 2, h);
            Mlp mlp = mlp(c, a, layer, inter);
            total = s(total, attn, norms, mlp.total);
            active = s(active, attn, norms, mlp.active);
            expertTotal = s(expertTotal, mlp.experts);
        }
        return new Counts(total, active, expertTotal, embeddings);
    }

    private record Mlp(long total, long active, long experts) { }

    private static Mlp mlp(HfConfig c, Arch a, int layer, long inter) {
        long h = a.hidden;
        long gated = Set.of("falcon", "RefinedWebModel", "phi", "gpt2", "gptj", "bloom", "mpt", "gpt_neox")
                .contains(a.type) ? 2 : 3;
        Long experts = c.num("num_local_experts", "num_experts", "n_routed_experts");
        if (experts == null || experts <= 1 || !isMoeLayer(c, a, layer)) {
            long dense = a.type.equals("llama4") && c.has("intermediate_size_mlp") ? c.num("intermediate_size_mlp") : inter;
            long p = m(gated, h, dense);
            return new Mlp(p, p, 0);
        }
        long k = c.num("num_experts_per_tok", "experts_per_token", "moe_topk") == null ? 2
                : c.num("num_experts_per_tok", "experts_per_token", "moe_topk");
        long ei = c.num("moe_intermediate_size") != null ? c.num("moe_intermediate_size") : inter;
        long one = s(m(3, h, ei), a.type.equals("gpt_oss") ? s(m(2, ei), h) : 0);
        long shared = 0;
        if (c.num("n_shared_experts") != null) {
            shared = m(c.num("n_shared_experts"), 3, h, ei);
        } else if (c.num("shared_expert_intermediate_size") != null) {
            shared = s(m(3, h, c.num("shared_expert_intermediate_size")), h);
        } else if (a.type.equals("llama4")) {
            shared = m(3, h, inter);
        }
        long router = s(m(h, experts), a.type.equals("gpt_oss") || a.type.equals("deepseek_v3") ? experts : 0);
        return new Mlp(s(m(experts, one), shared, router), s(m(k, one), shared, router), m(experts, one));
    }

    private static boolean isMoeLayer(HfConfig c, Arch a, int layer) {
        switch (a.type) {
            case "deepseek_v2", "deepseek_v3" -> {
                long firstDense = c.num("first_k_dense_replace") == null ? 0 : c.num("first_k_dense_replace");
                long freq = c.period("moe_layer_freq", 1);
                return layer >= firstDense && layer % freq == 0;
            }
            case "jamba" -> {
                long period = c.period("expert_layer_period", 2);
                long offset = c.num("expert_layer_offset") == null ? 1 : c.num("expert_layer_offset");
                return layer % period == offset;
            }
            case "qwen2_moe", "qwen3_moe" -> {
                long step = c.period("decoder_sparse_step", 1);
                List<String> only = c.strings("mlp_only_layers");
                return !only.contains(Integer.toString(layer)) && (layer + 1) % step == 0;
            }
            case "llama4" -> {
                long step = c.period("interleave_moe_layer_step", 1);
                return (layer + 1) % step == 0;
            }
            default -> {
                return true;
            }
        }
    }

    private static long attention(HfConfig c, Arch a, int layer) {
        long h = a.hidden;
        if (a.mla) {
            long heads = a.heads;
            long nope = c.num("qk_nope_head_dim") == null ? 128 : c.num("qk_nope_head_dim");
            long rope = a.qkRope;
            long vh = c.num("v_head_dim") == null ? 128 : c.num("v_head_dim");
            Long qLora = c.num("q_lora_rank");
            long q = qLora == null ? m(h, heads, s(nope, rope)) : s(m(h, qLora), qLora, m(qLora, heads, s(nope, rope)));
            long kv = s(m(h, s(a.kvLoraRank, rope)), a.kvLoraRank, m(a.kvLoraRank, heads, s(nope, vh)));
            return s(q, kv, m(heads, vh, h));
        }
        boolean global = a.kinds[layer] == Arch.LayerKind.FULL && (a.globalKvHeads > 0 || a.globalHeadDim > 0);
        long hd = global ? a.globalHeadDim : a.headDim;
        long qDim = m(a.heads, hd);
        long kvDim = m(global ? a.globalKvHeads : a.kvHeads, hd);
        long p = s(m(h, qDim), m(2, h, kvDim), m(qDim, h));
        boolean bias = c.bool("attention_bias", a.type.startsWith("qwen2") || a.type.equals("gpt_oss"));
        if (bias) {
            p = s(p, qDim, m(2, kvDim), a.type.equals("gpt_oss") ? s(h, a.heads) : 0);
        }
        if (a.type.startsWith("qwen3") || a.type.equals("gemma3")) {
            p = s(p, m(2, hd)); // q and k norms
        }
        return p;
    }

    /** Jamba Mamba block: in_proj, conv1d, x_proj, dt_proj, A, D, out_proj (+ dt/B/C norms). */
    private static long mamba(HfConfig c, Arch a) {
        long h = a.hidden;
        long expand = c.num("mamba_expand") == null ? 2 : c.num("mamba_expand");
        long di = m(expand, h);
        long dState = c.num("mamba_d_state") == null ? 16 : c.num("mamba_d_state");
        long dConv = c.num("mamba_d_conv") == null ? 4 : c.num("mamba_d_conv");
        long dtRank = c.num("mamba_dt_rank") == null ? (h + 15) / 16 : c.num("mamba_dt_rank");
        return s(m(h, 2, di), m(di, dConv), di, m(di, s(dtRank, m(2, dState))), m(dtRank, di), di, m(di, dState), di,
                m(di, h), dtRank, m(2, dState));
    }

    /** Qwen3-Next Gated DeltaNet block (approximate: projections, conv, norms). */
    private static long linearAttention(HfConfig c, Arch a) {
        long h = a.hidden;
        long kh = c.num("linear_num_key_heads") == null ? 16 : c.num("linear_num_key_heads");
        long vh = c.num("linear_num_value_heads") == null ? 32 : c.num("linear_num_value_heads");
        long kd = c.num("linear_key_head_dim") == null ? 128 : c.num("linear_key_head_dim");
        long vd = c.num("linear_value_head_dim") == null ? 128 : c.num("linear_value_head_dim");
        long conv = c.num("linear_conv_kernel_dim") == null ? 4 : c.num("linear_conv_kernel_dim");
        long keyDim = m(kh, kd);
        long valueDim = m(vh, vd);
        long qkvz = m(h, s(m(2, keyDim), m(2, valueDim)));
        long ba = m(h, 2, vh);
        return s(qkvz, ba, m(s(m(2, keyDim), valueDim), conv), m(2, vh), vd, m(valueDim, h));
    }

    /** Exact product: a config whose numbers overflow a long is refused, never wrapped to a wrong count. */
    static long m(long... xs) {
        long p = 1;
        for (long x : xs) {
            p = Math.multiplyExact(p, x);
        }
        return p;
    }

    /** Exact sum. */
    static long s(long... xs) {
        long t = 0;
        for (long x : xs) {
            t = Math.addExact(t, x);
        }
        return t;
    }
}
