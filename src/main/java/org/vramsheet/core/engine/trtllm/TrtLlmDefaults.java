package org.vramsheet.core.engine.trtllm;

import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.sheet.RuntimeSettings;

/** TensorRT-LLM's defaults by release, each with where it was read (docs/engines.md, "TensorRT-LLM"). */
final class TrtLlmDefaults {
    private TrtLlmDefaults() { }

    static EngineVersion version(RuntimeSettings r) { return r == null ? null : EngineVersion.parse(r.engineVersion()); }

    /**
     * {@code KvCacheConfig::kDefaultGpuMemFraction}: 0.85f in the first batch-manager headers (no sink tokens yet), 0.9 in
     * every later one and in the LLM API ({@code free_gpu_memory_fraction = 0.9}; the PyTorch backend's
     * {@code fraction = 0.9} when none is set). The release that switched is put before 0.7, not pinned.
     */
    static Choice<Double> fraction(RuntimeSettings r) {
        EngineVersion v = version(r);
        if (v != null && !v.atLeast(0, 7)) {
            // kDefaultGpuMemFraction = 0.85f in the early batch-manager headers
            return new Choice<>(0.85, "TensorRT-LLM default free_gpu_memory_fraction 0.85 "
                    + "(of the memory still free after weights and activations)");
        }
        return new Choice<>(0.9, "TensorRT-LLM default free_gpu_memory_fraction 0.9 "
                + "(of the memory still free after weights and activations)");
    }

    /**
     * Tokens per block: trtllm-build's {@code --tokens_per_block} 64 in the TRT-engine releases (the 0.13 and docs logs
     * print "Number of tokens per block: 64."), the LLM API's {@code tokens_per_block = 32} from 1.0 (a 1.x log prints
     * "tokens per block=32"). The release between that changed the default is not pinned.
     */
    static Choice<Integer> blockSize(RuntimeSettings r) {
        EngineVersion v = version(r);
        if (v != null && !v.atLeast(1, 0)) {
            return new Choice<>(64, "TensorRT-LLM " + v + " trtllm-build default tokens_per_block 64");
        }
        return new Choice<>(32, "TensorRT-LLM LLM-API tokens_per_block 32 (many C++-runtime builds use 64)");
    }
}
