package org.vramsheet.core.engine.llamacpp;

import java.util.Map;

/**
 * A model's cache geometry as llama.cpp printed it (print_info / llm_load_print_meta, and the GGUF metadata where
 * print_info is silent). Null where the log did not print it or printed a per-layer array.
 *
 * @param arch       "llama", "gemma3", "gpt-oss"
 * @param layers     n_layer
 * @param embdK      n_embd_k_gqa (K values per cell and layer)
 * @param embdV      n_embd_v_gqa
 * @param window     n_swa (0: no sliding window)
 * @param swaPattern every swaPattern-th layer is full attention, the others slide (n_swa_pattern, or the arch's own)
 * @param dConv      ssm_d_conv (recurrent state)
 * @param dInner     ssm_d_inner
 * @param dState     ssm_d_state
 * @param nGroup     ssm_n_group (Mamba-2), 0 for Mamba-1
 */
public record LlamaCppHparams(String arch, Integer layers, Long embdK, Long embdV, Long window, Integer swaPattern, Long dConv,
                              Long dInner, Long dState, Long nGroup) {

    /** From the printed parameters (Measurement.llamaParams). */
    public static LlamaCppHparams of(Map<String, String> p) {
        String arch = p.getOrDefault("arch", p.get("general.architecture"));
        Long layers = num(p.getOrDefault("n_layer", p.get(arch + ".block_count")));
        Long window = num(p.getOrDefault("n_swa", p.get(arch + ".attention.sliding_window")));
        Long pattern = num(p.get("n_swa_pattern"));
        return new LlamaCppHparams(arch, layers == null ? null : Math.toIntExact(layers), gqa(p, arch, "k", "key"),
                gqa(p, arch, "v", "value"), window, pattern != null ? Integer.valueOf(Math.toIntExact(pattern)) : archPattern(arch),
                num(p.get("ssm_d_conv")), num(p.get("ssm_d_inner")), num(p.get("ssm_d_state")), num(p.getOrDefault("ssm_n_group", "0")));
    }

    /** n_embd_k_gqa, or head_count_kv x key_length from the GGUF metadata. */
    private static Long gqa(Map<String, String> p, String arch, String kv, String length) {
        Long printed = num(p.get("n_embd_" + kv + "_gqa"));
        if (printed != null) {
            return printed;
        }
        Long heads = num(p.get(arch + ".attention.head_count_kv"));
        Long head = num(p.get(arch + ".attention." + length + "_length"));
        return heads == null || head == null ? null : Math.multiplyExact(heads, head);
    }

    /**
     * The sliding-window pattern llama-model.cpp sets by arch ({@code hparams.set_swa_pattern(n)}: gemma2 2, gemma3 6,
     * gpt-oss 2, cohere2 4); newer builds print no n_swa_pattern.
     */
    static Integer archPattern(String arch) {
        if (arch == null) {
            return null;
        }
        return switch (arch) {
            case "gemma2", "gpt-oss" -> 2;
            case "gemma3" -> 6;
            case "cohere2" -> 4;
            default -> null;
        };
    }

    /** Whether layer {@code il} slides: {@code il % pattern < pattern - 1} (llama_hparams::set_swa_pattern). */
    public boolean slides(int il) {
        return window != null && window > 0 && swaPattern != null && swaPattern > 1 && il % swaPattern < swaPattern - 1;
    }

    /** Whether the model has recurrent (Mamba-style) state. */
    public boolean recurrent() { return dState != null && dState > 0 && dInner != null && dInner > 0; }

    /** R values per layer and sequence: (d_conv - 1) x (d_inner + 2 x n_group x d_state) (llama_hparams::n_embd_r). */
    public long embdR() {
        return Math.multiplyExact(Math.max(0, dConv - 1), Math.addExact(dInner, Math.multiplyExact(2 * nGroup, dState)));
    }

    /** S values per layer and sequence: d_state x d_inner (llama_hparams::n_embd_s). */
    public long embdS() { return Math.multiplyExact(dState, dInner); }

    private static Long num(String v) {
        if (v == null || !v.trim().matches("[0-9]{1,12}")) {
            return null;
        }
        return Long.valueOf(v.trim());
    }
}
