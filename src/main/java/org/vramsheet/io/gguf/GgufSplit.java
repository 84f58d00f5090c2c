package org.vramsheet.io.gguf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A model in one GGUF file or split into parts the way llama.cpp's {@code gguf-split} writes them:
 * {@code NAME-00001-of-00003.gguf} ({@code llama_split_path}: "%s-%05d-of-%05d.gguf", parts numbered from 1), each
 * part a GGUF file with {@code split.no} (0 for the first), {@code split.count} and, in the first,
 * {@code split.tensors.count}. The parts are merged as llama.cpp's {@code llama_model_loader} merges them: the first
 * part's metadata, every part's tensors in part order (each with its {@link GgufTensor#part()}), a tensor name in two
 * parts refused ("tensor is duplicated"), a part whose {@code split.no} is not its place refused ("invalid split file
 * idx"), and the tensors counted against {@code split.tensors.count} ("corrupted model: N tensors expected but M
 * found"). A missing part is named.
 */
public final class GgufSplit {
    /** A part's file name: prefix, part number (from 1), part count. */
    static final Pattern PART = Pattern.compile("(.+)-(\\d{5})-of-(\\d{5})\\.gguf");
    static final String NO = "split.no";
    static final String COUNT = "split.count";
    static final String TENSORS = "split.tensors.count";

    /** Reads one part by its file name (the same folder as the first), as part {@code index} (from 0). */
    interface Parts {
        GgufFile read(String fileName, int index) throws IOException;
    }

    private GgufSplit() { }

    /**
     * A .gguf file (any part of a split model reads all its parts) or a folder holding one model: its .gguf files but
     * {@code mmproj*} projectors, one file or one set of parts; a folder with more is refused, naming them.
     */
    public static GgufFile read(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? only(path) : path;
        String name = file.getFileName().toString();
        if (!PART.matcher(name).matches() && !Files.isRegularFile(file)) {
            throw new GgufException("no file " + file);
        }
        Path dir = file.toAbsolutePath().getParent();
        return read(name, (part, i) -> GgufReader.read(dir.resolve(part), i), part -> Files.isRegularFile(dir.resolve(part)),
                dir.toString());
    }

    /** Whether a part exists, to name the missing one before reading any. */
    interface Exists {
        boolean test(String fileName) throws IOException;
    }

    /**
     * The model whose file (or one of whose parts) is {@code fileName}; {@code where} names the folder or repository
     * in messages. {@code exists} may be null (every part is then read and a missing one fails as it is read).
     */
    static GgufFile read(String fileName, Parts parts, Exists exists, String where) throws IOException {
        Matcher m = PART.matcher(fileName);
        if (!m.matches()) {
            GgufFile single = parts.read(fileName, 0);
            Long count = integer(single, COUNT);
            if (count != null && count > 1) {
                throw new GgufException(fileName + " has " + COUNT + " = " + count + " but its name does not end in "
                        + "-00001-of-" + String.format(Locale.ROOT, "%05d", count) + ".gguf: its other parts cannot be found");
            }
            return single;
        }
        int n = Integer.parseInt(m.group(3));
        if (n < 1 || Integer.parseInt(m.group(2)) > n || Integer.parseInt(m.group(2)) < 1) {
            throw new GgufException(fileName + " is not a part name llama.cpp writes (part 1 to " + n + " of " + n + ")");
        }
        List<String> names = new ArrayList<>();
        for (int k = 1; k <= n; k++) {
            names.add(String.format(Locale.ROOT, "%s-%05d-of-%05d.gguf", m.group(1), k, n));
        }
        if (exists != null) {
            for (int k = 0; k < n; k++) {
                if (!exists.test(names.get(k))) {
                    throw new GgufException("part " + (k + 1) + " of " + n + ", " + names.get(k) + ", is missing from "
                            + where);
                }
            }
        }
        List<GgufFile> read = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            read.add(parts.read(names.get(k), k));
        }
        return merge(read, names);
    }

    /** The parts, in order, as one file (the first part's metadata, every part's tensors). */
    static GgufFile merge(List<GgufFile> parts, List<String> names) throws GgufException {
        GgufFile first = parts.get(0);
        int n = parts.size();
        Long count = integer(first, COUNT);
        if (n == 1 && count == null) {
            return first;
        }
        if (count == null || count != n) {
            throw new GgufException(names.get(0) + (count == null ? " has no " + COUNT : " has " + COUNT + " = " + count)
                    + ", but its name says " + n + " parts");
        }
        List<GgufTensor> tensors = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int k = 0; k < n; k++) {
            Long no = integer(parts.get(k), NO);
            if (no == null || no != k) {
                throw new GgufException(names.get(k) + (no == null ? " has no " + NO : " has " + NO + " = " + no)
                        + ", but it is part " + (k + 1) + " (" + NO + " " + k + ")");
            }
            for (GgufTensor t : parts.get(k).tensors()) {
                if (!seen.add(t.name())) {
                    throw new GgufException("tensor " + GgufException.quote(t.name()) + " is in two parts (again in "
                            + names.get(k) + ")");
                }
                tensors.add(t);
            }
        }
        Long expected = integer(first, TENSORS);
        if (expected != null && expected != tensors.size()) {
            throw new GgufException(names.get(0) + " has " + TENSORS + " = " + expected + ", but the " + n + " parts hold "
                    + tensors.size() + " tensors");
        }
        return new GgufFile(first.version(), first.order(), first.metadata(), tensors, first.alignment(),
                first.source() + (n > 1 ? " and " + (n - 1) + " more part" + (n > 2 ? "s" : "") : ""));
    }

    /** An integer metadata value, null when absent; refused when the key holds something else. */
    static Long integer(GgufFile f, String key) throws GgufException {
        Object v = f.metadata().get(key);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Long)) {
            throw new GgufException(f.source() + ": " + key + " is " + GgufException.quote(String.valueOf(v))
                    + ", not an integer");
        }
        return (Long) v;
    }

    /** The one model in a folder. */
    private static Path only(Path dir) throws IOException {
        Map<String, Path> models = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.toList()) {
                String name = p.getFileName().toString();
                String lower = name.toLowerCase(Locale.ROOT);
                if (!lower.endsWith(".gguf") || lower.startsWith("mmproj") || !Files.isRegularFile(p)) {
                    continue;
                }
                Matcher m = PART.matcher(name);
                if (m.matches()) {
                    // any part stands for its model, read from its first part
                    models.put(m.group(1) + "-*-of-" + m.group(3) + ".gguf", p.resolveSibling(m.group(1) + "-00001-of-"
                            + m.group(3) + ".gguf"));
                } else {
                    models.put(name, p);
                }
            }
        }
        if (models.isEmpty()) {
            throw new GgufException("no .gguf model file in " + dir + " (vision projectors, mmproj*.gguf, are not models)");
        }
        if (models.size() > 1) {
            Set<String> list = new TreeSet<>(models.keySet());
            throw new GgufException(dir + " holds " + models.size() + " GGUF models (" + String.join(", ",
                    list.stream().limit(6).toList()) + (list.size() > 6 ? ", ..." : "") + "): give the file to read");
        }
        return models.values().iterator().next();
    }
}
