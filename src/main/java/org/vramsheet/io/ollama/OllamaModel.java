package org.vramsheet.io.ollama;

import java.nio.file.Path;
import java.util.List;

/**
 * An installed Ollama model resolved to its files: the GGUF weights blob, the vision projector(s), adapters, a draft
 * model, the parameters its params blob sets and what its config blob says (types/model/config.go {@code ConfigV2}).
 * Server/images.go {@code GetModel} reads the same layers into {@code ModelPath}, {@code ProjectorPaths},
 * {@code AdapterPaths}, {@code DraftPath} and {@code Options}.
 *
 * @param name       the name as resolved (defaults filled in)
 * @param manifest   the manifest file
 * @param model      the weights blob (a GGUF file), or null for a manifest without one
 * @param projectors vision projector blobs (multimodal models), in manifest order
 * @param adapters   LoRA adapter blobs
 * @param draft      a draft model's blob, or null
 * @param params     the params blob's parameters (none when the model has no params layer)
 * @param config     the config blob's family, type and file type, or null
 * @param totalBytes every layer's size and the config's, as the manifest says ({@code Manifest.Size}, what {@code ollama
 *                   list} shows)
 */
public record OllamaModel(OllamaName name, Path manifest, Blob model, List<Blob> projectors, List<Blob> adapters, Blob draft,
                          OllamaParams params, Config config, long totalBytes) {
    public OllamaModel {
        projectors = List.copyOf(projectors);
        adapters = List.copyOf(adapters);
    }

    /** One blob file with its manifest layer. */
    public record Blob(OllamaLayer layer, Path path) {
        public long bytes() { return layer.size(); }
    }

    /**
     * The config blob's fields that matter here: the family decides Ollama's exceptions (no parallel requests for mllama,
     * qwen3vl ...; server/sched.go), the type and file type are what {@code ollama show} prints.
     */
    public record Config(String format, String family, List<String> families, String parameterSize, String fileType) {
        public Config {
            families = List.copyOf(families);
        }
    }

    /** Whether the model has a vision projector (Ollama then needs at least 2048 of context, server/sched.go). */
    public boolean vision() { return !projectors.isEmpty(); }
}
