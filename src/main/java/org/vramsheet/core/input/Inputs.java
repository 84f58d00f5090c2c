package org.vramsheet.core.input;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.vramsheet.core.input.InputDecl.Section;
import org.vramsheet.core.input.InputDecl.Shown;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Every worksheet input, declared once ({@link InputDecl}), in the order the sheet shows them. Labels, the validator's
 * ranges, the importer's bounds, the JSON versions and the reports' rows and cells all read these declarations.
 */
public final class Inputs {
    private static final List<InputDecl> ALL;
    private static final Map<String, InputDecl> BY_KEY = new LinkedHashMap<>();

    static {
        List<InputDecl> all = new ArrayList<>(ModelInputs.all());
        all.addAll(RunInputs.all());
        ALL = List.copyOf(all);
        for (InputDecl d : ALL) {
            if (BY_KEY.put(d.key(), d) != null) {
                throw new IllegalStateException("declared twice: " + d.key());
            }
        }
    }

    private Inputs() { }

    public static List<InputDecl> all() { return ALL; }

    /** The declaration of a key; IllegalArgumentException for a key that is not an input. */
    public static InputDecl get(String key) {
        InputDecl d = BY_KEY.get(key);
        if (d == null) {
            throw new IllegalArgumentException("not a declared input: " + key);
        }
        return d;
    }

    /** The declaration of a key, or null. */
    public static InputDecl find(String key) { return BY_KEY.get(key); }

    /** The inputs of one section shown one way, in their order. */
    public static List<InputDecl> of(Section section, Shown shown) {
        return ALL.stream().filter(d -> d.section() == section && d.shown() == shown).toList();
    }

    /** The parts of a list input (a window group's fields), in their order. */
    public static List<InputDecl> parts(String listKey) {
        return ALL.stream().filter(d -> listKey.equals(d.parent())).toList();
    }

    /** The keys a schema version added (paths, "kv.windows[].kvHeads" for every window group). */
    public static List<String> addedIn(int version) {
        return ALL.stream().filter(d -> d.since() == version).map(InputDecl::key).toList();
    }

    /**
     * The input's value in a sheet, as the record holds it; for a PART the list of each item's value.
     */
    public static Object value(Worksheet ws, String key) {
        String[] path = key.split("\\.");
        Object v = ws;
        for (int i = 0; i < path.length; i++) {
            String name = path[i];
            if (name.endsWith("[]")) {
                List<?> items = (List<?>) read(v, name.substring(0, name.length() - 2));
                String rest = path[i + 1];
                return items.stream().map(x -> read(x, rest)).toList();
            }
            v = read(v, name);
            if (v == null) {
                return null; // a nested record not recorded (validation.setup): its fields are absent
            }
        }
        return v;
    }

    /**
     * Whether a file of an earlier schema version can hold the sheet: every key added since has the value its absence
     * means, and no input that may be empty only since then is empty.
     */
    public static boolean representable(Worksheet ws, int version) {
        for (InputDecl d : ALL) {
            Object v = value(ws, d.key());
            if (d.since() > version && !absent(d, v)) {
                return false;
            }
            if (d.emptySince() > version && v == null) {
                return false;
            }
        }
        return true;
    }

    private static boolean absent(InputDecl d, Object v) {
        if (d.shown() == Shown.PART) {
            return v == null || ((List<?>) v).stream().allMatch(x -> Objects.equals(x, d.defaultValue()));
        }
        return Objects.equals(v, d.defaultValue());
    }

    /** One component of a record by name ("kvHeads" of a window group). */
    static Object component(Object record, String name) { return read(record, name); }

    private static Object read(Object record, String component) {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            if (c.getName().equals(component)) {
                try {
                    return c.getAccessor().invoke(record);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("a record's accessor is public", e);
                }
            }
        }
        throw new IllegalArgumentException(record.getClass().getSimpleName() + " has no " + component);
    }
}
