package org.vramsheet.ui.model;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffFlow;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.io.json.Fingerprint;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The whole worksheet as the window holds it: one ViewModel per SS-007 section, the calculated
 * result bound to every input (recomputed on each change), undo / redo, the unsaved-changes flag and
 * the Approved read-only state. No toolkit needed: tests drive it directly.
 */
public final class SheetViewModel {
    /**
     * What one recalculation produced.
     *
     * @param variantConcurrency every variant's maximum concurrency against context, in the variants' order (the shown
     *                           one from this calculation); empty for a sheet without variants
     */
    public record Computed(Worksheet sheet, SizingCalculator.Outcome outcome, Curves.Charts charts,
                           Map<String, Issue> issuesByField, List<Curves.Series> variantConcurrency) { }

    public final ModelViewModel model = new ModelViewModel();
    public final WeightsViewModel weights = new WeightsViewModel();
    public final KvViewModel kv = new KvViewModel();
    public final WorkloadViewModel typical = new WorkloadViewModel(ScenarioId.TYPICAL);
    public final WorkloadViewModel heavy = new WorkloadViewModel(ScenarioId.HEAVY);
    public final WorkloadViewModel limit = new WorkloadViewModel(ScenarioId.LIMIT);
    public final RuntimeViewModel runtime = new RuntimeViewModel();
    public final GpuViewModel gpu = new GpuViewModel();
    public final ValidationViewModel validation = new ValidationViewModel();
    public final ResultViewModel result = new ResultViewModel();
    public final SignOffViewModel signOff = new SignOffViewModel();
    /** The variants not shown (the sections hold the shown one); changed only by the variant operations below. */
    private final ObjectProperty<Variants> variants = new SimpleObjectProperty<>(Variants.none());

    /** Primary unit: GiB (true) or GB (false); both are always shown. */
    public final BooleanProperty gibPrimary = new SimpleBooleanProperty(true);
    public final ObjectProperty<Path> file = new SimpleObjectProperty<>();

    private final javafx.beans.property.ReadOnlyObjectWrapper<Computed> computed =
            new javafx.beans.property.ReadOnlyObjectWrapper<>();
    private boolean loading;
    /** Numbers typed and shown Russian style (see {@link NumberInput#setDecimalComma}). */
    private boolean decimalComma;
    private final ObjectProperty<Worksheet> saved = new SimpleObjectProperty<>();
    private final BooleanBinding dirty;
    private final ReadOnlyBooleanWrapper readOnly = new ReadOnlyBooleanWrapper(false);
    private final Deque<Worksheet> undo = new ArrayDeque<>();
    private final Deque<Worksheet> redo = new ArrayDeque<>();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(false);
    private Worksheet checkpoint;
    private int chartPoints = 48;
    private final VariantCurves variantCurves = new VariantCurves();

    public SheetViewModel() {
        this(null);
    }

    /** A sheet opened on {@code initial} (as {@link #open} does), calculated once; null starts empty. */
    public SheetViewModel(Worksheet initial) {
        List<Observable> deps = new ArrayList<>();
        for (SectionViewModel s : sections()) {
            deps.addAll(s.observables());
        }
        deps.add(variants);
        // recompute once per change (a keystroke is one change); a whole-sheet load recomputes once at its end
        javafx.beans.InvalidationListener recompute = o -> {
            if (!loading) {
                computed.set(compute());
            }
        };
        deps.forEach(d -> d.addListener(recompute));
        if (initial == null) {
            computed.set(compute());
        } else {
            open(initial, null);
        }
        dirty = Bindings.createBooleanBinding(() -> saved.get() == null || !saved.get().equals(computed.get().sheet()),
                computed, saved);
    }

    public List<SectionViewModel> sections() {
        return List.of(model, weights, kv, typical, heavy, limit, runtime, gpu, validation, result, signOff);
    }

    public List<WorkloadViewModel> workloads() { return List.of(typical, heavy, limit); }

    private Computed compute() {
        Worksheet ws = snapshot();
        List<Issue> parse = new ArrayList<>();
        for (SectionViewModel s : sections()) {
            s.collectParseIssues(parse);
        }
        SizingCalculator.Outcome o = SizingCalculator.compute(ws, parse);
        Map<String, Issue> by = new HashMap<>();
        for (Issue i : o.result().issues()) {
            by.put(i.field(), i);
        }
        Curves.Charts charts = Curves.of(o, chartPoints);
        return new Computed(ws, o, charts, by, variantCurves.of(ws, charts, chartPoints));
    }


    /** The sheet exactly as the form shows it (unparsable numbers are null). */
    public Worksheet snapshot() {
        return new Worksheet(model.snapshot(), weights.snapshot(), kv.snapshot(),
                new org.vramsheet.core.sheet.Workloads(typical.snapshot(), heavy.snapshot(), limit.snapshot()),
                runtime.snapshot(), gpu.snapshot(), validation.snapshot(), result.snapshot(), signOff.snapshot(), variants.get());
    }

    public javafx.beans.property.ReadOnlyObjectProperty<Computed> computedProperty() {
        return computed.getReadOnlyProperty();
    }

    public Computed computed() { return computed.get(); }

    public BooleanBinding dirtyProperty() { return dirty; }

    public ReadOnlyBooleanProperty readOnlyProperty() { return readOnly.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty canUndoProperty() { return canUndo.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty canRedoProperty() { return canRedo.getReadOnlyProperty(); }

    /** Opens a sheet: fills every section, forgets history, marks it saved; Approved opens read-only. */
    public void open(Worksheet ws, Path from) {
        apply(ws);
        for (SectionViewModel s : sections()) {
            s.numbers().forEach(n -> n.touchedProperty().set(true));
        }
        saved.set(computed.get().sheet());
        file.set(from);
        undo.clear();
        redo.clear();
        checkpoint = computed.get().sheet();
        readOnly.set(ws.signOff().status() == SignOffStatus.APPROVED);
        updateHistoryFlags();
    }

    /** After a successful save. */
    public void markSaved(Path to) {
        saved.set(computed.get().sheet());
        file.set(to);
    }

    /** Applies an imported model to the sheet as one undoable edit; the rest of the sheet stays. */
    public void applyImport(org.vramsheet.io.model.ModelImport m) {
        if (readOnly.get()) {
            return;
        }
        checkpointNow();
        apply(m.applyTo(computed.get().sheet()));
        for (SectionViewModel s : sections()) {
            s.numbers().forEach(n -> n.touchedProperty().set(true));
        }
        checkpointNow();
    }

    /** Replaces the sheet's content as one undoable edit (file and saved state stay). */
    public void applyWorksheet(Worksheet ws) {
        if (readOnly.get()) {
            return;
        }
        checkpointNow();
        apply(ws);
        for (SectionViewModel s : sections()) {
            s.numbers().forEach(n -> n.touchedProperty().set(true));
        }
        checkpointNow();
    }

    /** A copy of the shown inputs as a new variant (A, B, C...), shown next; null when done, else why not. */
    public String newVariant() {
        return variantEdit(ws -> Variants.add(ws, Variants.nextName(ws)));
    }

    /** Shows another variant in the form (the one shown is kept whole); null when done, else why not. */
    public String showVariant(String name) {
        if (name == null || name.equals(variants.get().active())) {
            return null;
        }
        return variantEdit(ws -> Variants.switchTo(ws, name));
    }

    public String renameVariant(String from, String to) {
        return variantEdit(ws -> Variants.rename(ws, from, to));
    }

    public String deleteVariant(String name) {
        return variantEdit(ws -> Variants.remove(ws, name));
    }

    /**
     * One variant operation as one undoable edit. Refused on an Approved sheet (its variants are approved content) and
     * while a field holds text that is not a number: the form would keep only what parses, and the text would be lost.
     */
    private String variantEdit(java.util.function.UnaryOperator<Worksheet> op) {
        if (readOnly.get()) {
            return "The sheet is approved: reopen it as a Draft to change its variants";
        }
        List<Issue> parse = new ArrayList<>();
        for (SectionViewModel s : sections()) {
            s.collectParseIssues(parse);
        }
        if (!parse.isEmpty()) {
            return "First fix this field (its text is not a number):\n" + parse.get(0).text();
        }
        try {
            applyWorksheet(op.apply(computed.get().sheet()));
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    public javafx.beans.value.ObservableValue<Variants> variantsProperty() { return variants; }

    /** RUNTIME's activation, non-torch and CUDA-graph estimates from the calibrated model (one undoable edit). */
    public void estimateNonKv() {
        applyWorksheet(org.vramsheet.core.engine.NonKvEstimator.apply(computed.get().sheet()));
    }

    /** A recovered sheet is not saved anywhere yet. */
    public void markUnsaved() {
        saved.set(null);
    }

    /**
     * Approves the sheet (SignOffFlow): records the content's fingerprint and makes the sheet read-only at once.
     * Approval is a boundary in the history: nothing before it can be undone into the approved sheet.
     *
     * @return what approval still needs (nothing approved then), or an empty list when approved
     */
    public List<String> approve() {
        checkpointNow();
        Worksheet ws = computed.get().sheet();
        List<String> missing = SignOffFlow.missingForApproval(ws.signOff());
        if (!missing.isEmpty() || !computed.get().issuesByField().isEmpty()) {
            List<String> out = new java.util.ArrayList<>(missing);
            if (!computed.get().issuesByField().isEmpty()) {
                out.add("the sheet has input problems: fix the marked fields first");
            }
            return out;
        }
        boundary(SignOffFlow.approve(ws, Fingerprint.ofContent(ws)));
        return List.of();
    }

    /** An Approved sheet becomes editable again only as a Draft; the approval goes to the sign-off history. */
    public void reopenAsDraft() {
        Worksheet ws = computed.get().sheet();
        if (ws.signOff().status() != SignOffStatus.APPROVED) {
            return;
        }
        boundary(SignOffFlow.reopen(ws, java.time.LocalDate.now().toString()));
    }

    /** Shows a sheet whose sign-off state changed, as a fresh start of the history: no undo crosses an approval. */
    private void boundary(Worksheet ws) {
        apply(ws);
        undo.clear();
        redo.clear();
        checkpoint = computed.get().sheet();
        updateHistoryFlags();
    }

    private void apply(Worksheet ws) {
        loading = true;
        try {
            load(ws);
        } finally {
            loading = false;
        }
        computed.set(compute());
        // the invariant: read-only exactly when Approved, whatever showed this sheet (open, undo, redo, apply)
        readOnly.set(ws.signOff().status() == SignOffStatus.APPROVED);
    }

    private void load(Worksheet ws) {
        model.load(ws.model());
        weights.load(ws.weights());
        kv.load(ws.kv());
        typical.load(ws.workloads().typical());
        heavy.load(ws.workloads().heavy());
        limit.load(ws.workloads().limit());
        runtime.load(ws.runtime());
        gpu.load(ws.gpu());
        validation.load(ws.validation());
        result.load(ws.result());
        signOff.load(ws.signOff());
        variants.set(ws.variants());
    }

    /** Ends an edit (field left, choice made, slider released): a change since the last one becomes an undo step. */
    public void checkpointNow() {
        Worksheet now = computed.get().sheet();
        if (checkpoint != null && !checkpoint.equals(now)) {
            undo.push(checkpoint);
            redo.clear();
        }
        checkpoint = now;
        updateHistoryFlags();
    }

    public void undo() { step(undo, redo); }

    public void redo() { step(redo, undo); }

    /** Moves one state from one history stack to the other and shows it. */
    private void step(Deque<Worksheet> from, Deque<Worksheet> to) {
        checkpointNow();
        if (from.isEmpty()) {
            return;
        }
        to.push(checkpoint);
        checkpoint = from.pop();
        apply(checkpoint);
        updateHistoryFlags();
    }

    private void updateHistoryFlags() {
        canUndo.set(!undo.isEmpty());
        canRedo.set(!redo.isEmpty());
    }

    /**
     * The field to fix for an unavailable figure: the input problem its reason names (reasons are "needs SECTION ›
     * Field: message" chains ending in the field's own issue), else the first input problem; null when none.
     */
    public String fieldToFix(org.vramsheet.core.result.Figure f) {
        for (var e : computed.get().issuesByField().entrySet()) {
            if (f.reason().contains(e.getValue().text())) {
                return e.getKey();
            }
        }
        return computed.get().issuesByField().keySet().stream().findFirst().orElse(null);
    }

    /** The message to show under a field, if any: a parse error or the calculator's issue. */
    public Issue issueFor(String field) {
        return computed.get().issuesByField().get(field);
    }

    /** Sets the slider's context (tokens per sequence). */
    public void setContext(long tokens) {
        result.contextLength.show(tokens);
    }

    /** Numbers typed and shown Russian style (decimal comma) or English style; one recalculation. */
    public void setDecimalComma(boolean on) {
        if (decimalComma == on) {
            return; // already in that style: nothing to rewrite or recalculate
        }
        decimalComma = on;
        loading = true;
        try {
            for (SectionViewModel s : sections()) {
                s.numbers().forEach(n -> n.setDecimalComma(on));
            }
        } finally {
            loading = false;
        }
        computed.set(compute());
    }

    public void setChartPoints(int points) { this.chartPoints = points; }
}
