package org.vramsheet.core.engine.vllm;

import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.engine.spi.OffloadRule;

/**
 * vLLM's LoRA slots and KV offload. LoRA: {@code LoRAModelManager._create_lora_modules} wraps every module the model lists
 * as LoRA-capable ({@code _match_target_modules} against {@code supported_lora_modules}, not the adapters' targets), and
 * each wrapper allocates {@code max_loras} slots at {@code max_lora_rank} in {@code lora_dtype}
 * ({@code lora/layers/base_linear.py create_lora_weights}: {@code lora_a_stacked (max_loras, 1, rank, input_size)},
 * {@code lora_b_stacked (max_loras, 1, output_size, rank)} per slice; column-parallel layers keep A whole and B's output per
 * rank, row-parallel layers A's input per rank and B whole; {@code column_parallel_linear.py},
 * {@code row_parallel_linear.py}, read at vllm-project/vllm 4f54575c / 7626577c / 1ace43ed). The manager is created when the
 * model loads, before the memory profile, so the slots come out of the KV pool. {@code PunicaWrapperGPU} adds per batched
 * token 5 int64 indices ({@code punica_base.py}) and two {@code LoRAKernelMeta} of 2 int32 each
 * ({@code lora_kernel_metadata.py}); the shrink kernel's float32 buffer (slices x tokens x rank) is transient.
 * {@code max_cpu_loras} (default {@code max_loras}, {@code config/lora.py} at 01230b40) adapters are kept in host RAM.
 * KV offload: {@code --kv-offloading-size} GiB "summed across all TP ranks" ({@code config/cache.py}), native or LMCache.
 */
final class VllmAdapters {
    static final LoraRule LORA = new LoraRule(true, true, true, true, "vLLM gives every LoRA-capable projection max_loras "
            + "slots at max_lora_rank when the model loads, before its memory profile (lora/layers/base_linear.py "
            + "create_lora_weights)");
    static final OffloadRule OFFLOAD = new OffloadRule(false, false, false, "vLLM --kv-offloading-size: the CPU buffer in "
            + "GiB summed across all TP ranks (config/cache.py), native or LMCache");

    private VllmAdapters() { }
}
