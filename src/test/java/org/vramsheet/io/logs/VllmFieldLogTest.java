package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/** vLLM's real startup logs from the field (VA*.json): every form is read, and after Apply the sheet holds the log's capacity. */
class VllmFieldLogTest {
    private static final List<String> TABLE = new ArrayList<>();

    static Stream<FieldLogs.FieldLog> reads() { return FieldLogs.of("vllm").filter(l -> l.checks("read")); }

    @Test
    void theFieldLogsCoverEveryMajorFormThreeTimes() {
        List<FieldLogs.FieldLog> all = FieldLogs.of("vllm").toList();
        assertTrue(all.size() >= 10, "field logs: " + all.size());
        Map<String, String> forms = Map.of("V0 blocks", "CPU blocks: ", "V1 tokens", "GPU KV cache size: ",
                "available pool", "Available KV cache memory: ", "worker prefixes", "(Worker_TP");
        forms.forEach((form, marker) -> assertTrue(all.stream().filter(l -> l.text().contains(marker)).count() >= 2
                || form.equals("V0 blocks") && all.stream().filter(l -> l.text().contains("blocks: ")).count() >= 3, form));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reads")
    void everyFieldLogGivesWhatItPrinted(FieldLogs.FieldLog log) throws Exception {
        Measurement m = EngineLogParser.parse(log.text());
        assertEquals(Engine.VLLM, m.engine(), log.id());
        FieldLogChecks.assertRead(log, m);
        // vLLM prints GiB (V0's "GB" is the same unit, see VA01's source): an entry writes its bytes in GiB
        for (Iterator<Map.Entry<String, JsonNode>> it = log.e().get("expected").fields(); it.hasNext(); ) {
            JsonNode v = it.next().getValue();
            assertTrue(!v.isTextual() || v.asText().endsWith(" GiB"), log.id() + ": " + v);
        }
    }

    /**
     * Seen: the TP 8 log took the last worker's "GPU KV cache size" (1,611,664) where the engine uses the smallest
     * (rank 0's 1,594,928). Real lines: VA10's engine line wins over its workers' "Available" lines, VA08's TP0 pool
     * is kept. The repeated per-worker pairs are labelled SYNTHETIC: the v0.8-v0.10 form (the EngineCore printing one
     * pair per worker, then unify_kv_cache_configs taking the smallest) with the Seen numbers.
     */
    @Test
    void theEnginesUnifiedFigureNotTheLastWorkers() {
        String synthetic = "INFO [kv_cache_utils.py:634] GPU KV cache size: 1,594,928 tokens\n"
                + "INFO [kv_cache_utils.py:637] Maximum concurrency for 8,192 tokens per request: 194.69x\n"
                + "INFO [kv_cache_utils.py:634] GPU KV cache size: 1,611,664 tokens\n"
                + "INFO [kv_cache_utils.py:637] Maximum concurrency for 8,192 tokens per request: 196.73x\n";
        Measurement m = EngineLogParser.parse(synthetic);
        assertEquals(1_594_928L, m.kvTokens(), "SYNTHETIC: the smallest worker's, as unify_kv_cache_configs gives all");
        assertEquals(194.69, m.concurrency(), 1e-9);
        Measurement workers = EngineLogParser.parse("(Worker_TP1 pid=2) INFO Available KV cache memory: 9.00 GiB\n"
                + "(Worker_TP0 pid=1) INFO Available KV cache memory: 8.50 GiB\n"
                + "(Worker_TP2 pid=3) INFO Available KV cache memory: 9.10 GiB");
        assertEquals(Units.gib(8.50), workers.kvPoolBytes(), "SYNTHETIC: each worker's pool, the engine sizes by the smallest");
    }

    /**
     * Issue 27 point 3: a v0.27 log that prints its pool only at the end of the "Free memory on device" line ("Current kv
     * cache memory in use is 27.85 GiB", VC10) is read, and v0.10's bytes form of the same words (VC08, whose "Available"
     * line is read first). A log whose sum closes without a CUDA graph estimate line (requested - pool = consumed + peak,
     * VC11) gets a graph estimate of 0 on top of its peak: Apply was 4.05 % short with the sheet's 0.84 GiB taken again.
     */
    @Test
    void thePoolAtTheEndOfTheFreeMemoryLineAndASumThatCloses() throws Exception {
        Measurement vc10 = EngineLogParser.parse(log("VC10").text());
        assertEquals(Units.gib(27.85), vc10.kvPoolBytes(), "VC10: 'Current kv cache memory in use is 27.85 GiB'");
        assertEquals(0L, vc10.cudaGraphEstimateBytes(), "VC10: 85.51 - 27.85 = 56.89 + 0.76 (+0.01)");
        Measurement vc08 = EngineLogParser.parse(log("VC08").text());
        assertEquals(Units.gib(10.65), vc08.kvPoolBytes(), "VC08: the Available line first, not the bytes at the end");
        Measurement bytes = EngineLogParser.parse(log("VC08").e().get("lines").get(7).asText());
        assertEquals(11_423_138_508L, bytes.kvPoolBytes(), "VC08's Free memory line alone: its bytes");
        Measurement vc11 = EngineLogParser.parse(log("VC11").text());
        assertEquals(0L, vc11.cudaGraphEstimateBytes(), "VC11: 22.07 - 20.52 = 1.23 + 0.31 + 0.01");
        double after = FieldLogSummaryTest.applyError(log("VC11"), vc11);
        System.out.printf(Locale.ROOT, "VC11 after Apply: %+.3f %%%n", after * 100);
        assertTrue(Math.abs(after) <= 0.001, "VC11 after Apply within 0.1 % (-4.05 % with the sheet's graph estimate): " + after);
        Measurement open = EngineLogParser.parse(log("VC11").text().replace("Current kv cache memory in use is 20.52 GiB", "")
                .replace("Available KV cache memory: 20.52 GiB", "Available KV cache memory: 19.52 GiB"));
        assertNull(open.cudaGraphEstimateBytes(), "a sum 1 GiB open: the estimate stays unknown (the sheet's own is used)");
    }

    private static FieldLogs.FieldLog log(String id) {
        return FieldLogs.of("vllm").filter(l -> l.id().equals(id)).findFirst().orElseThrow();
    }

    /** Data-parallel engines have a pool each: the first engine's figures, and the log says there were more (SYNTHETIC lines). */
    @Test
    void dataParallelEnginesReportTheFirstEngineAndSaySo() {
        String dp = "(EngineCore_DP1 pid=12) INFO [kv_cache_utils.py:2235] GPU KV cache size: 1,224,353 tokens\n"
                + "(EngineCore_DP0 pid=11) INFO [kv_cache_utils.py:2235] GPU KV cache size: 1,226,636 tokens\n"
                + "(EngineCore_DP1 pid=12) INFO [gpu_worker.py:1] Available KV cache memory: 40.00 GiB\n"
                + "(EngineCore_DP0 pid=11) INFO [gpu_worker.py:1] Available KV cache memory: 41.00 GiB\n";
        Measurement m = EngineLogParser.parse(dp);
        assertEquals(1_226_636L, m.kvTokens(), "SYNTHETIC: DP0's, not the smaller DP1's");
        assertEquals(Units.gib(41.0), m.kvPoolBytes());
        assertEquals(2, m.dataParallel());
        Measurement one = EngineLogParser.parse(FieldLogs.of("vllm").filter(l -> l.id().equals("VA06")).findFirst().orElseThrow().text());
        assertNull(one.dataParallel(), "VA06: EngineCore_DP0 alone is one engine");
        assertEquals(4, EngineLogParser.parse("(APIServer pid=1) INFO non-default args: {'model': 'x', 'data_parallel_size': 4}")
                .dataParallel(), "SYNTHETIC: the args line");
    }

    @Test
    void processPrefixesNameTheEngineAndRank() {
        assertEquals(new VllmProcess(1, false, -1), VllmProcess.of("(EngineCore_DP1 pid=12) INFO x"));
        assertEquals(new VllmProcess(1, true, 0), VllmProcess.of("(Worker_DP1_TP0_EP8 pid=1264) INFO x"));
        assertEquals(new VllmProcess(0, true, 3), VllmProcess.of("(Worker_TP3 pid=150) INFO x"));
        assertEquals(new VllmProcess(0, true, 2), VllmProcess.of("(VllmWorker rank=2 pid=9) INFO x"));
        assertEquals(new VllmProcess(0, true, Integer.MAX_VALUE), VllmProcess.of("(VllmWorkerProcess pid=1786) INFO x"));
        assertEquals(VllmProcess.ENGINE, VllmProcess.of("INFO 02-11 07:40:45 model_runner.py:1115] Loading model weights took 1 GB"));
        assertEquals(new VllmProcess(0, false, -1), VllmProcess.of("(EngineCore pid=986) INFO x"));
    }

    /**
     * v0.2x's post-capture line (VA10, real): consumed 64.44 GiB = weights 61.74 + non-torch 2.70; its printed peak (4.19)
     * holds the CUDA-graph estimate (0.38): requested 86.42 - available 17.79 - consumed 64.44 = 4.19, so the activation
     * is 3.81 and non-KV 68.25 (+ the estimate = requested - available). Seen: these lines were not read and the sheet
     * kept its own activation estimate.
     */
    @Test
    void thePostCaptureAccountingIsRead() {
        Measurement m = EngineLogParser.parse(FieldLogs.of("vllm").filter(l -> l.id().equals("VA10")).findFirst().orElseThrow().text());
        assertEquals(Units.gib(64.44) - Units.gib(61.74), m.nonTorchBytes());
        assertEquals(Units.gib(4.19) - Units.gib(0.38), m.activationPeakBytes());
        assertEquals(Units.gib(64.44) + Units.gib(4.19) - Units.gib(0.38), m.nonKvBytes());
        // the older DEBUG wording (calibration P02, v0.19): weight, activation, non-torch, CUDA graphs each printed
        Measurement split = EngineLogParser.parse("Free memory on device (78.68/79.19 GiB) on startup. Desired GPU memory "
                + "utilization is (0.95, 75.23 GiB). Actual usage is 29.43 GiB for weight, 1.93 GiB for peak activation, 0.26 GiB "
                + "for non-torch memory, and 1.57 GiB for CUDAGraph memory.");
        assertEquals(Units.gib(1.93), split.activationPeakBytes());
        assertEquals(Units.gib(0.26), split.nonTorchBytes());
        assertEquals(Units.gib(1.57), split.cudaGraphActualBytes());
        assertEquals(0.95, split.utilization(), 1e-12);
        // VA09 (real): the notice gives the utilization; with the total known it gives the estimate (labelled SYNTHETIC)
        Measurement notice = EngineLogParser.parse("Free memory on device (23.00/23.55 GiB) on startup.\n" + FieldLogs.of("vllm")
                .filter(l -> l.id().equals("VA08")).findFirst().orElseThrow().text());
        assertEquals(Math.round((0.88 - 0.8592) * Units.gib(23.55)), notice.cudaGraphEstimateBytes());
    }

    /** V1 before v0.7.3 printed blocks only (VA03, VA05): the concurrency line gives the block size, 16. */
    @Test
    void earlyV1BlocksGiveTokensThroughTheConcurrencyLine() {
        Measurement va03 = EngineLogParser.parse(FieldLogs.of("vllm").filter(l -> l.id().equals("VA03")).findFirst().orElseThrow().text());
        assertEquals(1381L * 16, va03.kvTokens(), "10.79 x 2048 / 1381 = 16.0");
        assertNull(EngineLogParser.parse("INFO the free blocks: 12 of the pool").gpuBlocks(), "a word before 'blocks:' is not enough");
    }

    /**
     * Every log with check "apply": after Apply the sheet's capacity is the log's within 0.1 %. VA01 and VA02 name no release;
     * their V0 lines say the engine kept its CUDA graphs outside the pool, and Apply takes that from them (they were -27.6 %
     * and -21.0 % with the current release's rule).
     */
    @Test
    void afterApplyTheSheetHoldsTheLogsCapacity() throws Exception {
        List<String> misses = new ArrayList<>();
        // the VA logs (the readers' set); the VB sweep logs are reproduced in VllmLeaveOneOutTest and FieldLogSummaryTest
        for (FieldLogs.FieldLog log : FieldLogs.of("vllm").filter(l -> l.id().startsWith("VA") && l.e().path("gpu_catalog").isTextual()
                && l.e().path("config").isTextual()).toList()) {
            Measurement m = EngineLogParser.parse(log.text());
            assertNotNull(m.kvTokens(), log.id());
            long after = SizingCalculator.calculate(LogComparison.apply(preLaunch(log), m)).get(FigureKey.POOL_CAPACITY_TOKENS).value();
            double err = (after - m.kvTokens()) / (double) m.kvTokens();
            TABLE.add(String.format(Locale.ROOT, "| %s | %,d | %,d | %+.3f %% |%s", log.id(), m.kvTokens(), after, err * 100,
                    log.checks("apply") ? "" : " (not an apply check)"));
            if (log.checks("apply") && Math.abs(err) > 0.001) {
                misses.add(log.id() + " " + after + " vs " + m.kvTokens());
            }
        }
        assertTrue(misses.isEmpty(), "after Apply, off by more than 0.1 %: " + misses);
    }

    @AfterAll
    static void printTable() {
        if (!TABLE.isEmpty()) {
            System.out.println("vLLM field logs after Apply:\n| id | printed | after apply | error |\n|---|---|---|---|");
            TABLE.forEach(System.out::println);
        }
    }

    /** The log's sheet before launch: its config, its GPU from the catalog, its settings (FieldLogSheets). */
    static Worksheet preLaunch(FieldLogs.FieldLog log) throws Exception {
        return FieldLogSheets.preLaunch(log);
    }
}
