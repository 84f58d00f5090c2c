package org.vramsheet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.io.json.WorksheetJson;

/**
 * calc / import's --enable-expert-parallel and --attention-dp and calc --json's placement.expert* keys (docs/cli.md), on the
 * version-9 DeepSeek-V2-Lite sheet (64 routed experts of 3 x 2,048 x 1,408 in 26 MoE layers, bf16).
 */
class CliExpertTest {
    private static final String SHEET = "src/test/resources/worksheets/v9-ep-deepseek-v2-lite.json";
    private static final String CONFIG = "src/test/resources/configs/deepseek-ai__DeepSeek-V2-Lite.json";

    private static JsonNode json(String text) throws Exception { return WorksheetJson.shared().readTree(text); }

    @Test
    void calcTakesTheExpertOptionsAndPrintsThePlacementKeys() throws Exception {
        CliTest.Run calc = CliTest.run("calc", SHEET, "--json", "--enable-expert-parallel", "--attention-dp", "2");
        assertEquals(0, calc.code(), calc.err());
        JsonNode p = json(calc.out()).get("placement");
        assertEquals(2, p.get("attentionDataParallel").asLong());
        assertEquals(2, p.get("expertParallelSize").asLong());
        assertEquals(32, p.get("expertsPerGpu").asLong());
        assertEquals(14_394_851_328L, p.get("expertWeightsBytesPerGpu").asLong());
        assertEquals(31_412_968_448L - 28_789_702_656L, p.get("attentionWeightsBytesPerGpu").asLong());
        assertEquals(2, p.get("gpusPerReplica").asLong(), "the sheet's one H200 grew to TP x PP x D = 2");
        long perRank = json(calc.out()).get("pool").get("capacityTokens").asLong();
        assertEquals(2 * perRank, p.get("engineCapacityTokens").asLong());
        assertEquals(2_623_265_792L + 14_394_851_328L, json(calc.out()).get("weights").get("bytesPerGpu").asLong());
    }

    @Test
    void importWritesTheLayoutAndABadCountIsNamed(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("ep.json");
        CliTest.Run imp = CliTest.run("import", CONFIG, "--engine", "sglang", "--enable-expert-parallel", "--attention-dp", "2",
                "-o", out.toString());
        assertEquals(0, imp.code(), imp.err());
        JsonNode s = json(java.nio.file.Files.readString(out));
        assertEquals(10, s.get("schemaVersion").asInt());
        assertTrue(s.get("runtime").get("expert").get("enabled").asBoolean());
        assertEquals(2, s.get("runtime").get("expert").get("dataParallel").asInt());
        CliTest.Run bad = CliTest.run("calc", SHEET, "--attention-dp", "two");
        assertEquals(Cli.BAD_INPUT, bad.code());
        assertTrue(bad.err().contains("--attention-dp"), bad.err());
        CliTest.Run llama = CliTest.run("calc", SHEET, "--engine", "llama.cpp", "--attention-dp", "2");
        assertEquals(Cli.BAD_INPUT, llama.code());
        assertTrue(llama.err().contains("runtime.expert.dataParallel") || llama.err().contains("Attention data-parallel"),
                llama.err());
    }
}
