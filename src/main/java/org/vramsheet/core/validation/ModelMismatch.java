package org.vramsheet.core.validation;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Whether a log is of another model than the sheet's: its model name is of another family or size ({@link ModelName}),
 * or the KV bytes per token per GPU its pool implies (pool / tokens) are further from the sheet's than the KV dtype and
 * TP can explain. The sheet's figure is taken at the log's setup; a KV dtype or TP the log does not state may be any the
 * engine would have run (the model's dtype or fp32 for auto; TP 1, 2, 4 or 8), and the closest one counts.
 */
final class ModelMismatch {
    /** What is left once the dtype and TP are accounted for: block rounding and uneven pipeline stages, well within. */
    static final double EXPLAINED = 1.15;

    private ModelMismatch() { }

    /** The finding ("another model? ..."), or "" when the log can be of the sheet's model. */
    static String finding(Worksheet ws, Measurement m, Worksheet logSetup) {
        String bytes = kvBytes(logSetup, m);
        // a llama.cpp log (Ollama's runner's too) names its model only by the GGUF's general.name
        String logged = m.modelId() != null ? m.modelId() : m.llamaParams().get("general.name");
        boolean names = logged != null && !logged.isBlank() && !ws.model().modelId().isBlank()
                && ModelName.of(logged).differs(ModelName.of(ws.model().modelId()));
        if (names) {
            return "another model? the log ran '" + logged + "', the sheet is '" + ws.model().modelId() + "'"
                    + (bytes != null ? "; " + bytes : "") + ": check before applying it";
        }
        String shape = hparams(ws, m);
        if (shape != null) {
            return "another model? " + shape + ": check before applying it";
        }
        return bytes != null ? "another model or another KV ARCHITECTURE? " + bytes + ": check before applying it" : "";
    }

    /**
     * A llama.cpp log's printed shape (print_info / llm_load_print_meta: n_layer, n_embd, n_head_kv, n_embd_head_k) against
     * the sheet's KV ARCHITECTURE (layers with the fixed-state layers, hidden size, KV heads, head size), when they differ;
     * compared only when the log prints all four as single numbers (not per layer) and the sheet has all four.
     */
    private static String hparams(Worksheet ws, Measurement m) {
        Map<String, String> p = m.llamaParams();
        var k = ws.kv();
        Integer layers = k.layers() == null ? null : k.layers() + (k.stateLayers() == null ? 0 : k.stateLayers());
        String[] keys = {"n_layer", "n_embd", "n_head_kv", "n_embd_head_k"};
        Integer[] sheet = {layers, k.hiddenSize(), k.kvHeads(), k.headDim()};
        int[] log = new int[keys.length];
        boolean differs = false;
        for (int i = 0; i < keys.length; i++) {
            String v = p.get(keys[i]);
            if (v == null || sheet[i] == null || !v.trim().matches("[0-9]{1,9}")) {
                return null;
            }
            log[i] = Integer.parseInt(v.trim());
            differs |= log[i] != sheet[i];
        }
        return !differs ? null : "the log prints n_layer " + log[0] + ", n_embd " + log[1] + ", n_head_kv " + log[2]
                + ", n_embd_head_k " + log[3] + "; the sheet has " + sheet[0] + " layers, hidden size " + sheet[1] + ", "
                + sheet[2] + " KV heads, head size " + sheet[3];
    }

    /** How far the log's KV bytes per token per GPU are from the closest the sheet gives at the log's setup, when far. */
    private static String kvBytes(Worksheet setup, Measurement m) {
        if (m.kvPoolBytes() == null || m.kvTokens() == null || m.kvTokens() <= 0) {
            return null;
        }
        // llama.cpp's iSWA logs: kvTokens are the full cache's cells; the SWA cache (its own cells) is taken out of the pool
        boolean swa = m.swaPoolBytes() != null && m.swaTokens() != null && m.swaTokens() > 0
                && m.swaPoolBytes() < m.kvPoolBytes();
        double implied = (m.kvPoolBytes() - (swa ? m.swaPoolBytes() : 0)) / (double) m.kvTokens();
        long closest = 0;
        for (int tp : tensorParallels(setup, m)) {
            for (KvDtype dtype : dtypes(setup, m)) {
                int gpus = tp * setup.runtime().pipelineParallel();
                Worksheet w = setup.withRuntime(setup.runtime().toBuilder().tensorParallel(tp).build())
                        .withGpu(setup.gpu().withCount(Math.max(gpus, setup.gpu().count() == null ? 1 : setup.gpu().count())))
                        .withKv(setup.kv().toBuilder().kvDtype(dtype).build());
                long sheet = perToken(SizingCalculator.calculate(w), swa);
                if (sheet > 0 && (closest == 0 || off(implied, sheet) < off(implied, closest))) {
                    closest = sheet;
                }
            }
        }
        if (closest == 0 || off(implied, closest) <= Math.log(EXPLAINED)) {
            return null;
        }
        return String.format(Locale.ROOT, "the log's pool holds %s B per token per GPU, the sheet %s B (%.2fx)",
                Units.grouped(Math.round(implied)), Units.grouped(closest), implied / closest)
                + (swa ? " in the full-attention layers (the sliding-window cache apart)" : "");
    }

    /**
     * The sheet's KV bytes per token per GPU; for a log whose sliding-window layers have a cache of their own (llama.cpp's
     * iSWA: its cells are the full cache's), those of the layers that grow beyond their windows only; 0 when unavailable.
     */
    private static long perToken(SizingResult r, boolean swa) {
        Figure perGpu = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU);
        if (!perGpu.available() || perGpu.value() <= 0) {
            return 0;
        }
        if (!swa) {
            return perGpu.value();
        }
        Figure all = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        Figure beyond = r.get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS);
        if (!all.available() || !beyond.available() || all.value() <= 0) {
            return perGpu.value();
        }
        return Math.round(perGpu.value() * (double) beyond.value() / all.value());
    }

    private static double off(double implied, long sheet) {
        return Math.abs(Math.log(implied / sheet));
    }

    /** The log's TP, or every TP it may have run when it does not say (vLLM prints only non-default arguments). */
    private static List<Integer> tensorParallels(Worksheet setup, Measurement m) {
        if (m.tensorParallel() != null) {
            return List.of(m.tensorParallel());
        }
        Set<Integer> tps = new LinkedHashSet<>(List.of(setup.runtime().tensorParallel(), 1, 2, 4, 8));
        return new ArrayList<>(tps);
    }

    /** The log's KV dtype, or the ones "auto" may have been: the sheet's, the model's 16-bit dtype, fp32. */
    private static List<KvDtype> dtypes(Worksheet setup, Measurement m) {
        KvDtype logs = LogComparison.kvDtype(m.kvCacheDtype());
        if (logs != null && logs != KvDtype.AUTO) {
            return List.of(logs);
        }
        Set<KvDtype> all = new LinkedHashSet<>(List.of(setup.kv().kvDtype(), KvDtype.BF16, KvDtype.FP32));
        return new ArrayList<>(all);
    }
}
