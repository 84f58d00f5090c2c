package org.vramsheet.ui.text;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ResourceBundle;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.Inputs;

/**
 * The window's words in one language: English as written in the code (and in the core's figures and
 * messages), or the translation from the resource bundle {@code org.vramsheet.ui.texts} for the
 * language ({@code texts_ru.txt}: lines "English<TAB>translation", read through {@link Bundles}).
 *
 * <p>Messages with numbers in them ("7 KV heads do not divide 64 attention heads") are looked up by
 * their template: every number and every 'quoted' part becomes {0}, {1}, ... in order, so the bundle
 * holds "{0} KV heads do not divide {1} attention heads", and the translation may reorder them.
 * Numbers are shown for the language (Russian: a non-breaking space between thousands and a decimal
 * comma). One instance per window.
 */
public final class Texts {
    public static final Texts ENGLISH = new Texts("en", Map.of());
    private static final Pattern GROUP = Pattern.compile("(\\d),(\\d{3})");
    private static final Pattern DECIMAL = Pattern.compile("(\\d)\\.(\\d)");
    /**
     * A number (grouped, decimal, a dotted version, or in scientific notation as the estimate prints a tiny one: "9.98e-04")
     * not glued to a word, a llama.cpp build ("b5050"), or a 'quoted' part.
     */
    private static final Pattern ARG = Pattern.compile(
            "'[^']*'|(?<![A-Za-z_\\d.])b\\d{3,}(?![A-Za-z_\\d])|(?<![A-Za-z_\\d.])\\d(?:\\d|,(?=\\d{3}))*(?:\\.\\d+)*"
                    + "(?:e[-+]\\d+)?(?![A-Za-wyz_\\d])");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(\\d+)}");
    /** "needs Estimated weight payload: WEIGHTS › Parameter count (total): is required". */
    private static final Pattern NEEDS = Pattern.compile("needs (.+?): ([A-Z][A-Z /-]* › .*)");
    /** "KV ARCHITECTURE › KV heads: must be greater than zero", or the field alone. */
    private static final Pattern FIELD = Pattern.compile("([A-Z][A-Z /-]*) › ([^:]+?)(?:: (.*))?");
    /** A likely cause with what is left once it is corrected: "CAUSE — corrected, the gap goes from -50.1 % to +0.4 %". */
    private static final Pattern RESIDUAL = Pattern.compile("(.+) — (corrected, the gap goes from) ([+-][\\d.,]+ %) to ([+-][\\d.,]+ %)");
    private static final String RESIDUAL_KEY = "corrected, the gap goes from {0} to {1}";
    /** "Heavy: fits the KV pool". */
    private static final Pattern SCENARIO = Pattern.compile("(Typical|Heavy|Limit): (.*)");
    /** "..., measured on another setup: model: a → b; weights: x → y, so it is not used" (core/calc StaleMeasurements). */
    private static final Pattern STALE = Pattern.compile("(.*?measured on another setup:) (.+?)(, so it is not used| \\(not compared\\))?");
    /** One change of a setup, "weights: 17.21 GiB → 131.42 GiB": its name translates, the values are shown as they are. */
    private static final Pattern CHANGE = Pattern.compile("([^:;→]+): ([^;]*?) → ([^;]*)");
    /** Numbers, units and symbols only: nothing to translate. */
    private static final Pattern NO_WORDS = Pattern.compile(
            "(\\{\\d+}|[^A-Za-z]|\\b(x|B|KiB|MiB|GiB|TiB|KB|MB|GB|TB|min|max|TP|PP|DP|KV|L|H|D|ceil|floor)\\b)*");
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
        ResourceBundle b = ResourceBundle.getBundle("org.vramsheet.ui.texts", Locale.forLanguageTag(language),
                Texts.class.getClassLoader(), new Bundles());
        Map<String, String> m = new HashMap<>();
        for (String k : Collections.list(b.getKeys())) {
            m.put(k, b.getString(k));
        }
        for (InputDecl d : Inputs.all()) {
            m.put(d.label(), d.labelRu()); // an input's Russian label is declared with it
        }
        for (InputDecl.Section s : InputDecl.Section.values()) {
            m.put(s.title(), s.titleRu());
        }
        return new Texts(language, Map.copyOf(m));
    }

    /** The system's language when it is one the window speaks. */
    public static String systemLanguage() {
        return "ru".equals(Locale.getDefault().getLanguage()) ? "ru" : "en";
    }

    public String language() { return language; }

    /** True when numbers are typed and shown with a decimal comma (and spaces between thousands). */
    public boolean decimalComma() { return "ru".equals(language); }

    /** The translation of an English text, or the text itself. */
    public String t(String english) {
        return words.getOrDefault(english, english);
    }

    /**
     * The parts of a text that have no translation, as templates (empty when all of it translates).
     * The coverage test asks this of every text the core can produce.
     */
    public List<String> untranslated(String english) {
        List<String> missed = new ArrayList<>();
        translate(english, missed);
        return missed;
    }

    /**
     * A sentence from the core (a validation message, a reason, a formula, an assumption): translated
     * whole, or by its template with the numbers put back written for the language; untranslated
     * text keeps its words and gets the language's numbers. Composed texts are taken apart first:
     * "needs FIGURE: SECTION › Field: message" and "Heavy: figure name".
     */
    public String message(String english) {
        if (words.isEmpty() || english == null || english.isEmpty()) {
            return english;
        }
        return translate(english, null);
    }

    /** A status, error or dialog text translated line by line (a technical detail line keeps its words). */
    public String lines(String text) {
        if (text == null || words.isEmpty()) {
            return text;
        }
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            b.append(b.length() == 0 ? "" : "\n").append(message(line));
        }
        return b.toString();
    }

    private String translate(String english, List<String> missed) {
        if (english == null || english.isEmpty()) {
            return english;
        }
        String exact = words.get(english);
        if (exact != null) {
            return exact;
        }
        Matcher m = RESIDUAL.matcher(english);
        if (m.matches()) {
            String tpl = words.get(RESIDUAL_KEY);
            if (tpl == null && missed != null) {
                missed.add(RESIDUAL_KEY);
            }
            return translate(m.group(1), missed) + " — " + (tpl == null ? RESIDUAL_KEY : tpl)
                    .replace("{0}", numbers(m.group(3))).replace("{1}", numbers(m.group(4)));
        }
        m = NEEDS.matcher(english);
        if (m.matches()) {
            return t("needs") + " " + translate(m.group(1), missed) + ": " + translate(m.group(2), missed);
        }
        m = FIELD.matcher(english);
        if (m.matches()) {
            return translate(m.group(1), missed) + " › " + translate(m.group(2), missed)
                    + (m.group(3) == null ? "" : ": " + translate(m.group(3), missed));
        }
        m = SCENARIO.matcher(english);
        if (m.matches()) {
            return translate(m.group(1), missed) + ": " + translate(m.group(2), missed);
        }
        m = STALE.matcher(english);
        if (m.matches()) {
            return translate(m.group(1), missed) + " " + changes(m.group(2), missed)
                    + (m.group(3) == null ? "" : m.group(3).startsWith(",") ? ", " + translate(m.group(3).substring(2), missed)
                    : " " + translate(m.group(3).trim(), missed));
        }
        if (CHANGE.matcher(english.split("; ")[0]).matches()) {
            return changes(english, missed);
        }
        List<String> args = new ArrayList<>();
        String key = template(english, args);
        String tpl = words.get(key);
        if (tpl == null) {
            if (missed != null && !NO_WORDS.matcher(key).matches()) {
                missed.add(key);
            }
            return numbers(english);
        }
        Matcher p = PLACEHOLDER.matcher(tpl);
        StringBuilder out = new StringBuilder();
        while (p.find()) {
            int i = Integer.parseInt(p.group(1));
            p.appendReplacement(out, Matcher.quoteReplacement(i < args.size() ? arg(args.get(i), missed) : p.group()));
        }
        p.appendTail(out);
        return out.toString();
    }

    /** Changes of a setup joined by "; ": each name translated, each value with its numbers written for the language. */
    private String changes(String list, List<String> missed) {
        StringBuilder b = new StringBuilder();
        for (String c : list.split("; ")) {
            Matcher m = CHANGE.matcher(c);
            b.append(b.length() == 0 ? "" : "; ").append(m.matches() ? translate(m.group(1).trim(), missed) + ": "
                    + numbers(m.group(2)) + " → " + numbers(m.group(3)) : translate(c, missed));
        }
        return b.toString();
    }

    /** "{0} KV heads do not divide {1} attention heads" for "7 KV heads do not divide 64 attention heads". */
    static String template(String english, List<String> args) {
        Matcher m = ARG.matcher(english);
        StringBuilder key = new StringBuilder();
        int last = 0;
        int n = 0;
        while (m.find()) {
            key.append(english, last, m.start()).append('{').append(n++).append('}');
            if (args != null) {
                args.add(m.group());
            }
            last = m.end();
        }
        return key.append(english, last, english.length()).toString();
    }

    /** A shown value: numbers written for the language, unit words translated. */
    public String value(String english) {
        if (words.isEmpty() || english == null) {
            return english;
        }
        String s = russianCounts(english);
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
        return numbers(s);
    }

    private static final Pattern COUNTED = Pattern.compile(
            "(\\d[\\d,]*(?:\\.\\d+)?) (concurrent )?(sequences?|tokens?|replicas?|blocks?)\\b");
    private static final Map<String, String[]> RU_FORMS = Map.of(
            "sequence", new String[] {"последовательность", "последовательности",
                    "последовательностей"},
            "token", new String[] {"токен", "токена", "токенов"},
            "replica", new String[] {"реплика", "реплики", "реплик"},
            "block", new String[] {"блок", "блока", "блоков"});

    /** "1 sequence", "183 sequences", "0.50 sequences" in Russian's three forms (1, 2-4, 5+; a fraction takes the second). */
    static String russianCounts(String english) {
        Matcher m = COUNTED.matcher(english);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            String num = m.group(1);
            String word = m.group(3).endsWith("s") ? m.group(3).substring(0, m.group(3).length() - 1) : m.group(3);
            String[] forms = RU_FORMS.get(word);
            int form;
            if (num.contains(".")) {
                form = 1;
            } else {
                long n = Long.parseLong(num.replace(",", "")) % 100;
                form = n % 10 == 1 && n != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n < 12 || n > 14) ? 1 : 2;
            }
            String adj = m.group(2) == null ? "" : new String[] {"параллельная ", "параллельные ",
                    "параллельных "}[form];
            m.appendReplacement(b, Matcher.quoteReplacement(num + " " + adj + forms[form]));
        }
        m.appendTail(b);
        return b.toString();
    }

    /** Every grouped or decimal number in a text written for the language. */
    public String numbers(String s) {
        return decimalComma() ? commaStyle(s) : s;
    }

    /** "141,107,412,992 B" -> "141 107 412 992 B" (non-breaking spaces), "79.19 GiB" -> "79,19 GiB". */
    public static String commaStyle(String s) {
        if (s == null) {
            return null;
        }
        s = GROUP.matcher(s).replaceAll("$1\u00a0$2");
        s = GROUP.matcher(s).replaceAll("$1\u00a0$2");
        return DECIMAL.matcher(s).replaceAll("$1,$2");
    }

    /**
     * One placeholder's text: a plain number for the language; the latency estimate's quoted utilization source
     * translated ({@link SourceText}); a version or another quoted text (a name, a path) as it is.
     */
    private String arg(String arg, List<String> missed) {
        if (SourceText.START.matcher(arg).lookingAt() && arg.endsWith("'")) {
            return SourceText.translate(this, arg, missed);
        }
        return PLAIN_NUMBER.matcher(arg).matches() ? numbers(arg) : arg;
    }

    /** A part of a composed text, translated as {@link #message} does, its misses added to {@code missed} (may be null). */
    String part(String english, List<String> missed) {
        return translate(english, missed);
    }

    /** A template's translation (or the template itself, a miss) with its {0}, {1}, ... filled in. */
    String fill(String key, List<String> missed, String... args) {
        String tpl = words.get(key);
        if (tpl == null) {
            if (missed != null) {
                missed.add(key);
            }
            tpl = key;
        }
        for (int i = 0; i < args.length; i++) {
            tpl = tpl.replace("{" + i + "}", args[i]);
        }
        return tpl;
    }

    /**
     * Reads {@code texts_LANG.txt} bundles: UTF-8 lines "English<TAB>translation" (readable and
     * diffable, unlike escaped .properties keys); "#" starts a comment line. The base bundle is empty:
     * English is the code's own text.
     */
    static final class Bundles extends ResourceBundle.Control {
        @Override
        public List<String> getFormats(String baseName) {
            return List.of("tsv");
        }

        @Override
        public Locale getFallbackLocale(String baseName, Locale locale) {
            return null; // not the system's language: the base bundle (English)
        }

        @Override
        public ResourceBundle newBundle(String baseName, Locale locale, String format, ClassLoader loader,
                                        boolean reload) throws IOException {
            String name = toResourceName(toBundleName(baseName, locale), "txt");
            Map<String, String> m = new HashMap<>();
            try (InputStream in = loader.getResourceAsStream(name)) {
                if (in == null) {
                    return locale.equals(Locale.ROOT) ? new MapBundle(Map.of()) : null;
                }
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                String line;
                while ((line = r.readLine()) != null) {
                    int tab = line.indexOf('\t');
                    if (tab > 0 && !line.startsWith("#")) {
                        m.put(line.substring(0, tab), line.substring(tab + 1));
                    }
                }
            }
            return new MapBundle(m);
        }
    }

    private static final class MapBundle extends ResourceBundle {
        private final Map<String, String> m;

        MapBundle(Map<String, String> m) { this.m = m; }

        @Override
        protected Object handleGetObject(String key) { return m.get(key); }

        @Override
        public Enumeration<String> getKeys() {
            List<String> keys = new ArrayList<>(m.keySet());
            if (parent != null) {
                keys.addAll(Collections.list(parent.getKeys()));
            }
            return Collections.enumeration(keys);
        }
    }
}
