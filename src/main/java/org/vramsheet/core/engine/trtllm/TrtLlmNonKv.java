package org.vramsheet.core.engine.trtllm;

import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * TensorRT-LLM's non-KV memory before launch, by flow (docs/engines.md, "TensorRT-LLM"). The PyTorch backend
 * ({@code tensorrt_llm/_torch/pyexecutor/_util.py}, {@code KvCacheCreator}) runs a dry run of {@code max_num_tokens} context
 * tokens with a small temporary KV cache, then sizes the pool as {@code fraction x (total - peak + temporary KV)}: its non-KV
 * memory is the weights, that run's activation peak and the memory outside torch (CUDA context, cuBLAS / FlashInfer
 * workspaces, the sampler's buffers); CUDA graphs are captured after the pool is allocated (the 0.20 log TR08 prints
 * "Creating CUDA graph instances" after "Allocated .. for max tokens"), inside the {@code 1 - fraction} left over.
 */
final class TrtLlmNonKv {
    private TrtLlmNonKv() { }

    /** The first release whose PyTorch-backend logs (TR09 0.19.0, TR08 0.20.0) size the pool from the dry run. */
    static final EngineVersion PYTORCH_FROM = new EngineVersion(0, 19, 0);

    /**
     * Memory outside torch in the PyTorch backend's dry run, one GPU: the median of what TR08 and TR09 leave after the weights,
     * the activation estimate and the shared 0.84 GiB CUDA graph part (2.77 and 4.50 GiB on the vLLM activation fit after
     * issue 27 point 3's refit, 2.88 and 4.55 GiB before; TrtLlmLeaveOneOutTest prints each fit and its leave-one-out error).
     */
    static final double PYTORCH_NON_TORCH_GIB = 3.63;

    /** vLLM's one-GPU non-torch figure the shared estimator starts from (the module's term is added to it). */
    private static final double VLLM_ONE_GPU_GIB = 0.25;

    /** The TRT-engine flow's non-KV memory above the vLLM-fitted estimate (engine, context, buffers): 1 to 3 GiB seen. */
    static final double ENGINE_EXTRA_GIB = 1.5;

    /** Whether the release sizes its pool the PyTorch backend's way (0.19 on, and when no version is given). */
    static boolean pytorch(RuntimeSettings r) {
        EngineVersion v = TrtLlmDefaults.version(r);
        return v == null || v.compareTo(PYTORCH_FROM) >= 0;
    }

    /** The engine's terms on the shared (vLLM-fitted) estimate, by flow. */
    static NonKvTerms terms(RuntimeSettings r) {
        if (pytorch(r)) {
            return NonKvTerms.extra(PYTORCH_NON_TORCH_GIB - VLLM_ONE_GPU_GIB, "TensorRT-LLM PyTorch backend (0.19+): non-torch "
                    + PYTORCH_NON_TORCH_GIB + " GiB per GPU in its dry run (CUDA context, workspaces; with the 0.84 GiB CUDA "
                    + "graph part, 4.56 GiB outside torch and outside the pool: its graphs are captured after the pool; fitted "
                    + "on the 0.19 / 0.20 field logs TR08, TR09, leave-one-out error in docs/accuracy.md)");
        }
        return NonKvTerms.extra(ENGINE_EXTRA_GIB, "TensorRT-LLM TRT engine (before 0.19): + " + ENGINE_EXTRA_GIB
                + " GiB non-torch (engine, execution context, runtime buffers; seen 1 to 3 GiB above the vLLM-fitted estimate)");
    }

    /**
     * {@code max_num_tokens} of the dry run: the LLM API's default 8192 ({@code BuildConfig.max_num_tokens}, used by
     * trtllm-serve; trtllm-bench tunes its own and prints it, TR08: 23552); null before 0.19 (the shared default).
     */
    static Choice<Long> maxNumTokens(RuntimeSettings r) {
        return pytorch(r) ? new Choice<>(8192L, "TensorRT-LLM LLM API default max_num_tokens 8192 (the dry run's context "
                + "tokens; trtllm-bench prints the value it tuned)") : null;
    }

    /** Bytes of the PyTorch backend's non-torch term per GPU (for the docs' and tests' arithmetic). */
    static long pytorchNonTorchBytes() { return Units.gib(PYTORCH_NON_TORCH_GIB); }
}
