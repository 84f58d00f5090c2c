package org.vramsheet.core.engine.llamacpp;

import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.engine.spi.OffloadRule;

/**
 * llama.cpp's LoRA adapters and host-resident cache. {@code --lora FILE} (repeatable) loads each adapter's A and B tensors
 * whole beside the base layers they adapt ({@code llama-adapter.cpp llama_adapter_lora_init_impl}: one buffer per buffer type
 * of the base tensor), outside the KV cache, which llama.cpp sizes from n_ctx, not from free memory: the sheet counts max
 * LoRAs adapters of the max rank over the target modules. There is no host cache of adapters. {@code --no-kv-offload} keeps
 * the whole KV cache in host RAM (RUNTIME › llama.cpp); there is no prefix tier to size.
 */
final class LlamaCppAdapters {
    static final LoraRule LORA = new LoraRule(false, false, false, false, "llama.cpp loads each --lora adapter whole beside "
            + "the layers it adapts (llama-adapter.cpp), outside the KV cache");
    static final OffloadRule OFFLOAD = new OffloadRule(false, false, true, "llama.cpp --no-kv-offload keeps the whole KV cache "
            + "in host RAM (llama-kv-cache.cpp: offload = false)");

    private LlamaCppAdapters() { }
}
