package org.vramsheet.core.engine.sglang;

import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.engine.spi.OffloadRule;

/**
 * SGLang's LoRA memory pool and hierarchical cache. LoRA: {@code lora/mem_pool.py LoRAMemoryPool} allocates, per layer and
 * target module only ({@code --lora-target-modules}), A {@code (max_loras_per_batch, rank x stacked, input_dim)} (row-parallel
 * input / TP) and B {@code (max_loras_per_batch, output_dim, rank)} (column-parallel output / TP); {@code model_runner.py}
 * calls {@code init_lora_manager()} before {@code init_memory_pool()}, so the buffers come out of the pool inside
 * {@code mem_fraction_static}. Adapters not in the batch stay on disk or in the CPU copy SGLang loads them to, not sized here.
 * Hierarchical cache: {@code --enable-hierarchical-cache} with {@code --hicache-ratio} (host pool / device pool, default 2)
 * or {@code --hicache-size} (GB per rank, wins over the ratio), {@code server_args.py}, {@code mem_cache/memory_pool_host.py}.
 */
final class SglangAdapters {
    static final LoraRule LORA = new LoraRule(false, true, false, false, "SGLang's LoRAMemoryPool: max_loras_per_batch "
            + "slots per target module, allocated by init_lora_manager() before init_memory_pool() (lora/mem_pool.py, "
            + "model_runner.py)");
    static final OffloadRule OFFLOAD = new OffloadRule(true, true, false, "SGLang hierarchical cache: --hicache-size GB per "
            + "rank, else --hicache-ratio x the device pool (server_args.py, mem_cache/memory_pool_host.py)");

    private SglangAdapters() { }
}
