package org.vramsheet.core.input;

import java.util.HashMap;
import java.util.Map;

/** Human labels of every input field key, "SECTION › Field", used in messages and reports; read from {@link Inputs}. */
public final class Fields {
    /** Keys of the form's single window group (one field each) to the declared window-group field they edit. */
    private static final Map<String, String> FORM_KEYS = Map.of("kv.windowTokens", "kv.windows[].window",
            "kv.windowKvHeads", "kv.windows[].kvHeads", "kv.windowHeadDim", "kv.windows[].headDim");
    private static final Map<String, String> LABELS = new HashMap<>();

    static {
        for (InputDecl d : Inputs.all()) {
            LABELS.put(d.key(), d.fieldLabel());
        }
        FORM_KEYS.forEach((form, decl) -> LABELS.put(form, Inputs.get(decl).fieldLabel()));
    }

    private Fields() { }

    public static String label(String key) { return LABELS.getOrDefault(key, key); }
}
