package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ModelInfo;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/** The real TensorRT-LLM startup logs in field-logs/trtllm: every release's pool lines are read, and Apply reproduces the pool. */
class TrtLlmFieldLogTest {
    static Stream<FieldLogs.FieldLog> logs() { return FieldLogs.of("trtllm"); }

    @ParameterizedTest(name = "{0}")
    @MethodSource("logs")
    void everyTrtLlmFieldLogIsRead(FieldLogs.FieldLog log) throws Exception {
        Measurement m = EngineLogParser.parse(log.text());
        assertFalse(m.matchedLines().isEmpty(), log + ": " + EngineLogParser.summary(m));
        assertEquals(Engine.TENSORRT_LLM, m.engine(), log.toString());
        assertTrue(m.skippedLines().isEmpty(), log + " skipped " + m.skippedLines());
        FieldLogChecks.assertRead(log, m);
        if (m.freeAfterWeightsBytes() != null && m.totalBytes() != null) {
            // the pool is a fraction of "available": everything else on the card is the engine's non-KV memory
            assertEquals(m.totalBytes() - m.freeAfterWeightsBytes(), m.nonKvBytes(), log.toString());
        }
    }

    /** Seen: "available: X GiB" was not used (14 % off after Apply). The printed pool is 0.9 x available, not of the total. */
    @Test
    void thePrintedPoolIsTheDefaultFractionOfTheAvailableMemory() {
        for (String id : new String[] {"TR03", "TR05"}) {
            Measurement m = EngineLogParser.parse(FieldLogs.of("trtllm").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
            double ratio = m.kvPoolBytes() / (0.9 * m.freeAfterWeightsBytes());
            // whole blocks round the pool up by less than a block; the printed GiB are rounded to 0.01
            assertEquals(1.0, ratio, 0.0005, id + " pool / (0.9 x available) = " + ratio);
        }
    }

    /**
     * Apply reproduces the pool and capacity from the log's own "available" within 0.1 %: TR05 (LLaVA-1.5-7B, whose language
     * model has Llama-2-7B's geometry, configs/meta-llama__Llama-2-7b-hf.json: 32 layers, 32 KV heads of 128, fp16; TP 2;
     * no version, so tokens per block 32) and TR04 (a Qwen1.5-7B fine-tune: 32 layers, 32 KV heads of 128, fp16; TP 1;
     * 0.13, so trtllm-build's 64 tokens per block).
     */
    @Test
    void applyReproducesThePoolFromTheLogsAvailableMemory() {
        Worksheet llava = sheet("llava-hf/llava-1.5-7b-hf", "", 2);
        check("TR05", llava, true);
        Worksheet qwen = sheet("Qwen/Qwen1.5-7B", "0.13.0.dev2024082000", 1);
        check("TR04", qwen, false);
    }

    /**
     * Tensor parallelism (TR13: TP 2, 0.13, both ranks print every line; TR14: TP 2, 0.10's "Max tokens in paged KV cache: N.
     * Allocating B bytes"): the figures are one GPU's. The second rank's copy of a buffer line is not added again (it was:
     * 36.98 MB of runtime buffers and decoder for 18.49 MB on each GPU), the host-memory secondary pool is not the GPU's, and
     * Apply on a Llama-3-8B sheet at TP 2 (4 KV heads of 128 per GPU, fp16) gives the 17,210 blocks of each GPU within 0.1 %.
     */
    @Test
    void aTensorParallelLogGivesOneGpusPool() {
        Measurement tp2 = log("TR13");
        assertEquals(17_210L, tp2.gpuBlocks());
        assertEquals(Math.round(3.44 * Units.MIB) + Math.round(15.05 * Units.MIB), tp2.nonTorchBytes());
        RuntimeSettings rt = Sheets.engine(Engine.TENSORRT_LLM, null, 8000).toBuilder().engineVersion("0.13.0.dev2024081300")
                .tensorParallel(2).build();
        Worksheet llama3 = new Worksheet(new ModelInfo("meta-llama/Meta-Llama-3-8B-Instruct", "main", "LlamaForCausalLM", 8192L,
                null), Sheets.weights(8_030_261_248L, WeightFormat.INT4), Sheets.gqa(32, 32, 8, 128, KvDtype.FP16),
                new Workloads(Scenario.of(1024, 256, 1), Scenario.of(1024, 256, 1), Scenario.of(1024, 256, 1)), rt,
                new Gpu("H100", 2, Units.gib(80)), null, null, null, null);
        check("TR13", llama3, false);
        Measurement old = log("TR14");
        assertEquals(3_136L, old.kvTokens());
        // 65,536 B per token on each GPU: 32 layers x 4 KV heads x 128 x 2 (K and V) x 2 B, half of Llama-3-8B's 131,072
        assertEquals(32L * 4 * 128 * 2 * 2, old.kvPoolBytes() / old.kvTokens());
        assertEquals(0L, old.kvPoolBytes() % old.kvTokens());
    }

    private static Measurement log(String id) {
        return EngineLogParser.parse(FieldLogs.of("trtllm").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
    }

    private static void check(String id, Worksheet ws, boolean printedPool) {
        Measurement m = EngineLogParser.parse(FieldLogs.of("trtllm").filter(l -> l.id().equals(id)).findFirst().orElseThrow().text());
        SizingResult r = SizingCalculator.calculate(LogComparison.apply(ws, m));
        long blocks = Sheets.value(r, FigureKey.POOL_GPU_BLOCKS);
        long tokens = Sheets.value(r, FigureKey.POOL_CAPACITY_TOKENS);
        if (printedPool) {
            assertEquals(1.0, Sheets.value(r, FigureKey.POOL_KV_POOL_BYTES) / (double) m.kvPoolBytes(), 0.001, id + " pool");
            assertEquals(1.0, tokens / (double) m.kvTokens(), 0.001, id + " tokens " + tokens + " vs " + m.kvTokens());
        } else {
            assertNotNull(m.gpuBlocks());
            System.out.printf(java.util.Locale.ROOT, "%s after Apply: %,d blocks, log %,d (%+.3f %%)%n", id, blocks, m.gpuBlocks(),
                    100.0 * (blocks - m.gpuBlocks()) / m.gpuBlocks());
            assertEquals(1.0, blocks / (double) m.gpuBlocks(), 0.001, id + " blocks " + blocks + " vs " + m.gpuBlocks());
        }
    }

    private static Worksheet sheet(String model, String version, int tp) {
        RuntimeSettings rt = Sheets.engine(Engine.TENSORRT_LLM, null, 2560).toBuilder().engineVersion(version).tensorParallel(tp).build();
        return new Worksheet(new ModelInfo(model, "main", "LlamaForCausalLM", 4096L, null), Sheets.weights(6_738_415_616L,
                WeightFormat.FP16), Sheets.gqa(32, 32, 32, 128, KvDtype.FP16),
                new Workloads(Scenario.of(1024, 256, 1), Scenario.of(1024, 256, 1), Scenario.of(1024, 256, 1)), rt,
                new Gpu("H100", tp, Units.gib(80)), null, null, null, null);
    }

    @Test
    void theDefaultsFollowTheRelease() {
        var trt = Engines.of(Engine.TENSORRT_LLM);
        RuntimeSettings old = RuntimeSettings.builder().engine(Engine.TENSORRT_LLM).engineVersion("0.6.1").build();
        RuntimeSettings engineEra = old.toBuilder().engineVersion("0.13.0").build();
        RuntimeSettings now = old.toBuilder().engineVersion("1.1.0rc3").build();
        assertEquals(0.85, trt.defaultFraction(old, 0).value());
        assertEquals(0.9, trt.defaultFraction(engineEra, 0).value());
        assertEquals(0.9, trt.defaultFraction(now, 0).value());
        assertEquals(64, trt.defaultBlockSize(engineEra, null, null).value());
        assertEquals(32, trt.defaultBlockSize(now, null, null).value());
    }
}
