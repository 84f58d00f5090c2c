package org.vramsheet.io.ollama;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.engine.ollama.OllamaSheet;
import org.vramsheet.core.sheet.OllamaSettings;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.Messages;
import org.vramsheet.io.gguf.GgufFile;
import org.vramsheet.io.gguf.GgufSplit;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.model.gguf.GgufImporter;

/**
 * {@code import ollama:NAME[:TAG]}: an installed Ollama model as a sheet. The store ({@link OllamaStore#locate}: OLLAMA_MODELS,
 * else ~/.ollama/models), the manifest's model blob (a GGUF, imported as any GGUF is: {@link GgufImporter}), its projector
 * blob (its bytes as the vision encoder, WEIGHTS › Encoder parameters at the compute dtype), its params (num_ctx and
 * num_gpu into RUNTIME › Ollama settings); the engine becomes Ollama, laid out as its llama.cpp runner places layers (TP 1,
 * PP = the sheet's GPUs) with the runner's cache type (KV ARCHITECTURE › KV-cache dtype auto).
 *
 * @param model    the GGUF's MODEL, WEIGHTS and KV ARCHITECTURE, with the Ollama lines added to what was detected
 * @param settings num_ctx and num_gpu as the params blob sets them (null: not set)
 * @param encoderParams the projector's bytes as parameters at the compute dtype, or null without a projector
 */
public record OllamaImport(ModelImport model, OllamaSettings settings, Long encoderParams) {
    /** Whether a source names an Ollama model ({@code ollama:NAME[:TAG]}). */
    public static boolean names(String source) {
        return source != null && source.strip().startsWith(OllamaName.PREFIX);
    }

    /** Reads {@code ollama:NAME[:TAG]} from the store this environment and home directory give. */
    public static OllamaImport load(String source, Map<String, String> env, Path home) throws OllamaStoreException {
        OllamaStore store = OllamaStore.locate(env, home);
        OllamaModel m = store.resolve(source.strip());
        if (m.model() == null) {
            throw new OllamaStoreException("model '" + m.name().display() + "' has no model blob in its manifest '" + m.manifest()
                    + "' (a manifest of adapters or templates only)");
        }
        GgufFile f;
        ModelImport gguf;
        try {
            f = GgufSplit.read(m.model().path());
            gguf = GgufImporter.parse(f, m.name().display());
        } catch (IOException e) {
            throw new OllamaStoreException("model blob '" + m.model().layer().blobName() + "' of '" + m.name().display()
                    + "': not a GGUF file Ollama can run (" + OllamaText.detail(e.getMessage()) + ")", e);
        } catch (ConfigImporter.ImportException e) {
            throw new OllamaStoreException("model blob '" + m.model().layer().blobName() + "' of '" + m.name().display()
                    + "': " + e.getMessage(), e);
        }
        return of(m, store, gguf);
    }

    private static OllamaImport of(OllamaModel m, OllamaStore store, ModelImport gguf) {
        List<String> detected = new ArrayList<>();
        detected.add("Ollama model '" + m.name().display() + "' from the store '" + store.root() + "': model blob '"
                + m.model().layer().blobName() + "' (" + Units.gibText(m.model().bytes()) + ")");
        detected.addAll(gguf.detected());
        List<String> assumed = new ArrayList<>(gguf.assumed());
        Long encoder = null;
        if (!m.projectors().isEmpty()) {
            long bytes = 0;
            for (OllamaModel.Blob b : m.projectors()) {
                bytes = Math.addExact(bytes, b.bytes());
            }
            int per = gguf.weights().computeDtype().bytes();
            encoder = (bytes + per - 1) / per;
            detected.add("Vision projector: " + m.projectors().size() + " blob(s), " + Units.grouped(bytes) + " bytes");
            assumed.add("WEIGHTS › Encoder parameters: " + Units.grouped(encoder) + ", the projector's " + Units.grouped(bytes)
                    + " bytes at " + per + " bytes per parameter (its file header counted with them)");
        }
        OllamaParams p = m.params();
        OllamaSettings.Builder s = OllamaSettings.builder();
        if (p.numCtx() != null) {
            s.numCtx(p.numCtx());
            detected.add("num_ctx " + p.numCtx() + " from the params blob: RUNTIME › num_ctx");
        }
        if (p.numGpu() != null && p.numGpu() >= 0) {
            s.numGpu((int) Math.min(Integer.MAX_VALUE, p.numGpu()));
            detected.add("num_gpu " + p.numGpu() + " from the params blob: RUNTIME › num_gpu");
        }
        if (p.numBatch() != null) {
            assumed.add("num_batch " + p.numBatch() + " of the params blob is not a sheet setting: the release's default is used");
        }
        List<String> others = new ArrayList<>();
        p.values().forEach((k, v) -> {
            if (!List.of("num_ctx", "num_gpu", "num_batch").contains(k)) {
                others.add(k + " " + Messages.oneLine(String.valueOf(v)));
            }
        });
        if (!others.isEmpty()) {
            detected.add("Other PARAMETER lines of the params blob (they change no memory): "
                    + OllamaText.detail(String.join(", ", others)));
        }
        assumed.add("The Ollama release is RUNTIME › Version (empty: the newest rules known); OLLAMA_NUM_PARALLEL, "
                + "OLLAMA_KV_CACHE_TYPE and the other settings of the server are not in the store: their defaults");
        ModelImport model = new ModelImport(gguf.model(), gguf.weights(), gguf.kv(), detected, assumed, gguf.warnings());
        return new OllamaImport(model, s.build(), encoder);
    }

    /** The sheet with the model, the engine Ollama and these settings (the server's other settings kept as the sheet has them). */
    public Worksheet applyTo(Worksheet ws) {
        Worksheet out = model.applyTo(ws);
        OllamaSettings o = out.runtime().ollama().toBuilder().numCtx(settings.numCtx()).numGpu(settings.numGpu()).build();
        Weights w = encoderParams == null ? out.weights() : out.weights().toBuilder().encoderParams(encoderParams).build();
        return OllamaSheet.runBy(out.withWeights(w), o);
    }

    /** What was read, assumed and warned about. */
    public String report() { return model.report(); }
}
