package org.vramsheet.io.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.input.Inputs;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.io.Messages;

/**
 * Worksheet files: JSON with a {@code schemaVersion} (docs/worksheet-format.md). Unknown fields are
 * tolerated, missing sections take defaults, a bad file gets one clear line; saves are atomic.
 */
public final class WorksheetJson {
    public static final int SCHEMA_VERSION = 10;
    /** Deepest nesting a worksheet, a config.json or a header may have (a worksheet needs 4). */
    public static final int MAX_DEPTH = 64;
    /** Longest number literal (a long has 19 digits). */
    public static final int MAX_NUMBER_LENGTH = 40;
    /** Longest string value (notes, lists of sequence lengths). */
    public static final int MAX_STRING_LENGTH = 1_000_000;
    /** Largest file a reader reads (a worksheet is a few KiB, a config.json or an index a few MiB). */
    public static final long MAX_FILE = 64L << 20;

    /** A text file, refused when larger than {@link #MAX_FILE} (it is not read into memory then). */
    public static String readText(Path file) throws IOException {
        long size = Files.size(file);
        if (size > MAX_FILE) {
            throw new IOException(file.getFileName() + " is " + (size >> 20) + " MiB, more than a worksheet, config or "
                    + "index can be (" + (MAX_FILE >> 20) + " MiB): refused");
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }
    private static final ObjectMapper MAPPER = mapper();
    /** Reads a worksheet's tree with its decimals exact: 9007199254740993.0 is not a double's 9007199254740992. */
    private static final ObjectReader EXACT = MAPPER.reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private WorksheetJson() { }

    static ObjectMapper mapper() {
        SimpleModule quantities = new SimpleModule("vramsheet-quantities");
        // every whole number by the sheet's number grammar for its field (NumberDeserializer): never 8.9 heads read as 8
        quantities.addDeserializer(Long.class, new NumberDeserializer<>(Long.class, NumberGrammar.Kind.COUNT));
        quantities.addDeserializer(Integer.class, new NumberDeserializer<>(Integer.class, NumberGrammar.Kind.COUNT));
        // readers validate as they read: a hostile file cannot nest without end or carry megabyte numbers
        JsonFactory factory = JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxNestingDepth(MAX_DEPTH).maxNumberLength(MAX_NUMBER_LENGTH).maxStringLength(MAX_STRING_LENGTH).build())
                .build();
        return JsonMapper.builder(factory)
                .addModule(quantities)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .build();
    }

    public static ObjectMapper shared() { return MAPPER; }

    /** Reads a worksheet from text; {@code source} names it in messages. */
    public static Worksheet parse(String json, String source) throws WorksheetFormatException {
        String tooBig = JsonBounds.problem(json);
        if (tooBig != null) {
            throw new WorksheetFormatException(source + ": " + tooBig, null);
        }
        JsonNode root;
        try {
            root = EXACT.readTree(json);
        } catch (JsonProcessingException e) {
            throw new WorksheetFormatException(source + ": not valid JSON" + (e.getLocation() == null ? "" : " (line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")") + ": "
                    + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new WorksheetFormatException(source + ": not a worksheet (expected a JSON object)", null);
        }
        JsonNode v = root.get("schemaVersion");
        if (v != null && (!v.canConvertToInt() || v.asInt() < 1)) {
            throw new WorksheetFormatException(source + ": schemaVersion must be a positive whole number", null);
        }
        if (v != null && v.asInt() > SCHEMA_VERSION) {
            throw new WorksheetFormatException(source + ": schemaVersion " + v.asInt() + " is newer than this VRAM Sheet "
                    + "understands (" + SCHEMA_VERSION + "); update the app", null);
        }
        ObjectNode body = (ObjectNode) root; // this reader's own tree: no copy (a large sheet would be held twice)
        body.remove("schemaVersion");
        try {
            Worksheet ws = MAPPER.treeToValue(body, Worksheet.class);
            int version = v == null ? 1 : v.asInt();
            Worksheet out = version < 5 ? fromVersion4(version < 3 ? fromVersion2(ws) : ws) : ws;
            return version < 8 ? CatalogPerformance.filled(out) : out;
        } catch (JsonMappingException e) {
            throw new WorksheetFormatException(source + ": " + path(e) + ": " + reason(e), e);
        } catch (JsonProcessingException e) {
            throw new WorksheetFormatException(source + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Versions 1 and 2 stored RUNTIME's activation peak, non-torch memory and CUDA graphs as numbers, absent meaning 0.
     * From version 3 an empty one follows the live estimate. So: absent stays 0 (the file computes as it did); numbers
     * that are exactly what the estimator gives for the sheet (an import wrote them) become live again, unless the sheet
     * is approved (an approved sheet opens with the numbers it was approved with).
     */
    static Worksheet fromVersion2(Worksheet ws) {
        RuntimeSettings r = ws.runtime();
        r = r.toBuilder().activationPeakBytes(r.activationPeakBytes() == null ? Long.valueOf(0) : r.activationPeakBytes())
                .nonTorchBytes(r.nonTorchBytes() == null ? Long.valueOf(0) : r.nonTorchBytes())
                .cudaGraphBytes(r.cudaGraphBytes() == null ? Long.valueOf(0) : r.cudaGraphBytes()).build();
        Worksheet out = ws.withRuntime(r);
        if (ws.signOff().status() == SignOffStatus.APPROVED) {
            return out;
        }
        // the estimator of those files' time: the constants and terms changed in issue 27, the numbers an import wrote did not
        NonKvEstimator.Estimate e = NonKvEstimator.asVersionTwoWroteIt(out);
        if (r.activationPeakBytes() == e.activationPeakBytes() && r.nonTorchBytes() == e.nonTorchBytes()
                && r.cudaGraphBytes() == e.cudaGraphBytes()) {
            return NonKvEstimator.apply(out);
        }
        return out;
    }

    /**
     * Before version 5 a file did not say what its measurements were measured on: they are taken as measured on the sheet
     * as it was saved (its own setup is recorded, undated), so a later change of model, weights, engine, GPU or layout
     * makes them stale instead of silently carried over. Each stored variant's sheet alike. An Approved sheet is left as
     * approved (its fingerprint covers its content); reopened as a Draft, a measured value typed binds the setup.
     */
    static Worksheet fromVersion4(Worksheet ws) {
        if (ws.signOff().status() == SignOffStatus.APPROVED) {
            return ws; // opens with the content it was approved with; its measurements stay unbound (checked per GPU)
        }
        Worksheet out = StaleMeasurements.recorded(ws, "");
        if (ws.variants().isEmpty()) {
            return out;
        }
        List<Variants.Variant> list = ws.variants().list().stream().map(x -> x.sheet() == null ? x
                : new Variants.Variant(x.name(), StaleMeasurements.recorded(x.sheet(), ""))).toList();
        return out.withVariants(new Variants(ws.variants().active(), list));
    }

    public static Worksheet read(Path file) throws WorksheetFormatException {
        String text;
        try {
            text = readText(file);
        } catch (NoSuchFileException e) {
            throw new WorksheetFormatException(file + ": no such file", e);
        } catch (IOException e) {
            throw new WorksheetFormatException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        return parse(text, file.getFileName().toString());
    }

    /** Canonical text: schemaVersion first, then every section, stable order and indentation. */
    public static String write(Worksheet ws) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        root.setAll(tree(ws));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a worksheet always serializes", e);
        }
    }

    /**
     * The sheet as a JSON tree, canonical: no "variants" key for a sheet without variants, and a stored variant's sheet
     * without the sign-off and variants it never has.
     */
    private static ObjectNode tree(Worksheet ws) {
        ObjectNode t = (ObjectNode) MAPPER.valueToTree(ws);
        if (ws.variants().isEmpty()) {
            t.remove("variants");
        } else {
            for (JsonNode v : t.get("variants").get("list")) {
                JsonNode sheet = v.get("sheet");
                if (sheet instanceof ObjectNode o) {
                    o.remove(List.of("signOff", "variants"));
                } else {
                    ((ObjectNode) v).remove("sheet");
                }
            }
        }
        return t;
    }

    /** The schemaVersion a worksheet text declares (1 when it has none or it is unreadable). */
    public static int versionOf(String json) {
        try {
            JsonNode v = MAPPER.readTree(json).get("schemaVersion");
            return v != null && v.canConvertToInt() && v.asInt() >= 1 ? v.asInt() : 1;
        } catch (JsonProcessingException e) {
            return 1;
        }
    }

    /**
     * The canonical text as an earlier schema version wrote it: the keys added since then left out. Only faithful when
     * {@link #representable} holds (the left-out keys have the values their absence means).
     */
    public static String writeAs(Worksheet ws, int version) {
        if (version >= SCHEMA_VERSION) {
            return write(ws);
        }
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schemaVersion", version);
        root.setAll(tree(ws));
        // newest first: a record's later keys are gone before its earlier ones, so a record added whole is then empty
        for (int v = SCHEMA_VERSION; v > version; v--) {
            for (String path : Inputs.addedIn(v)) {
                remove(root, path.split("\\."), 0);
                String[] parts = path.split("\\.");
                if (parts.length > 2 && !parts[1].endsWith("[]") && addedWhole(parts[0] + "." + parts[1] + ".", v)) {
                    prune(root, parts[0], parts[1]); // a record added whole (validation.setup): its key goes too
                }
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a worksheet always serializes", e);
        }
    }

    /** Whether every input of a nested record ({@code "validation.setup."}) came in {@code version} or later. */
    private static boolean addedWhole(String prefix, int version) {
        return Inputs.all().stream().filter(d -> d.key().startsWith(prefix)).allMatch(d -> d.since() >= version);
    }

    /** Removes {@code section.name} when it is null or has no fields left. */
    private static void prune(ObjectNode root, String section, String name) {
        if (root.get(section) instanceof ObjectNode o && o.has(name) && (o.get(name).isNull() || o.get(name).isEmpty())) {
            o.remove(name);
        }
    }

    private static void remove(JsonNode node, String[] path, int i) {
        String key = path[i];
        boolean each = key.endsWith("[]");
        String name = each ? key.substring(0, key.length() - 2) : key;
        if (!(node instanceof ObjectNode o) || !o.has(name)) {
            return;
        }
        if (i == path.length - 1) {
            o.remove(name);
        } else if (each) {
            o.get(name).forEach(x -> remove(x, path, i + 1));
        } else {
            remove(o.get(name), path, i + 1);
        }
    }

    /**
     * Whether an earlier version could hold this sheet: every key added since has the value its absence means (the
     * declarations' versions and defaults, {@link Inputs#representable}).
     */
    public static boolean representable(Worksheet ws, int version) {
        return Inputs.representable(ws, version);
    }

    /** A worksheet as its file holds it, without migrating an earlier version (for checking a file's canonical form). */
    public static Worksheet parseAsStored(String json, String source) throws WorksheetFormatException {
        try {
            ObjectNode body = ((ObjectNode) EXACT.readTree(json)).deepCopy();
            body.remove("schemaVersion");
            return MAPPER.treeToValue(body, Worksheet.class);
        } catch (JsonProcessingException | ClassCastException e) {
            throw new WorksheetFormatException(source + ": not a worksheet", null);
        }
    }

    /** Writes to a temp file beside the target, then moves it over: never a half-written worksheet. */
    public static void save(Worksheet ws, Path file) throws IOException {
        AtomicFiles.writeString(file, write(ws));
    }

    private static String path(JsonMappingException e) {
        String p = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
        return p.isEmpty() ? "worksheet" : p;
    }

    private static String reason(JsonMappingException e) {
        String m = e.getOriginalMessage();
        if (m == null) {
            return "invalid value";
        }
        Matcher coerce = Pattern
                .compile("^Cannot coerce String value \\((\"[^\"]*\")\\) to `java\\.lang\\.(\\w+)`").matcher(m);
        if (coerce.find()) {
            String want = coerce.group(2).equals("Double") ? "a decimal number with a dot" : "a whole number";
            return Messages.quote(coerce.group(1).substring(1, coerce.group(1).length() - 1))
                    + " is not a number (" + want + " expected)";
        }
        int quote = m.indexOf("not a number");
        if (quote >= 0) {
            return m.substring(m.indexOf('"') >= 0 ? 0 : 0).replaceAll("^Cannot deserialize value of type `[^`]*` from String ", "")
                    .replaceAll("^(\"[^\"]*\"): ", "$1 is ");
        }
        if (e instanceof ValueInstantiationException && e.getCause() != null
                && e.getCause().getMessage() != null) {
            return e.getCause().getMessage(); // a record's own check (e.g. variants' names), already a sentence
        }
        if (e instanceof InvalidFormatException f && f.getTargetType() != null
                && f.getTargetType().isEnum()) {
            return "unknown value " + Messages.quote(String.valueOf(f.getValue())) + "; expected one of "
                    + Arrays.toString(f.getTargetType().getEnumConstants());
        }
        if (m.startsWith("Cannot deserialize value of type `org.vramsheet.core.")) {
            int from = m.indexOf("from String");
            String value = from >= 0 ? m.substring(from + 12, m.indexOf(':', from) > 0 ? m.indexOf(':', from) : m.length()) : "";
            int acc = m.indexOf("[");
            return "unknown value " + value.trim() + (acc >= 0 ? "; expected one of " + m.substring(acc, m.indexOf(']', acc) + 1) : "");
        }
        if (m.startsWith("Cannot deserialize value of type")) {
            return "wrong type of value (" + m.replaceAll("^Cannot deserialize value of type `([^`]*)`.*", "$1")
                    .replace("java.lang.", "").replace("java.util.", "").toLowerCase(Locale.ROOT) + " expected)";
        }
        return m.split("\n")[0];
    }
}
