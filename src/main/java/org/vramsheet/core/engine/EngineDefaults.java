package org.vramsheet.core.engine;

import java.util.Locale;
import java.util.regex.Pattern;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.units.Units;

/**
 * Each engine's defaults, by version where they changed (sources in docs/engines.md, from
 * shared/reference/engines.md). Every default returns the value and the sentence that explains it.
 */
public final class EngineDefaults {
    private EngineDefaults() { }

    private static final Pattern BLACKWELL = Pattern.compile("\\bG?B(100|200|300)\\b");
    private static final Pattern HOPPER = Pattern.compile("\\bG?H(100|200|800|20)\\b");

    /** A default value and why it is what it is. */
    public record Choice<T>(T value, String why) { }

    public static EngineVersion version(String text) {
        return text == null || text.isBlank() ? null : EngineVersion.parse(text);
    }

    /** KV heads after the MHA / MQA rules: MHA = attention heads, MQA = 1. */
    public static Integer kvHeads(KvArchitecture k) {
        return switch (k.kind()) {
            case MHA -> k.kvHeads() != null ? k.kvHeads() : k.attentionHeads();
            case MQA -> 1;
            case MLA -> 1;
            default -> k.kvHeads();
        };
    }

    /** vLLM gpu_memory_utilization, SGLang mem_fraction_static, TensorRT-LLM free_gpu_memory_fraction. */
    public static Choice<Double> fraction(RuntimeSettings r, long totalBytes) {
        if (r.utilization() != null) {
            return new Choice<>(r.utilization(), "set on the sheet");
        }
        EngineVersion v = version(r.engineVersion());
        return switch (r.engine()) {
            case VLLM -> {
                if (v == null) {
                    yield new Choice<>(0.92, "vLLM default gpu_memory_utilization 0.92 (current releases; "
                            + "no version given, so the current default is assumed)");
                }
                if (!v.atLeast(0, 22)) {
                    yield new Choice<>(0.90, "vLLM " + v + " default gpu_memory_utilization 0.90 "
                            + "(CacheConfig default; a v0.19.0 startup with no flag reserved 0.90 x total)");
                }
                yield new Choice<>(0.92, "vLLM " + v + " default gpu_memory_utilization 0.92 (documented for "
                        + "v0.25+; the change from 0.90 is put at v0.22 by the engine tables of NVIDIA AIConfigurator, "
                        + "not confirmed in the vLLM history)");
            }
            case SGLANG -> sglangFraction(r, totalBytes);
            case TENSORRT_LLM -> new Choice<>(0.9, "TensorRT-LLM default free_gpu_memory_fraction 0.9 "
                    + "(of the memory still free after weights and activations)");
            default -> new Choice<>(1.0, r.engine().label() + " reserves no fraction");
        };
    }

    /** SGLang's current capacity rule (server_args _handle_gpu_memory_settings), in MiB. */
    static Choice<Double> sglangFraction(RuntimeSettings r, long totalBytes) {
        double gpuMem = totalBytes / (double) Units.MIB;
        int tp = r.tensorParallel();
        int cps;
        int bs;
        if (gpuMem < 20 * 1024) {
            cps = 2048;
            bs = 8;
        } else if (gpuMem < 35 * 1024) {
            cps = 2048;
            bs = tp < 4 ? 24 : 80;
        } else if (gpuMem < 60 * 1024) {
            cps = 4096;
            bs = tp < 4 ? 32 : 160;
        } else if (gpuMem < 160 * 1024) {
            cps = 8192;
            bs = tp < 4 ? 256 : 512;
        } else {
            cps = 16384;
            bs = 512;
        }
        double reserved = 512 + Math.max(cps, 2048) * 1.5 + bs * 2 + tp * r.pipelineParallel() / 8.0 * 1024;
        if (gpuMem > 60 * 1024) {
            reserved = Math.max(reserved, 10 * 1024);
        }
        double mfs = Math.round((gpuMem - reserved) / gpuMem * 1000) / 1000.0;
        String why = String.format(Locale.ROOT, "SGLang mem_fraction_static = round((capacity - reserved) / capacity, 3) "
                + "= round((%.0f MiB - %.0f MiB) / %.0f MiB, 3) = %.3f (chunked_prefill_size %d, cuda_graph_max_bs %d)",
                gpuMem, reserved, gpuMem, mfs, cps, bs);
        return new Choice<>(Math.max(0.01, mfs), why);
    }

    /** Tokens per KV block or page. */
    public static Choice<Integer> blockSize(RuntimeSettings r, KvArchitecture k, Gpu gpu) {
        if (r.blockSize() != null) {
            return new Choice<>(r.blockSize(), "set on the sheet");
        }
        boolean mla = k.kind() == AttentionKind.MLA;
        return switch (r.engine()) {
            case VLLM -> mla ? vllmMlaBlockSize(version(r.engineVersion()), gpu == null ? "" : gpu.name())
                    : new Choice<>(16, "vLLM default block_size 16");
            case SGLANG -> mla ? new Choice<>(64, "SGLang FlashMLA forces page_size 64")
                    : new Choice<>(1, "SGLang default page_size 1");
            case TENSORRT_LLM -> new Choice<>(32, "TensorRT-LLM LLM-API tokens_per_block 32 (many C++-runtime builds use 64)");
            case LLAMA_CPP -> new Choice<>(256, "llama.cpp pads n_ctx to a multiple of 256 cells");
            case TRANSFORMERS -> new Choice<>(1, "transformers caches grow or preallocate per token");
        };
    }

    /**
     * The block size vLLM's MLA backend forces, by GPU generation and version. Before v0.19 the CUDA platform
     * forced FlashMLA's 64 on Hopper (check_and_update_config); a v0.19.0 H100 DeepSeek-V2-Lite log used 16
     * (FlashAttention-MLA, first in the Hopper priority list, keeps 16). Blackwell (SM100) defaults to
     * FlashInfer-MLA, 64; Ampere and older have no FlashMLA / FlashAttention-MLA and fall to Triton-MLA, 16.
     */
    static Choice<Integer> vllmMlaBlockSize(EngineVersion v, String gpuName) {
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

    /** vLLM max_num_batched_tokens for the OpenAI server (matters for sliding-window blocks). */
    public static Choice<Long> maxNumBatchedTokens(RuntimeSettings r, Gpu g) {
        if (r.maxNumBatchedTokens() != null) {
            return new Choice<>(r.maxNumBatchedTokens(), "set on the sheet");
        }
        boolean large = g.totalBytes() != null && g.totalBytes() >= 70 * Units.GIB
                && !g.name().toUpperCase(Locale.ROOT).contains("A100");
        return large
                ? new Choice<>(8192L, "vLLM server default max_num_batched_tokens 8192 on GPUs with 70 GiB or more (not A100)")
                : new Choice<>(2048L, "vLLM server default max_num_batched_tokens 2048 on smaller GPUs and A100");
    }

    /** Whether vLLM takes its CUDA-graph estimate out of the KV pool. */
    public static Choice<Boolean> cudaGraphsInPool(RuntimeSettings r) {
        if (r.cudaGraphsInPool() != null) {
            return new Choice<>(r.cudaGraphsInPool(), "set on the sheet");
        }
        if (r.engine() != Engine.VLLM) {
            return new Choice<>(false, r.engine().label() + " does not subtract a CUDA graph estimate from the pool");
        }
        EngineVersion v = version(r.engineVersion());
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
    public static Choice<Boolean> vllmCapacityFromConcurrency(RuntimeSettings r) {
        EngineVersion v = version(r.engineVersion());
        if (v == null || v.atLeast(0, 20)) {
            return new Choice<>(true, "GPU KV cache size = int(max concurrency x max_model_len), the current vLLM report"
                    + (v == null ? " (no version given)" : " (assumed from v0.20; v0.19 logs print the block form)"));
        }
        return new Choice<>(false, "GPU KV cache size = num_blocks // groups x block_size (vLLM 0.10-0.19 report)");
    }

    /** llama.cpp slots / transformers static batch. */
    public static Choice<Integer> maxNumSeqs(RuntimeSettings r) {
        if (r.maxNumSeqs() != null) {
            return new Choice<>(r.maxNumSeqs(), "set on the sheet");
        }
        return switch (r.engine()) {
            case LLAMA_CPP -> new Choice<>(1, "llama.cpp n_parallel 1 (llama-server sets 4 unified slots when left at 1)");
            default -> new Choice<>(1, "batch size 1");
        };
    }

    /** The cache implementation actually used. */
    public static CacheImplementation cache(RuntimeSettings r) {
        if (r.cacheImplementation() != CacheImplementation.DEFAULT) {
            return r.cacheImplementation();
        }
        return switch (r.engine()) {
            case LLAMA_CPP -> CacheImplementation.CONTIGUOUS;
            case TRANSFORMERS -> CacheImplementation.DYNAMIC;
            default -> CacheImplementation.PAGED;
        };
    }
}
