package org.vramsheet.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.MemoryStacks;
import org.vramsheet.core.result.ScenarioFigure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WorkloadPreset;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.EngineLogParser;
import org.vramsheet.io.hub.ModelSources;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * Physical invariants on every path (issue 25, point 2): over random sheets and random sequences of what users do
 * (import keeping or dropping measurements, apply an engine log, record a probe, type a measurement, change the weights,
 * KV dtype, GPU, parallelism, utilization or context, undo, redo, variants, presets, save and open), after every step:
 * a "fits" verdict means the per-GPU stack is within the GPU; non-KV memory is never below the weights it contains;
 * nothing fits when the weights alone exceed the GPU; the chart stacks equal their figures; a stale measurement is
 * never an input to a result; no ratio is NaN or infinite.
 */
class PhysicalInvariantsTest {
    private static final List<Worksheet> SAMPLES = samples();
    private static final List<ModelImport> IMPORTS = imports();
    private static final List<Measurement> LOGS = logs();
    private static final List<GpuCatalog.Entry> GPUS = GpuCatalog.entries();

    enum Op { IMPORT_KEEP, IMPORT_DROP, APPLY_LOG, PROBE, TYPE_MEASURED, FORMAT, KV_DTYPE, GPU, PARALLEL, UTILIZATION,
        CONTEXT, UNDO, REDO, VARIANT_ADD, VARIANT_SWITCH, PRESET, SAVE_OPEN }

    /** One step: the operation and the random numbers it draws its choices from. */
    record Step(Op op, int pick, long amount) {
        @Override
        public String toString() { return op + "(" + pick + "," + amount + ")"; }
    }

    @Property(tries = 1000, seed = "25")
    void invariantsHoldAfterEveryStep(@ForAll("starts") int start, @ForAll("steps") List<Step> steps) {
        SheetViewModel vm = new SheetViewModel(SAMPLES.get(start));
        StringBuilder done = new StringBuilder("start " + start + ":");
        check(vm, done.toString());
        for (Step s : steps) {
            done.append(' ').append(s);
            run(vm, s);
            check(vm, done.toString());
        }
    }

    @Provide
    Arbitrary<Integer> starts() { return Arbitraries.integers().between(0, SAMPLES.size() - 1); }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Step> step = Combinators.combine(Arbitraries.of(Op.values()), Arbitraries.integers().between(0, 1 << 20),
                Arbitraries.longs().between(0, 1L << 40)).as(Step::new);
        return step.list().ofMinSize(1).ofMaxSize(12);
    }

    private static void run(SheetViewModel vm, Step s) {
        if (vm.readOnlyProperty().get() && s.op() != Op.UNDO && s.op() != Op.REDO && s.op() != Op.SAVE_OPEN) {
            return;
        }
        Worksheet ws = vm.snapshot();
        Random rnd = new Random(s.amount());
        switch (s.op()) {
            case IMPORT_KEEP -> vm.applyImport(IMPORTS.get(s.pick() % IMPORTS.size()), true);
            case IMPORT_DROP -> vm.applyImport(IMPORTS.get(s.pick() % IMPORTS.size()), false);
            case APPLY_LOG -> vm.applyWorksheet(LogComparison.apply(ws, LOGS.get(s.pick() % LOGS.size()), "2026-12-01"));
            case PROBE -> vm.applyWorksheet(StaleMeasurements.bind(ws.validation(), ws.withValidation(ws.validation()
                    .toBuilder().kvCapacityTokens(1000 + s.amount() % 2_000_000).build()), "2026-12-01"));
            case TYPE_MEASURED -> {
                // typed by hand, as the form reads it: any size from 1 GiB to 200 GiB, sometimes of this model, sometimes not
                vm.validation.measuredNonKv.textProperty().set((1024 + s.amount() % (200L << 10)) + " MiB");
                vm.checkpointNow();
            }
            case FORMAT -> vm.applyWorksheet(ws.withWeights(ws.weights().toBuilder()
                    .format(WeightFormat.values()[s.pick() % WeightFormat.values().length])
                    .checkpointBytes(rnd.nextBoolean() ? null : ws.weights().checkpointBytes()).build()));
            case KV_DTYPE -> vm.applyWorksheet(ws.withKv(ws.kv().toBuilder().kvDtype(kvDtype(s.pick())).build()));
            case GPU -> {
                GpuCatalog.Entry g = GPUS.get(s.pick() % GPUS.size());
                vm.applyWorksheet(ws.withGpu(new Gpu(g.name(), ws.gpu().count(), g.cudaVisibleBytes())));
            }
            case PARALLEL -> {
                int tp = 1 << (s.pick() % 4);
                int pp = 1 + (int) (s.amount() % 2);
                vm.applyWorksheet(ws.withRuntime(ws.runtime().withParallel(tp, pp, ws.runtime().dataParallel()))
                        .withGpu(ws.gpu().withCount(tp * pp)));
            }
            case UTILIZATION -> vm.applyWorksheet(ws.withRuntime(ws.runtime().toBuilder()
                    .utilization(s.pick() % 5 == 0 ? null : 0.5 + (s.pick() % 49) / 100.0).build()));
            case CONTEXT -> vm.setContext(1024L << (s.pick() % 8));
            case UNDO -> vm.undo();
            case REDO -> vm.redo();
            case VARIANT_ADD -> {
                if (Variants.all(ws).size() < Variants.MAX_VARIANTS) {
                    vm.newVariant();
                }
            }
            case VARIANT_SWITCH -> {
                List<String> names = ws.variants().names();
                if (!names.isEmpty()) {
                    vm.showVariant(names.get(s.pick() % names.size()));
                }
            }
            case PRESET -> vm.applyWorksheet(ws.withWorkloads(WorkloadPreset.values()[s.pick() % WorkloadPreset.values().length]
                    .workloads(ws.model().maxContextTokens())));
            case SAVE_OPEN -> vm.open(parse(WorksheetJson.write(ws)), null);
        }
    }

    private static KvDtype kvDtype(int pick) {
        KvDtype[] all = {KvDtype.AUTO, KvDtype.BF16, KvDtype.FP16, KvDtype.FP8_E4M3, KvDtype.FP8_E5M2};
        return all[pick % all.length];
    }

    /** The invariants on the sheet as the window shows it. */
    static void check(SheetViewModel vm, String after) {
        Worksheet ws = vm.snapshot();
        SizingResult r = vm.computed().outcome().result();
        check(ws, r, after);
        staleIsNeverAnInput(ws, r, after);
    }

    static void check(Worksheet ws, SizingResult r, String after) {
        Long gpu = ws.gpu().totalBytes();
        int ranks = ws.runtime().ranks();
        Figure weights = r.get(FigureKey.WEIGHTS_BYTES_PER_GPU);
        Figure nonKv = r.get(FigureKey.POOL_NON_KV_BYTES);
        Figure fits = r.get(FigureKey.RESULT_FITS);
        if (weights.available() && nonKv.available()) {
            assertTrue(nonKv.value() >= weights.value(), after + ": non-KV per GPU " + nonKv.value()
                    + " below the weights per GPU " + weights.value() + " it contains");
        }
        Figure replicaNonKv = r.get(FigureKey.RESULT_NON_KV_BYTES);
        Figure allWeights = r.get(FigureKey.WEIGHTS_BYTES);
        if (replicaNonKv.available() && allWeights.available()) {
            assertTrue(replicaNonKv.value() >= allWeights.value(), after + ": the replica's non-KV below its weights");
        }
        if (gpu != null && weights.available() && weights.value() > gpu) {
            assertFalse(fits.isTrue(), after + ": the weights per GPU alone exceed the GPU, yet it fits");
            for (ScenarioId id : ScenarioId.values()) {
                assertFalse(r.get(FigureKey.scenario(id, ScenarioFigure.FITS)).isTrue(), after + ": " + id + " fits");
            }
            Figure c = r.get(FigureKey.POOL_MAX_CONCURRENCY);
            assertTrue(!c.available() || c.value() == 0, after + ": sequences on a GPU the weights overflow");
        }
        MemoryStacks m = r.memory();
        if (fits.isTrue()) {
            List<MemoryStacks.Segment> stack = m.stack(ws.result().sizingScenario().key());
            assertTrue(stack != null, after + ": a fitting sheet has its stack");
            long used = stack.stream().filter(x -> !x.key().id().endsWith("freeBytesPerGpu")).mapToLong(
                    MemoryStacks.Segment::bytesPerGpu).sum();
            assertTrue(used <= gpu + ranks, after + ": fits, but the per-GPU stack " + used + " is above the GPU " + gpu);
            List<MemoryStacks.Segment> engine = m.stack("engine");
            if (engine != null) {
                long reserved = m.total("engine") - engine.get(engine.size() - 1).bytesPerGpu();
                assertTrue(reserved <= gpu, after + ": fits, but the engine reserves " + reserved + " of " + gpu);
            }
        }
        for (String name : MemoryStacks.NAMES) {
            List<MemoryStacks.Segment> stack = m.stack(name);
            if (stack == null) {
                continue;
            }
            for (MemoryStacks.Segment seg : stack) {
                assertEquals(r.get(seg.key()).value(), seg.bytesPerGpu(), after + ": the chart's " + seg.name() + " segment");
            }
            long top = stack.get(stack.size() - 1).bytesPerGpu();
            if (top > 0) {
                assertEquals(m.gpuBytes(), m.total(name), after + ": the " + name + " stack fills the GPU exactly");
            }
        }
        for (Figure f : r.figures().values()) {
            if (f.available() && f.unit() == Unit.RATIO) {
                assertTrue(Double.isFinite(f.ratio()), after + ": " + f.key() + " is " + f.ratio());
            }
        }
    }

    /** Changing a stale measurement changes no result: it is not an input. */
    static void staleIsNeverAnInput(Worksheet ws, SizingResult r, String after) {
        boolean nonKv = r.get(FigureKey.VALIDATION_STALE_NON_KV).isTrue();
        boolean pool = r.get(FigureKey.VALIDATION_STALE_POOL).isTrue();
        if (!nonKv && !pool) {
            return;
        }
        Validation v = ws.validation();
        Validation.Builder b = v.toBuilder();
        if (nonKv) {
            b.measuredNonKvBytes(other(v.measuredNonKvBytes())).measuredActivationPeakBytes(other(v.measuredActivationPeakBytes()))
                    .measuredNonTorchBytes(other(v.measuredNonTorchBytes())).measuredCudaGraphBytes(other(v.measuredCudaGraphBytes()));
        }
        if (pool) {
            b.allocatedKvBytes(other(v.allocatedKvBytes())).kvCapacityTokens(other(v.kvCapacityTokens()))
                    .measuredPeakBytes(other(v.measuredPeakBytes())).preemptionSequences(other(v.preemptionSequences()));
        }
        SizingResult changed = SizingCalculator.calculate(ws.withValidation(b.build()));
        for (Figure f : r.figures().values()) {
            if (f.key().startsWith("validation.")) {
                continue;
            }
            Figure g = changed.get(new FigureKey(f.key()));
            assertEquals(f.available(), g.available(), after + ": " + f.key() + " follows a stale value");
            assertEquals(f.exact(), g.exact(), after + ": " + f.key() + " follows a stale value");
            assertEquals(f.ratio(), g.ratio(), after + ": " + f.key() + " follows a stale value");
        }
    }

    private static Long other(Long v) { return v == null ? null : v + 7 * (1L << 30) + 12_345; }

    /** Seen: importing Llama-3.1-70B onto the gemma-2-9b sample kept its 21.11 GiB and said it fits one H100. */
    @Example
    void theSeenSequenceHoldsItsInvariants() {
        SheetViewModel vm = new SheetViewModel(SAMPLES.get(1));
        ModelImport llama70b = IMPORTS.stream().filter(m -> m.model().modelId().equals("meta-llama/Llama-3.1-70B-Instruct"))
                .findFirst().orElseThrow();
        vm.applyImport(llama70b, true);
        check(vm, "import 70B keeping the sample's measurement");
        SizingResult r = vm.computed().outcome().result();
        assertTrue(r.get(FigureKey.VALIDATION_STALE_NON_KV).isTrue());
        assertFalse(r.get(FigureKey.RESULT_FITS).isTrue());
        vm.undo();
        check(vm, "undo");
        assertFalse(vm.computed().outcome().result().get(FigureKey.VALIDATION_STALE_NON_KV).isTrue(), "the sample again");
        assertTrue(vm.computed().outcome().result().get(FigureKey.VALIDATION_MEASURED_USED).isTrue());
    }

    /** The checks can fail: a refused measurement holds them; a result paired with a sheet on a smaller GPU does not. */
    @Example
    void theChecksCatchAViolation() {
        Worksheet ws = SAMPLES.get(1);
        Worksheet low = ws.withValidation(ws.validation().toBuilder().setup(null).measuredNonKvBytes(1L << 30).build());
        SizingResult r = SizingCalculator.calculate(low);
        assertFalse(r.get(FigureKey.POOL_NON_KV_BYTES).available(), "refused, so the checks hold");
        check(low, r, "typed 1 GiB");
        SizingResult fitting = SizingCalculator.calculate(ws);
        assertTrue(fitting.get(FigureKey.RESULT_FITS).isTrue());
        Worksheet tiny = ws.withGpu(new Gpu("small", 1, 8L << 30));
        AssertionError e = assertThrows(AssertionError.class, () -> check(tiny, fitting, "a 9B model said to fit 8 GiB"));
        assertTrue(e.getMessage().contains("exceed the GPU"), e.getMessage());
    }

    private static Worksheet parse(String json) {
        try {
            return WorksheetJson.parse(json, "saved");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Worksheet> samples() {
        try (var files = Files.list(Path.of("assets/samples"))) {
            List<Worksheet> out = new ArrayList<>();
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                out.add(WorksheetJson.read(f));
            }
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<ModelImport> imports() {
        List<ModelImport> out = new ArrayList<>();
        for (ModelCatalog.Entry e : ModelCatalog.entries()) {
            try {
                out.add(ModelSources.fromCatalog(e));
            } catch (ConfigImporter.ImportException ex) {
                throw new IllegalStateException(e.id(), ex);
            }
        }
        return out;
    }

    private static List<Measurement> logs() {
        try {
            JsonNode root = WorksheetJson.shared()
                    .readTree(Files.readString(Path.of("src/test/resources/calibration/vllm_startup_logs.json")));
            List<Measurement> out = new ArrayList<>();
            for (JsonNode e : root) {
                StringBuilder b = new StringBuilder();
                e.get("lines").forEach(l -> b.append(l.asText()).append('\n'));
                out.add(EngineLogParser.parse(b.toString()));
            }
            return out;
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }
}
