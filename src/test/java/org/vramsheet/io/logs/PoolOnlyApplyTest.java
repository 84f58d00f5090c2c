package org.vramsheet.io.logs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;

/**
 * Issue 27 point 2: a log that prints the pool but not the memory it was sized from is still reproduced after Apply.
 * Every calibration log is cut down to its lines without memory totals (no profiling breakdown, no free/total memory, no
 * weights, no "Actual usage"): those are the real lines of a log that prints only the pool and its tokens. Before the
 * back-out, Apply left the sheet's own estimate in place and the capacity stayed where the estimate put it.
 */
class PoolOnlyApplyTest {
    private static final String[] TOTALS = {"non KV", "Free memory", "Memory profiling", "Model loading took", "Loading weights took",
        "weights memory", "Actual usage", "CUDA graph", "Graph capturing", "model weights take", "total_gpu_memory"};

    static String withoutTotals(String text) {
        return Arrays.stream(text.split("\n")).filter(l -> Arrays.stream(TOTALS).noneMatch(l::contains))
                .collect(Collectors.joining("\n"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.vramsheet.io.logs.EngineLogTest#logs")
    void aLogWithOnlyThePoolIsReproducedAfterApply(EngineLogTest.Log log) throws Exception {
        Measurement m = EngineLogParser.parse(withoutTotals(log.text()));
        assertNull(m.nonKvBytes(), log + ": the cut log still gives non-KV memory");
        assertNull(m.totalBytes(), log + ": the cut log still gives the GPU total");
        assertNotNull(m.kvTokens(), log + ": the cut log lost its tokens");
        Worksheet before = EngineLogTest.preLaunch(log);
        Worksheet ws = LogComparison.apply(before, m);
        SizingResult r = SizingCalculator.calculate(ws);
        double tokens = r.get(FigureKey.POOL_CAPACITY_TOKENS).value();
        System.out.printf(Locale.ROOT, "pool-only %s: printed %d, after apply %.0f (%+.3f %%), non-KV backed out %s%n", log.id(),
                m.kvTokens(), tokens, (tokens / m.kvTokens() - 1) * 100, ws.validation().measuredNonKvBytes());
        assertEquals(1.0, tokens / m.kvTokens(), 0.001, log + " tokens " + tokens + " vs " + m.kvTokens());
        assertNotNull(ws.validation().measuredNonKvBytes());
        assertTrue(ws.validation().notes().contains("backed out"), ws.validation().notes());
        long weights = r.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        assertTrue(ws.validation().measuredNonKvBytes() >= weights, "weights <= non-KV");
        assertTrue(ws.validation().measuredNonKvBytes() <= ws.gpu().totalBytes(), "non-KV <= GPU");
    }
}
