package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.json.WorksheetJson;

/** import TARGET --draft DRAFT [--speculative-tokens K], then calc --json's speculative.* keys (docs/cli.md). */
class CliSpeculativeTest {
    private static final String QWEN8B = "src/test/resources/configs/Qwen__Qwen3-8B.json";

    private static JsonNode json(String text) throws Exception { return WorksheetJson.shared().readTree(text); }

    @Test
    void aDraftModelIsImportedLikeTheMainOne(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("spec.json");
        CliTest.Run imp = CliTest.run("import", QWEN8B, "--draft", "src/test/resources/configs/Qwen__Qwen3-0.6B.json",
                "--speculative-tokens", "3", "-o", out.toString());
        assertEquals(0, imp.code(), imp.err());
        assertTrue(imp.out().contains("draft src/test/resources/configs/Qwen__Qwen3-0.6B.json: weights"), imp.out());
        JsonNode sheet = json(Files.readString(out)).get("runtime").get("speculative");
        assertEquals("DRAFT_MODEL", sheet.get("method").asText());
        assertEquals(3, sheet.get("tokens").asInt());
        CliTest.Run calc = CliTest.run("calc", out.toString(), "--json");
        assertEquals(0, calc.code(), calc.err());
        JsonNode s = json(calc.out()).get("speculative");
        assertEquals(1_192_099_840L, s.get("draftWeightsBytes").asLong());
        assertEquals(114_688L, s.get("draftKvBytesPerToken").asLong());
        assertEquals(147_456L + 114_688L, s.get("poolBytesPerTokenPerGpu").asLong());
        assertEquals(4, s.get("verifyTokensPerSequence").asInt());
    }

    @Test
    void anEagle3ConfigGivesTheHeads(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("eagle.json");
        CliTest.Run imp = CliTest.run("import", "src/test/resources/configs/meta-llama__Llama-3.1-8B-Instruct.json", "--draft",
                "src/test/resources/configs/eagle3", "-o", out.toString());
        assertEquals(0, imp.code(), imp.err());
        JsonNode calc = json(CliTest.run("calc", out.toString(), "--json").out()).get("speculative");
        // layer 0: q, k, v over 2h: 8,192 x (32 + 2 x 8) x 128 = 50,331,648; o 4,096 x 4,096 = 16,777,216; MLP 3 x 4,096 x
        // 14,336 = 176,160,768; 3 norms 12,288; final norm 4,096; fc 12,288 x 4,096 = 50,331,648; lm_head 32,000 x 4,096 =
        // 131,072,000: 424,689,664 parameters x 2 B + draft_id_to_target_id 32,000 x 8 B
        assertEquals(424_689_664L * 2 + 32_000L * 8, calc.get("draftWeightsBytes").asLong());
        assertEquals(2L * 8 * 128 * 2, calc.get("draftKvBytesPerToken").asLong(), "one layer of 8 KV heads x 128 in bf16");
        assertEquals("EAGLE3", json(Files.readString(out)).get("runtime").get("speculative").get("method").asText());
    }

    @Test
    void badDraftOptionsAreNamed() {
        CliTest.Run noDraft = CliTest.run("import", QWEN8B, "--speculative-tokens", "3");
        assertEquals(2, noDraft.code());
        assertEquals("vramsheet import: --speculative-tokens needs --draft\n", noDraft.err());
        CliTest.Run missing = CliTest.run("import", QWEN8B, "--draft", "no/such/config.json");
        assertEquals(2, missing.code());
        assertTrue(missing.err().startsWith("vramsheet import: --draft no/such/config.json: "), missing.err());
        CliTest.Run k = CliTest.run("import", QWEN8B, "--draft", "src/test/resources/configs/Qwen__Qwen3-0.6B.json",
                "--speculative-tokens", "0");
        assertEquals(2, k.code());
        assertTrue(k.err().contains("--speculative-tokens must be from 1 to 64 (got 0)"), k.err());
    }
}
