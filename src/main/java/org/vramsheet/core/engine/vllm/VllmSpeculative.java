package org.vramsheet.core.engine.vllm;

import java.util.EnumSet;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.sheet.SpeculativeMethod;

/**
 * vLLM's speculative decoding (V1 engine): the drafter is built and loaded with the target ({@code gpu_model_runner.py}:
 * {@code self.drafter = NgramProposer / EagleProposer / DraftModelProposer}, {@code self.drafter.load_model(self.model)}
 * right after the target's weights, before {@code profile_run}), so the draft's weights are part of the measured non-KV
 * memory and come out of the pool. Its attention layers register in the same forward context
 * ({@code vllm/v1/spec_decode/draft_model.py}: {@code draft_attn_layer_names = get_layers_from_vllm_config(...) -
 * target_attn_layer_names}); {@code get_kv_cache_spec} then lists them with the target's, and
 * {@code EagleProposer.validate_same_kv_cache_group} (vllm/v1/spec_decode/eagle.py) asserts they share one KV-cache group:
 * every block of the pool holds target and draft layers, so tokens per pool = pool / (target + draft bytes per token). The
 * draft caches in the target's {@code kv_cache_dtype} ({@code llama_eagle3.py get_cache_config}: the cache config, unless
 * {@code speculative_config.kv_cache_dtype} overrides it). n-gram proposes from the prompt on the CPU: no memory.
 * Sources read at vllm-project/vllm commits 01dd981d (draft_model.py) and 00bd1493 (llama_eagle3.py), and the ROCm/vllm
 * snapshot of 2025-08-28 (v0.10, eagle.py, gpu_model_runner.py); the first release of each could not be traced here.
 */
final class VllmSpeculative {
    static final SpeculativeRule RULE = new SpeculativeRule(EnumSet.allOf(SpeculativeMethod.class), true, true, false, null,
            "vLLM loads the drafter before its memory profile (gpu_model_runner.py load_model) and keeps the draft's "
                    + "attention layers in the target's KV-cache group (eagle.py validate_same_kv_cache_group, "
                    + "draft_model.py)");

    private VllmSpeculative() { }
}
