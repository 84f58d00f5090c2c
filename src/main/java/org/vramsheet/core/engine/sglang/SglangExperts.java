package org.vramsheet.core.engine.sglang;

import org.vramsheet.core.engine.spi.ExpertRule;

/**
 * SGLang's DP attention. {@code compute_dp_attention_world_info} ({@code python/sglang/srt/layers/dp_attention.py}, read at
 * sgl-project/sglang 2aa2e2d0) gives attention {@code attn_tp_size = tp_size // dp_size} ranks inside each of
 * {@code dp_size} DP groups, each group scheduling its own requests into its own KV pool; the MoE layers stay on all
 * {@code --tp} ranks, with {@code --ep-size} equal to {@code --tp} placing whole experts, E / ep_size per GPU (without it
 * every expert is split over the {@code --tp} ranks). The sheet's TP is the attention TP: SGLang's {@code --tp} is the
 * sheet's TP x D and {@code --dp} is D. An {@code --ep-size} other than 1 or {@code --tp} is not modelled.
 */
final class SglangExperts {
    static final ExpertRule RULE = new ExpertRule("--dp-size with --enable-dp-attention", "--ep-size (= --tp)",
            "sglang.launch_server --tp TP x D --dp D --enable-dp-attention [--ep-size TP x D]",
            "SGLang compute_dp_attention_world_info (srt/layers/dp_attention.py @2aa2e2d0): attn_tp_size = tp_size // "
                    + "dp_size, each DP group with its own KV pool; the MoE over all --tp ranks, --ep-size = --tp placing "
                    + "whole experts");

    private SglangExperts() { }
}
