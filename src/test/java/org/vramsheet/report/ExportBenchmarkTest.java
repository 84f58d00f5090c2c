package org.vramsheet.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZonedDateTime;
import java.util.Arrays;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.junit.jupiter.api.Test;
import org.vramsheet.Benchmark;

/** Each export of a sample takes well under a second once warm (docs/performance.md). */
@Benchmark
class ExportBenchmarkTest {
    @Test
    void warmExportsAreWellUnderASecond() throws Exception {
        ReportData d = new ReportData(XlsxReportTest.sample("gemma-2-9b-sliding-window-h100.json"), "bench", ZonedDateTime.now());
        for (int i = 0; i < 8; i++) {
            XlsxReport.render(d);
            PdfReport.render(d, PDRectangle.A4);
        }
        long[] x = new long[10];
        long[] p = new long[10];
        for (int i = 0; i < 10; i++) {
            long t = System.nanoTime();
            XlsxReport.render(d);
            x[i] = System.nanoTime() - t;
            t = System.nanoTime();
            PdfReport.render(d, PDRectangle.A4);
            p[i] = System.nanoTime() - t;
        }
        Arrays.sort(x);
        Arrays.sort(p);
        System.out.printf("warm export: XLSX median %d ms, PDF median %d ms%n", x[5] / 1_000_000, p[5] / 1_000_000);
        assertTrue(x[5] < 1_000_000_000L && p[5] < 1_000_000_000L);
    }
}
