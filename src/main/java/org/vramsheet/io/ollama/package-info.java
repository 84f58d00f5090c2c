/**
 * Ollama's local model store ({@code ~/.ollama/models} or {@code OLLAMA_MODELS}): model names, manifests, blobs, the
 * params / config blobs and Modelfiles, read bounded and checked as they are read. The layout is Ollama's own (its
 * manifest/paths.go, manifest/manifest.go, types/model/name.go, envconfig/config.go, server/images.go, parser/parser.go);
 * and a GGUF header as Ollama's planner reads it ({@code OllamaPlanModelReader}, for {@code core.engine.ollama}).
 * {@code OllamaImport} makes a sheet of an installed model (its GGUF blob imported as any GGUF). Uses {@code core},
 * {@code io}, {@code io.gguf}, {@code io.model}.
 */
package org.vramsheet.io.ollama;
