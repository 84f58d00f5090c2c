package org.vramsheet.io.logs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The real startup logs in {@code src/test/resources/field-logs/} (see its README), one engine or all. */
public final class FieldLogs {
    private FieldLogs() { }

    /** One published log: its id, its JSON entry (source, setup, verbatim lines, expected values). */
    public record FieldLog(String id, JsonNode e) {
        @Override
        public String toString() { return id + " " + e.path("engine").asText() + " " + e.path("model").asText(); }

        /** The verbatim lines, joined as the log was. */
        public String text() {
            StringBuilder b = new StringBuilder();
            e.get("lines").forEach(l -> b.append(l.asText()).append('\n'));
            return b.toString();
        }

        /** Whether the entry is good for this check ("read", "apply", "predict"). */
        public boolean checks(String check) {
            for (JsonNode c : e.path("checks")) {
                if (c.asText().equals(check)) {
                    return true;
                }
            }
            return false;
        }

        /** A setup value, or null when the source does not show it. */
        public JsonNode setup(String key) {
            JsonNode v = e.path("setup").path(key);
            return v.isMissingNode() || v.isNull() ? null : v;
        }
    }

    /** Every log of one engine ("vllm", "sglang", "trtllm", "llamacpp", "ollama"), by id. */
    public static Stream<FieldLog> of(String engine) {
        return load(engine).stream();
    }

    /** Every field log of every engine. */
    public static Stream<FieldLog> all() {
        return Stream.of("vllm", "sglang", "trtllm", "llamacpp", "ollama").flatMap(FieldLogs::of);
    }

    private static List<FieldLog> load(String engine) {
        try {
            var url = FieldLogs.class.getResource("/field-logs/" + engine);
            List<FieldLog> out = new ArrayList<>();
            if (url == null) {
                return out;
            }
            ObjectMapper json = new ObjectMapper();
            try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
                for (Path p : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                    try (InputStream in = Files.newInputStream(p)) {
                        JsonNode e = json.readTree(in);
                        out.add(new FieldLog(e.get("id").asText(), e));
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
