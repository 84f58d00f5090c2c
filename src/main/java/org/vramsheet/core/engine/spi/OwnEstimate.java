package org.vramsheet.core.engine.spi;

import java.util.List;

/**
 * An engine's own estimate of its non-KV memory besides the weights, per GPU, from its own profiler rather than the
 * vLLM-calibrated one (TensorRT-LLM's PyTorch backend sizes its pool from its own dry run): each part and how it was made.
 *
 * @param activationPeakBytes the profiling run's activation peak
 * @param nonTorchBytes       memory outside the framework's allocator (CUDA context, workspaces, communication buffers)
 * @param cudaGraphBytes      CUDA graphs counted in the non-KV memory
 * @param notes               how each part was made, for the explanation panel
 */
public record OwnEstimate(long activationPeakBytes, long nonTorchBytes, long cudaGraphBytes, List<String> notes) {
    public OwnEstimate {
        notes = List.copyOf(notes);
    }
}
