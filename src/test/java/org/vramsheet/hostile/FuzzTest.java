package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.model.Safetensors;

/**
 * Property-based fuzzing, bounded for CI: mutated worksheets, configs, engine logs and safetensors headers. Each
 * case exits 0 or 2 through the CLI (never a crash), says why on one line of at most 300 characters, prints no NaN
 * or Infinity, keeps --json output JSON, and finishes within the time limit of {@link HostileInputTest#run}.
 */
class FuzzTest {
    private static final List<Object> HOSTILE = List.of(0, -1, -8, 1.5, 3e9, 1e300, Long.MAX_VALUE, "", "139,81 GiB",
            "4,5 GiB", "1e400", "None", "\u001b[31mred", "x".repeat(3000), "[", List.of(), "-0", "NaN", "Infinity",
            true, "9".repeat(60));

    /** NaN or Infinity where a number stands (a bare JSON value, or followed by a unit); text fields may say "NaN". */
    private static final java.util.regex.Pattern NUMERIC_NAN = java.util.regex.Pattern.compile(
            "(:\\s*-?(NaN|Infinity)\\b|(NaN|Infinity)\\s*(%|x\\b|GiB|GB|B\\b|tokens|sequences))");

    private static final List<Path> SHEETS = list(Path.of("assets/samples"));
    private static final List<Path> CONFIGS = list(Path.of("src/main/resources/org/vramsheet/catalog/models"));

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".json") && !p.getFileName().toString().equals("index.json"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Replaces n random leaves of the tree with hostile values (seeded: a failure names its case). */
    static JsonNode mutate(JsonNode root, long seed, int n) {
        Random rnd = new Random(seed);
        JsonNode copy = root.deepCopy();
        for (int i = 0; i < n; i++) {
            List<JsonNode> containers = new ArrayList<>();
            collect(copy, containers);
            JsonNode c = containers.get(rnd.nextInt(containers.size()));
            Object v = HOSTILE.get(rnd.nextInt(HOSTILE.size()));
            JsonNode value = WorksheetJson.shared().valueToTree(v);
            if (c instanceof ObjectNode o && o.size() > 0) {
                List<String> names = new ArrayList<>();
                o.fieldNames().forEachRemaining(names::add);
                o.set(names.get(rnd.nextInt(names.size())), value);
            } else if (c instanceof ArrayNode a && a.size() > 0) {
                a.set(rnd.nextInt(a.size()), value);
            }
        }
        return copy;
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            n.forEach(c -> collect(c, out));
        }
    }

    static void acceptable(HostileInputTest.Run r, boolean json) throws IOException {
        assertTrue(r.code() == 0 || r.code() == 2, "exit " + r.code() + ": " + r.err());
        if (r.code() == 2) {
            String[] lines = r.err().strip().split("\n");
            assertEquals(1, lines.length, r.err());
            assertTrue(lines[0].length() <= 300 && lines[0].chars().noneMatch(Character::isISOControl), lines[0]);
        }
        java.util.regex.Matcher bad = NUMERIC_NAN.matcher(r.out());
        assertFalse(bad.find(), () -> "no NaN / Infinity as a number: ..." + r.out().substring(Math.max(0, bad.start() - 80),
                Math.min(r.out().length(), bad.end() + 40)));
        assertFalse(r.err().contains("Exception"), r.err());
        if (json && !r.out().isBlank()) {
            assertTrue(WorksheetJson.shared().readTree(r.out()).isObject(), "JSON that parses");
        }
    }

    @Property(tries = 1000)
    void mutatedWorksheets(@ForAll("seeds") long seed) throws Exception {
        Path src = SHEETS.get((int) Math.floorMod(seed, SHEETS.size()));
        JsonNode m = mutate(WorksheetJson.shared().readTree(Files.readString(src)), seed, 1 + (int) Math.floorMod(seed, 3));
        Path f = Files.createTempFile("fuzz", ".json");
        try {
            Files.writeString(f, WorksheetJson.shared().writeValueAsString(m));
            acceptable(HostileInputTest.run("calc", f.toString(), "--json"), true);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Property(tries = 1000)
    void mutatedConfigs(@ForAll("seeds") long seed) throws Exception {
        Path src = CONFIGS.get((int) Math.floorMod(seed, CONFIGS.size()));
        JsonNode entry = WorksheetJson.shared().readTree(Files.readString(src));
        JsonNode config = entry.has("config") ? entry.get("config") : entry;
        JsonNode m = mutate(config, seed, 1 + (int) Math.floorMod(seed, 2));
        Path f = Files.createTempFile("fuzz-config", ".json");
        try {
            Files.writeString(f, WorksheetJson.shared().writeValueAsString(m));
            acceptable(HostileInputTest.run("import", f.toString()), false);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Property(tries = 60)
    void mutatedLogs(@ForAll("seeds") long seed) throws Exception {
        JsonNode logs = WorksheetJson.shared().readTree(Files.readString(
                Path.of("src/test/resources/calibration/vllm_startup_logs.json")));
        JsonNode log = logs.get((int) Math.floorMod(seed, logs.size()));
        Random rnd = new Random(seed);
        StringBuilder b = new StringBuilder();
        for (JsonNode l : log.get("lines")) {
            String line = l.asText();
            switch (rnd.nextInt(6)) {
                case 0 -> line = line.replaceAll("[0-9]+", rnd.nextBoolean() ? "9".repeat(30) : "");
                case 1 -> line = line + line.repeat(rnd.nextInt(50));
                case 2 -> line = line.substring(0, rnd.nextInt(line.length() + 1));
                case 3 -> line = line.replace("GiB", "\u001b[0m GiB").replace(":", ": None");
                default -> { }
            }
            b.append(line).append('\n');
        }
        Path f = Files.createTempFile("fuzz", ".log");
        try {
            Files.writeString(f, b);
            acceptable(HostileInputTest.run("validate", f.toString(), "--worksheet",
                    "assets/samples/llama-3.1-70b-bf16-h200.json", "--json"), true);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /** safetensors headers: the reader returns exact, non-negative sizes or refuses with an IOException. */
    @Property(tries = 300)
    void mutatedSafetensorsHeaders(@ForAll("seeds") long seed) throws Exception {
        Random rnd = new Random(seed);
        long a = rnd.nextBoolean() ? rnd.nextInt(1 << 20) : rnd.nextLong();
        long b = rnd.nextBoolean() ? a + rnd.nextInt(1 << 20) : rnd.nextLong();
        String header = "{\"__metadata__\":{},\"t\":{\"dtype\":\"BF16\",\"data_offsets\":[" + a + "," + b + "]},"
                + "\"u\":{\"dtype\":\"BF16\",\"data_offsets\":[0," + Long.MAX_VALUE + "]}}";
        byte[] json = header.getBytes(StandardCharsets.UTF_8);
        long declared = rnd.nextInt(4) == 0 ? rnd.nextLong() : json.length;
        byte[] first = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(declared).array();
        try {
            Safetensors.headerLength(first);
            var sizes = Safetensors.dtypeBytes(json);
            sizes.values().forEach(v -> assertTrue(v >= 0, "sizes are never negative: " + v));
        } catch (IOException e) {
            assertTrue(e.getMessage() != null && e.getMessage().length() <= 300, String.valueOf(e.getMessage()));
        }
    }

    @Provide
    Arbitrary<Long> seeds() { return Arbitraries.longs(); }
}
