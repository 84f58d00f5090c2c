package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/** calc --json's latency keys (docs/cli.md): performance.<scenario>.*, sla.*, cost.*; null with the reason when unavailable. */
class CliLatencyTest {
    static JsonNode json(Path file) throws Exception {
        CliTest.Run r = CliTest.run("calc", file.toString(), "--json");
        assertEquals(0, r.code(), r.err());
        return WorksheetJson.shared().readTree(r.out());
    }

    @Test
    void everyScenarioHasTheLatencyKeysAndTheSlaAndCostOnes(@TempDir Path dir) throws Exception {
        // the version-7 sheet on one H200 takes the catalog's performance when opened
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v7-llama70b-h200.json"));
        ws = ws.withResult(ws.result().withSla(new SlaTargets(2000.0, null, 50.0, null)).withPricePerGpuHour(3.5));
        Path file = dir.resolve("sla.json");
        Files.writeString(file, WorksheetJson.write(ws));
        JsonNode t = json(file);
        for (String s : new String[] {"typical", "heavy", "limit"}) {
            for (String k : new String[] {"ttftMs", "ttftP95Ms", "itlMs", "outputTokensPerSecond", "decodeStepMs"}) {
                JsonNode v = t.path("performance").path(s).get(k);
                assertTrue(v != null && v.isNumber() && v.asDouble() > 0, s + "." + k + ": " + v);
            }
            assertTrue(t.path("cost").path(s).get("perMillionOutputTokens").isNumber(), s);
            assertEquals("ms", t.path("explain").path("performance." + s + ".itlMs").path("unit").asText());
        }
        // the memory verdict: 70B BF16 does not leave a KV pool on one H200 at vLLM's 0.9, so memory binds at 0
        assertEquals(0, t.path("sla").path("maxConcurrency").asLong());
        assertTrue(t.path("sla").get("latencyMaxConcurrency").asLong() > 0);
        assertEquals(false, t.path("sla").path("latencyBinds").asBoolean());
        assertEquals(3.5, t.path("cost").path("pricePerGpuHour").asDouble(), 1e-9);
        assertEquals(3.5, t.path("cost").path("replicaHour").asDouble(), 1e-9);
        // issue 29 point 6: ITL x output tokens/s = concurrency x 1000 on every scenario (the keys are one estimate)
        for (String s : new String[] {"typical", "heavy", "limit"}) {
            JsonNode p = t.path("performance").path(s);
            assertEquals(t.path("scenarios").path(s).path("sequences").asDouble(), p.path("itlMs").asDouble()
                    * p.path("outputTokensPerSecond").asDouble() / 1000, 0.01, s + ": " + p);
        }
        assertTrue(t.path("cost").get("fleetHour").isNull(), "no fleet target");
        assertTrue(t.path("unavailable").has("cost.fleetHour"));
    }

    @Test
    void withoutPerformanceDataTheKeysAreNullWithTheReason(@TempDir Path dir) throws Exception {
        Worksheet ws = WorksheetJson.read(Path.of("src/test/resources/worksheets/v7-llama70b-h200.json"));
        Path file = dir.resolve("none.json");
        Files.writeString(file, WorksheetJson.write(ws.withGpu(ws.gpu().withPerformance(null))));
        JsonNode t = json(file);
        assertTrue(t.path("performance").path("heavy").get("itlMs").isNull());
        assertTrue(t.path("unavailable").path("performance.heavy.itlMs").asText().contains("no performance data"),
                t.path("unavailable").toString());
        assertTrue(t.path("sla").get("maxConcurrency").isNull());
    }
}
