package org.vramsheet.io.hub;

import java.util.regex.Pattern;

/** What a Hub model ID is: an owner (or none, for the few old top-level models), a slash, a name. */
final class HubIds {
    private static final Pattern MODEL_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9._-]+)?");

    private HubIds() { }

    static boolean isModelId(String id) { return MODEL_ID.matcher(id).matches(); }

    /** Why a text is not a Hub model ID, or null when it is one. */
    static String problem(String text) {
        String id = text == null ? "" : text.strip();
        if (id.isEmpty()) {
            return "give a model ID such as meta-llama/Llama-3.1-8B-Instruct";
        }
        if (id.startsWith("http://") || id.startsWith("https://")) {
            return "a page address, not a model ID: give org/name (the part after huggingface.co/)";
        }
        if (id.chars().anyMatch(Character::isWhitespace)) {
            return "a model ID has no spaces (org/name)";
        }
        if (id.endsWith("/") || id.chars().filter(c -> c == '/').count() > 1) {
            return "a model ID is org/name: one slash, a name after it";
        }
        return isModelId(id) ? null
                : "a model ID holds letters, digits, '.', '_' and '-' only, and starts with a letter or digit";
    }
}
