package org.vramsheet.io.hub;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.model.Safetensors;

/** Every way to fill MODEL / WEIGHTS / KV ARCHITECTURE: a config.json, a model folder, the Hub, the cache, the catalog. */
public final class ModelSources {
    private ModelSources() { }

    /** A config.json file, or a folder holding one (with its safetensors index or files). */
    public static ModelImport fromPath(Path p, String modelId, String revision) throws ConfigImporter.ImportException {
        Path dir = Files.isDirectory(p) ? p : p.getParent();
        Path config = Files.isDirectory(p) ? p.resolve("config.json") : p;
        if (!Files.exists(config)) {
            throw new ConfigImporter.ImportException(p + ": no config.json there");
        }
        JsonNode root;
        try {
            root = WorksheetJson.shared().readTree(WorksheetJson.readText(config));
        } catch (IOException e) {
            throw new ConfigImporter.ImportException(config + ": cannot read (" + e.getMessage()
                    + "); a truncated or broken file?");
        }
        if (root == null || !root.isObject()) {
            throw new ConfigImporter.ImportException(config + ": not a config.json (expected a JSON object)");
        }
        Long total = null;
        Map<String, Long> dtypes = new TreeMap<>();
        String note = null;
        if (dir != null) {
            Path index = dir.resolve("model.safetensors.index.json");
            try {
                if (Files.exists(index)) {
                    total = Safetensors.indexTotalSize(WorksheetJson.shared().readTree(WorksheetJson.readText(index)));
                }
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f : files.filter(x -> x.toString().endsWith(".safetensors")).sorted().toList()) {
                        Safetensors.addAll(dtypes, Safetensors.dtypeBytes(f));
                    }
                }
            } catch (IOException | ArithmeticException e) {
                // one header that breaks the format's rules: none is used (a partial sum is no checkpoint size)
                dtypes.clear();
                note = "safetensors headers not read, the checkpoint size is not taken from them: "
                        + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
            }
        }
        String[] cached = dir == null ? null : cacheSnapshot(dir.toAbsolutePath().normalize());
        String id = modelId != null ? modelId : cached != null ? cached[0]
                : dir != null && Files.isDirectory(p) ? p.getFileName().toString() : idFromFileName(config);
        String rev = revision != null ? revision : cached != null ? cached[1] : null;
        ModelImport m = ConfigImporter.parse(root, config.getFileName().toString(), total != null ? total
                : dtypes.isEmpty() ? null : sum(dtypes), id);
        return withExtras(m, rev, dtypes, note);
    }

    private static final Pattern ORG_NAME_FILE =
            Pattern.compile("([A-Za-z0-9][A-Za-z0-9_.-]*?)__([A-Za-z0-9][A-Za-z0-9_.-]*?)(?:\\.config)?\\.json");

    /**
     * The model a config file's name gives, {@code ORG__NAME.json} as ORG/NAME (the way configs are saved beside
     * each other, as in shared/reference/model-configs); null for any other name, so that the config's own
     * {@code _name_or_path} is used.
     */
    static String idFromFileName(Path config) {
        Matcher m = ORG_NAME_FILE.matcher(config.getFileName().toString());
        return m.matches() ? m.group(1) + "/" + m.group(2) : null;
    }

    /**
     * A folder of the Hugging Face cache, {@code .../models--ORG--NAME/snapshots/COMMIT}: its model ID and commit
     * (the folder's own name is the commit, not the model); null for any other folder.
     */
    static String[] cacheSnapshot(Path dir) {
        Path snapshots = dir.getParent();
        Path repo = snapshots == null ? null : snapshots.getParent();
        if (repo == null || repo.getFileName() == null || !snapshots.getFileName().toString().equals("snapshots")
                || !repo.getFileName().toString().startsWith("models--")) {
            return null;
        }
        String[] parts = repo.getFileName().toString().substring("models--".length()).split("--", 2);
        String id = parts.length == 2 ? parts[0] + "/" + parts[1] : parts[0];
        return new String[] {id, dir.getFileName().toString()};
    }

    public static ModelImport fromCache(HfCache.Entry e) throws ConfigImporter.ImportException {
        return fromPath(e.snapshot(), e.modelId(), e.commit());
    }

    public static ModelImport fromCatalog(ModelCatalog.Entry e) throws ConfigImporter.ImportException {
        JsonNode root;
        try {
            root = WorksheetJson.shared().readTree(ModelCatalog.configText(e));
        } catch (IOException ex) {
            throw new ConfigImporter.ImportException(e.file() + ": " + ex.getMessage());
        }
        ModelImport m = ConfigImporter.parse(root, e.file(), e.indexTotalSize(), e.id());
        var detected = new ArrayList<>(m.detected());
        detected.add("catalog source: " + e.source());
        var assumed = new ArrayList<>(m.assumed());
        if (e.notes() != null && !e.notes().isBlank()) {
            assumed.add("catalog notes: " + e.notes());
        }
        return new ModelImport(m.model(), m.weights(), m.kv(), detected, assumed, m.warnings());
    }

    /**
     * "org/name[@revision]" from the Hub, or from the local cache when {@code offline} (HF_HUB_OFFLINE=1) or when the
     * Hub cannot be reached, saying so, as the Hub's own client does.
     */
    public static ModelImport fromHubOrCache(HubClient hub, HfCache cache, boolean offline, String idAtRev,
                                             BiConsumer<Integer, Integer> progress) throws HubException,
            ConfigImporter.ImportException {
        int at = idAtRev.lastIndexOf('@');
        String id = at > 0 ? idAtRev.substring(0, at) : idAtRev;
        String rev = at > 0 ? idAtRev.substring(at + 1) : "main";
        HfCache.Entry cached = cache.list().stream().filter(e -> e.modelId().equalsIgnoreCase(id)
                && (e.refs().contains(rev) || e.commit().startsWith(rev))).findFirst().orElse(null);
        if (offline) {
            if (cached == null) {
                throw new ConfigImporter.ImportException("HF_HUB_OFFLINE is set and " + id + "@" + rev
                        + " is not in the local cache (" + cache.root() + ")");
            }
            return noted(fromCache(cached), "HF_HUB_OFFLINE: read from the local cache at commit " + cached.commit());
        }
        try {
            return fromHub(hub, idAtRev, progress, new AtomicBoolean());
        } catch (HubException e) {
            if (cached == null || (e.kind() != HubException.Kind.OFFLINE && e.kind() != HubException.Kind.TIMEOUT)) {
                throw e;
            }
            return noted(fromCache(cached), "the Hub could not be reached: read from the local cache at commit "
                    + cached.commit());
        }
    }

    private static ModelImport noted(ModelImport m, String note) {
        var detected = new ArrayList<>(m.detected());
        detected.add(0, note);
        return new ModelImport(m.model(), m.weights(), m.kv(), detected, m.assumed(), m.warnings());
    }

    /** "org/name" or "org/name@revision". */
    public static ModelImport fromHub(HubClient hub, String idAtRev, BiConsumer<Integer, Integer> progress,
                                      AtomicBoolean cancelled) throws HubException, ConfigImporter.ImportException {
        String id = idAtRev;
        String rev = "main";
        int at = idAtRev.lastIndexOf('@');
        if (at > 0) {
            id = idAtRev.substring(0, at);
            rev = idAtRev.substring(at + 1);
        }
        HubClient.Fetched f = hub.fetch(id, rev, progress, cancelled);
        JsonNode root;
        try {
            root = WorksheetJson.shared().readTree(f.configJson());
        } catch (IOException e) {
            throw new ConfigImporter.ImportException(id + "/config.json: not valid JSON (truncated download?)");
        }
        if (root == null || !root.isObject()) {
            throw new ConfigImporter.ImportException(id + "/config.json: not a JSON object");
        }
        Long total = f.indexTotalSize() != null ? f.indexTotalSize() : f.dtypeBytes().isEmpty() ? null : sum(f.dtypeBytes());
        ModelImport m = ConfigImporter.parse(root, id + "/config.json", total, f.modelId());
        return withExtras(m, f.commit(), f.dtypeBytes(), null);
    }

    private static long sum(Map<String, Long> m) {
        return m.values().stream().reduce(0L, Math::addExact);
    }

    private static ModelImport withExtras(ModelImport m, String revision, Map<String, Long> dtypes, String note) {
        var detected = new ArrayList<>(m.detected());
        var warnings = new ArrayList<>(m.warnings());
        if (!dtypes.isEmpty()) {
            StringBuilder b = new StringBuilder("safetensors headers: ");
            dtypes.forEach((k, v) -> b.append(k).append(' ').append(Units.gibText(v)).append("; "));
            detected.add(b.substring(0, b.length() - 2));
        }
        if (note != null) {
            warnings.add(note);
        }
        ModelInfo mi = m.model();
        ModelInfo model = new ModelInfo(mi.modelId(), revision == null ? mi.revision() : revision, mi.architecture(),
                mi.maxContextTokens(), mi.vocabSize());
        if (revision != null) {
            detected.add("revision resolved to " + revision);
        }
        Weights w = m.weights();
        return new ModelImport(model, w, m.kv(), detected, m.assumed(), warnings);
    }
}
