package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.core.calc.LoraStepTest.assertRefused;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * Prefix sharing per scenario on the version-8 sheet main's build saved (Llama-3.1-8B-Instruct, one H200, vLLM, prefix
 * caching on; Typical: 12 sequences of 3,584 + 512 tokens sharing 1,000; pool capacity 890,640 tokens): vLLM stores the
 * shared prefix once in whole 16-token blocks (62 blocks = 992 tokens), SGLang per token; the pool holds more of the
 * scenario's sequences with the sharing than without.
 */
class PrefixStepTest {
    private static final ScenarioId T = ScenarioId.TYPICAL;

    private static Worksheet sheet() throws Exception {
        return WorksheetJson.read(Path.of("src/test/resources/worksheets/v8-lora-prefix.json"));
    }

    private static long v(SizingResult r, ScenarioFigure f) {
        assertTrue(r.get(T, f).available(), f + ": " + r.get(T, f).reason());
        return r.get(T, f).value();
    }

    private static Worksheet share(Worksheet ws, Double share) {
        Scenario s = ws.workloads().typical();
        return org.vramsheet.core.calc.Sheets.withScenario(ws, T, new Scenario(s.inputTokens(), s.generatedTokens(),
                s.concurrentSequences(), s.sequenceLengths(), s.sharedPrefixTokens(), share));
    }

    @Test
    void vllmStoresTheSharedPrefixOnceInWholeBlocksAndTheReportHasBoth() throws Exception {
        SizingResult r = SizingCalculator.calculate(sheet());
        assertEquals(49_152L, v(r, ScenarioFigure.ACTIVE_TOKENS), "12 x 4,096");
        assertEquals(49_152L - 11 * 1000, v(r, ScenarioFigure.UNIQUE_TOKENS), "token-granular: 38,152");
        assertEquals(49_152L - 11 * 992, v(r, ScenarioFigure.STORED_TOKENS), "whole 16-token blocks: 38,240");
        assertEquals(890_640L / 4096, v(r, ScenarioFigure.CONCURRENCY_WITHOUT_SHARING), "217");
        // n x 4,096 - (n - 1) x 992 <= 890,640: n = 286
        assertEquals(286L, v(r, ScenarioFigure.CONCURRENCY_WITH_SHARING));
    }

    @Test
    void sglangSharesPerTokenAndAShareOfTheSequencesSharesLess() throws Exception {
        Worksheet sg = sheet();
        sg = sg.withRuntime(sg.runtime().toBuilder().engine(Engine.SGLANG).engineVersion("0.5.4").build());
        SizingResult g = SizingCalculator.calculate(sg);
        assertTrue(g.issues().isEmpty(), g.issues().toString());
        assertEquals(v(g, ScenarioFigure.UNIQUE_TOKENS), v(g, ScenarioFigure.STORED_TOKENS), "radix tree, page size 1");
        SizingResult half = SizingCalculator.calculate(share(sheet(), 0.5));
        assertEquals(49_152L - 5 * 1000, v(half, ScenarioFigure.UNIQUE_TOKENS), "6 of 12 carry the prefix");
        assertEquals(49_152L - 5 * 992, v(half, ScenarioFigure.STORED_TOKENS));
        SizingResult none = SizingCalculator.calculate(share(sheet(), 0.0));
        assertEquals(49_152L, v(none, ScenarioFigure.STORED_TOKENS));
        assertEquals(v(none, ScenarioFigure.CONCURRENCY_WITHOUT_SHARING), v(none, ScenarioFigure.CONCURRENCY_WITH_SHARING));
        SizingResult all = SizingCalculator.calculate(sheet());
        assertTrue(v(half, ScenarioFigure.PHYSICAL_KV_BYTES) > v(all, ScenarioFigure.PHYSICAL_KV_BYTES));
    }

    @Test
    void aShareOutsideZeroToOneIsRefusedNamingTheField() throws Exception {
        assertRefused(share(sheet(), 1.5), "workloads.typical.sharedPrefixShare", "must be");
        assertRefused(share(sheet(), -0.1), "workloads.typical.sharedPrefixShare", "must be");
    }
}
