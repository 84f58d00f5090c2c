package org.vramsheet.core.sheet;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * RUNTIME › LoRA adapters (schemaVersion 9): how many adapters the engine holds on the GPU at once, their largest rank, the
 * projections they adapt, their dtype and how many more the host keeps. Null numbers are "not set": no LoRA without a
 * {@code maxLoras}; the rank is vLLM's default 16; the dtype the model's compute dtype (vLLM {@code lora_dtype=auto}).
 *
 * @param maxLoras         adapters on the GPU at once (vLLM --max-loras, SGLang --max-loras-per-batch, llama.cpp: the
 *                         --lora files loaded); null or 0: no LoRA
 * @param maxRank          the largest rank (vLLM --max-lora-rank, SGLang --max-lora-rank); null: 16
 * @param targetModules    the projections adapted, comma-separated (q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj,
 *                         down_proj); blank: all of them (SGLang --lora-target-modules all)
 * @param dtype            the adapters' dtype (vLLM --lora-dtype); null: the model's compute dtype
 * @param maxCpuLoras      adapters cached in host RAM (vLLM --max-cpu-loras); null: as many as maxLoras (vLLM's default)
 * @param intermediateSize the MLP's width (config intermediate_size), needed when gate / up / down projections are adapted
 */
public record LoraSettings(Integer maxLoras, Integer maxRank, String targetModules, ComputeDtype dtype, Integer maxCpuLoras,
                           Integer intermediateSize) {
    public LoraSettings {
        targetModules = targetModules == null ? "" : targetModules.trim();
    }

    /** Every projection a LoRA adapter can adapt in a decoder layer, in the order the sheet lists them. */
    public static final List<String> PROJECTIONS = List.of("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj",
            "down_proj");

    /** The target modules as named: blank or "all" is every projection; unknown names are kept (the validator refuses them). */
    public List<String> modules() {
        String t = targetModules.toLowerCase(Locale.ROOT);
        if (t.isEmpty() || t.equals("all")) {
            return PROJECTIONS;
        }
        List<String> out = new ArrayList<>();
        for (String part : t.split("[,\\s]+")) {
            if (!part.isEmpty() && !out.contains(part)) {
                out.add(part);
            }
        }
        return out;
    }

    /** Whether a projection is in the MLP (its width needs the MLP intermediate size). */
    public static boolean mlp(String module) {
        return module.equals("gate_proj") || module.equals("up_proj") || module.equals("down_proj");
    }

    /** No LoRA. */
    public static LoraSettings defaults() { return builder().build(); }

    /** Whether the sheet serves LoRA adapters. */
    public boolean on() { return maxLoras != null && maxLoras > 0; }

    /** The rank the slots are sized at: the sheet's, else vLLM's default 16. */
    public int rankOrDefault() { return maxRank == null ? 16 : maxRank; }

    public static Builder builder() { return new Builder(); }

    /** A builder holding this record's components, to change a few and {@link Builder#build()} a copy. */
    public Builder toBuilder() { return new Builder(this); }

    /** Fluent {@link LoraSettings}: one setter per component. */
    public static final class Builder {
        private Integer maxLoras;
        private Integer maxRank;
        private String targetModules;
        private ComputeDtype dtype;
        private Integer maxCpuLoras;
        private Integer intermediateSize;

        private Builder() { }

        private Builder(LoraSettings s) {
            maxLoras = s.maxLoras;
            maxRank = s.maxRank;
            targetModules = s.targetModules;
            dtype = s.dtype;
            maxCpuLoras = s.maxCpuLoras;
            intermediateSize = s.intermediateSize;
        }

        public Builder maxLoras(Integer v) { maxLoras = v; return this; }
        public Builder maxRank(Integer v) { maxRank = v; return this; }
        public Builder targetModules(String v) { targetModules = v; return this; }
        public Builder dtype(ComputeDtype v) { dtype = v; return this; }
        public Builder maxCpuLoras(Integer v) { maxCpuLoras = v; return this; }
        public Builder intermediateSize(Integer v) { intermediateSize = v; return this; }

        public LoraSettings build() {
            return new LoraSettings(maxLoras, maxRank, targetModules, dtype, maxCpuLoras, intermediateSize);
        }
    }
}
