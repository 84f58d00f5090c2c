package org.vramsheet.core.sheet;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Named variants of one sheet (A, B, C... or "BF16", "FP8"): each differs from the others in any inputs. The sheet's
 * own sections are the active variant's inputs; every other variant is kept here whole. So there is one copy of each
 * variant's inputs, and whatever reads the sheet (calculation, undo, save, fingerprint, reports) sees all of them.
 *
 * <p>Invariants, checked on construction (a file breaking one is refused with the reason): either no variants at all,
 * or at least two with distinct non-blank names of at most {@link #MAX_NAME} characters, exactly one of them, named
 * {@code active}, without a sheet (it is the sheet itself) and every other with one. A stored sheet carries no
 * sign-off and no variants of its own: the sign-off is the document's, not a variant's.
 *
 * @param active the name of the variant the sheet's sections hold; empty when there are no variants
 * @param list   every variant in the order they are shown, the active one included (its sheet null)
 */
public record Variants(String active, List<Variant> list) {
    public static final int MAX_NAME = 40;
    public static final int MAX_VARIANTS = 12;

    /** One variant: its name and, unless it is the active one, its inputs. */
    public record Variant(String name, Worksheet sheet) {
        public Variant {
            name = name == null ? "" : name.strip();
            sheet = sheet == null ? null : inputsOf(sheet);
        }
    }

    public Variants {
        active = active == null ? "" : active.strip();
        list = list == null ? List.of() : List.copyOf(list);
        String problem = problem(active, list);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    public static Variants none() { return new Variants("", List.of()); }

    public boolean isEmpty() { return list.isEmpty(); }

    /** The names in their order. */
    public List<String> names() { return list.stream().map(Variant::name).toList(); }

    private static String problem(String active, List<Variant> list) {
        if (list.isEmpty()) {
            return active.isEmpty() ? null : "active variant '" + active + "' is not in the list (it is empty)";
        }
        if (list.size() < 2) {
            return "a sheet has no variants or at least two (the list has one)";
        }
        if (list.size() > MAX_VARIANTS) {
            return "at most " + MAX_VARIANTS + " (the list has " + list.size() + ")";
        }
        Set<String> seen = new HashSet<>();
        for (Variant v : list) {
            String bad = nameProblem(v.name());
            if (bad != null) {
                return bad;
            }
            if (!seen.add(v.name())) {
                return "two variants are named '" + v.name() + "'";
            }
        }
        if (!seen.contains(active)) {
            return "active variant '" + active + "' is not in the list";
        }
        for (Variant v : list) {
            boolean isActive = v.name().equals(active);
            if (isActive && v.sheet() != null) {
                return "the active variant '" + active + "' is the sheet itself and stores no sheet";
            }
            if (!isActive && v.sheet() == null) {
                return "variant '" + v.name() + "' has no sheet";
            }
        }
        return null;
    }

    /** Why a name cannot name a variant, or null when it can. */
    public static String nameProblem(String name) {
        if (name == null || name.isBlank()) {
            return "the name of a variant must not be empty";
        }
        if (name.strip().length() > MAX_NAME) {
            return "the name of a variant has at most " + MAX_NAME + " characters ('" + name.strip().substring(0, 12) + "...' has "
                    + name.strip().length() + ")";
        }
        if (name.chars().anyMatch(Character::isISOControl)) {
            return "the name of a variant must not hold control characters";
        }
        return null;
    }

    /** A sheet's inputs as a variant keeps them: no sign-off, no variants. */
    public static Worksheet inputsOf(Worksheet ws) {
        return new Worksheet(ws.model(), ws.weights(), ws.kv(), ws.workloads(), ws.runtime(), ws.gpu(), ws.validation(),
                ws.result(), SignOff.draft(), none());
    }

    /** Every variant with its full inputs, in order (the active one read from the sheet); one entry when there are none. */
    public static List<Variant> all(Worksheet ws) {
        Variants vs = ws.variants();
        if (vs.isEmpty()) {
            return List.of(new Variant("", ws));
        }
        return vs.list().stream().map(v -> v.sheet() == null ? new Variant(v.name(), ws) : v).toList();
    }

    /** The first unused of A, B, C... (then A2, B2...). */
    public static String nextName(Worksheet ws) {
        Set<String> used = new HashSet<>(ws.variants().names());
        for (int round = 1; ; round++) {
            for (char c = 'A'; c <= 'Z'; c++) {
                String n = round == 1 ? String.valueOf(c) : c + String.valueOf(round);
                if (!used.contains(n) && (!ws.variants().isEmpty() || !n.equals("A"))) {
                    return n;
                }
            }
        }
    }

    /**
     * A copy of the current inputs as a new variant named {@code name}, made active (it is what you edit next). With no
     * variants yet, the current inputs become variant "A" first.
     */
    public static Worksheet add(Worksheet ws, String name) {
        String n = name == null ? "" : name.strip();
        if (nameProblem(n) != null) {
            throw new IllegalArgumentException(nameProblem(n));
        }
        List<Variant> out = new ArrayList<>();
        for (Variant v : all(ws)) {
            String keep = v.name().isEmpty() ? "A" : v.name();
            if (keep.equals(n)) {
                throw new IllegalArgumentException("a variant is already named '" + n + "'");
            }
            out.add(new Variant(keep, v.sheet()));
        }
        if (out.size() >= MAX_VARIANTS) {
            throw new IllegalArgumentException("a sheet holds at most " + MAX_VARIANTS + " variants");
        }
        out.add(new Variant(n, ws));
        return arrange(ws, out, n);
    }

    /** The sheet showing variant {@code name} (its inputs in the sections; the one shown before kept whole). */
    public static Worksheet switchTo(Worksheet ws, String name) {
        List<Variant> all = all(ws);
        if (all.stream().noneMatch(v -> v.name().equals(name))) {
            throw new IllegalArgumentException("no variant is named '" + name + "'");
        }
        return arrange(ws, all, name);
    }

    /** Renames one variant (its place and inputs stay). */
    public static Worksheet rename(Worksheet ws, String from, String to) {
        String n = to == null ? "" : to.strip();
        if (nameProblem(n) != null) {
            throw new IllegalArgumentException(nameProblem(n));
        }
        if (!n.equals(from) && ws.variants().names().contains(n)) {
            throw new IllegalArgumentException("a variant is already named '" + n + "'");
        }
        List<Variant> out = new ArrayList<>();
        for (Variant v : all(ws)) {
            out.add(v.name().equals(from) ? new Variant(n, v.sheet()) : v);
        }
        if (!ws.variants().names().contains(from)) {
            throw new IllegalArgumentException("no variant is named '" + from + "'");
        }
        return arrange(ws, out, ws.variants().active().equals(from) ? n : ws.variants().active());
    }

    /**
     * Deletes one variant. Deleting the one shown shows its neighbour; when one variant is left, the sheet is that
     * variant alone (no variants).
     */
    public static Worksheet remove(Worksheet ws, String name) {
        List<Variant> all = new ArrayList<>(all(ws));
        int at = all.stream().map(Variant::name).toList().indexOf(name);
        if (at < 0) {
            throw new IllegalArgumentException("no variant is named '" + name + "'");
        }
        all.remove(at);
        String show = ws.variants().active().equals(name) ? all.get(Math.min(at, all.size() - 1)).name() : ws.variants().active();
        return arrange(ws, all, show);
    }

    /** The sheet whose sections are {@code show}'s inputs, keeping the sign-off, with the others stored. */
    private static Worksheet arrange(Worksheet ws, List<Variant> all, String show) {
        Worksheet shown = all.stream().filter(v -> v.name().equals(show)).findFirst().orElseThrow().sheet();
        Variants vs = all.size() < 2 ? none()
                : new Variants(show, all.stream().map(v -> new Variant(v.name(), v.name().equals(show) ? null : v.sheet())).toList());
        return new Worksheet(shown.model(), shown.weights(), shown.kv(), shown.workloads(), shown.runtime(), shown.gpu(),
                shown.validation(), shown.result(), ws.signOff(), vs);
    }
}
