package org.vramsheet.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.sheet.Edits;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.EngineLogParser;
import org.vramsheet.io.model.ConfigImporter;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * Every operation on a sheet declares the fields it owns; on random sheets, every other field comes out unchanged
 * (import apply, estimate non-KV, apply an engine log, {@code --context}, {@code --target}, the language's number
 * style, undo / redo). Fields are the leaves of the worksheet's records, e.g. {@code runtime.dataParallel}.
 */
class EditsKeepOtherFieldsTest {
    private static final List<Worksheet> SAMPLES = samples();
    private static final List<ModelImport> IMPORTS = loadImports();
    private static final List<Measurement> LOGS = loadLogs();

    /** The sheet's fields as path -> value, recursing into records (lists are one field). */
    static Map<String, Object> fields(Worksheet ws) {
        Map<String, Object> out = new LinkedHashMap<>();
        flatten("", ws, out);
        return out;
    }

    private static void flatten(String prefix, Object value, Map<String, Object> out) {
        flatten(prefix, value, value == null ? Object.class : value.getClass(), out);
    }

    /** A record absent (null, e.g. validation.setup not recorded) is its fields, each null. */
    private static void flatten(String prefix, Object value, Class<?> type, Map<String, Object> out) {
        if (!type.isRecord()) {
            out.put(prefix, value);
            return;
        }
        for (RecordComponent c : type.getRecordComponents()) {
            try {
                flatten(prefix.isEmpty() ? c.getName() : prefix + "." + c.getName(), value == null ? null
                        : c.getAccessor().invoke(value), value == null ? c.getType() : c.getAccessor().invoke(value) == null
                        ? c.getType() : c.getAccessor().invoke(value).getClass(), out);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static boolean owned(String field, Set<String> owns) {
        for (String o : owns) {
            if (o.equals(field) || o.endsWith(".*") && field.startsWith(o.substring(0, o.length() - 1))) {
                return true;
            }
        }
        return false;
    }

    /** The fields that changed although the operation does not own them. */
    static Set<String> trespassed(Worksheet before, Worksheet after, Set<String> owns) {
        Map<String, Object> a = fields(before);
        Map<String, Object> b = fields(after);
        assertEquals(a.keySet(), b.keySet());
        Set<String> out = new TreeSet<>();
        a.forEach((k, v) -> {
            if (!owned(k, owns) && !java.util.Objects.equals(v, b.get(k))) {
                out.add(k + ": " + v + " -> " + b.get(k));
            }
        });
        return out;
    }

    private static void keeps(String op, Worksheet ws, Set<String> owns, UnaryOperator<Worksheet> edit) {
        Set<String> known = fields(ws).keySet();
        for (String o : owns) {
            assertTrue(o.endsWith(".*") ? known.stream().anyMatch(k -> k.startsWith(o.substring(0, o.length() - 1)))
                    : known.contains(o), op + " declares an unknown field " + o);
        }
        Set<String> bad = trespassed(ws, edit.apply(ws), owns);
        assertTrue(bad.isEmpty(), op + " changed fields it does not own: " + bad);
    }

    @Property(tries = 150)
    void importApplyKeepsTheRest(@ForAll("sheets") Worksheet ws, @ForAll("imports") ModelImport m) {
        keeps("import apply", ws, ModelImport.OWNS, m::applyTo);
    }

    @Property(tries = 150)
    void estimateNonKvKeepsTheRest(@ForAll("sheets") Worksheet ws) {
        keeps("estimate non-KV", ws, NonKvEstimator.OWNS, NonKvEstimator::apply);
    }

    @Property(tries = 150)
    void engineLogApplyKeepsTheRest(@ForAll("sheets") Worksheet ws, @ForAll("logs") Measurement m) {
        keeps("apply engine log", ws, LogComparison.APPLY_OWNS, s -> LogComparison.apply(s, m));
    }

    @Property(tries = 100)
    void cliOverridesKeepTheRest(@ForAll("sheets") Worksheet ws, @ForAll("counts") long n) {
        keeps("calc --context", ws, Edits.CONTEXT_LENGTH_OWNS, s -> Edits.contextLength(s, n));
        keeps("plan --target", ws, Edits.TARGET_SEQUENCES_OWNS, s -> Edits.targetSequences(s, n));
    }

    /** The window's language changes how numbers are written, never a field. */
    @Property(tries = 60)
    void languageSwitchOwnsNothing(@ForAll("sheets") Worksheet ws) {
        SheetViewModel vm = new SheetViewModel();
        vm.open(ws, null);
        keeps("number style ru", ws, Set.of(), s -> {
            vm.setDecimalComma(true);
            return vm.snapshot();
        });
        keeps("number style en", ws, Set.of(), s -> {
            vm.setDecimalComma(false);
            return vm.snapshot();
        });
    }

    /** Undo gives back exactly the sheet before an edit, redo exactly the edited one. */
    @Property(tries = 60)
    void undoAndRedoRestoreEveryField(@ForAll("sheets") Worksheet ws, @ForAll("imports") ModelImport m) {
        SheetViewModel vm = new SheetViewModel();
        vm.open(ws, null);
        Worksheet before = vm.snapshot();
        vm.applyImport(m);
        Worksheet after = vm.snapshot();
        vm.undo();
        keeps("undo", before, Set.of(), s -> vm.snapshot());
        vm.redo();
        keeps("redo", after, Set.of(), s -> vm.snapshot());
    }

    @Provide
    Arbitrary<Worksheet> sheets() {
        Arbitrary<Worksheet> base = Arbitraries.of(SAMPLES);
        Arbitrary<Integer> dp = Arbitraries.integers().between(1, 16);
        Arbitrary<Long> target = Arbitraries.longs().between(1, 5_000).injectNull(0.3);
        Arbitrary<Long> context = Arbitraries.longs().between(512, 32_768).injectNull(0.3);
        Arbitrary<String> notes = Arbitraries.strings().ofMaxLength(40);
        Arbitrary<Long> measured = Arbitraries.longs().between(1L << 30, 60L << 30).injectNull(0.5);
        Arbitrary<String> who = Arbitraries.of("", "A. Engineer", "Б. Инженер");
        return Combinators.combine(base, dp, target, context, notes, measured, who).as((ws, d, t, c, n, mnk, p) -> ws
                .withRuntime(ws.runtime().toBuilder().dataParallel(d).build())
                .withResult(ws.result().withTargetSequences(t).withContextLength(c))
                .withValidation(ws.validation().toBuilder().notes(n).measuredPeakBytes(mnk).preemptionSequences(t).build())
                .withSignOff(new SignOff(p, p.isEmpty() ? "" : "2026-11-30", "", "", "", "", SignOffStatus.DRAFT, "",
                java.util.List.of())));
    }

    @Provide
    Arbitrary<ModelImport> imports() { return Arbitraries.of(IMPORTS); }

    @Provide
    Arbitrary<Measurement> logs() { return Arbitraries.of(LOGS); }

    @Provide
    Arbitrary<Long> counts() { return Arbitraries.longs().between(1, 131_072); }

    private static List<Worksheet> samples() {
        try (Stream<Path> files = Files.list(Path.of("assets/samples"))) {
            List<Worksheet> out = new ArrayList<>();
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                out.add(WorksheetJson.read(f));
            }
            // and a sheet with variants: no edit of the shown variant may touch the others
            Worksheet b = org.vramsheet.core.sheet.Variants.add(out.get(0), "B");
            out.add(b.withWeights(b.weights().toBuilder().format(org.vramsheet.core.sheet.WeightFormat.FP8).build()));
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<ModelImport> loadImports() {
        List<ModelImport> out = new ArrayList<>();
        for (ModelCatalog.Entry e : ModelCatalog.entries()) {
            try {
                out.add(ConfigImporter.parse(ModelCatalog.configText(e), "catalog:" + e.id()));
            } catch (ConfigImporter.ImportException ex) {
                throw new IllegalStateException(e.id(), ex);
            }
        }
        return out;
    }

    private static List<Measurement> loadLogs() {
        try {
            JsonNode root = WorksheetJson.shared()
                    .readTree(Files.readString(Path.of("src/test/resources/calibration/vllm_startup_logs.json")));
            List<Measurement> out = new ArrayList<>();
            for (JsonNode e : root.has("logs") ? root.get("logs") : root) {
                StringBuilder b = new StringBuilder();
                e.get("lines").forEach(l -> b.append(l.asText()).append('\n'));
                out.add(EngineLogParser.parse(b.toString()));
            }
            assertTrue(out.size() > 3);
            return out;
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** The flattening sees every section, so a dropped field cannot hide. */
    @net.jqwik.api.Example
    void fieldsCoverEverySection() {
        Set<String> sections = new TreeSet<>();
        fields(SAMPLES.get(0)).keySet().forEach(k -> sections.add(k.split("\\.")[0]));
        assertEquals(new TreeSet<>(List.of("gpu", "kv", "model", "result", "runtime", "signOff", "validation", "variants",
                "weights", "workloads")), sections);
        assertTrue(fields(SAMPLES.get(0)).containsKey("runtime.dataParallel"));
        assertTrue(fields(SAMPLES.get(0)).containsKey("workloads.limit.inputTokens"));
    }

    /** The checker itself: a change outside the declared set is caught. */
    @net.jqwik.api.Example
    void aDroppedFieldIsCaught() {
        Worksheet ws = SAMPLES.get(0).withRuntime(SAMPLES.get(0).runtime().toBuilder().dataParallel(4).build());
        Set<String> bad = trespassed(ws, ws.withRuntime(ws.runtime().toBuilder().dataParallel(1).build()), NonKvEstimator.OWNS);
        assertEquals(Set.of("runtime.dataParallel: 4 -> 1"), bad);
        assertTrue(owned("model.modelId", Set.of("model.*")));
        assertTrue(!owned("modelX", Set.of("model.*")));
    }

    /** Regression: importing a model, estimating non-KV and applying a log reset data parallel 4 to 1. */
    @net.jqwik.api.Example
    void dataParallelSurvivesEveryOperation() {
        Worksheet ws = SAMPLES.get(0).withRuntime(SAMPLES.get(0).runtime().toBuilder().dataParallel(4).build());
        assertEquals(4, IMPORTS.get(0).applyTo(ws).runtime().dataParallel());
        assertEquals(4, NonKvEstimator.apply(ws).runtime().dataParallel());
        assertEquals(4, LogComparison.apply(ws, LOGS.get(0)).runtime().dataParallel());
        assertEquals(4, Edits.contextLength(ws, 4096L).runtime().dataParallel());
    }

    /** The user's VALIDATION notes survive applying a log (the log's line is added). */
    @net.jqwik.api.Example
    void validationNotesAreKept() {
        Worksheet ws = SAMPLES.get(0).withValidation(SAMPLES.get(0).validation().toBuilder().notes("ran on the lab box").build());
        String notes = LogComparison.apply(ws, LOGS.get(0)).validation().notes();
        assertTrue(notes.startsWith("ran on the lab box\n"), notes);
        assertTrue(notes.contains("startup log"), notes);
    }
}
