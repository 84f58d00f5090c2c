package org.vramsheet.io.model;

import java.util.List;
import org.vramsheet.core.sheet.Weights;

/**
 * A mixture-of-experts config's routing shape: the experts each token is routed to and one expert's intermediate width,
 * what vLLM's fused-MoE kernels size their workspace by (VllmMoeWorkspace). The keys are the ones ParamCounter counts the
 * experts by: num_experts_per_tok (Mixtral, Qwen MoE, DeepSeek, Llama 4), experts_per_token (gpt-oss), moe_topk; the
 * width is moe_intermediate_size, else intermediate_size (Mixtral, Llama 4 and gpt-oss put the expert's there). The routed
 * experts per layer, E (num_local_experts, num_experts, n_routed_experts), go with them (version 9): the latency
 * estimate's expert union 1 - (1 - k/E)^batch needs it.
 */
final class MoeShape {
    private MoeShape() { }

    /** The weights with the MoE shape set (unchanged for a dense config, or one that does not say its top-k). */
    static Weights onto(HfConfig c, Weights w, List<String> detected) {
        Long experts = c.num("num_local_experts", "num_experts", "n_routed_experts");
        if (experts == null || experts <= 1) {
            return w;
        }
        Long k = c.num(1, experts, "num_experts_per_tok", "experts_per_token", "moe_topk");
        Long width = c.num("moe_intermediate_size") != null ? c.num(1, ConfigLimits.MAX_WIDTH, "moe_intermediate_size")
                : c.num(1, ConfigLimits.MAX_WIDTH, "intermediate_size");
        if (k == null || width == null) {
            return w;
        }
        detected.add("mixture of experts: " + k + " of " + experts + " experts per token, expert intermediate size " + width);
        return w.toBuilder().expertsPerToken(k.intValue()).expertIntermediateSize(width.intValue())
                .experts(experts > Integer.MAX_VALUE ? null : experts.intValue()).build();
    }
}
