package org.vramsheet.core.calc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Seen (an Ollama sheet, num_ctx 8,192 x 2 slots on two RTX 4090s, Limit 4 x 8,192 tokens): the headline said "Limit:
 * 4 x 8,192 tokens FITS, margin 5.22 GiB" while RESULT said "Limit: fits the KV pool: no, 200 % of the pool". llama.cpp
 * (and the runner Ollama starts) allocates its cache at launch for n_ctx cells: every GPU holding its buffers does not
 * make a scenario that needs more cells fit.
 */
class FixedCacheVerdictTest {

    @Test
    void aScenarioAboveTheLaunchedCacheDoesNotFitEvenWhenEveryGpuHoldsItsBuffers() {
        // n_ctx 8,192 (the sheet's max length), one sequence of 6,144 + 2,048 tokens: fits; four of them: do not
        Worksheet ws = Sheets.llamaCppTwoGpus(b -> b);
        SizingResult one = SizingCalculator.calculate(ws);
        assertTrue(one.get(FigureKey.DEVICES_FITS).isTrue());
        assertTrue(one.get(FigureKey.RESULT_FITS).isTrue(), one.get(FigureKey.RESULT_FITS).provenance().toString());

        SizingResult four = SizingCalculator.calculate(Sheets.withScenario(ws, ScenarioId.LIMIT, Scenario.of(6144, 2048, 4)));
        assertTrue(four.get(FigureKey.DEVICES_FITS).isTrue(), "the buffers are the same: the cache is fixed at launch");
        assertFalse(four.get(FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.FITS)).isTrue());
        assertFalse(four.get(FigureKey.RESULT_FITS).isTrue(), "the verdict follows the scenario, not only the buffers");
        assertTrue(four.get(FigureKey.RESULT_FITS).provenance().formula().contains("fits the KV cache the engine allocates"),
                four.get(FigureKey.RESULT_FITS).provenance().toString());
    }
}
