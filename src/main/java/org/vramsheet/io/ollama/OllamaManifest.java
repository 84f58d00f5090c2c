package org.vramsheet.io.ollama;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * An Ollama manifest (manifest/manifest.go {@code Manifest}: schemaVersion, mediaType, config, layers), read from its
 * JSON with every layer checked: a media type, a sha256 digest as {@code BlobsPath} accepts it, a size from 0 to 2^50.
 *
 * @param schemaVersion 2 for every manifest Ollama writes
 * @param config        the config layer (model family, file type), or null
 * @param layers        in the manifest's order
 */
public record OllamaManifest(int schemaVersion, String mediaType, OllamaLayer config, List<OllamaLayer> layers) {
    /** Bytes of manifest JSON read at most: real ones are a few KiB; a safetensors import lists a layer per tensor. */
    public static final int MAX_BYTES = 8 << 20;
    /** Layers in one manifest at most. */
    public static final int MAX_LAYERS = 100_000;
    private static final long MAX_SIZE = 1L << 50;

    public OllamaManifest {
        layers = List.copyOf(layers);
    }

    /** The layers of one kind, in order. */
    public List<OllamaLayer> of(OllamaLayer.Kind kind) {
        return layers.stream().filter(l -> l.kind() == kind).toList();
    }

    /** Bytes of every layer and the config ({@code Manifest.Size}). */
    public long totalBytes() {
        long t = config == null ? 0 : config.size();
        for (OllamaLayer l : layers) {
            t = Math.addExact(t, l.size());
        }
        return t;
    }

    /** Reads a manifest's text; {@code where} names it in messages. */
    public static OllamaManifest parse(String json, String where) throws OllamaStoreException {
        JsonNode root = OllamaJson.object(json, where, MAX_BYTES, "a manifest", "a manifest (a JSON object with layers)");
        JsonNode ls = root.path("layers");
        if (!ls.isArray()) {
            throw new OllamaStoreException(where + ": 'layers' is " + (ls.isMissingNode() ? "missing" : "not a list"));
        }
        if (ls.size() > MAX_LAYERS) {
            throw new OllamaStoreException(where + ": " + ls.size() + " layers, more than " + MAX_LAYERS);
        }
        List<OllamaLayer> layers = new ArrayList<>();
        for (int i = 0; i < ls.size(); i++) {
            layers.add(layer(ls.get(i), where + ": layers[" + i + "]"));
        }
        JsonNode c = root.path("config");
        OllamaLayer config = c.isObject() && c.hasNonNull("digest") ? layer(c, where + ": config") : null;
        return new OllamaManifest(root.path("schemaVersion").asInt(0), root.path("mediaType").asText(""), config, layers);
    }

    private static OllamaLayer layer(JsonNode n, String where) throws OllamaStoreException {
        if (!n.isObject()) {
            throw new OllamaStoreException(where + ": not an object");
        }
        String type = n.path("mediaType").asText("");
        if (type.isEmpty()) {
            throw new OllamaStoreException(where + ": no mediaType");
        }
        String digest = n.path("digest").asText("");
        if (!OllamaLayer.DIGEST.matcher(digest).matches()) {
            throw new OllamaStoreException(where + ": digest " + OllamaText.quote(digest) + " is not sha256:<64 hex digits>");
        }
        JsonNode size = n.path("size");
        if (!size.isIntegralNumber() || !size.canConvertToLong() || size.asLong() < 0 || size.asLong() > MAX_SIZE) {
            throw new OllamaStoreException(where + ": size " + OllamaText.quote(size.toString())
                    + " is not a whole number of bytes from 0 to 2^50");
        }
        String from = n.hasNonNull("from") ? n.get("from").asText() : null;
        return new OllamaLayer(type, digest.replace('-', ':'), size.asLong(), from);
    }
}
