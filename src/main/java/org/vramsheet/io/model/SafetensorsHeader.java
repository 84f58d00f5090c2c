package org.vramsheet.io.model;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.vramsheet.io.Messages;
import org.vramsheet.io.json.WorksheetJson;

/**
 * A safetensors header checked against the format's own rules (huggingface/safetensors, {@code Metadata::validate}) before
 * any size is taken from it: UTF-8 JSON that starts with '{', an object of tensors (and an optional
 * {@code __metadata__} of strings), each with a known {@code dtype}, a {@code shape} of whole numbers and
 * {@code data_offsets} [begin, end]; sorted by offset, the tensors cover the data from byte 0 without a gap or an
 * overlap, each exactly product(shape) x the dtype's size, and the last ends where the file does. A header that breaks
 * a rule is refused with the rule it breaks (one line): its sizes are never used.
 */
final class SafetensorsHeader {
    /** The format's dtypes and their sizes in bits. */
    private static final Map<String, Integer> BITS = Map.ofEntries(Map.entry("BOOL", 8), Map.entry("F4", 4),
            Map.entry("F6_E2M3", 6), Map.entry("F6_E3M2", 6), Map.entry("U8", 8), Map.entry("I8", 8),
            Map.entry("F8_E5M2", 8), Map.entry("F8_E4M3", 8), Map.entry("F8_E8M0", 8), Map.entry("I16", 16),
            Map.entry("U16", 16), Map.entry("F16", 16), Map.entry("BF16", 16), Map.entry("I32", 32), Map.entry("U32", 32),
            Map.entry("F32", 32), Map.entry("C64", 64), Map.entry("F64", 64), Map.entry("I64", 64), Map.entry("U64", 64));
    private static final String INVALID = "not a valid safetensors header: ";

    private record Tensor(String name, String dtype, long begin, long end) { }

    private SafetensorsHeader() { }

    /**
     * Bytes per dtype of a header that keeps every rule. {@code dataBytes}: how many bytes follow the header in the
     * file, or -1 when that is not known (then only the rules inside the header are checked).
     */
    static Map<String, Long> dtypeBytes(byte[] json, long dataBytes) throws IOException {
        List<Tensor> tensors = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = parse(json).fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equals("__metadata__")) {
                metadata(e.getValue());
            } else {
                tensors.add(tensor(e.getKey(), e.getValue()));
            }
        }
        tensors.sort(Comparator.comparingLong(Tensor::begin).thenComparingLong(Tensor::end));
        long at = 0;
        Map<String, Long> out = new TreeMap<>();
        for (Tensor t : tensors) {
            if (t.begin() != at) {
                throw invalid("tensor " + Messages.quote(t.name()) + " starts at byte " + t.begin() + ", not " + at
                        + (t.begin() < at ? " (it overlaps the one before)" : " (a gap before it)"));
            }
            at = t.end();
            out.merge(t.dtype(), t.end() - t.begin(), Long::sum); // a sum of contiguous ranges is the last end: no overflow
        }
        if (dataBytes >= 0 && at != dataBytes) {
            throw invalid("the tensors cover " + at + " bytes of data, the file holds " + dataBytes);
        }
        return out;
    }

    private static JsonNode parse(byte[] json) throws IOException {
        if (json.length == 0 || json[0] != '{') {
            throw invalid("it does not start with '{'");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(json)).toString();
        } catch (CharacterCodingException e) {
            throw invalid("it is not UTF-8");
        }
        JsonNode h;
        try (JsonParser p = WorksheetJson.shared().getFactory().createParser(text)) {
            p.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
            h = WorksheetJson.shared().readTree(p);
            if (p.nextToken() != null) {
                throw invalid("more than one JSON value");
            }
        } catch (IOException e) {
            throw e.getMessage() != null && e.getMessage().startsWith(INVALID) ? e
                    : invalid("its JSON does not parse (" + Messages.oneLine(firstLine(e.getMessage())) + ")");
        }
        if (h == null || !h.isObject()) {
            throw invalid("not a JSON object");
        }
        return h;
    }

    private static String firstLine(String s) {
        String t = s == null ? "" : s.split("\n", 2)[0];
        return t.length() > 120 ? t.substring(0, 120) + "..." : t;
    }

    private static void metadata(JsonNode m) throws IOException {
        if (!m.isObject()) {
            throw invalid("__metadata__ is not an object");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = m.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual()) {
                throw invalid("__metadata__ " + Messages.quote(e.getKey()) + " is not a string");
            }
        }
    }

    private static Tensor tensor(String name, JsonNode t) throws IOException {
        String q = "tensor " + Messages.quote(name);
        if (!t.isObject()) {
            throw invalid(q + " is not an object");
        }
        JsonNode dtype = t.get("dtype");
        Integer bits = dtype != null && dtype.isTextual() ? BITS.get(dtype.asText()) : null;
        if (bits == null) {
            throw invalid(q + " has no known dtype" + (dtype == null ? "" : " (" + Messages.quote(dtype.asText()) + ")"));
        }
        JsonNode shape = t.get("shape");
        if (shape == null || !shape.isArray()) {
            throw invalid(q + " has no shape");
        }
        long elements = 1;
        try {
            for (JsonNode d : shape) {
                elements = Math.multiplyExact(elements, whole(d, q + "'s shape"));
            }
            long size = Math.multiplyExact(elements, (long) bits);
            if (size % 8 != 0) {
                throw invalid(q + ": " + elements + " elements of " + bits + " bits are not whole bytes");
            }
            JsonNode off = t.get("data_offsets");
            if (off == null || !off.isArray() || off.size() != 2) {
                throw invalid(q + " has no data_offsets [begin, end]");
            }
            long begin = whole(off.get(0), q + "'s data_offsets");
            long end = whole(off.get(1), q + "'s data_offsets");
            if (end < begin) {
                throw invalid(q + " has data_offsets [" + begin + ", " + end + "] that run backwards");
            }
            if (end - begin != size / 8) {
                throw invalid(q + " spans " + (end - begin) + " bytes, its shape and " + dtype.asText() + " give "
                        + size / 8);
            }
            return new Tensor(name, dtype.asText(), begin, end);
        } catch (ArithmeticException e) {
            throw invalid(q + "'s size does not fit a file (overflow)");
        }
    }

    private static long whole(JsonNode n, String what) throws IOException {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0) {
            throw invalid(what + " holds " + (n == null ? "nothing" : Messages.quote(n.toString())) + ", not a whole number"
                    + " from 0");
        }
        return n.asLong();
    }

    private static IOException invalid(String why) {
        return new IOException(INVALID + why);
    }
}
