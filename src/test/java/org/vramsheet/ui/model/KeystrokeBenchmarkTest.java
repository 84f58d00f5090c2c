package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.vramsheet.Benchmark;

/**
 * One keystroke or slider step: the ViewModel re-parses, recomputes every figure and every chart
 * series (docs/performance.md). Measured without the toolkit; drawing is JavaFX's own cost.
 */
@Benchmark
class KeystrokeBenchmarkTest {

    private static long[] time(SheetViewModel vm, Runnable step, int n) {
        long[] ns = new long[n];
        for (int i = 0; i < n; i++) {
            long t = System.nanoTime();
            step.run();
            assertNotNull(vm.computed().charts());
            ns[i] = System.nanoTime() - t;
        }
        Arrays.sort(ns);
        return ns;
    }

    @Test
    void sliderStepAndKeystrokeRecomputeEverythingWellUnderAMillisecond() throws Exception {
        SheetViewModel vm = SheetViewModelTest.open("gemma-2-9b-sliding-window-h100.json");
        int[] i = {0};
        Runnable slider = () -> vm.setContext(512 + (i[0]++ * 37) % 7680);
        Runnable key = () -> vm.typical.concurrentSequences.textProperty().set(Integer.toString(1 + (i[0]++ % 64)));
        time(vm, slider, 10_000);
        time(vm, key, 10_000);
        long[] s = time(vm, slider, 2_000);
        long[] k = time(vm, key, 2_000);
        System.out.printf("slider step: median %d us, p99 %d us; keystroke: median %d us, p99 %d us%n",
                s[1000] / 1000, s[1980] / 1000, k[1000] / 1000, k[1980] / 1000);
        assertTrue(s[1000] < 1_000_000 && k[1000] < 1_000_000, "median under 1 ms");
    }
}
