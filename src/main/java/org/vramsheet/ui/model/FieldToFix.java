package org.vramsheet.ui.model;

import java.util.HashMap;
import java.util.Map;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;

/**
 * The input to fix for an unavailable figure, by exact lookups, never a search in the reason's text: an explicit map
 * from each reason an input problem gives (SizingCalculator's two forms) to the problem's field, then from the field
 * to the form's input for it.
 */
final class FieldToFix {
    /** Issue fields whose input in the form has another key; every other issue field is its own input's key. */
    static final Map<String, String> INPUT_OF_ISSUE = Map.of("runtime.cacheImplementation", "runtime.cache");

    private FieldToFix() { }

    /** The form's input for an issue's field. */
    static String inputOf(String issueField) {
        return INPUT_OF_ISSUE.getOrDefault(issueField, issueField);
    }

    /** The input whose problem made {@code f} unavailable, else the first input problem's; null when there is none. */
    static String of(Figure f, SizingResult r) {
        String field = reasons(r).get(f.reason());
        if (field == null && !r.issues().isEmpty()) {
            field = r.issues().get(0).field();
        }
        return field == null ? null : inputOf(field);
    }

    /**
     * Every reason an input problem gives a figure, to the problem's field: the problem's own text for a figure it blocks,
     * and "needs LABEL: text" for a figure that needs one of those (Calc.missing keeps the first "needs" of a chain).
     */
    static Map<String, String> reasons(SizingResult r) {
        Map<String, String> direct = new HashMap<>();
        for (Issue i : r.issues()) {
            direct.putIfAbsent(i.text(), i.field());
        }
        Map<String, String> out = new HashMap<>(direct);
        for (Figure g : r.figures().values()) {
            String field = g.available() ? null : direct.get(g.reason());
            if (field != null) {
                out.putIfAbsent("needs " + g.label() + ": " + g.reason(), field);
            }
        }
        return out;
    }
}
