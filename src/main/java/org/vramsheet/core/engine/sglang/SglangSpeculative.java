package org.vramsheet.core.engine.sglang;

import java.util.EnumSet;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.SpeculativeMethod;

/**
 * SGLang's speculative decoding: the target's model runner sizes the pool before the draft worker loads
 * ({@code EAGLEWorker} builds the target's {@code TpModelWorker} first), so the draft's weights load into the
 * {@code 1 - mem_fraction_static} share; to leave them room the default {@code mem_fraction_static} reserves 6 GiB more for
 * STANDALONE (a draft model) and 2 GiB more for the other algorithms but NGRAM ({@code server_args.py
 * _handle_gpu_memory_settings}: "standalone draft model and cuda graphs" / "eagle draft models and cuda graphs"). The draft's
 * KV shares the pool's token indices: the target scales its cell size by {@code 1 + draft layers / target layers}
 * ({@code model_executor/pool_configurator.py DefaultPoolConfigurator}: "EAGLE/STANDALONE: scale cell_size to account for
 * draft model KV cache", assuming the draft's per-layer KV equals the target's), and the draft layers are
 * {@code num_nextn_predict_layers} for MTP (NEXTN) or the draft config's layers ({@code model_runner.py
 * eagle_draft_num_layers}). Read at sgl-project/sglang commits 003fca80 (pool_configurator.py) and 0005834c
 * (model_runner.py); the reservation is in server_args.py of the 0.4.8 to 0.5.2 table and of the capacity rule alike.
 */
final class SglangSpeculative {
    static final SpeculativeRule RULE = new SpeculativeRule(EnumSet.allOf(SpeculativeMethod.class), false, true, true, null,
            "SGLang sizes the pool on the target's runner, its cell size scaled by 1 + draft layers / target layers "
                    + "(pool_configurator.py); the draft's weights load afterwards, into 1 - mem_fraction_static, for which the "
                    + "default fraction reserves 6 GiB more for a draft model and 2 GiB more for EAGLE and MTP heads "
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
