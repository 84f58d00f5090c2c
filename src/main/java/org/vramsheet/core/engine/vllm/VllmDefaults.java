package org.vramsheet.core.engine.vllm;

import java.util.Locale;
import java.util.regex.Pattern;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/** vLLM's defaults by release, each with where it was read (docs/engines.md, shared/reference/engines.md). */
final class VllmDefaults {
    private static final Pattern BLACKWELL = Pattern.compile("\\bG?B(100|200|300)\\b");
    private static final Pattern HOPPER = Pattern.compile("\\bG?H(100|200|800|20)\\b");
    /** vLLM 0.11's profiled activation peak against the estimate: 4.8 to 7.4 GiB measured for 2.0 to 2.8 estimated. */
    static final double V011_ACTIVATION = 2.5;

    private VllmDefaults() { }

    static Choice<Double> utilization(RuntimeSettings r) {
        EngineVersion v = VllmModule.version(r);
        if (v == null) {
            return new Choice<>(0.92, "vLLM default gpu_memory_utilization 0.92 (current releases; "
                    + "no version given, so the current default is assumed)");
        }
        if (!v.atLeast(0, 22)) {
            return new Choice<>(0.90, "vLLM " + v + " default gpu_memory_utilization 0.90 "
                    + "(CacheConfig default; a v0.19.0 startup with no flag reserved 0.90 x total)");
        }
        return new Choice<>(0.92, "vLLM " + v + " default gpu_memory_utilization 0.92 (documented for "
                + "v0.25+; the change from 0.90 is put at v0.22 by the engine tables of NVIDIA AIConfigurator, "
                + "not confirmed in the vLLM history)");
    }

    static Choice<Integer> blockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        return k.kind() == AttentionKind.MLA ? mlaBlockSize(VllmModule.version(r), gpu == null ? "" : gpu.name())
                : new Choice<>(16, "vLLM default block_size 16");
    }

    /**
     * The block size vLLM's MLA backend forces, by GPU generation and version. Before v0.19 the CUDA platform
     * forced FlashMLA's 64 on Hopper (check_and_update_config); a v0.19.0 H100 DeepSeek-V2-Lite log used 16
     * (FlashAttention-MLA, first in the Hopper priority list, keeps 16). Blackwell (SM100) defaults to
     * FlashInfer-MLA, 64; Ampere and older have no FlashMLA / FlashAttention-MLA and fall to Triton-MLA, 16.
     */
    static Choice<Integer> mlaBlockSize(EngineVersion v, String gpuName) {
        String n = gpuName.toUpperCase(Locale.ROOT);
        boolean blackwell = BLACKWELL.matcher(n).find();
        boolean unnamed = n.isBlank();
        boolean hopper = unnamed || HOPPER.matcher(n).find();
        String backendNote = " (set the block size to match if you force another backend: CUTLASS-MLA 128, FlashMLA 64)";
        if (blackwell) {
            return new Choice<>(64, "vLLM MLA on Blackwell: FlashInfer-MLA forces block size 64" + backendNote);
        }
        if (!hopper) {
            return new Choice<>(16, "vLLM MLA without Hopper or Blackwell kernels: Triton-MLA keeps block size 16"
                    + backendNote);
        }
        if (v != null && !v.atLeast(0, 19)) {
            return new Choice<>(64, (unnamed ? "no GPU named, Hopper assumed: " : "") + "vLLM " + v
                    + " MLA on Hopper: FlashMLA forces block size 64 (v0.19 logs use 16)"
                    + backendNote);
        }
        return new Choice<>(16, (unnamed ? "no GPU named, Hopper assumed: " : "") + "vLLM MLA on Hopper: "
                + "FlashAttention-MLA keeps block size 16 (a v0.19.0 H100 log; releases before v0.19 forced FlashMLA 64)"
                + backendNote);
    }

    static Choice<Boolean> cudaGraphsInPool(RuntimeSettings r) {
        EngineVersion v = VllmModule.version(r);
        if (v == null || v.atLeast(0, 21)) {
            return new Choice<>(true, "vLLM subtracts its CUDA graph estimate from the pool by default since v0.21.0"
                    + (v == null ? " (no version given: current behaviour assumed)" : ""));
        }
        return new Choice<>(false, "vLLM " + v + " does not subtract CUDA graph memory from the pool "
                + "(graphs live in the 1 - utilization headroom)");
    }

    /**
     * vLLM's "GPU KV cache size" line: through v0.19 {@code num_blocks // groups x block_size} (every calibration log,
     * gemma-2 and gpt-oss included); in current releases {@code int(max_concurrency x max_model_len)}, which counts a
     * sliding-window group's capped blocks (kv_cache_utils.report_kv_cache_config, seen in v0.30 sources). The release
     * that switched is not pinned: from v0.20 is assumed, and no version means current.
     */
    static Choice<Boolean> capacityFromConcurrency(RuntimeSettings r) {
        EngineVersion v = VllmModule.version(r);
        if (v == null || v.atLeast(0, 20)) {
            return new Choice<>(true, "GPU KV cache size = int(max concurrency x max_model_len), the current vLLM report"
                    + (v == null ? " (no version given)" : " (assumed from v0.20; v0.19 logs print the block form)"));
        }
        return new Choice<>(false, "GPU KV cache size = num_blocks // groups x block_size (vLLM 0.10-0.19 report)");
    }

    /** vLLM 0.11 profiled differently: activation peak x 2.5 and non-torch 0.54 GiB with TP (its logs' numbers). */
    static NonKvTerms nonKvTerms(RuntimeSettings r) {
        EngineVersion v = VllmModule.version(r);
        if (v == null || !v.atLeast(0, 11) || v.atLeast(0, 12)) {
            return NonKvTerms.none(null);
        }
        return new NonKvTerms(V011_ACTIVATION, "vLLM 0.11 profiling: activation peak x 2.5 = %s (its logs measured 4.8 to "
                + "7.4 GiB where this estimate gives 2.0 to 2.8)", Units.gib(0.54),
                "non-torch 0.54 GiB with TP %d (as vLLM 0.11 logs measured it)", 0, null);
    }
}
