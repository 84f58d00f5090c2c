package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.json.WorksheetJson;

/** calc --json's lora.*, offload.* and scenarios.*.storedTokens / maxConcurrency* keys (docs/cli.md), and a bad field named. */
class CliAdaptersTest {
    private static final Path SHEET = Path.of("src/test/resources/worksheets/v8-lora-prefix.json");

    private static JsonNode json(String text) throws Exception { return WorksheetJson.shared().readTree(text); }

    private static Path sheet(Path dir, String lora, String offload) throws Exception {
        ObjectNode root = (ObjectNode) json(Files.readString(SHEET));
        ObjectNode runtime = (ObjectNode) root.get("runtime");
        runtime.set("lora", json(lora));
        runtime.set("offload", json(offload));
        Path out = dir.resolve("s.json");
        Files.writeString(out, WorksheetJson.shared().writeValueAsString(root));
        return out;
    }

    @Test
    void calcJsonCarriesTheLoraOffloadAndPrefixKeys(@TempDir Path dir) throws Exception {
        Path s = sheet(dir, "{\"maxLoras\": 4, \"maxRank\": 16, \"intermediateSize\": 14336}",
                "{\"cpuBytes\": 68719476736, \"nodeHostRamBytes\": 34359738368}");
        CliTest.Run calc = CliTest.run("calc", s.toString(), "--json");
        assertEquals(0, calc.code(), calc.err());
        JsonNode out = json(calc.out());
        assertEquals(83_886_080L, out.get("lora").get("bytesPerAdapter").asLong());
        assertEquals(4 * 83_886_080L, out.get("lora").get("hostBytesPerNode").asLong());
        assertEquals(64L << 30, out.get("offload").get("hostBytesPerNode").asLong());
        assertEquals((64L << 30) / 131_072, out.get("offload").get("hostTokens").asLong());
        assertTrue(out.get("offload").has("fitsHostRam"), out.get("offload").toString());
        assertTrue(out.get("offload").get("fitsHostRam").toString().contains("false"), out.get("offload").toString());
        JsonNode t = out.get("scenarios").get("typical");
        assertEquals(38_240L, t.get("storedTokens").asLong());
        long cap = out.get("pool").get("capacityTokens").asLong();
        assertTrue(cap < 890_640L, "the LoRA slots came out of the pool: " + cap);
        assertEquals(cap / 4096, t.get("maxConcurrencyWithoutSharing").asLong());
        // n x 4,096 - (n - 1) x 992 <= capacity
        assertEquals((cap - 992) / (4096 - 992), t.get("maxConcurrencyWithSharing").asLong());
    }

    @Test
    void aBadLoraFieldIsNamed(@TempDir Path dir) throws Exception {
        Path s = sheet(dir, "{\"maxLoras\": 4, \"maxRank\": -16, \"intermediateSize\": 14336}", "{}");
        CliTest.Run calc = CliTest.run("calc", s.toString(), "--json");
        assertTrue(calc.out().contains("runtime.lora.maxRank") || calc.err().contains("runtime.lora.maxRank"),
                calc.out() + calc.err());
    }
}
