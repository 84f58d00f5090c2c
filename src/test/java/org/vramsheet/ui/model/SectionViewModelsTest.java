package org.vramsheet.ui.model;

import static org.junit.jupiter.api.Assertions.assertNull;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.vramsheet.ui.model.SheetViewModelTest.fig;

import org.junit.jupiter.api.Test;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.core.units.Units;

/** Each section's ViewModel, without the toolkit: inputs in, results and validation out. */
class SectionViewModelsTest {
    private SheetViewModel vm() throws Exception {
        return SheetViewModelTest.open("seed003-70b-int4-80gib.json");
    }

    @Test
    void model() throws Exception {
        SheetViewModel vm = vm();
        vm.model.maxContext.textProperty().set("4096");
        assertTrue(vm.issueFor("runtime.maxModelLen").message().contains("above the model's maximum context (4,096)"));
        vm.model.maxContext.textProperty().set("-1");
        assertEquals("must not be negative (got -1)", vm.issueFor("model.maxContextTokens").message());
    }

    @Test
    void weights() throws Exception {
        SheetViewModel vm = vm();
        vm.weights.format.set(WeightFormat.INT4);
        vm.weights.groupSize.textProperty().set("128");
        vm.weights.scaleBits.textProperty().set("16");
        vm.weights.zeroPointBits.textProperty().set("16");
        assertEquals(0.53125, fig(vm, FigureKey.WEIGHTS_BYTES_PER_PARAM).ratio(), 1e-12);
        vm.weights.checkpointBytes.textProperty().set("39.5 GB");
        assertEquals(39_500_000_000L, fig(vm, FigureKey.WEIGHTS_BYTES).value());
        vm.weights.activeParams.textProperty().set("80,000,000,000");
        assertTrue(vm.issueFor("weights.activeParams").message().startsWith("inconsistent"));
    }

    @Test
    void kvArchitecture() throws Exception {
        SheetViewModel vm = vm();
        vm.kv.kind.set(AttentionKind.MLA);
        vm.kv.kvLoraRank.textProperty().set("512");
        vm.kv.qkRopeHeadDim.textProperty().set("64");
        vm.kv.layers.textProperty().set("27");
        assertEquals(27 * 576 * 2, fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        vm.kv.kind.set(AttentionKind.GQA);
        vm.kv.windowLayers.textProperty().set("13");
        vm.kv.windowTokens.textProperty().set("128");
        vm.kv.windowKind.set(WindowKind.SLIDING);
        assertEquals(14L * 2 * 8 * 128 * 2, fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS).value());
        vm.kv.windowTokens.textProperty().set("1,000,000");
        // issue 27: a window above the context is imported as it is and never binds (the KV figure says so), not an error
        assertEquals(null, vm.issueFor("kv.windows"));
        assertTrue(fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN).provenance().assumptions().stream()
                .anyMatch(n -> n.contains("never binds")));
    }

    @Test
    void workloads() throws Exception {
        SheetViewModel vm = vm();
        vm.heavy.inputTokens.textProperty().set("20,000");
        vm.heavy.generatedTokens.textProperty().set("2,000");
        vm.heavy.concurrentSequences.textProperty().set("1");
        assertNull(vm.issueFor("workloads.heavy.inputTokens"), "a sequence above the max model length is a verdict, not an input error");
        assertFalse(fig(vm, FigureKey.scenario(ScenarioId.HEAVY, ScenarioFigure.FITS)).isTrue());
        assertTrue(fig(vm, FigureKey.scenario(ScenarioId.HEAVY, ScenarioFigure.FITS)).provenance().expression()
                .contains("the engine refuses sequences longer than"));
        vm.heavy.inputTokens.textProperty().set("6,000");
        assertEquals(8_000, fig(vm, FigureKey.scenario(ScenarioId.HEAVY, ScenarioFigure.ACTIVE_TOKENS)).value());
        vm.heavy.concurrentSequences.textProperty().set("0");
        assertEquals("must be greater than zero", vm.issueFor("workloads.heavy.concurrentSequences").message());
    }

    @Test
    void runtime() throws Exception {
        SheetViewModel vm = vm();
        vm.runtime.utilization.textProperty().set("1.5");
        assertTrue(vm.issueFor("runtime.utilization").message().startsWith("must be in (0, 1]"));
        assertFalse(fig(vm, FigureKey.POOL_KV_POOL_BYTES).available());
        vm.runtime.utilization.textProperty().set("");
        vm.runtime.engineVersion.set("0.10.1");
        assertEquals(0.90, fig(vm, FigureKey.POOL_FRACTION).ratio(), 1e-12);
        vm.runtime.engine.set(Engine.TENSORRT_LLM);
        // the version 0.10.1 stays: TensorRT-LLM before 1.0 built its engines with 64 tokens per block (issue 27)
        assertEquals(64, fig(vm, FigureKey.POOL_BLOCK_SIZE).value());
        vm.runtime.engineVersion.set("1.1.0");
        assertEquals(32, fig(vm, FigureKey.POOL_BLOCK_SIZE).value());
    }

    @Test
    void gpu() throws Exception {
        SheetViewModel vm = vm();
        vm.gpu.choose(org.vramsheet.io.catalog.GpuCatalog.entries().stream().filter(e -> e.name().startsWith("NVIDIA H200"))
                .findFirst().orElseThrow());
        assertEquals(Units.gib(139.81), fig(vm, FigureKey.RESULT_GPU_CAPACITY_BYTES).value());
        assertTrue(fig(vm, FigureKey.RESULT_FITS).isTrue());
        vm.gpu.totalBytes.textProperty().set("lots");
        assertTrue(vm.issueFor("gpu.totalBytes").message().startsWith("not a size"));
    }

    @Test
    void validation() throws Exception {
        SheetViewModel vm = vm();
        vm.validation.measuredNonKv.textProperty().set("34 GiB");
        assertEquals(34 * Units.GIB, fig(vm, FigureKey.RESULT_NON_KV_BYTES).value());
        assertEquals(0, fig(vm, FigureKey.RESULT_FRAGMENTATION_BYTES).value());
        vm.validation.measuredNonKv.textProperty().set("90 GiB");
        assertTrue(vm.issueFor("validation.measuredNonKvBytes").message().contains("larger than the GPU"));
    }

    @Test
    void result() throws Exception {
        SheetViewModel vm = vm();
        long before = fig(vm, FigureKey.RESULT_BUDGET_BYTES).value();
        vm.result.headroom.textProperty().set("2 GiB");
        assertEquals(before + 2 * Units.GIB, fig(vm, FigureKey.RESULT_BUDGET_BYTES).value());
        vm.result.sizingScenario.set(ScenarioId.TYPICAL);
        assertTrue(fig(vm, FigureKey.RESULT_KV_BYTES).label().contains("Typical"));
    }

    @Test
    void signOff() throws Exception {
        SheetViewModel vm = vm();
        vm.signOff.status.set(SignOffStatus.APPROVED);
        assertEquals("an Approved sheet needs the approver's name", vm.issueFor("signOff.approvedBy").message());
        vm.signOff.approvedBy.set("Dana");
        vm.signOff.approvedOn.set("tomorrow");
        assertTrue(vm.issueFor("signOff.approvedOn").message().startsWith("not a date"));
        assertTrue(fig(vm, FigureKey.RESULT_BUDGET_BYTES).available());
    }
}
