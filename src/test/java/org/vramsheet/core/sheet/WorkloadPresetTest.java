package org.vramsheet.core.sheet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WorkloadPresetTest {
    @Test
    void presetsAreAsWrittenWhenTheModelHoldsThem() {
        Workloads w = WorkloadPreset.CHAT.workloads(131_072L);
        assertEquals(Scenario.of(1_500, 500, 32), w.typical());
        assertEquals(Scenario.of(30_000, 2_000, 8), w.limit());
        assertEquals(Long.valueOf(4_000), WorkloadPreset.AGENT.workloads(null).typical().sharedPrefixTokens());
    }

    @Test
    void aShorterModelContextCutsThePromptSoTheSequenceFits() {
        Workloads w = WorkloadPreset.LONG_DOCUMENT.workloads(8_192L);
        for (Scenario s : java.util.List.of(w.typical(), w.heavy(), w.limit())) {
            assertTrue(s.inputTokens() + s.generatedTokens() <= 8_192, s.toString());
            assertTrue(s.inputTokens() > 0 && s.generatedTokens() > 0);
        }
        assertEquals(7_192, w.typical().inputTokens(), "32,000 + 1,000 cut to 7,192 + 1,000");
        assertEquals(6_144, w.limit().inputTokens(), "output 4,000 is over a quarter of 8,192: 2,048, prompt 6,144");
        Scenario agent = WorkloadPreset.AGENT.workloads(4_096L).limit();
        assertTrue(agent.sharedPrefixTokens() <= agent.inputTokens(), "a prefix never longer than the prompt");
    }
}
