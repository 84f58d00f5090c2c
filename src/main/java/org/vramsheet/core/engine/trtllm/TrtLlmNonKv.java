package org.vramsheet.core.engine.trtllm;

import java.util.Locale;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.sheet.RuntimeSettings;

/**
 * TensorRT-LLM's non-KV memory before launch, by flow (docs/engines.md, "TensorRT-LLM"). The PyTorch backend (0.19 on) sizes
 * its pool from a dry run ({@link TrtLlmDryRun}, {@link TrtLlmProfile}); a TRT engine (every release before 0.19, and a built
 * engine served by a later one: {@code trtllm-serve <engine dir>}, marked by "trt" or "engine" after the version, e.g.
 * "0.19.0-trt") sizes it from the free memory after the engine, its execution context and the runtime's buffers, which
 * here rides on the vLLM-fitted estimate with + 1.5 GiB.
 */
final class TrtLlmNonKv {
    private TrtLlmNonKv() { }

    /** The first release whose LLM API runs the PyTorch backend's dry run (PR 3092, April 2025; TR08 is 0.20.0). */
    static final EngineVersion PYTORCH_FROM = new EngineVersion(0, 19, 0);

    /** The TRT-engine flow's non-KV memory above the vLLM-fitted estimate (engine, context, buffers): 1 to 3 GiB seen. */
    static final double ENGINE_EXTRA_GIB = 1.5;

    /** Whether the sheet's version names a served TRT engine rather than the PyTorch backend ("0.19.0-trt", "1.0 engine"). */
    static boolean marksEngine(RuntimeSettings r) {
        String text = r == null ? "" : r.engineVersion().toLowerCase(Locale.ROOT);
        return text.matches(".*\\d.*(trt|engine).*");
    }

    /** Whether the sheet's version names a trtllm-bench run ("0.20.0-bench"), which captures CUDA graphs up to max_batch_size. */
    static boolean bench(RuntimeSettings r) {
        return r != null && r.engineVersion().toLowerCase(Locale.ROOT).matches(".*\\d.*bench.*");
    }

    /** Whether the release sizes its pool the PyTorch backend's way (0.19 on, and when no version is given), not a TRT engine. */
    static boolean pytorch(RuntimeSettings r) {
        EngineVersion v = TrtLlmDefaults.version(r);
        return !marksEngine(r) && (v == null || v.compareTo(PYTORCH_FROM) >= 0);
    }

    /** The engine's terms on the shared (vLLM-fitted) estimate: the TRT-engine flow's (the PyTorch backend has its own). */
    static NonKvTerms terms(RuntimeSettings r) {
        if (pytorch(r)) {
            return NonKvTerms.none("TensorRT-LLM PyTorch backend: its own dry run (TrtLlmProfile)");
        }
        return NonKvTerms.extra(ENGINE_EXTRA_GIB, "TensorRT-LLM TRT engine (before 0.19, or a served engine): + " + ENGINE_EXTRA_GIB
                + " GiB non-torch (engine, execution context, runtime buffers; seen 1 to 3 GiB above the vLLM-fitted estimate)");
    }

    /**
     * {@code max_num_tokens} of the dry run: the LLM API's default 8192 (TR11 prints max_num_tokens=8192 where its command sets
     * none; trtllm-bench tunes its own and prints it, TR08: 23552); null for a TRT engine (the shared default).
     */
    static Choice<Long> maxNumTokens(RuntimeSettings r) {
        return pytorch(r) ? new Choice<>(8192L, "TensorRT-LLM LLM API default max_num_tokens 8192 (the dry run's context "
                + "tokens; trtllm-bench prints the value it tuned)") : null;
    }
}
