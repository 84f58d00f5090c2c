package org.vramsheet.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vramsheet.cli.Cli;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.json.WorksheetJson;

/**
 * A measured non-KV footprint holds the weights' share of every GPU it ran on: one well below that share is of another
 * model or weight format and is refused, never used (issue 25, point 2's refusal; the first Seen case).
 */
class MeasurementOfAnotherModelTest {
    /** Seen: the gemma-2-9b sample's 21.11 GiB kept after importing Llama-3.1-70B said "Fits the GPU: yes" on one H100. */
    @Test
    void importingA70bOntoTheSampleNeverFitsOnItsMeasurement(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("70b.json");
        int rc = Cli.run(new String[] {"import", "catalog:meta-llama/Llama-3.1-70B-Instruct", "--onto",
            "assets/samples/gemma-2-9b-sliding-window-h100.json", "-o", out.toString()}, quiet(), quiet());
        assertEquals(Cli.OK, rc);
        Worksheet ws = WorksheetJson.read(out);
        assertEquals(Units.gib(21.11), ws.validation().measuredNonKvBytes(), "the import keeps the sample's measurement");
        SizingResult r = SizingCalculator.compute(ws).result();
        Figure fits = r.get(FigureKey.RESULT_FITS);
        assertFalse(fits.isTrue(), "a 141 GB model does not fit one 80 GB H100");
        assertTrue(fits.reason().contains("21.11 GiB") && fits.reason().contains("131.42 GiB"),
                "the reason names both numbers: " + fits.reason());
        assertFalse(r.get(FigureKey.POOL_KV_POOL_BYTES).available(), "no pool from a measurement of another model");

        ByteArrayOutputStream table = new ByteArrayOutputStream();
        rcOfCalc(out, table);
        String text = table.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("Fits the GPU"), text);
        assertFalse(text.matches("(?s).*Fits the GPU\\s+yes.*"), "calc never says it fits: " + text);
        assertTrue(Files.size(out) > 0);
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
