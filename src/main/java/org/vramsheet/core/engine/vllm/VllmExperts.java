package org.vramsheet.core.engine.vllm;

import org.vramsheet.core.engine.spi.ExpertRule;

/**
 * vLLM's MoE placement over data parallel. {@code FusedMoEParallelConfig.make} ({@code model_executor/layers/fused_moe/
 * config.py}, read at vllm-project/vllm 00c1c6a2) flattens TP across DP for the MoE layers ({@code flatten_tp_across_dp}:
 * {@code tp_size = dp_size * tp_size}), so the experts are sharded over all DP x TP GPUs; with
 * {@code --enable-expert-parallel} ({@code use_ep}) it returns {@code ep_size = tp_size} (DP x TP) and a TP of 1 inside the
 * experts: each GPU holds whole experts, {@code determine_expert_map} ({@code fused_moe/layer.py}) giving
 * {@code global_num_experts // ep_size}, one more to the first {@code global_num_experts % ep_size} ranks. Attention, the
 * embeddings, the dense layers and the shared experts are the model's ordinary TP layers, one copy per DP rank; each DP
 * rank is an engine core with its own scheduler and KV cache.
 */
final class VllmExperts {
    static final ExpertRule RULE = new ExpertRule("--data-parallel-size", "--enable-expert-parallel",
            "vllm serve -tp TP --data-parallel-size D [--enable-expert-parallel]",
            "vLLM FusedMoEParallelConfig.make (fused_moe/config.py @00c1c6a2): the MoE layers are sharded over DP x TP "
                    + "(flatten_tp_across_dp); --enable-expert-parallel sets EP = DP x TP and places whole experts "
                    + "(determine_expert_map: E // EP, the first E % EP ranks one more)");

    private VllmExperts() { }
}
