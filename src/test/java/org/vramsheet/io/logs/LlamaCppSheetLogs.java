package org.vramsheet.io.logs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.llamacpp.LlamaCppHparams;
import org.vramsheet.core.engine.llamacpp.LlamaCppCacheType;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.FlashAttention;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.LlamaCppSettings;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * A llama.cpp field log's launch as a sheet: the model's KV ARCHITECTURE from the log's printed hyperparameters
 * (print_info), RUNTIME's llama.cpp flags from its context lines (n_ctx, n_seq_max, n_ubatch, flash_attn, kv_unified,
 * "offloaded N/M layers"), its GPUs those that printed their free memory. Test data only: the sheet's other inputs are
 * placeholders that the per-device KV does not read (weights, GPU memory).
 */
final class LlamaCppSheetLogs {
    private LlamaCppSheetLogs() { }

    /** The sheet of a log, with -ngl given when the log prints no "offloaded N/M" (LC12), else null to take the log's. */
    static Worksheet sheet(Measurement m, Integer gpuLayers, Long vocab) {
        Map<String, String> p = m.llamaParams();
        LlamaCppHparams hp = LlamaCppHparams.of(p);
        int layers = hp.layers();
        int heads = Integer.parseInt(p.get("n_head"));
        int kvHeads = Integer.parseInt(p.get("n_head_kv"));
        int headDim = Integer.parseInt(p.get("n_embd_head_k"));
        List<LayerWindow> windows = new ArrayList<>();
        int sliding = 0;
        for (int il = 0; il < layers; il++) {
            sliding += hp.slides(il) ? 1 : 0;
        }
        if (sliding > 0) {
            windows.add(new LayerWindow(sliding, hp.window(), WindowKind.SLIDING));
        }
        LlamaCppCacheType k = LlamaCppCacheType.of(m.kvCacheDtype() == null ? "f16" : m.kvCacheDtype());
        KvArchitecture kv = KvArchitecture.builder().kind(AttentionKind.GQA).layers(layers).attentionHeads(heads).kvHeads(kvHeads)
                .headDim(headDim).hiddenSize(Integer.valueOf(p.get("n_embd"))).kvDtype(k.kvDtype()).windows(windows).build();
        int gpus = m.deviceFreeBytes().size();
        String fa = m.flashAttention();
        FlashAttention flash = fa == null || fa.equals("auto") ? FlashAttention.AUTO
                : fa.equals("0") || fa.equals("false") || fa.equals("disabled") ? FlashAttention.OFF : FlashAttention.ON;
        String unified = p.get("kv_unified");
        LlamaCppSettings l = LlamaCppSettings.builder().gpuLayers(gpuLayers != null ? gpuLayers : m.gpuLayers())
                .flashAttention(flash).kvUnified(unified == null || !unified.equals("false")).ubatch(m.ubatchTokens()).build();
        RuntimeSettings r = RuntimeSettings.builder().engine(Engine.LLAMA_CPP).engineVersion(m.version() == null ? "" : m.version())
                .maxModelLen(m.maxModelLen()).maxNumSeqs(m.seqMax()).pipelineParallel(gpus).llamaCpp(l).build();
        ModelInfo model = new ModelInfo("field-log", "", hp.arch(), m.maxModelLen(), vocab);
        Scenario one = new Scenario(1000L, 100L, 1L, List.of(), null, null);
        return new Worksheet(model, Weights.builder().totalParams(1_000_000_000L).build(), kv, new Workloads(one, one, one), r,
                new Gpu("log GPU", gpus, 200 * Units.GIB), null, null, null, null);
    }

    /** The sheet's device key of a log's device: its GPUs in load order gpu0, gpu1, ...; "CPU" the host; else null. */
    static String deviceKey(Measurement m, String logName) {
        if (logName.equals("CPU")) {
            return "host";
        }
        int i = 0;
        for (String name : m.deviceFreeBytes().keySet()) {
            if (name.equals(logName) || logName.startsWith(name.replace(")", ""))) {
                return "gpu" + i;
            }
            i++;
        }
        return null;
    }
}
