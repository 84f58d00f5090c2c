package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.logs.FieldLogs.FieldLog;

/** SGLang's real startup logs (field-logs/sglang): each reads as the log says, and each issue-27 case is a regression test. */
class SglangFieldLogTest {
    static Stream<FieldLog> logs() { return FieldLogs.of("sglang").filter(l -> l.checks("read")); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void everySglangFieldLogReadsAsPublished(FieldLog log) throws Exception {
        Measurement m = EngineLogParser.parse(log.text());
        assertEquals(Engine.SGLANG, m.engine(), log.id());
        FieldLogChecks.assertRead(log, m);
        assertTrue(m.skippedLines().isEmpty(), log.id() + ": " + m.skippedLines());
    }

    private static Measurement read(String id) {
        return EngineLogParser.parse(FieldLogs.of("sglang").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    /** Seen (issue 27): "KV Cache is allocated. K size: 2.82 GB, V size: 2.82 GB." without #tokens was not read. */
    @Test
    void aKvLineWithoutTokensGivesThePool() {
        String line = FieldLogs.of("sglang").filter(l -> l.id().equals("SG03")).findFirst().orElseThrow().e().get("lines").get(2)
                .asText();
        Measurement m = EngineLogParser.parse(line);
        assertEquals(Units.gib(2.82) * 2, m.kvPoolBytes());
        assertNull(m.kvTokens(), "the line has no token count; max_total_num_tokens gives it");
        assertEquals(105531L, read("SG03").kvTokens());
    }

    /** Seen: "KV Cache is allocated. dtype: torch.bfloat16, #tokens: ..." (dtype first) was not read. */
    @Test
    void aKvLineWithTheDtypeFirstIsRead() {
        Measurement m = read("SG07");
        assertEquals(1669816L, m.kvTokens());
        assertEquals("bfloat16", m.kvCacheDtype());
    }

    /** Seen: a sliding-window model's pools are read as both, the full one as the capacity (not the SWA one). */
    @Test
    void slidingWindowPoolsAreBothReadAndTheFullOneIsTheCapacity() {
        Measurement m = read("SG06");
        assertEquals(375360L, m.kvTokens());
        assertEquals(300288L, m.swaTokens());
    }

    /** Seen: the avail mem lines were ignored; the free memory before the weights is what SGLang sized the pool from. */
    @Test
    void theFreeMemoryBeforeTheWeightsIsRead() {
        assertEquals(Units.gib(21.63), read("SG01").freeBeforeWeightsBytes());
        // a release without "mem usage": the weights are the free memory the load took (before - after)
        assertEquals(Units.gib(78.81) - Units.gib(63.72), read("SG02").weightsBytes());
    }

    /** A hybrid model's Mamba state pool (conv + SSM) is its own figure, not part of the KV pool (Granite 4.0-H, Qwen3.5). */
    @Test
    void theMambaStatePoolIsRead() {
        Measurement m = read("SG08");
        assertEquals(Units.gib(0.03) + Units.gib(2.74), m.stateBytes());
        assertEquals(Units.gib(1.52) * 2, m.kvPoolBytes());
        Measurement q = read("SG11");
        assertEquals(Units.gib(0.13) + Units.gib(7.29), q.stateBytes());
        // SGLang's mamba_full_memory_ratio 0.9: the state pool is about 0.9 x the KV pool (0.91 and 0.89 here)
        assertEquals(0.9, m.stateBytes() / (double) m.kvPoolBytes(), 0.02);
        assertEquals(0.9, q.stateBytes() / (double) q.kvPoolBytes(), 0.02);
    }

    /** Seen: a speculative draft model's pool was taken for the target's. SG10: each rank's target pool, then the draft's. */
    @Test
    void aDraftModelsPoolIsNotTheTargets() {
        Measurement m = read("SG10");
        assertEquals(Units.gib(3.46) * 2, m.kvPoolBytes());
        assertEquals(454112L, m.kvTokens());
    }

    /**
     * The draft worker's own "Load weight begin/end" (it loads after the target) does not replace the target's free memory.
     * SYNTHETIC lines, labelled: no published log with both loads was found with its source; the formats are SG04's and SG01's.
     */
    @Test
    void aDraftModelsLoadIsNotTheTargets() {
        String synthetic = String.join("\n",
                "[2025-11-06 01:22:00 TP0] Load weight begin. avail mem=77.00 GB",
                "[2025-11-06 01:22:05 TP0] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=69.00 GB, "
                        + "mem usage=8.00 GB.",
                "[2025-11-06 01:22:10 TP0] KV Cache is allocated. #tokens: 36264, K size: 2.49 GB, V size: 2.49 GB",
                "[2025-11-06 01:22:11 TP0] Load weight begin. avail mem=10.00 GB",
                "[2025-11-06 01:22:12 TP0] Load weight end. type=LlamaForCausalLMEagle3, dtype=torch.bfloat16, avail mem=9.50 GB, "
                        + "mem usage=0.50 GB.",
                "[2025-11-06 01:22:12 TP0] KV Cache is allocated. #tokens: 36264, K size: 0.04 GB, V size: 0.04 GB");
        Measurement m = EngineLogParser.parse(synthetic);
        assertEquals(Units.gib(2.49) * 2, m.kvPoolBytes(), "the target's pool, not the draft's 0.08 GB");
        assertEquals(Units.gib(77.0), m.freeBeforeWeightsBytes(), "the target's free memory, not the draft worker's");
        assertEquals(Units.gib(8.0), m.weightsBytes());
    }

    /** The server_args dump gives the fraction, TP, KV dtype and the model; a vLLM log is not taken for SGLang. */
    @Test
    void serverArgsAreReadAndOtherEnginesAreLeftAlone() {
        Measurement m = read("SG01");
        assertEquals(0.85, m.utilization(), 1e-12);
        assertEquals(4, m.tensorParallel());
        assertEquals("/home/model/Qwen/QwQ-32B", m.modelId());
        Measurement vllm = EngineLogParser.parse("INFO 07-24 14:07:31 model_runner.py:692] Loading model weights took 57.7520 GB");
        assertFalse(vllm.engine() == Engine.SGLANG);
    }
}
