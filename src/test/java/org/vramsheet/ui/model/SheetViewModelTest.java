package org.vramsheet.ui.model;

import org.vramsheet.core.sheet.ScenarioId;

import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/** The window's ViewModels, without the JavaFX toolkit: inputs in, results and validation out. */
public class SheetViewModelTest {
    public static Worksheet sample(String name) throws Exception {
        return WorksheetJson.read(Path.of("assets/samples", name));
    }

    public static SheetViewModel open(String name) throws Exception {
        SheetViewModel vm = new SheetViewModel();
        vm.open(sample(name), null);
        return vm;
    }

    public static Figure fig(SheetViewModel vm, FigureKey key) {
        return vm.computed().outcome().result().get(key);
    }

    @Test
    void everySectionLoadsAndSnapshotsEveryField() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("assets/samples"))) {
            for (Path f : files.toList()) {
                Worksheet ws = WorksheetJson.read(f);
                SheetViewModel vm = new SheetViewModel();
                vm.open(ws, f);
                assertEquals(ws, vm.snapshot(), f.toString());
                assertFalse(vm.dirtyProperty().get());
            }
        }
    }

    /**
     * A llama.cpp sheet saved by version 9 with the log LC11 applied (the per-device buffers and "offloaded 25/25
     * layers"): open, save, open again keeps them (the ViewModel dropped them: the measured-device table went blank).
     */
    @Test
    void loadingKeepsTheMeasuredDevicesAndOffloadedLayers() throws Exception {
        Path f = Path.of("src/test/resources/worksheets/v9-llamacpp-gptoss20b-lc11-devices.json");
        Worksheet ws = WorksheetJson.read(f);
        assertEquals(2, ws.validation().devices().size());
        assertEquals(25, ws.validation().offloadedLayers());
        SheetViewModel vm = new SheetViewModel();
        vm.open(ws, f);
        assertEquals(ws.validation().devices(), vm.snapshot().validation().devices());
        assertEquals(ws.validation().offloadedLayers(), vm.snapshot().validation().offloadedLayers());
        Worksheet again = WorksheetJson.parse(WorksheetJson.write(vm.snapshot()), "saved");
        assertEquals(ws.validation(), again.validation());
        assertEquals(12_096_561_480L, again.validation().devices().get(0).modelBytes());
        assertFalse(vm.dirtyProperty().get());
        assertTrue(vm.computed().outcome().result().figures().containsKey("validation.devices.gpu0.kvBytes"));
    }

    @Test
    void typingRecomputesTheResult() throws Exception {
        SheetViewModel vm = open("llama-3.1-70b-bf16-h200.json");
        assertEquals(327_680, fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        vm.kv.layers.textProperty().set("40");
        assertEquals(163_840, fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        vm.kv.kvDtype.set(KvDtype.FP8_E4M3);
        assertEquals(81_920, fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
        assertTrue(vm.dirtyProperty().get());
    }

    @Test
    void nonNumericTextNamesTheFieldAndLeavesOtherResults() throws Exception {
        SheetViewModel vm = open("llama-3.1-70b-bf16-h200.json");
        vm.kv.kvHeads.textProperty().set("eight");
        assertEquals("not a whole number: 'eight'", vm.issueFor("kv.kvHeads").message());
        Figure kv = fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN);
        assertFalse(kv.available());
        assertTrue(kv.reason().contains("KV heads"), kv.reason());
        assertTrue(fig(vm, FigureKey.WEIGHTS_BYTES).available());
        assertTrue(fig(vm, FigureKey.scenario(ScenarioId.LIMIT, ScenarioFigure.ACTIVE_TOKENS)).available());
        vm.kv.kvHeads.textProperty().set("8");
        assertNull(vm.issueFor("kv.kvHeads"));
        assertEquals(327_680, fig(vm, FigureKey.KV_CACHE_BYTES_PER_TOKEN).value());
    }

    @Test
    void sizesAcceptUnits() throws Exception {
        SheetViewModel vm = open("seed003-70b-int4-80gib.json");
        assertEquals("80 GiB", vm.gpu.totalBytes.textProperty().get());
        vm.gpu.totalBytes.textProperty().set("141 GB");
        assertEquals(141_000_000_000L, fig(vm, FigureKey.RESULT_GPU_CAPACITY_BYTES).value());
    }

    @Test
    void contextSliderMovesConcurrencyAndCharts() throws Exception {
        SheetViewModel vm = open("seed003-70b-int4-80gib.json");
        assertEquals(15, fig(vm, FigureKey.POOL_MAX_CONCURRENCY).value());
        vm.setContext(2048);
        assertEquals(61, fig(vm, FigureKey.POOL_MAX_CONCURRENCY).value());
        assertNotNull(vm.computed().charts());
        assertEquals(3, vm.computed().charts().kvSeries().size());
        assertEquals(512, vm.computed().charts().concurrency().points().get(0).x());
    }

    @Test
    void undoAndRedoStepThroughCheckpoints() throws Exception {
        SheetViewModel vm = open("llama-3.1-70b-bf16-h200.json");
        vm.kv.layers.textProperty().set("4");
        vm.kv.layers.textProperty().set("40");
        vm.checkpointNow();
        vm.runtime.engine.set(Engine.SGLANG);
        vm.checkpointNow();
        vm.undo();
        assertEquals(Engine.VLLM, vm.runtime.engine.get());
        assertEquals("40", vm.kv.layers.textProperty().get());
        vm.undo();
        assertEquals("80", vm.kv.layers.textProperty().get());
        assertFalse(vm.canUndoProperty().get());
        vm.redo();
        assertEquals("40", vm.kv.layers.textProperty().get());
        assertTrue(vm.canRedoProperty().get());
    }

    @Test
    void approvedSheetsOpenReadOnlyUntilReopenedAsDraft() throws Exception {
        Worksheet ws = sample("seed003-70b-int4-80gib.json")
                .withSignOff(new SignOff("Ann", "2026-11-29", "Bo", "2026-11-29", "Cy", "2026-11-29", SignOffStatus.APPROVED, "",
                java.util.List.of()));
        SheetViewModel vm = new SheetViewModel();
        vm.open(ws, null);
        assertTrue(vm.readOnlyProperty().get());
        vm.reopenAsDraft();
        assertFalse(vm.readOnlyProperty().get());
        assertEquals(SignOffStatus.DRAFT, vm.signOff.status.get());
        assertTrue(vm.dirtyProperty().get());
    }

    @Test
    void savingClearsTheUnsavedMarker() throws Exception {
        SheetViewModel vm = open("llama-3.1-70b-bf16-h200.json");
        vm.model.modelId.set("changed");
        assertTrue(vm.dirtyProperty().get());
        vm.markSaved(Path.of("x.json"));
        assertFalse(vm.dirtyProperty().get());
        vm.model.modelId.set("meta-llama/Llama-3.1-70B-Instruct");
        assertTrue(vm.dirtyProperty().get());
    }

    @Test
    void explicitSequenceLengthsAreParsed() throws Exception {
        SheetViewModel vm = open("llama-3.1-70b-bf16-h200.json");
        vm.typical.sequenceLengths.set("3000, 7000 12000; 18_000");
        assertEquals(40_000, fig(vm, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.ACTIVE_TOKENS)).value());
        vm.typical.sequenceLengths.set("3000, lots");
        assertEquals("not a whole number: 'lots'", vm.issueFor("workloads.typical.sequenceLengths").message());
        assertFalse(fig(vm, FigureKey.scenario(ScenarioId.TYPICAL, ScenarioFigure.ACTIVE_TOKENS)).available());
        assertTrue(fig(vm, FigureKey.scenario(ScenarioId.HEAVY, ScenarioFigure.ACTIVE_TOKENS)).available());
    }

    /**
     * Each edit of a VALIDATION size recalculates, and a typed measurement is bound to the sheet's setup (issue 25): seen
     * when the GiB display kept the exact bytes without reading the field, the second edit changed nothing.
     */
    @Test
    void everyEditOfAMeasuredSizeRecalculatesAndBindsIt() throws Exception {
        SheetViewModel vm = new SheetViewModel(WorksheetJson.read(Path.of("assets/samples/gemma-2-9b-sliding-window-h100.json")));
        for (String gib : new String[] {"30", "31", "32.5"}) {
            vm.validation.measuredNonKv.textProperty().set(gib + " GiB");
            assertEquals(Math.round(Double.parseDouble(gib) * (1L << 30)),
                    vm.computed().outcome().result().get(FigureKey.POOL_NON_KV_BYTES).value(), gib + " GiB typed");
        }
        assertEquals("google/gemma-2-9b-it", vm.snapshot().validation().setup().modelId());
        vm.kv.kvDtype.set(KvDtype.FP8_E4M3);
        vm.validation.measuredNonKv.textProperty().set("33 GiB");
        Worksheet ws = vm.snapshot();
        assertEquals(KvDtype.FP8_E4M3, ws.validation().setup().kvDtype(), "typed on the FP8 KV sheet: bound to it");
        assertNull(ws.validation().allocatedKvBytes(), "the pool measured with the other KV dtype is cleared");
        assertFalse(vm.computed().outcome().result().get(FigureKey.VALIDATION_STALE_POOL).isTrue());
    }
}
