package org.vramsheet.ui;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The window's words in one language: English as written in the code, or a translation read from
 * {@code texts_LANG.txt} (lines "English<TAB>translation"); numbers shown for the language (Russian:
 * a non-breaking space between thousands and a decimal comma). One instance per window.
 */
public final class Texts {
    public static final Texts ENGLISH = new Texts("en", Map.of());
    private static final Pattern GROUP = Pattern.compile("(\\d),(\\d{3})");
    private static final Pattern DECIMAL = Pattern.compile("(\\d)\\.(\\d)");
    private final String language;
    private final Map<String, String> words;

    private Texts(String language, Map<String, String> words) {
        this.language = language;
        this.words = words;
    }

    /** "ru" or "en"; another language falls back to English. */
    public static Texts of(String language) {
        if (!"ru".equals(language)) {
            return ENGLISH;
        }
        Map<String, String> m = new HashMap<>();
        try (InputStream in = Texts.class.getResourceAsStream("texts_ru.txt");
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                int tab = line.indexOf('\t');
                if (tab > 0 && !line.startsWith("#")) {
                    m.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Texts("ru", Map.copyOf(m));
    }

    /** The system's language when it is one the window speaks. */
    public static String systemLanguage() {
        return "ru".equals(Locale.getDefault().getLanguage()) ? "ru" : "en";
    }

    public String language() { return language; }

    /** The translation of an English text, or the text itself. */
    public String t(String english) {
        return words.getOrDefault(english, english);
    }

    /** A shown value: numbers written for the language, unit words translated. */
    public String value(String english) {
        if (words.isEmpty() || english == null) {
            return english;
        }
        String s = english;
        // longer phrases first, so that "concurrent sequences" is not taken apart by "sequences"
        for (String w : new String[] {"max concurrency unavailable", "concurrent sequences", "KV per sequence: ", "of pool",
            "unavailable", "sequences", "tokens", "blocks", "params", "GPUs", "replicas", "margin ", "short by ", "of "}) {
            String tr = words.get(w);
            if (tr != null) {
                s = s.replace(w, tr);
            }
        }
        if (s.equals("yes") || s.equals("no")) {
            s = words.getOrDefault(s, s);
        }
        s = GROUP.matcher(s).replaceAll("$1\u00a0$2");
        s = GROUP.matcher(s).replaceAll("$1\u00a0$2");
        return DECIMAL.matcher(s).replaceAll("$1,$2");
    }
}
