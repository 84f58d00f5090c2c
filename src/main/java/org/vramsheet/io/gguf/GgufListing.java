package org.vramsheet.io.gguf;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.io.hub.HubException;

/**
 * The GGUF models of a Hub repository, to choose one: its {@code .gguf} files with their sizes ({@link HubClient#files}),
 * a model split by {@code gguf-split} ({@code NAME-00001-of-00003.gguf}, {@link GgufSplit#PART}) as one choice of the
 * summed size of its parts, and each named by its quantization ({@link GgufQuant}). Vision projectors
 * ({@code mmproj*}) and importance matrices ({@code *imatrix*}) are not models and are set aside, as is a split model
 * with a part missing; each is said in {@link #setAside()}.
 *
 * @param commit the commit the revision resolved to; the choices are imported at it, so list and import agree
 */
public record GgufListing(String modelId, String revision, String commit, List<Choice> choices, List<String> setAside) {
    public GgufListing {
        choices = List.copyOf(choices);
        setAside = List.copyOf(setAside);
    }

    /**
     * One model to import: its file (the first part of a split model), its parts (the file alone when not split), the
     * quantization its name says (null when it names none), and its size, the sum of its parts' (-1 when the Hub gave
     * no size for one of them).
     */
    public record Choice(String file, List<String> parts, String quantization, long bytes) {
        public Choice {
            parts = List.copyOf(parts);
        }

        /** {@code ORG/NAME@COMMIT:FILE}, what {@code GgufHub.Spec} reads. */
        public String spec(GgufListing l) { return l.modelId() + "@" + l.commit() + ":" + file; }
    }

    /** The listing of {@code modelId} at {@code revision} (null: main), by one request. */
    public static GgufListing read(HubClient hub, String modelId, String revision, AtomicBoolean cancelled) throws HubException {
        return of(hub.files(modelId, revision, cancelled));
    }

    /** The listing of these files. */
    public static GgufListing of(HubClient.Files f) {
        List<Choice> out = new ArrayList<>();
        List<String> aside = new ArrayList<>();
        Map<String, List<HubClient.RepoFile>> split = new TreeMap<>();
        for (HubClient.RepoFile r : f.files()) {
            String name = r.path().substring(r.path().lastIndexOf('/') + 1);
            String lower = name.toLowerCase(Locale.ROOT);
            if (!lower.endsWith(".gguf")) {
                continue;
            }
            if (lower.startsWith("mmproj") || lower.contains("imatrix")) {
                aside.add(r.path() + ": " + (lower.startsWith("mmproj") ? "a vision projector" : "an importance matrix")
                        + ", not a model");
                continue;
            }
            Matcher m = GgufSplit.PART.matcher(r.path());
            if (m.matches()) {
                split.computeIfAbsent(m.group(1) + "\u0000" + m.group(3), k -> new ArrayList<>()).add(r);
            } else {
                out.add(new Choice(r.path(), List.of(r.path()), GgufQuant.of(name), r.size()));
            }
        }
        split.values().forEach(parts -> grouped(parts, out, aside));
        out.sort(Comparator.comparing(Choice::file, String.CASE_INSENSITIVE_ORDER));
        return new GgufListing(f.modelId(), f.revision(), f.commit(), out, aside);
    }

    /** One split model's parts as one choice, or set aside when a part is missing. */
    private static void grouped(List<HubClient.RepoFile> parts, List<Choice> out, List<String> aside) {
        parts.sort(Comparator.comparing(HubClient.RepoFile::path));
        Matcher first = GgufSplit.PART.matcher(parts.get(0).path());
        first.matches();
        int n = Integer.parseInt(first.group(3));
        List<String> names = new ArrayList<>();
        long bytes = 0;
        for (int i = 1; i <= n; i++) {
            String want = String.format(Locale.ROOT, "%s-%05d-of-%05d.gguf", first.group(1), i, n);
            HubClient.RepoFile p = parts.stream().filter(x -> x.path().equals(want)).findFirst().orElse(null);
            if (p == null) {
                aside.add(first.group(1) + " (" + n + " parts): part " + i + " of " + n + ", " + want + ", is not in the repository");
                return;
            }
            names.add(want);
            bytes = bytes < 0 || p.size() < 0 ? -1 : Math.addExact(bytes, p.size());
        }
        String base = names.get(0).substring(names.get(0).lastIndexOf('/') + 1);
        out.add(new Choice(names.get(0), names, GgufQuant.of(base), bytes));
    }
}
