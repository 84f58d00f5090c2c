package org.vramsheet.io.ollama;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One JSON object of the Ollama store (a manifest, a params blob), read bounded: at most {@code maxChars} characters, JSON,
 * an object; each refusal names the file and the reason, as {@link OllamaManifest} and {@link OllamaParams} report them.
 */
final class OllamaJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OllamaJson() { }

    /**
     * The object in {@code json}.
     *
     * @param where    the file, as messages name it
     * @param maxChars the most a real one can hold
     * @param what     what it is ("a manifest", "a params blob"), for a text too long
     * @param object   what an object of it is ("a manifest (a JSON object with layers)"), for JSON that is not an object
     */
    static JsonNode object(String json, String where, int maxChars, String what, String object) throws OllamaStoreException {
        if (json.length() > maxChars) {
            throw new OllamaStoreException(where + ": " + json.length() + " characters, larger than " + what + " can be");
        }
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new OllamaStoreException(where + ": not JSON (" + OllamaText.detail(e.getOriginalMessage()) + ")");
        }
        if (root == null || !root.isObject()) {
            throw new OllamaStoreException(where + ": not " + object);
        }
        return root;
    }
}
