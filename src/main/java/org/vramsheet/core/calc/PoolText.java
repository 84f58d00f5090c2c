package org.vramsheet.core.calc;

import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;

/** How each engine's pool figures are explained: the formula in the engine's own words, and with the sheet's numbers. */
final class PoolText {
    private PoolText() { }

    static String poolFormula(Engine e) {
        return switch (e) {
            case VLLM -> "ceil(total x utilization) - non-KV - CUDA graph estimate, cut into whole blocks";
            case SGLANG -> "(total - non-torch) x mem_fraction_static - weights, in whole pages";
            case TENSORRT_LLM -> "free_gpu_memory_fraction x (total - non-KV)";
            case LLAMA_CPP -> "padded n_ctx x bytes per token (preallocated)";
            case TRANSFORMERS -> "StaticCache: batch x max_cache_len x bytes per token; DynamicCache: total - non-KV";
        };
    }

    static String poolExpr(Engine e, long total, double u, long nonKv, long cg, long pool) {
        return switch (e) {
            case VLLM -> "available -> " + Units.bytesText(pool) + " in whole blocks";
            case TENSORRT_LLM -> u + " x (" + Units.grouped(total) + " - " + Units.grouped(nonKv) + ") = "
                    + Units.bytesText(pool);
            default -> Units.bytesText(pool);
        };
    }

    static String blocksFormula(Engine e) {
        return switch (e) {
            case VLLM -> "available // page_size // layers per group";
            case SGLANG -> "tokens / page_size";
            case TENSORRT_LLM -> "ceil(max_tokens / tokens_per_block)";
            case LLAMA_CPP -> "padded n_ctx / 256";
            case TRANSFORMERS -> "tokens the cache holds";
        };
    }

    static String capacityFormula(Engine e) {
        return switch (e) {
            case VLLM -> "num_gpu_blocks // groups x block_size (\"GPU KV cache size\")";
            case SGLANG -> "max_total_num_tokens";
            case TENSORRT_LLM -> "blocks x tokens_per_block";
            case LLAMA_CPP -> "padded n_ctx";
            case TRANSFORMERS -> "pool / bytes per token";
        };
    }
}
