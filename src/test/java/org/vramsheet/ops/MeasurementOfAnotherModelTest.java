package org.vramsheet.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.cli.Cli;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;

/**
 * A measured non-KV footprint holds the weights' share of every GPU it ran on: one well below that share is of another
 * model or weight format and is refused, never used (issue 25, point 2's refusal; the first Seen case).
 */
class MeasurementOfAnotherModelTest {
    private static final String SAMPLE = "assets/samples/gemma-2-9b-sliding-window-h100.json";

    /**
     * Seen: the gemma-2-9b sample's 21.11 GiB kept after importing Llama-3.1-70B said "Fits the GPU: yes" on one H100.
     * Now the import drops the measurements of the earlier model (and says so), and the verdict is the estimate's.
     */
    @Test
    void importingA70bOntoTheSampleDropsTheSamplesMeasurement(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("70b.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Cli.run(new String[] {"import", "catalog:meta-llama/Llama-3.1-70B-Instruct", "--onto", SAMPLE, "-o",
            out.toString()}, quiet(), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(Cli.OK, rc);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("measurements of google/gemma-2-9b"), err.toString());
        Worksheet ws = WorksheetJson.read(out);
        assertNull(ws.validation().measuredNonKvBytes(), "the sample's measurement is not carried to another model");
        assertFalse(ws.validation().hasMeasurement());
        SizingResult r = SizingCalculator.compute(ws).result();
        assertFalse(r.get(FigureKey.RESULT_FITS).isTrue(), "a 141 GB model does not fit one 80 GB H100");
        assertFalse(r.get(FigureKey.VALIDATION_MEASURED_USED).isTrue(), "estimated before launch");
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        rcOfCalc(out, table);
        String text = table.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Fits the GPU"), text);
        assertFalse(text.matches("(?s).*Fits the GPU\\s+yes.*"), "calc never says it fits: " + text);
    }

    /**
     * Kept on request (--keep-measurements), the measurement of gemma-2-9b is stale on the 70B sheet: stored, not used.
     * Seen: FP8 on 2x H100 said FITS with 86 sequences and a 74.16 GiB margin on it, where the sheet without it said 60;
     * now every result of the sheet with the stale value equals the sheet's without it.
     */
    @Test
    void aKeptMeasurementOfAnotherModelIsStaleAndNeverAnInput(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("70b-kept.json");
        int rc = Cli.run(new String[] {"import", "catalog:meta-llama/Llama-3.1-70B-Instruct", "--onto", SAMPLE, "-o",
            out.toString(), "--keep-measurements"}, quiet(), quiet());
        assertEquals(Cli.OK, rc);
        Worksheet kept = WorksheetJson.read(out);
        assertEquals(Units.gib(21.11), kept.validation().measuredNonKvBytes(), "kept in the file");
        assertEquals("google/gemma-2-9b-it", kept.validation().setup().modelId(), "with the setup it was measured on");
        for (Worksheet ws : List.of(kept, fp8OnTwo(kept))) {
            SizingResult r = SizingCalculator.compute(ws).result();
            Figure stale = r.get(FigureKey.VALIDATION_STALE_NON_KV);
            assertTrue(stale.isTrue(), "stale");
            assertTrue(stale.provenance().expression().contains("model: google/gemma-2-9b-it → meta-llama/Llama-3.1-70B-Instruct"),
                    stale.provenance().expression());
            assertTrue(r.get(FigureKey.POOL_NON_KV_BYTES).provenance().assumptions().get(0).contains("21.11 GiB"),
                    "the estimate says the measurement is not used: " + r.get(FigureKey.POOL_NON_KV_BYTES).provenance());
            SizingResult without = SizingCalculator.compute(StaleMeasurements.dropped(ws)).result();
            for (Figure f : without.figures().values()) {
                if (!f.key().startsWith("validation.")) {
                    Figure g = r.figures().get(f.key());
                    assertEquals(f.available(), g.available(), f.key());
                    assertEquals(f.exact(), g.exact(), f.key() + ": a stale value is never an input");
                    assertEquals(f.ratio(), g.ratio(), f.key());
                }
            }
        }
        SizingResult fp8 = SizingCalculator.compute(fp8OnTwo(kept)).result();
        assertTrue(fp8.get(FigureKey.RESULT_FITS).isTrue(), "70B FP8 on 2x H100 fits on the estimate");
        assertTrue(fp8.get(FigureKey.POOL_NON_KV_BYTES).value() > fp8.get(FigureKey.WEIGHTS_BYTES_PER_GPU).value(),
                "the non-KV memory holds the weights per GPU");
        assertFalse(fp8.get(FigureKey.VALIDATION_MEASURED_USED).isTrue());
    }

    private static Worksheet fp8OnTwo(Worksheet ws) {
        return ws.withWeights(ws.weights().toBuilder().format(WeightFormat.FP8).checkpointBytes(null).build())
                .withRuntime(ws.runtime().withParallel(2, 1, ws.runtime().dataParallel()))
                .withGpu(ws.gpu().withCount(2));
    }

    /** The 70B sample sheet with the 9B model's 21.11 GiB: below its weights per GPU, refused with both numbers. */
    @Test
    void aMeasurementBelowTheWeightsShareIsRefusedNamingBoth() {
        Worksheet base = Sheets.llama70b();
        long share = SizingCalculator.compute(base).result().get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        Worksheet wrong = base.withValidation(base.validation().toBuilder().measuredNonKvBytes(Units.gib(21.11)).build());
        SizingResult r = SizingCalculator.compute(wrong).result();
        assertFalse(r.get(FigureKey.RESULT_FITS).available());
        assertFalse(r.get(FigureKey.RESULT_NON_KV_BYTES).available());
        assertTrue(r.get(FigureKey.RESULT_NON_KV_BYTES).reason().contains(Units.gibText(share)),
                r.get(FigureKey.RESULT_NON_KV_BYTES).reason());
    }

    /** A measurement of this setup (the weights and a little more) is used as before. */
    @Test
    void aMeasurementAboveTheWeightsShareIsUsed() {
        Worksheet base = Sheets.llama70b();
        long share = SizingCalculator.compute(base).result().get(FigureKey.WEIGHTS_BYTES_PER_GPU).value();
        long measured = share + Units.gib(3);
        Worksheet right = base.withValidation(base.validation().toBuilder().measuredNonKvBytes(measured).build());
        SizingResult r = SizingCalculator.compute(right).result();
        assertTrue(r.get(FigureKey.POOL_NON_KV_BYTES).available());
        assertEquals(measured, r.get(FigureKey.POOL_NON_KV_BYTES).value(), "the measurement is the pool's non-KV memory");
    }

    private static int rcOfCalc(Path sheet, ByteArrayOutputStream table) {
        return Cli.run(new String[] {"calc", sheet.toString()}, new PrintStream(table, true, StandardCharsets.UTF_8), quiet());
    }

    private static PrintStream quiet() { return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8); }
}
