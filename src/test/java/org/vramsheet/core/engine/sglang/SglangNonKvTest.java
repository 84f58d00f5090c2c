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
    private static final String H100 = "NVIDIA H100 SXM 80GB";

    private static Figure nonTorch(String version, int tp, int pp) { return nonTorch(version, tp, pp, H100); }

    private static Figure nonTorch(String version, int tp, int pp, String gpu) {
        RuntimeSettings r = Sheets.engine(Engine.SGLANG, 0.85, 4096).toBuilder().engineVersion(version).tensorParallel(tp)
                .pipelineParallel(pp).nonTorchBytes(null).build();
        Worksheet ws = new Worksheet(null, Sheets.weights(8_000_000_000L, WeightFormat.BF16), Sheets.gqa(32, 32, 8, 128, KvDtype.BF16),
                null, r, new Gpu(gpu, tp * pp, 80 * Units.GIB), null, new ResultSettings(0L, null, 4096L, null),
                null, null);
        return SizingCalculator.calculate(ws).get(FigureKey.POOL_NON_TORCH_BYTES);
    }

    @Test
    void theEstimateIsTheFittedNotFreeMemory() {
        long one = Units.gib(SglangNonKv.AT_LOAD_ONE_GIB + SglangNonKv.BEYOND_WEIGHTS_GIB);
        for (String v : List.of("", "0.4.3.post4", "0.5.4")) {
            assertEquals(one, nonTorch(v, 1, 1, H100).value(), "one GPU, version '" + v + "'");
            assertEquals(Units.gib(SglangNonKv.AT_LOAD_TP_NVLINK_GIB + SglangNonKv.BEYOND_WEIGHTS_GIB), nonTorch(v, 4, 1, H100).value(),
                    "TP 4 on H100 SXM, version '" + v + "'");
            assertEquals(Units.gib(SglangNonKv.AT_LOAD_TP_PCIE_GIB + SglangNonKv.BEYOND_WEIGHTS_GIB),
                    nonTorch(v, 4, 1, "NVIDIA GeForce RTX 4090").value(), "TP 4 on RTX 4090, version '" + v + "'");
            assertEquals(one, nonTorch(v, 1, 2, H100).value(), "PP 2, version '" + v + "'");
        }
    }

    /** Boards by catalog name: SXM / NVL parts and baseboard-only parts are NVLink, PCIe and GeForce cards are not. */
    @Test
    void boardsByName() {
        for (String n : List.of("NVIDIA H100 SXM 80GB", "NVIDIA H100 NVL 94GB", "NVIDIA H200 SXM 141GB", "NVIDIA B200", "NVIDIA GB200",
                "AMD Instinct MI300X", "NVIDIA H20")) {
            assertEquals(true, SglangBoards.nvlink(n), n);
        }
        for (String n : List.of("NVIDIA H100 PCIe 80GB", "NVIDIA L4", "NVIDIA GeForce RTX 4090", "NVIDIA L40S", "NVIDIA A100 80GB PCIe",
                "", "NVIDIA L20")) {
            assertEquals(false, SglangBoards.nvlink(n), n);
        }
    }

    @Test
    void theNotesHaveTheirRussian() {
        for (Figure f : List.of(nonTorch("", 1, 1), nonTorch("0.5.4", 4, 1), nonTorch("0.5.4", 2, 1, "NVIDIA L4"))) {
            for (String n : f.provenance().assumptions()) {
                assertEquals(List.of(), Texts.of("ru").untranslated(n), n);
            }
        }
    }
}
