package org.vramsheet.core.input;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.sheet.Validation;

/** Validation issues by field key; the calculator asks it which results a bad field blocks. */
public final class Issues {
    private final Map<String, Issue> byField = new LinkedHashMap<>();

    /** Records a problem the form found before the sheet existed (text that is not a number). */
    public void add(String field, String message) {
        byField.putIfAbsent(field, new Issue(field, Fields.label(field), message));
    }

    /**
     * Checks the declared min <= v <= max (an absent value is valid) and records "must be from MIN to MAX" otherwise;
     * true when the field is valid. The validators of the engine-specific inputs share it.
     */
    public boolean inDeclaredRange(String field, Number v) {
        InputDecl d = Inputs.get(field);
        if (v == null) {
            return true;
        }
        long n = v.longValue();
        if (n < d.min() || n > d.max()) {
            add(field, "must be from " + d.min() + " to " + d.max() + " (got " + n + ")");
            return false;
        }
        return true;
    }

    public List<Issue> all() { return Collections.unmodifiableList(new ArrayList<>(byField.values())); }

    public boolean isEmpty() { return byField.isEmpty(); }

    public Issue get(String field) { return byField.get(field); }

    /**
     * The first issue among the given fields, as a reason text, or null when all are valid.
     * A field ending in ".*" matches every field under that prefix.
     */
    public String blocking(String... fields) {
        for (String f : fields) {
            if (f.endsWith(".*")) {
                String prefix = f.substring(0, f.length() - 1);
                for (Issue i : byField.values()) {
                    if (i.field().startsWith(prefix)) {
                        return i.text();
                    }
                }
            } else {
                Issue i = byField.get(f);
                if (i != null) {
                    return i.text();
                }
            }
        }
        return null;
    }
}
