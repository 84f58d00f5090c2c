package org.vramsheet.core.input;

import java.util.List;
import java.util.Set;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.spi.LoraRule;
import org.vramsheet.core.engine.spi.OffloadRule;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LoraSettings;
import org.vramsheet.core.sheet.OffloadSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * RUNTIME › LoRA adapters and KV offload to CPU (schema version 9): ranges, an engine that sizes them, the model's widths a
 * slot needs, the target modules by name, and each engine's own limits (vLLM's ranks and dtypes, max CPU LoRAs at least
 * max LoRAs; a size for vLLM's offload, a size or a ratio for SGLang's; llama.cpp's cache on the host is its own flag).
 */
final class AdapterValidator {
    private static final String L = "runtime.lora.";
    private static final String O = "runtime.offload.";
    /** vLLM's accepted --max-lora-rank values (config/lora.py MaxLoRARanks). */
    private static final Set<Integer> VLLM_RANKS = Set.of(1, 8, 16, 32, 64, 128, 256, 320, 512);

    private AdapterValidator() { }

    static void validate(Worksheet ws, Issues out) {
        lora(ws, out);
        offload(ws, out);
    }

    private static void lora(Worksheet ws, Issues out) {
        RuntimeSettings r = ws.runtime();
        LoraSettings s = r.lora();
        boolean ok = out.inDeclaredRange(L + "maxLoras", s.maxLoras()) & out.inDeclaredRange(L + "maxRank", s.maxRank())
                & out.inDeclaredRange(L + "maxCpuLoras", s.maxCpuLoras()) & out.inDeclaredRange(L + "intermediateSize",
                s.intermediateSize());
        List<String> modules = s.modules();
        for (String m : modules) {
            if (!LoraSettings.PROJECTIONS.contains(m)) {
                out.add(L + "targetModules", "not a LoRA projection: '" + m + "' (one of " + String.join(", ", LoraSettings.PROJECTIONS)
                        + ", or all)");
                ok = false;
                break;
            }
        }
        if (!s.on() || !ok) {
            return;
        }
        LoraRule rule = Engines.of(r.engine()).loraRule();
        if (rule == null) {
            out.add(L + "maxLoras", "inconsistent: LoRA is sized for vLLM, SGLang and llama.cpp, not for this engine");
            return;
        }
        model(ws, rule, modules, out);
        if (rule.hostCache() && s.maxCpuLoras() != null && s.maxCpuLoras() < s.maxLoras()) {
            out.add(L + "maxCpuLoras", "inconsistent: max CPU LoRAs (" + s.maxCpuLoras() + ") must be at least max LoRAs ("
                    + s.maxLoras() + "), as vLLM requires");
        } else if (!rule.hostCache() && s.maxCpuLoras() != null) {
            out.add(L + "maxCpuLoras", "inconsistent: this engine keeps no LoRA adapters in host RAM (vLLM's --max-cpu-loras)");
        }
        if (rule.punica() && s.maxRank() != null && !VLLM_RANKS.contains(s.maxRank())) {
            out.add(L + "maxRank", "inconsistent: vLLM takes a max LoRA rank of 1, 8, 16, 32, 64, 128, 256, 320 or 512 (got "
                    + s.maxRank() + ")");
        }
        if (rule.punica() && s.dtype() == ComputeDtype.FP32) {
            out.add(L + "dtype", "inconsistent: vLLM's --lora-dtype is auto, float16 or bfloat16");
        }
    }

    /** The model's widths the slots need, and a model the sheet sizes LoRA for. */
    private static void model(Worksheet ws, LoraRule rule, List<String> modules, Issues out) {
        KvArchitecture k = ws.kv();
        List<String> counted = rule.everyProjection() ? LoraSettings.PROJECTIONS : modules;
        if (k.kind() == AttentionKind.MLA) {
            out.add(L + "maxLoras", "inconsistent: LoRA on MLA attention (its latent down- and up-projections) is not sized");
        } else if (k.hiddenSize() == null || k.attentionHeads() == null || k.layers() == null) {
            out.add(k.hiddenSize() == null ? "kv.hiddenSize" : k.attentionHeads() == null ? "kv.attentionHeads" : "kv.layers",
                    "needed: the LoRA slots are sized from the hidden size, the attention heads and the layers");
        }
        boolean mlp = counted.stream().anyMatch(LoraSettings::mlp);
        if (mlp && ws.weights().expertsPerToken() != null) {
            out.add(L + "targetModules", "inconsistent: a mixture-of-experts MLP is not one MLP; LoRA is sized here on the "
                    + "attention projections only" + (rule.everyProjection() ? " (vLLM adapts every projection: not sized)" : ""));
        } else if (mlp && ws.runtime().lora().intermediateSize() == null) {
            out.add(L + "intermediateSize", "needed: the width of the MLP (config intermediate_size) sizes the slots of the "
                    + "gate, up and down projections" + (rule.everyProjection() ? " (vLLM gives every projection a slot)" : ""));
        }
    }

    private static void offload(Worksheet ws, Issues out) {
        RuntimeSettings r = ws.runtime();
        OffloadSettings s = r.offload();
        boolean ok = out.inDeclaredRange(O + "cpuBytes", s.cpuBytes()) & out.inDeclaredRange(O + "nodeHostRamBytes", s.nodeHostRamBytes());
        if (s.cpuRatio() != null && (s.cpuRatio().isNaN() || s.cpuRatio() <= 0 || s.cpuRatio() > Limits.OFFLOAD_RATIO)) {
            out.add(O + "cpuRatio", "must be above 0 and at most " + Limits.OFFLOAD_RATIO + " (got " + s.cpuRatio() + ")");
            ok = false;
        }
        if (!s.on() || !ok) {
            return;
        }
        OffloadRule rule = Engines.of(r.engine()).offloadRule();
        String field = s.cpuBytes() != null ? O + "cpuBytes" : O + "cpuRatio";
        if (rule == null) {
            out.add(field, "inconsistent: KV offload to CPU is sized for vLLM and SGLang (llama.cpp: --no-kv-offload), not "
                    + "for this engine");
        } else if (rule.wholeCache()) {
            out.add(field, "inconsistent: llama.cpp has no host tier for cached prefixes; RUNTIME › llama.cpp › --no-kv-offload "
                    + "keeps its whole cache in host RAM");
        } else if (!rule.ratio() && s.cpuRatio() != null) {
            out.add(O + "cpuRatio", "inconsistent: vLLM takes a size (--kv-offloading-size), not a ratio");
        }
    }

}
