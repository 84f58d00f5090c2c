package org.vramsheet.core.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Apply of a llama.cpp log fills RUNTIME's llama.cpp flags from what the log printed (llama-context.cpp's context lines,
 * llama_kv_cache's types, load_tensors' "offloaded N/M layers", llama-fit-params' fitted arguments): n_ctx as -c,
 * n_seq_max as -np, kv_unified as --kv-unified, type_k / type_v as -ctk / -ctv, flash_attn as -fa, the offloaded layers as
 * -ngl, n_batch / n_ubatch as -b / -ub, -ts as --tensor-split, and the GPUs the log's buffers are on as the sheet's GPU
 * count. What the log does not print is kept.
 */
final class LlamaCppApply {
    private LlamaCppApply() { }

    /** The sheet with the log's flags, and the flags set in llama.cpp's own spelling ("-np 4"), in {@code set}. */
    static Worksheet flags(Worksheet ws, Measurement m, List<String> set) {
        RuntimeSettings r = ws.runtime();
        if (!Engines.of(r.engine()).usesLlamaCppFlags()) {
            return ws;
        }
        LlamaCppSettings.Builder b = r.llamaCpp().toBuilder();
        RuntimeSettings.Builder rb = r.toBuilder();
        if (m.maxModelLen() != null) {
            set.add("-c " + m.maxModelLen());
        }
        if (m.seqMax() != null) {
            rb.maxNumSeqs(m.seqMax());
            set.add("-np " + m.seqMax());
        }
        String unified = m.llamaParams().get("kv_unified");
        if (unified != null) {
            boolean on = unified.trim().equals("true") || unified.trim().equals("1");
            b.kvUnified(on);
            set.add("--kv-unified " + (on ? "on" : "off"));
        }
        Worksheet out = types(ws, m, b, set);
        FlashAttention fa = flash(m.flashAttention());
        if (fa != null) {
            b.flashAttention(fa);
            set.add("-fa " + fa.name().toLowerCase(Locale.ROOT));
        }
        if (m.gpuLayers() != null) {
            b.gpuLayers(m.gpuLayers());
            set.add("-ngl " + m.gpuLayers());
        }
        batches(m, b, set);
        List<Double> split = split(m.llamaParams().get("tensor_split"));
        if (!split.isEmpty()) {
            b.tensorSplit(split);
            set.add("-ts " + m.llamaParams().get("tensor_split"));
        }
        out = out.withRuntime(rb.tensorParallel(1).llamaCpp(b.build()).build());
        int gpus = gpus(m);
        if (gpus > 0 && (out.gpu().count() == null || out.gpu().count() != gpus)) {
            out = out.withGpu(out.gpu().withCount(gpus)).withRuntime(out.runtime().toBuilder().pipelineParallel(gpus).build());
            set.add(gpus + " GPU(s)");
        }
        return out;
    }

    /** -ctk into KV ARCHITECTURE's dtype, -ctv into RUNTIME (empty when it is the K type). */
    private static Worksheet types(Worksheet ws, Measurement m, LlamaCppSettings.Builder b, List<String> set) {
        LlamaCppCacheType k = LlamaCppCacheType.of(m.kvCacheDtype());
        LlamaCppCacheType v = LlamaCppCacheType.of(m.kvCacheDtypeV());
        Worksheet out = ws;
        if (k != null) {
            out = ws.withKv(ws.kv().toBuilder().kvDtype(k == LlamaCppCacheType.F16 && ws.kv().kvDtype() == KvDtype.AUTO
                    ? KvDtype.AUTO : k.kvDtype()).build());
            set.add("-ctk " + k.ggmlName());
        }
        if (v != null) {
            b.cacheTypeV(v == k ? null : v.kvDtype());
            set.add("-ctv " + v.ggmlName());
        }
        return out;
    }

    private static void batches(Measurement m, LlamaCppSettings.Builder b, List<String> set) {
        if (m.batchTokens() != null) {
            b.batch(m.batchTokens());
            set.add("-b " + m.batchTokens());
        }
        if (m.ubatchTokens() != null) {
            b.ubatch(m.ubatchTokens());
            set.add("-ub " + m.ubatchTokens());
        }
    }

    /** flash_attn as llama.cpp prints it: "1" / "enabled" / "true" on, "0" / "disabled" / "false" off, "auto". */
    static FlashAttention flash(String printed) {
        if (printed == null) {
            return null;
        }
        return switch (printed.trim().toLowerCase(Locale.ROOT)) {
            case "1", "true", "enabled", "on" -> FlashAttention.ON;
            case "0", "false", "disabled", "off" -> FlashAttention.OFF;
            case "auto", "-1" -> FlashAttention.AUTO;
            default -> null;
        };
    }

    /** "-ts 3,1" as shares; empty when absent or not numbers. */
    static List<Double> split(String ts) {
        List<Double> out = new ArrayList<>();
        if (ts == null || ts.isBlank()) {
            return out;
        }
        for (String s : ts.split(",", 64)) {
            try {
                double d = Double.parseDouble(s.trim());
                if (!Double.isFinite(d) || d < 0) {
                    return List.of();
                }
                out.add(d);
            } catch (NumberFormatException e) {
                return List.of();
            }
        }
        return out;
    }

    /** The GPUs the log's buffers are on (every device that is not the host's), else those that printed free memory. */
    static int gpus(Measurement m) {
        long n = m.devices().stream().filter(d -> !DeviceComparison.host(d.name())).map(d -> DeviceComparison.gpuOf(d.name()))
                .distinct().count();
        return (int) (n > 0 ? n : m.deviceFreeBytes().size());
    }

    /** The note Apply leaves in VALIDATION: which flags it set. */
    static String note(List<String> set) {
        return "llama.cpp flags set from the log: " + String.join(", ", set) + " (" + Units.grouped(set.size()) + ")";
    }
}
