package org.vramsheet.io.hub;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The local Hugging Face cache (HF_HUB_CACHE, else HF_HOME/hub, else ~/.cache/huggingface/hub):
 * models--org--name/snapshots/COMMIT/ with refs/NAME files pointing at commits.
 */
public final class HfCache {
    /** One snapshot of a cached model. */
    public record Entry(String modelId, String commit, List<String> refs, Path snapshot) {
        @Override
        public String toString() {
            return modelId + " @ " + (refs.isEmpty() ? commit.substring(0, Math.min(12, commit.length()))
                    : String.join(", ", refs) + " (" + commit.substring(0, Math.min(12, commit.length())) + ")");
        }
    }

    private final Path root;

    public HfCache(Path root) {
        this.root = root;
    }

    public static HfCache fromEnvironment(Map<String, String> env, String userHome) {
        if (env.get("HF_HUB_CACHE") != null) {
            return new HfCache(Path.of(env.get("HF_HUB_CACHE")));
        }
        if (env.get("HF_HOME") != null) {
            return new HfCache(Path.of(env.get("HF_HOME"), "hub"));
        }
        return new HfCache(Path.of(userHome, ".cache", "huggingface", "hub"));
    }

    public Path root() { return root; }

    /** Every cached snapshot that has a config.json; an absent cache is an empty list. */
    public List<Entry> list() {
        List<Entry> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> models = Files.list(root)) {
            for (Path m : models.filter(p -> p.getFileName().toString().startsWith("models--")).sorted().toList()) {
                String id = m.getFileName().toString().substring("models--".length()).replace("--", "/");
                Path snaps = m.resolve("snapshots");
                if (!Files.isDirectory(snaps)) {
                    continue;
                }
                try (Stream<Path> ss = Files.list(snaps)) {
                    for (Path s : ss.sorted().toList()) {
                        if (Files.exists(s.resolve("config.json"))) {
                            String commit = s.getFileName().toString();
                            out.add(new Entry(id, commit, refsFor(m, commit), s));
                        }
                    }
                }
            }
        } catch (IOException e) {
            // an unreadable cache lists what it could
        }
        return out;
    }

    private static List<String> refsFor(Path model, String commit) {
        List<String> refs = new ArrayList<>();
        Path dir = model.resolve("refs");
        if (!Files.isDirectory(dir)) {
            return refs;
        }
        try (Stream<Path> rs = Files.list(dir)) {
            for (Path r : rs.sorted().toList()) {
                if (Files.isRegularFile(r) && Files.readString(r).trim().equals(commit)) {
                    refs.add(r.getFileName().toString());
                }
            }
        } catch (IOException e) {
            // refs are a convenience
        }
        return refs;
    }
}
