package org.vramsheet.core.engine.vllm;

import java.util.Locale;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * vLLM's server defaults for max_num_batched_tokens (the profiling forward pass) and max_num_seqs (the sampler's warm-up)
 * by release and GPU, from vllm/engine/arg_utils.py (EngineArgs._set_default_args / get_batch_defaults) and the pull
 * requests that changed them. Releases are the first after the merge; the tags were not checked in vLLM's history (the
 * repository is larger than this project can fetch), so each note says so.
 */
public final class VllmBatchDefaults {
    /**
     * The offline LLM class (UsageContext.LLM_CLASS) gets its own defaults in the same table: 16,384 / 8,192 batched tokens,
     * the same sequences (EngineArgs._set_default_args); the sheet sizes a server, so an offline run types its T (VC01: an
     * A100 40GB LLM() run printed "max_num_batched_tokens=8192", VC06 an H100 one 16384).
     */
    private static final String OFFLINE_LARGE = "; an offline LLM() run takes 16,384: type it";
    private static final String OFFLINE_SMALL = "; an offline LLM() run takes 8,192: type it";

    private VllmBatchDefaults() { }

    /** Batched tokens when not set. */
    public static Choice<Long> maxBatchedTokens(RuntimeSettings r, Gpu g) {
        return switch (era(VllmModule.version(r), g)) {
            case LARGE -> new Choice<>(8192L, "vLLM server default max_num_batched_tokens 8192 on GPUs of 70 GiB or more that "
                    + "are not A100 (get_batch_defaults; PR #17073 merged 2025-04-23, A100 left out by PR #17885 2025-05-09: "
                    + "v0.9.0 assumed)" + OFFLINE_LARGE);
            case HOPPER_BY_NAME -> new Choice<>(8192L, "vLLM " + VllmModule.version(r) + " server default max_num_batched_tokens "
                    + "8192 on H100 / H200 (by device name; PR #12369 merged 2025-01-23, v0.7.1 assumed)");
            case SMALL -> new Choice<>(2048L, "vLLM server default max_num_batched_tokens 2048 on smaller GPUs and A100 "
                    + "(chunked prefill's 2048 since PR #10544, 2024-11-21)" + OFFLINE_SMALL);
        };
    }

    /** Sequences of the sampler's warm-up when max_num_seqs is not set: the default, never more than the batched tokens. */
    public static Choice<Long> maxNumSeqs(RuntimeSettings r, Gpu g, long batchedTokens) {
        boolean large = era(VllmModule.version(r), g) == Era.LARGE;
        long seqs = Math.min(large ? 1024 : 256, batchedTokens);
        return new Choice<>(seqs, "vLLM server default max_num_seqs " + (large ? "1024 on GPUs of 70 GiB or more that are not "
                + "A100 (PR #17073, v0.9.0 assumed)" : "256") + (seqs < (large ? 1024 : 256) ? ", capped at the batched tokens" : ""));
    }

    private enum Era { LARGE, HOPPER_BY_NAME, SMALL }

    private static Era era(EngineVersion v, Gpu g) {
        String name = g == null || g.name() == null ? "" : g.name().toUpperCase(Locale.ROOT);
        boolean large = g != null && g.totalBytes() != null && g.totalBytes() >= 70 * Units.GIB && !name.contains("A100");
        if (v == null || v.atLeast(0, 9)) {
            return large ? Era.LARGE : Era.SMALL;
        }
        boolean hopper = name.contains("H100") || name.contains("H200");
        return v.compareTo(new EngineVersion(0, 7, 1)) >= 0 && hopper ? Era.HOPPER_BY_NAME : Era.SMALL;
    }
}
