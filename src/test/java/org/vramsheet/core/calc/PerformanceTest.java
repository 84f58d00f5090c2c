package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.vramsheet.Benchmark;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.SlaTargets;
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

    /** The same with the latency estimate, the SLA search (about 25 estimates) and the costs computed on every step. */
    @Test
    void withTheLatencyEstimateAndTheSlaSearchStillWellUnderAMillisecond() {
        Worksheet ws = Sheets.llama70b().withRuntime(Sheets.vllm("0.19.0", 0.95, 32768))
                .withGpu(new Gpu("2 x H200", 1, Units.gib(139.81) * 2, new GpuSpeed(4800.0, 989.0, 1978.0, null, 450.0,
                        "NVLink 4", "test")));
        SlaTargets sla = new SlaTargets(2000.0, null, 40.0, null);
        for (int i = 0; i < 20_000; i++) {
            SizingCalculator.calculate(ws.withResult(new ResultSettings(0L, ScenarioId.LIMIT, 512L + i, null, sla, 3.0)));
        }
        long[] ns = new long[2000];
        for (int i = 0; i < ns.length; i++) {
            Worksheet step = ws.withResult(new ResultSettings(0L, ScenarioId.LIMIT, 512L + i * 7, null, sla, 3.0));
            long t = System.nanoTime();
            SizingResult r = SizingCalculator.calculate(step);
            ns[i] = System.nanoTime() - t;
            assertTrue(r.get(FigureKey.SLA_MAX_CONCURRENCY).available(), r.get(FigureKey.SLA_MAX_CONCURRENCY).reason());
        }
        Arrays.sort(ns);
        long median = ns[ns.length / 2];
        System.out.printf("calculate() with latency, SLA and cost: median %d us, p99 %d us%n", median / 1000,
                ns[ns.length * 99 / 100] / 1000);
        assertTrue(median < 500_000, "median " + median + " ns");
    }
}
