package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/**
 * Issue 27's table, per engine, over every field log (real logs users and projects published): how many there are, how
 * many are read as the log says ({@code expected}), and how many are reproduced after Apply within 0.1 %. The table goes to
 * {@code target/field-log-summary.md} and docs/accuracy.md quotes it. Before-launch errors are each engine's own
 * leave-one-out test (the fit is the engine's).
 */
class FieldLogSummaryTest {
    private static final Pattern BYTES = Pattern.compile("([0-9.]+)\\s*(GiB|MiB|KiB|GB|MB|B)");

    /** A value of {@code expected} in the unit the log prints, as bytes the reader must give exactly. */
    static long bytes(String engine, String text) {
        Matcher m = BYTES.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("not a byte value: " + text);
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "GiB" -> Units.gib(v);
            case "MiB" -> Math.round(v * Units.MIB);
            case "KiB" -> Math.round(v * 1024);
            // SGLang and vLLM print GiB as "GB"; the others mean 10^9
            case "GB" -> engine.equals("sglang") || engine.equals("vllm") ? Units.gib(v) : Math.round(v * 1e9);
            case "MB" -> engine.equals("sglang") || engine.equals("vllm") ? Math.round(v * Units.MIB) : Math.round(v * 1e6);
            default -> Math.round(v);
        };
    }

    /** The keys of {@code expected} that the reader does not give as the log says (empty: read). */
    static List<String> misread(FieldLogs.FieldLog log, Measurement m) throws Exception {
        List<String> out = new ArrayList<>();
        Map<String, RecordComponent> parts = new LinkedHashMap<>();
        for (RecordComponent c : Measurement.class.getRecordComponents()) {
            parts.put(c.getName(), c);
        }
        var fields = log.e().path("expected").fields();
        while (fields.hasNext()) {
            var f = fields.next();
            RecordComponent c = parts.get(f.getKey());
            if (c == null) {
                out.add(f.getKey() + " (no such Measurement component)");
                continue;
            }
            Object got = c.getAccessor().invoke(m);
            if (!same(log.e().path("engine").asText(), f.getValue(), got)) {
                out.add(f.getKey() + "=" + got + " (log: " + f.getValue() + ")");
            }
        }
        return out;
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

    /** The capacity after Apply against the log's, or null when the sheet cannot be built from what the source shows. */
    static Double applyError(FieldLogs.FieldLog log, Measurement m) throws Exception {
        Worksheet ws = FieldLogSheets.preLaunch(log);
        if (ws == null || m.kvTokens() == null) {
            return null;
        }
        Figure f = SizingCalculator.calculate(LogComparison.apply(ws, m)).get(FigureKey.POOL_CAPACITY_TOKENS);
        return f != null && f.available() ? f.value() / (double) m.kvTokens() - 1 : Double.NaN;
    }

    @Test
    void everyFieldLogIsReadAndEveryPoolIsReproducedAfterApply() throws Exception {
        StringBuilder table = new StringBuilder("| engine | logs | read as printed | Apply checks | within 0.1 % after Apply | largest |\n"
                + "|---|---|---|---|---|---|\n");
        List<String> failures = new ArrayList<>();
        for (String engine : List.of("vllm", "sglang", "trtllm", "llamacpp", "ollama")) {
            List<FieldLogs.FieldLog> logs = FieldLogs.of(engine).toList();
            if (logs.size() < 3) {
                failures.add(engine + ": only " + logs.size() + " field logs (issue 27 asks for at least three real logs per engine)");
            }
            int read = 0;
            int applyChecks = 0;
            int reproduced = 0;
            double largest = 0;
            for (FieldLogs.FieldLog log : logs) {
                Measurement m = EngineLogParser.parse(log.text());
                List<String> bad = misread(log, m);
                if (bad.isEmpty()) {
                    read++;
                } else {
                    failures.add(log + " misread: " + bad);
                }
                if (log.checks("apply")) {
                    applyChecks++;
                    Double err = applyError(log, m);
                    if (err != null && Math.abs(err) <= 0.001) {
                        reproduced++;
                        largest = Math.max(largest, Math.abs(err));
                    } else {
                        failures.add(log + " after Apply: " + (err == null ? "no sheet (config or GPU not in the entry)"
                                : String.format(Locale.ROOT, "%+.3f %%", err * 100)));
                    }
                }
            }
            table.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %.3f %% |%n", engine, logs.size(), read, applyChecks,
                    reproduced, largest * 100));
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/field-log-summary.md"), table + (failures.isEmpty() ? "" : "\nfailures:\n"
                + String.join("\n", failures) + "\n"));
        System.out.println(table);
        failures.forEach(System.out::println);
        assertTrue(failures.isEmpty(), failures.size() + " field logs misread or not reproduced: " + failures);
    }

    /** "1 line read", not "1 lines read". */
    @Test
    void oneLineIsOneLine() {
        String one = EngineLogParser.summary(EngineLogParser.parse("llama_context: n_ctx         = 4096"));
        assertTrue(one.endsWith(": 1 line read"), one);
        String two = EngineLogParser.summary(EngineLogParser.parse("llama_context: n_ctx         = 4096\n"
                + "llama_context: n_batch       = 2048"));
        assertTrue(two.endsWith(": 2 lines read"), two);
    }
}
