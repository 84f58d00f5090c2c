package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;

/**
 * The one check that a field log reads as its entry says (field-logs/README.md): every key of {@code expected} is the
 * {@link Measurement} component of that name, and every key of {@code expected_sums} is the sum of the parts the log
 * prints. Values as the README writes them: counts, ratios, bytes in the unit the log prints ("4.75 GiB", SGLang's and
 * vLLM's "GB" meaning 2^30), device lists and records whose unlisted components must be null. Each engine's field test
 * and {@link FieldLogSummaryTest} use it.
 */
final class FieldLogChecks {
    private static final Pattern BYTES = Pattern.compile("(-?[0-9.]+)\\s*(GiB|MiB|KiB|GB|MB|B)");

    private FieldLogChecks() { }

    /** Fails naming every key the reader did not give as the log printed it. */
    static void assertRead(FieldLogs.FieldLog log, Measurement m) throws Exception {
        List<String> bad = misread(log, m);
        assertTrue(bad.isEmpty(), log + " misread: " + bad);
    }

    /** A value of {@code expected} in the unit the log prints, as bytes the reader must give exactly. */
    static long bytes(String engine, String text) {
        Matcher m = BYTES.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a byte value: " + text);
        }
        double v = Double.parseDouble(m.group(1));
        boolean gib = engine.equals("sglang") || engine.equals("vllm");
        return switch (m.group(2)) {
            case "GiB" -> Units.gib(v);
            case "MiB" -> Math.round(v * Units.MIB);
            case "KiB" -> Math.round(v * 1024);
            // SGLang and vLLM print GiB as "GB"; the others mean 10^9
            case "GB" -> gib ? Units.gib(v) : Math.round(v * 1e9);
            case "MB" -> gib ? Math.round(v * Units.MIB) : Math.round(v * 1e6);
            default -> Math.round(v);
        };
    }

    /** The keys of {@code expected} and {@code expected_sums} that the reader does not give as the log says (empty: read). */
    static List<String> misread(FieldLogs.FieldLog log, Measurement m) throws Exception {
        List<String> out = new ArrayList<>();
        Map<String, RecordComponent> parts = new LinkedHashMap<>();
        for (RecordComponent c : Measurement.class.getRecordComponents()) {
            parts.put(c.getName(), c);
        }
        String engine = log.e().path("engine").asText();
        for (String section : new String[] {"expected", "expected_sums"}) {
            for (Iterator<Map.Entry<String, JsonNode>> it = log.e().path(section).fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                RecordComponent c = parts.get(f.getKey());
                if (c == null) {
                    out.add(f.getKey() + " (no such Measurement component)");
                    continue;
                }
                Object got = c.getAccessor().invoke(m);
                boolean ok = section.equals("expected") ? same(engine, f.getValue(), got) : sum(engine, f.getValue(), got);
                if (!ok) {
                    out.add(f.getKey() + "=" + got + " (log: " + f.getValue() + (section.equals("expected") ? ")" : ", summed)"));
                }
            }
        }
        return out;
    }

    /** Parts the log prints separately (K and V sizes; free before and after): their sum is the component. */
    private static boolean sum(String engine, JsonNode parts, Object got) {
        if (!(got instanceof Long l)) {
            return false;
        }
        long total = 0;
        for (JsonNode p : parts) {
            total = Math.addExact(total, bytes(engine, p.asText()));
        }
        return total == l;
    }

    private static boolean same(String engine, JsonNode want, Object got) throws Exception {
        if (want.isNull()) {
            return got == null;
        }
        if (got == null) {
            return false;
        }
        if (want.isArray() && got instanceof List<?> list) {
            if (want.size() != list.size()) {
                return false;
            }
            for (int i = 0; i < list.size(); i++) {
                if (!same(engine, want.get(i), list.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (want.isObject() && got instanceof Record r) {
            // every component of the record is as the entry says; one the entry does not list is null
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                JsonNode w = want.has(c.getName()) ? want.get(c.getName()) : NullNode.getInstance();
                if (!same(engine, w, c.getAccessor().invoke(r))) {
                    return false;
                }
            }
            return true;
        }
        if (want.isTextual() && BYTES.matcher(want.asText().trim()).matches() && got instanceof Long l) {
            return bytes(engine, want.asText()) == l;
        }
        if (want.isNumber() && got instanceof Number n) {
            return Math.abs(want.asDouble() - n.doubleValue()) < 1e-9 * Math.max(1, Math.abs(want.asDouble()));
        }
        return want.asText().equals(String.valueOf(got));
    }
}
