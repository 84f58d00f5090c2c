package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vramsheet.core.input.InputDecl;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.ui.model.NumberInput;

/**
 * Issue 26, point 2: worksheets with one number mutated (suffixes, fractions, huge digit strings, byte units on counts,
 * separators, JSON numbers with fractions). Each is refused with one line that names the mutated field, or read exactly
 * as the {@link #oracle} (the documented grammar, written here again by scanning characters) says: never silently
 * different. The window's English field reads the same text as the file does.
 */
class NumberFuzzTest {
    /** A mutable whole-number field of a sample: its path in the file, its declaration and whether it is an Integer. */
    record Field(ObjectNode sheet, String path, InputDecl decl, boolean integer) { }

    private static final List<ObjectNode> SHEETS = samples();
    private static final Map<String, Boolean> INTEGER = integers();
    private static final List<Field> FIELDS = fields();
    private static final String[] INTS = {"0", "1", "8", "70", "405", "32", "131", "4096", "65536", "2147483647", "2147483648",
        "9223372036854775807", "9223372036854775808", "70553706496"};
    private static final String[] FRACTIONS = {"", "", "", ".5", ".9", ".768", ".0", ".25", ".000001", ".553706496", ".5e3"};
    private static final String[] SUFFIXES = {"", "", "k", "K", "Ki", "ki", "KI", "m", "M", "Mi", "B", "b", "KB", "kB", "MB", "GB",
        "GiB", "gib", "Gi", "TB", "TiB", "T", "t", "G", "g", "%", "x", "KiB", "MiB", "mb", "bytes", "e9", "kk"};

    @Property(tries = 1200)
    void mutatedNumbersAreReadExactlyOrRefusedNamingTheField(@ForAll("seeds") long seed) throws Exception {
        Random rnd = new Random(seed);
        Field f = FIELDS.get(rnd.nextInt(FIELDS.size()));
        ObjectNode root = f.sheet().deepCopy();
        JsonNode value = value(rnd);
        String path = put(root, f.path(), value);
        BigInteger expected = expected(value, f);
        String json = WorksheetJson.shared().writeValueAsString(root);
        String what = "seed " + seed + ": " + path + " = " + value;
        Worksheet ws;
        try {
            ws = WorksheetJson.parse(json, "fuzz.json");
        } catch (WorksheetFormatException e) {
            assertNull(expected, what + " was refused (" + e.getMessage() + ") but the grammar reads " + expected);
            assertTrue(e.getMessage().startsWith("fuzz.json: " + path + ": "), what + ": " + e.getMessage());
            assertTrue(!e.getMessage().contains("\n") && e.getMessage().length() < 300, what + ": " + e.getMessage());
            window(value, f, what);
            return;
        }
        assertNotNull(expected, what + " was read although the grammar refuses it");
        assertEquals(expected.longValueExact(), read(ws, f.decl().key(), path), what);
        window(value, f, what);
    }

    /** The window's English field reads a string as the file does (a byte field's bare number is in its unit: skipped). */
    private static void window(JsonNode value, Field f, String what) {
        if (!value.isTextual() || f.decl().grammar() == NumberGrammar.Kind.BYTES && oracleSuffix(value.asText()).isEmpty()) {
            return;
        }
        NumberInput.Kind kind = switch (f.decl().grammar()) {
            case BYTES -> NumberInput.Kind.BYTES;
            case TOKENS -> NumberInput.Kind.TOKENS;
            case PARAMS -> NumberInput.Kind.PARAMS;
            case COUNT -> NumberInput.Kind.COUNT;
        };
        NumberInput n = new NumberInput(f.decl().key(), kind, kind == NumberInput.Kind.BYTES ? "GiB" : "");
        n.textProperty().set(value.asText());
        assertEquals(NumberGrammar.read(value.asText(), f.decl().grammar()).value(), n.longValue(), what + " in the window");
    }

    /** A mutated number: a JSON integer, a JSON number with a fraction, or a string with separators and a suffix. */
    private static JsonNode value(Random rnd) {
        JsonNodeFactory nf = JsonNodeFactory.instance;
        switch (rnd.nextInt(6)) {
            case 0:
                BigInteger i = new BigInteger(pick(rnd, INTS)).subtract(BigInteger.valueOf(rnd.nextInt(3)));
                return nf.numberNode(rnd.nextInt(6) == 0 ? i.negate() : i);
            case 1:
                return DecimalNode.valueOf(new BigDecimal(pick(rnd, INTS) + pick(rnd, new String[] {".5", ".9", ".0", ".768", "e3"})));
            case 2:
                return nf.numberNode(new BigInteger("9".repeat(19 + rnd.nextInt(20))));
            default:
                return TextNode.valueOf(text(rnd));
        }
    }

    private static String text(Random rnd) {
        String whole = rnd.nextInt(8) == 0 ? "9".repeat(18 + rnd.nextInt(30)) : pick(rnd, INTS);
        if (rnd.nextInt(4) == 0) {
            whole = group(whole, pick(rnd, new String[] {",", "_", " ", "\u00a0", ",", "."}), rnd.nextInt(5) == 0);
        }
        String fraction = pick(rnd, FRACTIONS);
        if (rnd.nextInt(10) == 0) {
            fraction = fraction.replace('.', ',');
        }
        String sign = rnd.nextInt(12) == 0 ? "-" : "";
        String gap = rnd.nextInt(3) == 0 ? " " : rnd.nextInt(20) == 0 ? "\u00a0" : "";
        return sign + whole + fraction + gap + pick(rnd, SUFFIXES);
    }

    /** Digits grouped in threes by {@code sep}, or (when {@code wrong}) in twos. */
    private static String group(String digits, String sep, boolean wrong) {
        int size = wrong ? 2 : 3;
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < digits.length(); i++) {
            if (i > 0 && (digits.length() - i) % size == 0) {
                b.append(sep);
            }
            b.append(digits.charAt(i));
        }
        return b.toString();
    }

    /** The value the grammar gives, or null when it refuses: JSON numbers must be whole, strings go to the oracle. */
    private static BigInteger expected(JsonNode value, Field f) {
        BigInteger v;
        if (value.isTextual()) {
            v = oracle(value.asText(), f.decl().grammar());
        } else {
            BigDecimal d = value.decimalValue();
            v = d.stripTrailingZeros().scale() > 0 ? null : d.toBigIntegerExact();
        }
        BigInteger max = BigInteger.valueOf(f.integer() ? Integer.MAX_VALUE : Long.MAX_VALUE);
        BigInteger min = f.integer() ? BigInteger.valueOf(Integer.MIN_VALUE) : max.negate();
        return v == null || v.compareTo(max) > 0 || v.compareTo(min) < 0 ? null : v;
    }

    /**
     * The documented grammar (README "Typing numbers", docs/worksheet-format.md), by scanning: an optional '-', digits
     * grouped in threes by ',', '_', spaces or a non-breaking space (or not grouped), a fraction after a dot, ASCII white
     * space, then the suffix its kind takes. Null: refused.
     */
    static BigInteger oracle(String text, NumberGrammar.Kind kind) {
        String t = text.trim();
        if (t.length() > 40) {
            return null;
        }
        boolean negative = t.startsWith("-");
        String s = negative ? t.substring(1).replaceFirst("^\\s+", "") : t;
        int end = 0;
        while (end < s.length() && "0123456789.,_ \u00a0\u202f".indexOf(s.charAt(end)) >= 0) {
            end++;
        }
        int lastDigit = end - 1;
        while (lastDigit >= 0 && !Character.isDigit(s.charAt(lastDigit))) {
            lastDigit--;
        }
        String number = s.substring(0, lastDigit + 1);
        String rest = s.substring(lastDigit + 1);
        String suffix = rest.replaceFirst("^[ \\t\\n\\x0B\\f\\r]*", "");
        if (number.isEmpty() || !suffix.chars().allMatch(c -> c < 128 && Character.isLetter(c) || c == '%')) {
            return null;
        }
        BigDecimal n = plain(number);
        if (n == null) {
            return null;
        }
        return scaled(negative ? n.negate() : n, suffix, kind);
    }

    /** The number without its group separators, or null when the groups are not threes or there are two dots. */
    private static BigDecimal plain(String number) {
        int dot = number.indexOf('.');
        String whole = dot < 0 ? number : number.substring(0, dot);
        String fraction = dot < 0 ? "" : number.substring(dot + 1);
        if (dot >= 0 && (fraction.isEmpty() || !fraction.chars().allMatch(Character::isDigit))) {
            return null;
        }
        String[] groups = whole.split("[,_ \u00a0\u202f]", -1);
        for (int i = 0; i < groups.length; i++) {
            boolean ok = groups.length == 1 ? groups[i].chars().allMatch(Character::isDigit)
                    : groups[i].chars().allMatch(Character::isDigit) && (i == 0 ? groups[i].length() >= 1 && groups[i].length() <= 3
                    : groups[i].length() == 3);
            if (!ok) {
                return null;
            }
        }
        String digits = String.join("", groups) + (dot < 0 ? "" : "." + fraction);
        return digits.isEmpty() || digits.equals(".") ? null : new BigDecimal(digits.startsWith(".") ? "0" + digits : digits);
    }

    private static BigInteger scaled(BigDecimal n, String suffix, NumberGrammar.Kind kind) {
        boolean fraction = n.stripTrailingZeros().scale() > 0;
        long mult;
        switch (kind) {
            case BYTES -> {
                mult = bytesUnit(suffix.toLowerCase(Locale.ROOT));
                if (mult == 1 && fraction) {
                    return null;
                }
                return mult < 0 ? null : n.multiply(BigDecimal.valueOf(mult)).setScale(0, RoundingMode.HALF_UP).toBigIntegerExact();
            }
            case TOKENS -> {
                mult = switch (suffix) {
                    case "" -> 1;
                    case "k" -> 1000;
                    case "m" -> 1_000_000;
                    case "K", "Ki", "ki", "KI" -> fraction ? -1 : 1024;
                    case "M", "Mi", "mi", "MI" -> fraction ? -1 : 1 << 20;
                    default -> -1;
                };
            }
            case PARAMS -> mult = switch (suffix.toLowerCase(Locale.ROOT)) {
                case "" -> 1;
                case "k" -> 1000;
                case "m" -> 1_000_000;
                case "b" -> 1_000_000_000;
                case "t" -> 1_000_000_000_000L;
                default -> -1;
            };
            default -> mult = suffix.isEmpty() ? 1 : -1;
        }
        BigDecimal v = n.multiply(BigDecimal.valueOf(mult));
        return mult < 0 || v.stripTrailingZeros().scale() > 0 ? null : v.toBigIntegerExact();
    }

    private static long bytesUnit(String s) {
        String[] decimal = {"kb", "mb", "gb", "tb"};
        String[] binary = {"ki", "mi", "gi", "ti"};
        if (s.isEmpty() || s.equals("b")) {
            return 1;
        }
        for (int i = 0; i < 4; i++) {
            if (s.equals(decimal[i])) {
                return BigInteger.TEN.pow(3 * (i + 1)).longValueExact();
            }
            if (s.equals(binary[i]) || s.equals(binary[i] + "b")) {
                return 1L << (10 * (i + 1));
            }
        }
        return -1;
    }

    private static String oracleSuffix(String text) {
        return text.trim().replaceFirst("^-?[0-9.,_ \u00a0\u202f]*", "").trim();
    }

    /** Sets the field; a list of numbers (sequence lengths) gets one good entry and the mutated one. Returns its path. */
    private static String put(ObjectNode root, String path, JsonNode value) {
        String[] parts = path.split("\\.");
        JsonNode node = root;
        for (int i = 0; i < parts.length - 1; i++) {
            String p = parts[i];
            node = p.endsWith("]") ? node.get(p.substring(0, p.indexOf('['))).get(Integer.parseInt(p.replaceAll(".*\\[(\\d+)]", "$1")))
                    : node.get(p);
        }
        String last = parts[parts.length - 1];
        if (node.get(last) instanceof ArrayNode) {
            ((ObjectNode) node).putArray(last).add(8192).add(value);
            return path + "[1]";
        }
        ((ObjectNode) node).set(last, value);
        return path;
    }

    /** The value the sheet holds at a path ("kv.windows[0].kvHeads", "workloads.typical.sequenceLengths[1]"). */
    private static long read(Worksheet ws, String key, String path) {
        Object v = Inputs.value(ws, key);
        if (path.endsWith("]")) {
            v = ((List<?>) v).get(Integer.parseInt(path.replaceAll(".*\\[(\\d+)]$", "$1")));
        } else if (key.contains("[]")) {
            v = ((List<?>) v).get(Integer.parseInt(path.replaceAll(".*\\[(\\d+)]\\..*", "$1")));
        }
        return ((Number) v).longValue();
    }

    private static String pick(Random rnd, String[] from) { return from[rnd.nextInt(from.length)]; }

    @Provide
    Arbitrary<Long> seeds() { return Arbitraries.longs(); }

    private static List<ObjectNode> samples() {
        List<ObjectNode> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(Path.of("assets/samples"))) {
            for (Path p : s.filter(x -> x.toString().endsWith(".json")).sorted().toList()) {
                ObjectNode o = (ObjectNode) WorksheetJson.shared().readTree(WorksheetJson.write(WorksheetJson.read(p)));
                o.remove("variants");
                out.add(o);
            }
        } catch (IOException | WorksheetFormatException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** Every whole-number field of every sample, found in its canonical text (which writes every field). */
    private static List<Field> fields() {
        List<Field> out = new ArrayList<>();
        for (ObjectNode sheet : SHEETS) {
            collect(sheet, sheet, "", out);
        }
        assertTrue(out.size() > 100, "fields: " + out.size());
        return out;
    }

    private static void collect(ObjectNode sheet, JsonNode node, String path, List<Field> out) {
        node.fields().forEachRemaining(e -> {
            String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
            String key = p.replaceAll("\\[\\d+]", "[]");
            InputDecl d = Inputs.find(key);
            if (d != null && d.grammar() != null) {
                out.add(new Field(sheet, p, d, INTEGER.getOrDefault(key, false)));
            } else if (e.getValue().isObject()) {
                collect(sheet, e.getValue(), p, out);
            } else if (e.getValue().isArray()) {
                for (int i = 0; i < e.getValue().size(); i++) {
                    collect(sheet, e.getValue().get(i), p + "[" + i + "]", out);
                }
            }
        });
    }

    /** Which declared keys the records hold as an Integer (the rest as a Long). */
    private static Map<String, Boolean> integers() {
        Map<String, Boolean> out = new HashMap<>();
        walk(Worksheet.class, "", out, new ArrayList<>());
        return out;
    }

    private static void walk(Class<?> type, String prefix, Map<String, Boolean> out, List<Class<?>> seen) {
        if (!type.isRecord() || seen.contains(type) && !type.getSimpleName().equals("Scenario")) {
            return;
        }
        seen.add(type);
        for (RecordComponent c : type.getRecordComponents()) {
            out.put(prefix + c.getName(), c.getType() == Integer.class);
            if (List.class.isAssignableFrom(c.getType()) && c.getGenericType() instanceof ParameterizedType pt
                    && pt.getActualTypeArguments()[0] instanceof Class<?> item) {
                walk(item, prefix + c.getName() + "[].", out, seen);
            } else {
                walk(c.getType(), prefix + c.getName() + ".", out, seen);
            }
        }
    }
}
