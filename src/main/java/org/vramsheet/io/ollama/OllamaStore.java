package org.vramsheet.io.ollama;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.vramsheet.io.Messages;

/**
 * An Ollama model store on disk: {@code OLLAMA_MODELS}, else {@code ~/.ollama/models} (envconfig/config.go
 * {@code Models}), holding {@code manifests/<host>/<namespace>/<model>/<tag>} (manifest/paths.go {@code PathForName})
 * and {@code blobs/sha256-<hex>} ({@code BlobsPath}). Reads are bounded: a manifest, params or config blob larger than
 * its limit is refused before it is read; weights blobs are never read, only their size checked against the manifest's,
 * and their SHA-256 only on request ({@link #verify}), since they are gigabytes.
 */
public final class OllamaStore {
    /** Bytes of a config blob read at most (real ones are a few hundred bytes). */
    public static final int MAX_CONFIG_BYTES = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path root;

    public OllamaStore(Path root) {
        this.root = root;
    }

    public Path root() { return root; }

    /** The store Ollama would use with this environment and home directory ({@code envconfig.Models}). */
    public static OllamaStore locate(Map<String, String> env, Path home) {
        String dir = env.get("OLLAMA_MODELS");
        // envconfig.Var trims spaces and one pair of quotes
        String v = dir == null ? "" : dir.strip().replaceAll("^[\"']|[\"']$", "");
        return new OllamaStore(v.isEmpty() ? home.resolve(".ollama").resolve("models") : Path.of(v));
    }

    /** Resolves {@code ollama:NAME[:TAG]}: its manifest, blobs, params and config; a model not installed names close ones. */
    public OllamaModel resolve(String name) throws OllamaStoreException {
        return resolve(OllamaName.parse(name));
    }

    public OllamaModel resolve(OllamaName name) throws OllamaStoreException {
        if (!Files.isDirectory(root.resolve("manifests"))) {
            throw new OllamaStoreException("no Ollama model store at '" + root + "' (no manifests folder; set OLLAMA_MODELS, or"
                    + " point at the store: the Linux service keeps it in /usr/share/ollama/.ollama/models)");
        }
        Path manifest = manifestPath(name);
        if (manifest == null) {
            throw new OllamaStoreException("model '" + Messages.oneLine(name.display()) + "' is not installed in '" + root + "'"
                    + OllamaStoreListing.closeNames(this, name));
        }
        OllamaManifest m = OllamaManifest.parse(readBounded(manifest, OllamaManifest.MAX_BYTES, "manifest"),
                "manifest of " + OllamaText.detail(name.display()));
        return model(name, manifest, m);
    }

    /** The manifest file for a name: the exact path, else one whose parts match ignoring case; null when none. */
    Path manifestPath(OllamaName name) {
        Path p = root.resolve("manifests");
        for (String part : name.pathParts()) {
            Path exact = p.resolve(part);
            if (Files.exists(exact, LinkOption.NOFOLLOW_LINKS)) {
                p = exact;
                continue;
            }
            p = OllamaStoreListing.ignoringCase(p, part);
            if (p == null) {
                return null;
            }
        }
        return Files.isRegularFile(p) ? p : null;
    }

    private OllamaModel model(OllamaName name, Path manifest, OllamaManifest m) throws OllamaStoreException {
        List<OllamaLayer> models = m.of(OllamaLayer.Kind.MODEL);
        OllamaModel.Blob model = models.isEmpty() ? null : blob(models.get(models.size() - 1), name);
        List<OllamaModel.Blob> projectors = new ArrayList<>();
        for (OllamaLayer l : m.of(OllamaLayer.Kind.PROJECTOR)) {
            projectors.add(blob(l, name));
        }
        List<OllamaModel.Blob> adapters = new ArrayList<>();
        for (OllamaLayer l : m.of(OllamaLayer.Kind.ADAPTER)) {
            adapters.add(blob(l, name));
        }
        List<OllamaLayer> drafts = m.of(OllamaLayer.Kind.DRAFT);
        OllamaModel.Blob draft = drafts.isEmpty() ? null : blob(drafts.get(0), name);
        OllamaParams params = OllamaParams.none();
        for (OllamaLayer l : m.of(OllamaLayer.Kind.PARAMS)) {
            params = params.with(OllamaParams.parseBlob(readBounded(blob(l, name).path(), OllamaParams.MAX_BYTES, "params blob"),
                    "params blob of " + OllamaText.detail(name.display())));
        }
        OllamaModel.Config config = m.config() == null ? null : config(blob(m.config(), name), name);
        return new OllamaModel(name, manifest, model, projectors, adapters, draft, params, config, m.totalBytes());
    }

    /** A layer's blob file, which must exist with the manifest's size (a partial pull leaves a shorter file). */
    OllamaModel.Blob blob(OllamaLayer l, OllamaName name) throws OllamaStoreException {
        Path p = root.resolve("blobs").resolve(l.blobName());
        String what = l.kind().name().toLowerCase(Locale.ROOT) + " blob '" + l.blobName() + "' of '" + name.display() + "'";
        try {
            if (!Files.isRegularFile(p)) {
                throw new OllamaStoreException(what + " is missing from '" + root.resolve("blobs") + "' (pull the model again)");
            }
            long size = Files.size(p);
            if (size != l.size()) {
                throw new OllamaStoreException(what + " has " + size + " bytes, the manifest says " + l.size()
                        + " (an incomplete or changed file: pull the model again)");
            }
        } catch (IOException e) {
            throw new OllamaStoreException(what + ": cannot read (" + OllamaText.detail(e.getMessage()) + ")", e);
        }
        return new OllamaModel.Blob(l, p);
    }

    private static OllamaModel.Config config(OllamaModel.Blob b, OllamaName name) throws OllamaStoreException {
        String where = "config blob of " + OllamaText.detail(name.display());
        JsonNode c;
        try {
            c = JSON.readTree(readBounded(b.path(), MAX_CONFIG_BYTES, "config blob"));
        } catch (JsonProcessingException e) {
            throw new OllamaStoreException(where + ": not JSON (" + OllamaText.detail(e.getOriginalMessage()) + ")");
        }
        if (c == null || !c.isObject()) {
            throw new OllamaStoreException(where + ": not a JSON object");
        }
        List<String> families = new ArrayList<>();
        c.path("model_families").forEach(f -> families.add(Messages.oneLine(f.asText())));
        return new OllamaModel.Config(text(c, "model_format"), text(c, "model_family"), families, text(c, "model_type"),
                text(c, "file_type"));
    }

    private static String text(JsonNode c, String key) {
        return c.hasNonNull(key) && c.get(key).isTextual() ? Messages.oneLine(c.get(key).asText()) : null;
    }

    /** A small file's text, refused unread past {@code max} bytes. */
    static String readBounded(Path p, int max, String what) throws OllamaStoreException {
        try {
            long size = Files.size(p);
            if (size > max) {
                throw new OllamaStoreException(what + " " + p + " has " + size + " bytes, more than the " + max + " one can have");
            }
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new OllamaStoreException(what + " " + OllamaText.detail(p) + ": cannot read (" + OllamaText.detail(e.getMessage()) + ")",
                    e);
        }
    }

    /** Whether a blob's SHA-256 is its digest (reads the whole file: gigabytes for weights). */
    public static boolean verify(OllamaModel.Blob b) throws OllamaStoreException {
        try (InputStream in = Files.newInputStream(b.path())) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 20];
            for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                sha.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(sha.digest()).equals(b.layer().hex());
        } catch (IOException e) {
            throw new OllamaStoreException("blob " + OllamaText.detail(b.path()) + ": cannot read (" + OllamaText.detail(e.getMessage())
                    + ")", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** Every installed model with its sizes (a manifest that cannot be read is listed with why). */
    public List<OllamaStoreListing.Installed> list() throws OllamaStoreException {
        return OllamaStoreListing.list(this);
    }
}
