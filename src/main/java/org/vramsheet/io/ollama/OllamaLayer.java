package org.vramsheet.io.ollama;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One layer of an Ollama manifest: a blob named by its SHA-256 digest, with its media type and size (manifest/layer.go
 * {@code Layer}). The blob's file is {@code blobs/sha256-<64 hex>} (manifest/paths.go {@code BlobsPath}, which accepts
 * only {@code ^sha256[:-][0-9a-fA-F]{64}$}).
 *
 * @param mediaType e.g. {@code application/vnd.ollama.image.model}
 * @param digest    {@code sha256:<64 hex>}
 * @param size      bytes, as the manifest says
 * @param from      the model it was taken from, or null
 */
public record OllamaLayer(String mediaType, String digest, long size, String from) {
    static final Pattern DIGEST = Pattern.compile("sha256[:-][0-9a-fA-F]{64}");

    /** What a layer holds, by media type (server/images.go {@code GetModel}: the switch over {@code layer.MediaType}). */
    public enum Kind {
        MODEL("application/vnd.ollama.image.model"), PROJECTOR("application/vnd.ollama.image.projector"),
        ADAPTER("application/vnd.ollama.image.adapter"), PARAMS("application/vnd.ollama.image.params"),
        TEMPLATE("application/vnd.ollama.image.template"), SYSTEM("application/vnd.ollama.image.system"),
        LICENSE("application/vnd.ollama.image.license"), MESSAGES("application/vnd.ollama.image.messages"),
        DRAFT("application/vnd.ollama.image.draft"), TENSOR("application/vnd.ollama.image.tensor"),
        CONFIG("application/vnd.docker.container.image.v1+json"), OTHER("");

        private final String mediaType;

        Kind(String mediaType) {
            this.mediaType = mediaType;
        }

        public String mediaType() { return mediaType; }

        static Kind of(String mediaType) {
            if ("application/vnd.ollama.image.prompt".equals(mediaType)) {
                return TEMPLATE; // the template's older media type, read the same way
            }
            return Arrays.stream(values()).filter(k -> k != OTHER && k.mediaType.equals(mediaType)).findFirst().orElse(OTHER);
        }
    }

    public Kind kind() { return Kind.of(mediaType); }

    /** The blob's file name under {@code blobs/}: the digest with ':' as '-'. */
    public String blobName() { return digest.replace(':', '-'); }

    /** The digest's hex part, lower case. */
    public String hex() { return digest.substring(7).toLowerCase(Locale.ROOT); }
}
