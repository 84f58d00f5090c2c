package org.vramsheet.core.engine.sglang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.calc.Sheets;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ResultSettings;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.ui.text.Texts;

/**
 * SGLang's memory not free at load, before launch: the sheet's non-torch estimate is the module's fitted K whatever the shared
 * estimator starts from (vLLM's one-GPU, TP, PP figures; its 0.05 GiB for versions below vLLM 0.11), and its note has Russian.
 */
class SglangNonKvTest {
    private static Figure nonTorch(String version, int tp, int pp) {
        RuntimeSettings r = Sheets.engine(Engine.SGLANG, 0.85, 4096).toBuilder().engineVersion(version).tensorParallel(tp)
                .pipelineParallel(pp).nonTorchBytes(null).build();
        Worksheet ws = new Worksheet(null, Sheets.weights(8_000_000_000L, WeightFormat.BF16), Sheets.gqa(32, 32, 8, 128, KvDtype.BF16),
                null, r, new Gpu("NVIDIA H100 SXM 80GB", tp * pp, 80 * Units.GIB), null, new ResultSettings(0L, null, 4096L, null),
                null, null);
        return SizingCalculator.calculate(ws).get(FigureKey.POOL_NON_TORCH_BYTES);
    }

    @Test
    void theEstimateIsTheFittedNotFreeMemory() {
        for (String v : List.of("", "0.4.3.post4", "0.5.4")) {
            assertEquals(Units.gib(SglangNonKv.NOT_FREE_GIB), nonTorch(v, 1, 1).value(), "one GPU, version '" + v + "'");
            assertEquals(Units.gib(SglangNonKv.NOT_FREE_TP_GIB), nonTorch(v, 4, 1).value(), "TP 4, version '" + v + "'");
            assertEquals(Units.gib(SglangNonKv.NOT_FREE_GIB), nonTorch(v, 1, 2).value(), "PP 2, version '" + v + "'");
        }
    }

    @Test
    void theNotesHaveTheirRussian() {
        for (Figure f : List.of(nonTorch("", 1, 1), nonTorch("0.5.4", 4, 1))) {
            for (String n : f.provenance().assumptions()) {
                assertEquals(List.of(), Texts.of("ru").untranslated(n), n);
            }
        }
    }
}
