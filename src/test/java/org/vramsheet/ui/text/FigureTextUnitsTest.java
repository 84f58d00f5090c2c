package org.vramsheet.ui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.io.json.WorksheetJson;

/** Seen (issue 17): the H200's memory showed as 139.81 GiB and 150.12 GB with nothing saying they are one number. */
class FigureTextUnitsTest {
    @Test
    void aByteFigureSpellsOutBothUnits() throws Exception {
        var ws = WorksheetJson.read(Path.of("assets/samples/llama-3.1-70b-bf16-h200.json"));
        var gpu = SizingCalculator.calculate(ws).get(FigureKey.RESULT_GPU_CAPACITY_BYTES);
        // the sample types the H200 as "139.81 GiB": 139.81 x 2^30 = 150,119,844,413 bytes, 150.12 x 10^9
        assertEquals("139.81 GiB = 150.12 GB = 150,119,844,413 bytes (GiB: 2^30 = 1,073,741,824 bytes; GB: 10^9 = "
                + "1,000,000,000 bytes)", FigureText.units(gpu));
        assertNull(FigureText.units(SizingCalculator.calculate(ws).get(FigureKey.POOL_MAX_CONCURRENCY)), "not bytes");
    }
}
