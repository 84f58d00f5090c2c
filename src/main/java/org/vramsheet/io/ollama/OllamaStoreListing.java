package org.vramsheet.io.ollama;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.vramsheet.io.Messages;

/**
 * The models a store holds: every {@code manifests/<host>/<namespace>/<model>/<tag>} file, as Ollama's
 * {@code manifest.Manifests} globs them ({@code manifests/*}{@code /*}{@code /*}{@code /*}, a name that is not valid
 * skipped), with sizes from the manifest; and, for a name that is not installed, the installed names closest to it.
 */
public final class OllamaStoreListing {
    /** Manifests listed at most (a store holds tens). */
    public static final int MAX_MODELS = 10_000;

    private OllamaStoreListing() { }

    /**
     * One installed model.
     *
     * @param name           its name
     * @param totalBytes     every layer's size ({@code ollama list}'s SIZE), or -1 when the manifest cannot be read
     * @param modelBytes     the weights blob's size, 0 without one
     * @param projectorBytes the vision projectors' sizes, 0 without one
     * @param problem        why the manifest cannot be read, or null
     */
    public record Installed(OllamaName name, long totalBytes, long modelBytes, long projectorBytes, String problem) { }

    static List<Installed> list(OllamaStore store) throws OllamaStoreException {
        List<Installed> out = new ArrayList<>();
        for (Path p : manifests(store.root().resolve("manifests"))) {
            Path rel = store.root().resolve("manifests").relativize(p);
            OllamaName n;
            try {
                n = OllamaName.parse(rel.getName(0) + "/" + rel.getName(1) + "/" + rel.getName(2) + ":" + rel.getName(3));
            } catch (OllamaStoreException e) {
                continue; // Manifests(): "bad manifest name", skipped
            }
            try {
                OllamaManifest m = OllamaManifest.parse(OllamaStore.readBounded(p, OllamaManifest.MAX_BYTES, "manifest"),
                        "manifest of " + n.display());
                out.add(new Installed(n, m.totalBytes(), sum(m.of(OllamaLayer.Kind.MODEL)), sum(m.of(OllamaLayer.Kind.PROJECTOR)),
                        null));
            } catch (OllamaStoreException | ArithmeticException e) {
                out.add(new Installed(n, -1, 0, 0, Messages.oneLine(e.getMessage())));
            }
        }
        out.sort(Comparator.comparing(i -> i.name().display()));
        return out;
    }

    private static long sum(List<OllamaLayer> layers) {
        return layers.stream().mapToLong(OllamaLayer::size).reduce(0, Math::addExact);
    }

    /** The files four folders below {@code manifests} (symbolic links not followed), at most {@link #MAX_MODELS}. */
    private static List<Path> manifests(Path dir) throws OllamaStoreException {
        List<Path> level = List.of(dir);
        for (int depth = 0; depth < 4; depth++) {
            List<Path> next = new ArrayList<>();
            for (Path d : level) {
                if (!Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                try (DirectoryStream<Path> s = Files.newDirectoryStream(d)) {
                    for (Path c : s) {
                        if (next.size() >= MAX_MODELS) {
                            throw new OllamaStoreException(OllamaText.detail(dir) + ": more than " + MAX_MODELS + " entries at one level");
                        }
                        next.add(c);
                    }
                } catch (IOException e) {
                    throw new OllamaStoreException(OllamaText.detail(d) + ": cannot list (" + OllamaText.detail(e.getMessage()) + ")", e);
                }
            }
            level = next;
        }
        return level.stream().filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList();
    }

    /** The entry of {@code dir} named {@code part} ignoring case, or null. */
    static Path ignoringCase(Path dir, String part) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path c : s) {
                if (c.getFileName().toString().equalsIgnoreCase(part)) {
                    return c;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /** "; installed: llama3.2:latest, llama3.1:8b" (the closest five), or how to install it when the store is empty. */
    static String closeNames(OllamaStore store, OllamaName wanted) {
        List<Installed> all;
        try {
            all = list(store);
        } catch (OllamaStoreException e) {
            return "";
        }
        if (all.isEmpty()) {
            return "; the store holds no models (ollama pull '" + wanted.display() + "')";
        }
        String w = wanted.model().toLowerCase(Locale.ROOT);
        List<String> close = all.stream().map(Installed::name)
                .sorted(Comparator.comparingInt((OllamaName n) -> distance(w, n.model().toLowerCase(Locale.ROOT)))
                        .thenComparing(OllamaName::display))
                .limit(5).map(OllamaName::display).toList();
        return "; installed: '" + String.join(", ", close) + "'" + (all.size() > 5 ? " (" + all.size() + " in all)" : "");
    }

    /** Edit distance, with a name that contains the other counted as close. */
    static int distance(String a, String b) {
        if (a.contains(b) || b.contains(a)) {
            return Math.abs(a.length() - b.length()) / 4;
        }
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
