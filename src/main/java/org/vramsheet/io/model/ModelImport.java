package org.vramsheet.io.model;

import java.util.Set;
import java.util.List;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;

/**
 * What an import found: MODEL, WEIGHTS and KV ARCHITECTURE for the sheet, with what was read from the
 * files ("detected"), what had to be assumed, and warnings (e.g. the estimate and the checkpoint disagree).
 *
 * @param engine the engine the model is for (a GGUF catalog entry: llama.cpp), set at its default release when it is not
 *               the sheet's; null keeps the sheet's engine
 */
public record ModelImport(ModelInfo model, Weights weights, KvArchitecture kv, List<String> detected,
                          List<String> assumed, List<String> warnings, Engine engine) {
    public ModelImport {
        detected = List.copyOf(detected);
        assumed = List.copyOf(assumed);
        warnings = List.copyOf(warnings);
    }

    /** An import that keeps the sheet's engine. */
    public ModelImport(ModelInfo model, Weights weights, KvArchitecture kv, List<String> detected, List<String> assumed,
                       List<String> warnings) {
        this(model, weights, kv, detected, assumed, warnings, null);
    }

    /** This import, for {@code e} (null: the sheet's engine). */
    public ModelImport withEngine(Engine e) { return new ModelImport(model, weights, kv, detected, assumed, warnings, e); }

    /** The fields {@link #applyTo} may change; every other field of the sheet is kept. */
    public static final Set<String> OWNS = Set.of("model.*", "weights.*", "kv.*", "runtime.maxModelLen",
            "result.contextLength", "runtime.activationPeakBytes", "runtime.nonTorchBytes", "runtime.cudaGraphBytes",
            "runtime.engine", "runtime.engineVersion");

    /**
     * The sheet with this model's sections; the engine's max length is capped at the model's context. The import's engine
     * (a GGUF model's llama.cpp) replaces the sheet's unless the sheet's engine loads the same weights already (Ollama runs
     * GGUF files too: a sheet on it keeps it).
     */
    public Worksheet applyTo(Worksheet ws) {
        Engine now = ws.runtime().engine();
        boolean keep = engine == null || engine == now || Engines.of(engine).loadsGgml() && Engines.of(now).loadsGgml();
        RuntimeSettings r = keep ? ws.runtime() : ws.runtime().toBuilder().engine(engine).engineVersion("").build();
        Long max = model.maxContextTokens();
        Long len = r.maxModelLen();
        if (max != null && (len == null || len > max)) {
            len = Math.min(max, len == null ? max : len);
        }
        ResultSettings rs = ws.result();
        Long ctx = rs.contextLength() != null && len != null && rs.contextLength() > len ? len : rs.contextLength();
        Worksheet out = ws.withModel(model).withWeights(weights).withKv(kv).withRuntime(r.toBuilder().maxModelLen(len).build())
                .withResult(rs.withContextLength(ctx));
        if (Engines.of(r.engine()).usesOllamaSettings() && out.kv().kvDtype() != KvDtype.AUTO) {
            // Ollama: the runner's cache type is OLLAMA_KV_CACHE_TYPE's (with flash attention), not the GGUF's f16 default
            out = out.withKv(out.kv().toBuilder().kvDtype(KvDtype.AUTO).build());
        }
        // the old model's activation estimates do not fit the new one: clear them, the live estimate follows the new one
        return NonKvEstimator.apply(out);
    }

    /** A readable report of the import: detected, assumed, warnings. */
    public String report() {
        StringBuilder b = new StringBuilder();
        b.append("Detected:\n");
        detected.forEach(d -> b.append("  - ").append(d).append('\n'));
        if (!assumed.isEmpty()) {
            b.append("Assumed:\n");
            assumed.forEach(d -> b.append("  - ").append(d).append('\n'));
        }
        if (!warnings.isEmpty()) {
            b.append("Warnings:\n");
            warnings.forEach(d -> b.append("  - ").append(d).append('\n'));
        }
        return b.toString();
    }
}
