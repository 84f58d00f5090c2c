package org.vramsheet.io.logs;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * vLLM's "non-default args: {...}" line, a Python dict as repr prints it: only its top-level keys. A nested dict is a
 * value, not more keys: {@code 'speculative_config': {'model': DRAFT, 'max_model_len': N}} names the draft model and
 * its own length, never the served model's. One pass over the line, quotes and brackets tracked (no regex).
 */
final class VllmArgs {
    static final String MARKER = "non-default args: {";

    private VllmArgs() { }

    /** The top-level keys and their values as printed (a quoted string without its quotes), or null without a whole dict. */
    static Map<String, String> topLevel(String line) {
        int at = line.indexOf(MARKER);
        if (at < 0) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        int depth = 0;
        char quote = 0;
        int item = at + MARKER.length();
        for (int i = item; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            switch (c) {
                case '\'', '"' -> quote = c;
                case '{', '[', '(' -> depth++;
                case ']', ')' -> depth = Math.max(0, depth - 1);
                case '}' -> {
                    if (depth == 0) {
                        item(line.substring(item, i), out);
                        return out;
                    }
                    depth--;
                }
                case ',' -> {
                    if (depth == 0) {
                        item(line.substring(item, i), out);
                        item = i + 1;
                    }
                }
                default -> { }
            }
        }
        return null; // cut short: a value at the end may be cut too, so none is read
    }

    /** One "'key': value" of the top level; anything else is ignored. */
    private static void item(String text, Map<String, String> out) {
        String t = text.strip();
        if (t.length() < 3 || t.charAt(0) != '\'') {
            return;
        }
        int close = t.indexOf('\'', 1);
        if (close < 0) {
            return;
        }
        String key = t.substring(1, close);
        String rest = t.substring(close + 1).stripLeading();
        if (!key.matches("\\w{1,64}") || !rest.startsWith(":")) {
            return;
        }
        String value = rest.substring(1).strip();
        if (value.length() >= 2 && (value.charAt(0) == '\'' || value.charAt(0) == '"')
                && value.charAt(value.length() - 1) == value.charAt(0)) {
            value = value.substring(1, value.length() - 1);
        }
        out.put(key, value);
    }
}
