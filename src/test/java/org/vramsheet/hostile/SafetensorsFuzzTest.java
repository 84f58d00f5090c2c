package org.vramsheet.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.vramsheet.io.model.Safetensors;

/**
 * The safetensors header reader on 1,000 headers (issue 26): valid ones built at random (dtypes of every width, shapes
 * with zero and large dimensions, contiguous offsets), then mutated as a damaged or hostile file is (an offset, dtype,
 * shape or field changed or removed, a duplicate name, tensors swapped, bytes flipped or cut, numbers past a long,
 * padding, data past the last tensor). An independent check of the format's rules here decides whether each header is
 * valid: the reader must accept exactly the valid ones with exactly their sizes, and refuse every other one with one
 * line (no silent acceptance), never throwing anything else, each within a second (the first, loading the classes, too).
 */
class SafetensorsFuzzTest {
    private static final Map<String, Integer> BITS = Map.ofEntries(Map.entry("BOOL", 8), Map.entry("F4", 4),
            Map.entry("F6_E2M3", 6), Map.entry("F6_E3M2", 6), Map.entry("U8", 8), Map.entry("I8", 8),
            Map.entry("F8_E5M2", 8), Map.entry("F8_E4M3", 8), Map.entry("F8_E8M0", 8), Map.entry("I16", 16),
            Map.entry("U16", 16), Map.entry("F16", 16), Map.entry("BF16", 16), Map.entry("I32", 32), Map.entry("U32", 32),
            Map.entry("F32", 32), Map.entry("C64", 64), Map.entry("F64", 64), Map.entry("I64", 64), Map.entry("U64", 64));
    private static final List<String> DTYPES = new ArrayList<>(new TreeMap<>(BITS).keySet());
    private static final ObjectMapper JSON = new ObjectMapper(JsonFactory.builder().build());

    /** A valid header: tensors of random dtypes and shapes, contiguous from byte 0. Returns the data size. */
    private static long valid(ObjectNode h, Random rnd) {
        if (rnd.nextBoolean()) {
            h.putObject("__metadata__").put("format", "pt");
        }
        long at = 0;
        for (int i = 0, n = rnd.nextInt(6); i < n; i++) {
            String dtype = DTYPES.get(rnd.nextInt(DTYPES.size()));
            int bits = BITS.get(dtype);
            ObjectNode t = h.putObject("t" + i);
            t.put("dtype", dtype);
            ArrayNode shape = t.putArray("shape");
            long elements = 1;
            for (int d = 0, dims = rnd.nextInt(4); d < dims; d++) {
                long dim = rnd.nextInt(20) == 0 ? 0 : 1 + rnd.nextInt(64);
                shape.add(dim);
                elements *= dim;
            }
            if (elements * bits % 8 != 0) {
                shape.add(8);
                elements *= 8;
            }
            long size = elements * bits / 8;
            t.putArray("data_offsets").add(at).add(at + size);
            at += size;
        }
        return at;
    }

    private static byte[] mutate(ObjectNode h, Random rnd, long[] data) throws IOException {
        List<String> names = new ArrayList<>();
        h.fieldNames().forEachRemaining(n -> {
            if (!n.equals("__metadata__")) {
                names.add(n);
            }
        });
        ObjectNode t = names.isEmpty() ? null : (ObjectNode) h.get(names.get(rnd.nextInt(names.size())));
        int kind = rnd.nextInt(16);
        if (t != null) {
            switch (kind) {
                case 1 -> ((ArrayNode) t.get("data_offsets")).set(rnd.nextInt(2), t.get("data_offsets").get(0).asLong()
                        + rnd.nextInt(5) - 2);
                case 2 -> t.put("dtype", DTYPES.get(rnd.nextInt(DTYPES.size())));
                case 3 -> ((ArrayNode) t.get("shape")).add(rnd.nextInt(3));
                case 4 -> t.remove(List.of("dtype", "shape", "data_offsets").get(rnd.nextInt(3)));
                case 5 -> ((ArrayNode) t.get("data_offsets")).set(1, Long.MAX_VALUE);
                case 6 -> t.putArray("shape").add(4294967296L).add(4294967296L);
                case 7 -> t.put("dtype", "F8_E4M3FN");
                case 8 -> ((ArrayNode) t.get("shape")).add(-1);
                default -> { }
            }
        }
        switch (kind) {
            case 9 -> data[0] += 1 + rnd.nextInt(3);
            case 10 -> h.putObject("__metadata__").put("n", 1);
            case 11 -> h.put("loose", "text");
            default -> { }
        }
        String text = JSON.writeValueAsString(h);
        switch (kind) {
            case 12 -> text = text.length() < 3 ? text : text.substring(0, rnd.nextInt(text.length()));
            case 13 -> text = names.isEmpty() ? text : text.replaceFirst("\\}$", ",\"" + names.get(0) + "\":"
                    + JSON.writeValueAsString(h.get(names.get(0))) + "}");
            case 14 -> text = text + " ".repeat(rnd.nextInt(9));
            case 15 -> {
                byte[] b = text.getBytes(StandardCharsets.UTF_8);
                b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                return b;
            }
            default -> { }
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The rules, checked on their own here: the sizes per dtype of a valid header, or null. */
    static Map<String, Long> oracle(byte[] bytes, long data) {
        try {
            if (bytes.length == 0 || bytes[0] != '{') {
                return null;
            }
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            JsonParser p = JSON.getFactory().createParser(text);
            p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            JsonNode h = JSON.readTree(p);
            if (p.nextToken() != null || h == null || !h.isObject()) {
                return null;
            }
            List<long[]> spans = new ArrayList<>();
            Map<String, Long> sizes = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = h.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (e.getKey().equals("__metadata__")) {
                    for (JsonNode m : v) {
                        if (!m.isTextual()) {
                            return null;
                        }
                    }
                    if (!v.isObject()) {
                        return null;
                    }
                    continue;
                }
                Integer bits = v.path("dtype").isTextual() ? BITS.get(v.path("dtype").asText()) : null;
                JsonNode off = v.path("data_offsets");
                if (bits == null || !v.path("shape").isArray() || !off.isArray() || off.size() != 2) {
                    return null;
                }
                java.math.BigInteger n = java.math.BigInteger.valueOf(bits);
                for (JsonNode d : v.get("shape")) {
                    if (!d.isIntegralNumber() || d.bigIntegerValue().signum() < 0) {
                        return null;
                    }
                    n = n.multiply(d.bigIntegerValue());
                }
                for (JsonNode o : off) {
                    if (!o.isIntegralNumber() || !o.canConvertToLong() || o.asLong() < 0) {
                        return null;
                    }
                }
                long a = off.get(0).asLong();
                long b = off.get(1).asLong();
                if (n.mod(java.math.BigInteger.valueOf(8)).signum() != 0 || b < a
                        || !n.divide(java.math.BigInteger.valueOf(8)).equals(java.math.BigInteger.valueOf(b - a))) {
                    return null;
                }
                spans.add(new long[] {a, b});
                sizes.merge(v.get("dtype").asText(), b - a, Long::sum);
            }
            spans.sort(Comparator.<long[]>comparingLong(x -> x[0]).thenComparingLong(x -> x[1]));
            long at = 0;
            for (long[] s : spans) {
                if (s[0] != at) {
                    return null;
                }
                at = s[1];
            }
            return data >= 0 && at != data ? null : sizes;
        } catch (IOException e) {
            return null;
        }
    }

    @Property(tries = 1000)
    void everyHeaderIsAcceptedExactlyWhenItKeepsTheRules(@ForAll("seeds") long seed) throws Exception {
        Random rnd = new Random(seed);
        ObjectNode h = JSON.createObjectNode();
        long[] data = {valid(h, rnd)};
        byte[] bytes = rnd.nextInt(8) == 0 ? JSON.writeValueAsBytes(h) : mutate(h, rnd, data);
        long known = rnd.nextInt(4) == 0 ? -1 : data[0];
        Map<String, Long> expected = oracle(bytes, known);
        Statistics.label("header").collect(expected == null ? "invalid" : "valid");
        long t = System.nanoTime();
        Map<String, Long> got;
        try {
            got = Safetensors.dtypeBytes(bytes, known);
        } catch (IOException e) {
            assertTrue(expected == null, "seed " + seed + ": a valid header was refused: " + e.getMessage() + "\n"
                    + new String(bytes, StandardCharsets.UTF_8));
            assertTrue(e.getMessage().startsWith("not a valid safetensors header: ") && e.getMessage().length() <= 300
                    && e.getMessage().chars().noneMatch(Character::isISOControl), e.getMessage());
            return;
        } catch (RuntimeException e) {
            fail("seed " + seed + ": " + e + " escaped for " + new String(bytes, StandardCharsets.UTF_8));
            return;
        } finally {
            assertTrue(System.nanoTime() - t < 1_000_000_000L, "seed " + seed + ": slow");
        }
        assertEquals(expected, got, "seed " + seed + ": accepted silently although the rules say "
                + (expected == null ? "invalid" : "these sizes") + ":\n" + new String(bytes, StandardCharsets.UTF_8));
    }

    /** The 8 length bytes: only 1 byte to 25 MiB is a header length. */
    @Property(tries = 1000)
    void headerLengthsArePlausibleOrRefused(@ForAll long n) {
        byte[] first = ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(n).array();
        try {
            long got = Safetensors.headerLength(first);
            assertTrue(got == n && n >= 1 && n <= Safetensors.MAX_HEADER, String.valueOf(n));
        } catch (IOException e) {
            assertTrue(n < 1 || n > Safetensors.MAX_HEADER, n + ": " + e.getMessage());
        }
    }

    @Provide
    Arbitrary<Long> seeds() { return Arbitraries.longs(); }
}
