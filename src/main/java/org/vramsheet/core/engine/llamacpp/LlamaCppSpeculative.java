package org.vramsheet.core.engine.llamacpp;

import java.util.EnumSet;
import org.vramsheet.core.engine.spi.SpeculativeRule;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.SpeculativeMethod;

/**
 * llama.cpp's server runs a draft model ({@code -md}) with a context of its own: {@code params_dft.n_ctx =
 * params_base.speculative.n_ctx == 0 ? params_base.n_ctx / params_base.n_parallel : ...}, {@code params_dft.n_parallel = 1},
 * one draft context per slot, its cache in f16 ({@code cache_type_k / cache_type_v}: forced to GGML_TYPE_F16 in the server of
 * 2025, later {@code -ctkd / -ctvd}, default f16) (tools/server/server.cpp, load_model). So the draft holds its weights and
 * slots x (n_ctx / slots) tokens of its own KV, outside the target's cache. Only a draft model is sized for llama.cpp.
 */
final class LlamaCppSpeculative {
    static final SpeculativeRule RULE = new SpeculativeRule(EnumSet.of(SpeculativeMethod.NONE, SpeculativeMethod.DRAFT_MODEL),
            true, false, false, KvDtype.FP16,
            "llama.cpp's server gives the draft its own context per slot, n_ctx / slots tokens in f16 (server.cpp load_model)");

    private LlamaCppSpeculative() { }
}
