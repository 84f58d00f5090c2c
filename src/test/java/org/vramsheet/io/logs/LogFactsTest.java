package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.cli.Cli;
import org.vramsheet.core.validation.LogFacts;

/** What the log dialog and {@code validate} list as "the log says", on real logs (field logs). */
class LogFactsTest {
    private static FieldLogs.FieldLog log(String engine, String id) {
        return FieldLogs.of(engine).filter(l -> l.id().equals(id)).findFirst().orElseThrow();
    }

    /** LC01 (llama.cpp PR #6122): two GPUs, each with its own model and KV buffers; the host holds the output buffer. */
    @Test
    void everyDevicesBuffersAreListed() {
        List<String> facts = LogFacts.of(EngineLogParser.parse(log("llamacpp", "LC01").text()));
        assertTrue(facts.contains("'CUDA0' KV buffer: 1,536.00 MiB"), facts.toString());
        assertTrue(facts.contains("'CUDA1' KV buffer: 3,584.00 MiB"), facts.toString());
        assertTrue(facts.contains("'CUDA0' compute buffer: 672.01 MiB"), facts.toString());
        assertTrue(facts.stream().anyMatch(f -> f.startsWith("'CUDA_Host' output buffer: 1.95 MiB")), facts.toString());
        assertEquals(4, facts.stream().filter(f -> f.contains(" in all: ")).count(), "one total per device");
    }

    @Test
    void theRecurrentStateIsApartFromTheKvPool() {
        List<String> facts = LogFacts.of(EngineLogParser.parse(log("llamacpp", "LC06").text()));
        assertTrue(facts.stream().anyMatch(f -> f.startsWith("recurrent state: ")), facts.toString());
    }

    @Test
    void validateJsonListsThem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("lc01.log");
        Files.writeString(file, log("llamacpp", "LC01").text());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = Cli.run(new String[] {"validate", file.toString(), "--json"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(0, rc);
        String json = out.toString(StandardCharsets.UTF_8);
        assertTrue(json.contains("\"logSays\""), json);
        assertTrue(json.contains("'CUDA1' KV buffer: 3,584.00 MiB"), json);
    }
}
