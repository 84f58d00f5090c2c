package org.vramsheet.core.validation;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a model ID's last path part says about the model: its family (the first word, "llama" in
 * "Meta-Llama-3.1-70B-Instruct" is one of its words) and its parameter sizes ("70B", "1.5B", "8x7B", "135M"; "A3B" is the
 * active size of an MoE). Two names are of different models when neither's family is among the other's words, or when
 * both give a size and the sizes differ; a name without a size says nothing about it.
 *
 * @param family the first word of two letters or more, lowercased ("qwen" for "Qwen2.5-7B-Instruct")
 * @param words  every word of two letters or more, lowercased
 * @param size   the total parameter count the name gives, or null
 * @param active the active parameter count of an MoE ("A3B"), or null
 */
record ModelName(String family, Set<String> words, Double size, Double active) {
    private static final Pattern WORD = Pattern.compile("[a-z]{2,}");
    private static final Pattern SIZE = Pattern.compile("(?<![a-z0-9.])(a)?(?:(\\d+)x)?(\\d+(?:\\.\\d+)?)([bm])(?![a-z0-9])");

    /** The name of a model ID ("org/name" or a local path: its last part). */
    static ModelName of(String id) {
        String tail = id.substring(Math.max(id.lastIndexOf('/'), id.lastIndexOf('\\')) + 1).toLowerCase(Locale.ROOT);
        Set<String> words = new LinkedHashSet<>();
        Matcher w = WORD.matcher(tail);
        while (w.find()) {
            words.add(w.group());
        }
        Double size = null;
        Double active = null;
        Matcher s = SIZE.matcher(tail);
        while (s.find()) {
            double n = Double.parseDouble(s.group(3)) * (s.group(2) == null ? 1 : Integer.parseInt(s.group(2)))
                    * (s.group(4).equals("b") ? 1e9 : 1e6);
            if (s.group(1) != null) {
                active = active == null ? n : active;
            } else if (size == null) {
                size = n;
            }
        }
        return new ModelName(words.isEmpty() ? "" : words.iterator().next(), Set.copyOf(words), size, active);
    }

    /** Whether the two names are of different models (another family, or another size). */
    boolean differs(ModelName o) {
        boolean families = !family.isEmpty() && !o.family.isEmpty() && !words.contains(o.family) && !o.words.contains(family);
        return families || differ(size, o.size) || differ(active, o.active);
    }

    private static boolean differ(Double a, Double b) {
        return a != null && b != null && Math.abs(a - b) > 1e-6 * Math.max(a, b);
    }
}
