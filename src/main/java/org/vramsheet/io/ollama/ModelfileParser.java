package org.vramsheet.io.ollama;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Reads a Modelfile as Ollama's parser does (parser/parser.go {@code ParseFile}): one command per line, case-insensitive
 * ({@code FROM, PARAMETER, ADAPTER, DRAFT, TEMPLATE, SYSTEM, LICENSE, MESSAGE, RENDERER, PARSER, REQUIRES}), {@code #}
 * comments, values in {@code "..."} or {@code """..."""} may span lines, a Modelfile without FROM is refused. A
 * PARAMETER's name is case-sensitive and typed by {@link OllamaParams}; a later line replaces an earlier one and
 * {@code stop} lines add up ({@code CreateRequest}). Every error names the line and why.
 */
public final class ModelfileParser {
    /** Characters of Modelfile text read at most: a long LICENSE and TEMPLATE take tens of KiB. */
    public static final int MAX_CHARS = 4 << 20;
    /** Commands at most. */
    public static final int MAX_COMMANDS = 100_000;
    private static final Set<String> COMMANDS = Set.of("from", "license", "template", "system", "adapter", "draft",
            "renderer", "parser", "parameter", "message", "requires");
    private static final Set<String> ROLES = Set.of("system", "user", "assistant");

    private final String text;
    private int pos;
    private int line = 1;

    private ModelfileParser(String text) {
        this.text = text;
    }

    /** One command as read: its name (lower case), its PARAMETER name or MESSAGE role, its value, its first line. */
    private record Command(String name, String key, String value, int line) { }

    /** Parses a Modelfile's text. */
    public static Modelfile parse(String text) throws OllamaStoreException {
        if (text.length() > MAX_CHARS) {
            throw new OllamaStoreException("Modelfile: " + text.length() + " characters, more than " + MAX_CHARS + " read");
        }
        ModelfileParser p = new ModelfileParser(text.startsWith("\uFEFF") ? text.substring(1) : text);
        List<Command> commands = new ArrayList<>();
        for (Command c = p.next(); c != null; c = p.next()) {
            if (commands.size() >= MAX_COMMANDS) {
                throw new OllamaStoreException("Modelfile: more than " + MAX_COMMANDS + " commands");
            }
            commands.add(c);
        }
        return build(commands);
    }

    private static Modelfile build(List<Command> commands) throws OllamaStoreException {
        String from = null;
        String draft = null;
        String template = null;
        String system = null;
        String requires = null;
        List<String> adapters = new ArrayList<>();
        Map<String, Object> params = new LinkedHashMap<>();
        List<String> ignored = new ArrayList<>();
        int licenses = 0;
        int messages = 0;
        for (Command c : commands) {
            switch (c.name) {
                case "from" -> from = required(c);
                case "adapter" -> adapters.add(required(c));
                case "draft" -> draft = required(c);
                case "template" -> template = c.value;
                case "system" -> system = c.value;
                case "license" -> licenses++;
                case "message" -> messages++;
                case "requires" -> requires = c.value;
                case "parameter" -> parameter(c, params, ignored);
                default -> { } // renderer, parser: not sizing
            }
        }
        if (from == null) {
            throw new OllamaStoreException("Modelfile: no FROM line (Ollama refuses a Modelfile without one)");
        }
        return new Modelfile(from, adapters, draft, new OllamaParams(params, ignored), template, system, licenses, messages,
                requires);
    }

    private static String required(Command c) throws OllamaStoreException {
        if (c.value.isBlank()) {
            throw new OllamaStoreException("Modelfile line " + c.line + ": " + c.name.toUpperCase(Locale.ROOT) + " without a value");
        }
        return c.value;
    }

    @SuppressWarnings("unchecked")
    private static void parameter(Command c, Map<String, Object> params, List<String> ignored) throws OllamaStoreException {
        String where = "Modelfile line " + c.line + ": PARAMETER " + OllamaText.quote(c.key);
        if (c.value.isBlank()) {
            throw new OllamaStoreException(where + " without a value");
        }
        Object v = OllamaParams.typed(c.key, c.value, where);
        if (v == null) {
            if (!ignored.contains(c.key)) {
                ignored.add(c.key);
            }
        } else if (v instanceof List<?> list && params.get(c.key) instanceof List<?> before) {
            List<String> all = new ArrayList<>((List<String>) before);
            all.addAll((List<String>) list);
            params.put(c.key, List.copyOf(all));
        } else {
            params.put(c.key, v);
        }
    }

    /** The next command, or null at the end. */
    private Command next() throws OllamaStoreException {
        while (pos < text.length()) {
            char ch = text.charAt(pos);
            if (ch == '\n') {
                line++;
                pos++;
            } else if (Character.isWhitespace(ch)) {
                pos++;
            } else if (ch == '#') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    pos++;
                }
            } else {
                return command();
            }
        }
        return null;
    }

    private Command command() throws OllamaStoreException {
        int at = line;
        String word = word(Character::isLetter);
        String name = word.toLowerCase(Locale.ROOT);
        if (COMMANDS.contains(name) && !space()) {
            throw new OllamaStoreException("Modelfile line " + at + ": " + word.toUpperCase(Locale.ROOT) + " without a value");
        }
        if (!COMMANDS.contains(name)) {
            throw new OllamaStoreException("Modelfile line " + at + ": " + OllamaText.quote(word.isEmpty() ? rest() : word)
                    + " is not a command (FROM, PARAMETER, ADAPTER, DRAFT, TEMPLATE, SYSTEM, LICENSE, MESSAGE, RENDERER, PARSER,"
                    + " REQUIRES)");
        }
        String key = null;
        if (name.equals("parameter")) {
            key = word(c -> Character.isLetterOrDigit(c) || c == '_');
            if (key.isEmpty() || !space()) {
                throw new OllamaStoreException("Modelfile line " + at + ": PARAMETER needs a name and a value");
            }
        } else if (name.equals("message")) {
            key = word(Character::isLetter);
            if (!ROLES.contains(key) || !space()) {
                throw new OllamaStoreException("Modelfile line " + at + ": MESSAGE role " + OllamaText.quote(key)
                        + " is not system, user or assistant");
            }
        }
        return new Command(name, key, value(at), at);
    }

    private String word(IntPredicate ok) {
        int start = pos;
        while (pos < text.length() && ok.test(text.charAt(pos)) && pos - start < 200) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** Skips the spaces after a word; false when none (the word runs into something else, or the line ends). */
    private boolean space() {
        int start = pos;
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            pos++;
        }
        return pos > start;
    }

    private String rest() {
        int end = text.indexOf('\n', pos);
        return text.substring(pos, end < 0 ? text.length() : end);
    }

    /** The value: the rest of the line, or a quoted text that may span lines ({@code unquote}). */
    private String value(int at) throws OllamaStoreException {
        String quote = text.startsWith("\"\"\"", pos) ? "\"\"\"" : text.startsWith("\"", pos) ? "\"" : null;
        if (quote == null) {
            String v = rest();
            pos += v.length();
            return v.strip();
        }
        int from = pos + quote.length();
        int end = text.indexOf(quote, from);
        if (end < 0) {
            throw new OllamaStoreException("Modelfile line " + at + ": the quoted value (" + quote + ") is never closed");
        }
        String v = text.substring(from, end);
        line += (int) v.chars().filter(c -> c == '\n').count();
        pos = end + quote.length();
        String after = rest();
        if (!after.isBlank()) {
            throw new OllamaStoreException("Modelfile line " + line + ": " + OllamaText.quote(after.strip())
                    + " after the closing quote");
        }
        pos += after.length();
        return v;
    }
}
