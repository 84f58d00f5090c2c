package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.vramsheet.Benchmark;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** A keystroke or slider step recomputes the whole sheet in well under a millisecond (docs/performance.md). */
@Benchmark
class PerformanceTest {

    @Test
    void wholeSheetRecomputesWellUnderAMillisecond() {
        Worksheet ws = Sheets.llama70b().withRuntime(Sheets.vllm("0.19.0", 0.95, 32768))
                .withGpu(new Gpu("2 x H200", 1, Units.gib(139.81) * 2));
        for (int i = 0; i < 20_000; i++) {
            SizingCalculator.calculate(ws.withResult(new ResultSettings(0L, ScenarioId.LIMIT, 512L + i, null)));
        }
        long[] ns = new long[2000];
        for (int i = 0; i < ns.length; i++) {
            Worksheet step = ws.withResult(new ResultSettings(0L, ScenarioId.LIMIT, 512L + i * 7, null));
            long t = System.nanoTime();
            SizingCalculator.calculate(step);
            ns[i] = System.nanoTime() - t;
        }
        Arrays.sort(ns);
        long median = ns[ns.length / 2];
        long p99 = ns[ns.length * 99 / 100];
        System.out.printf("calculate(): median %d us, p99 %d us%n", median / 1000, p99 / 1000);
        assertTrue(median < 500_000, "median " + median + " ns");
    }
}
