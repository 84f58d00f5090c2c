package org.vramsheet.core.engine.sglang;

import java.util.EnumSet;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.SpeculativeMethod;

/**
 * SGLang's speculative decoding. The scheduler builds the target's and the draft's model workers (both weights loaded) before
 * {@code init_memory_pools()}: {@code init_target_memory_pool()} profiles the free memory with the draft resident and sizes the
 * pool, the draft's pool follows ({@code EagleDraftWorker.alloc_memory_pool}), as sgl-project/sglang PRs #35996, #32468 and
 * #38364 (2026) describe it with their logs ("Load weight end ... type=Qwen3_5ForCausalLMMTP, mem usage=5.18 GB" before
 * "KV Cache ... #tokens"): the draft's weights come out of the pool, inside {@code mem_fraction_static}. (Their bug, the
 * draft's duplicate embeddings and head still resident while the pool is sized, is not modelled: the sheet counts the draft's
 * own weights.) To leave the draft's CUDA graphs room the default {@code mem_fraction_static} reserves 6 GiB more for STANDALONE
 * (a draft model) and 2 GiB more for the other algorithms but NGRAM ({@code server_args.py _handle_gpu_memory_settings}:
 * "standalone draft model and cuda graphs" / "eagle draft models and cuda graphs"). The draft's KV shares the pool's token
 * indices: the target scales its cell size by {@code 1 + draft layers / target layers} ({@code
 * model_executor/pool_configurator.py DefaultPoolConfigurator}: "EAGLE/STANDALONE: scale cell_size to account for draft model
 * KV cache", assuming the draft's per-layer KV equals the target's), the draft layers being {@code num_nextn_predict_layers}
 * for MTP (NEXTN) or the draft config's layers ({@code model_runner.py eagle_draft_num_layers}). Read at sgl-project/sglang
 * commits 003fca80 (pool_configurator.py) and 0005834c (model_runner.py); the releases that introduced the order and the
 * scaling could not be traced here (older releases built the target's pool before loading the draft).
 */
final class SglangSpeculative {
    static final SpeculativeRule RULE = new SpeculativeRule(EnumSet.allOf(SpeculativeMethod.class), true, true, true, null,
            "SGLang loads the draft before it sizes the pool (scheduler init_memory_pools after both model workers), scales "
                    + "its cell size by 1 + draft layers / target layers (pool_configurator.py), and its default "
                    + "mem_fraction_static reserves 6 GiB more for a draft model and 2 GiB more for EAGLE and MTP heads "
                    + "(server_args.py)");

    /** MiB the default mem_fraction_static reserves for a draft model (STANDALONE). */
    static final int STANDALONE_MIB = 6 * 1024;
    /** MiB it reserves for EAGLE, EAGLE-3 and MTP (NEXTN) heads. */
    static final int EAGLE_MIB = 2 * 1024;

    private SglangSpeculative() { }

    /** MiB the default fraction reserves for the sheet's method (none and n-gram: 0). */
    static int reservedMib(RuntimeSettings r) {
        SpeculativeMethod m = r.speculative().method();
        return m == SpeculativeMethod.DRAFT_MODEL ? STANDALONE_MIB : m.hasDraft() ? EAGLE_MIB : 0;
    }
}
