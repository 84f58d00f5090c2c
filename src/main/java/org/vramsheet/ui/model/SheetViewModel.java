package org.vramsheet.ui.model;

import java.util.function.UnaryOperator;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.calc.LatencyCalibration;
import org.vramsheet.core.calc.LatencyComparison;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.curves.LatencyCurves;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.input.Issue;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.HeadlineBasis;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Workloads;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.model.ModelImport;
import org.vramsheet.io.ollama.OllamaImport;

/**
 * The whole worksheet as the window holds it: one ViewModel per SS-007 section and the result calculated once per
 * change of them; undo, variants, approval and the field to fix are parts it composes. No toolkit needed to test it.
 */
public final class SheetViewModel {
    /**
     * What one recalculation produced.
     *
     * @param variantConcurrency every variant's maximum concurrency against context, in the variants' order (the shown
     *                           one from this calculation); empty for a sheet without variants
     * @param parseIssues        the fields whose text is not a number (the sheet holds null there), in the form's order
     * @param latency            the Latency tab's curves (null: unavailable, {@link LatencyCurves#unavailable} says why)
     * @param measuredLatency    VALIDATION's measured latency against the estimate, per step
     */
    public record Computed(Worksheet sheet, SizingCalculator.Outcome outcome, Curves.Charts charts,
                           Map<String, Issue> issuesByField, List<Curves.Series> variantConcurrency, List<Issue> parseIssues,
                           LatencyCurves.Charts latency, LatencyComparison measuredLatency) { }

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
    /** The variants not shown (the sections hold the shown one); changed only by the variant operations. */
    private final ObjectProperty<Variants> variants = new SimpleObjectProperty<>(Variants.none());

    /** Primary unit: GiB (true) or GB (false); both are always shown. */
    public final BooleanProperty gibPrimary = new SimpleBooleanProperty(true);
    public final ObjectProperty<Path> file = new SimpleObjectProperty<>();

    private final ReadOnlyObjectWrapper<Computed> computed = new ReadOnlyObjectWrapper<>();
    /** Follows {@link #computed}, changed only when the basis itself changes (not on every keystroke). */
    private final ReadOnlyObjectWrapper<HeadlineBasis> basis = new ReadOnlyObjectWrapper<>();
    private boolean loading;
    /** Numbers typed and shown Russian style (see {@link NumberInput#setDecimalComma}). */
    private boolean decimalComma;
    private final ObjectProperty<Worksheet> saved = new SimpleObjectProperty<>();
    private final BooleanBinding dirty;
    private final ReadOnlyBooleanWrapper readOnly = new ReadOnlyBooleanWrapper(false);
    private final UndoHistory<Worksheet> history = new UndoHistory<>();
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(false);
    private final VariantCurves variantCurves = new VariantCurves();
    private final VariantEdits variantEdits = new VariantEdits(readOnly::get, () -> computed().sheet(),
            () -> computed().parseIssues(), this::applyWorksheet);
    private final Approval approval = new Approval(() -> computed().sheet(), () -> !computed().issuesByField().isEmpty(),
            this::checkpointNow, this::boundary);

    public SheetViewModel() {
        this(null);
    }

    /** A sheet opened on {@code initial} (as {@link #open} does), calculated once; null starts empty. */
    public SheetViewModel(Worksheet initial) {
        computed.addListener((o, was, now) -> {
            HeadlineBasis b = HeadlineBasis.of(now.outcome().result(), now.sheet().validation().setup());
            if (!b.equals(basis.get())) {
                basis.set(b);
            }
        });
        List<Observable> deps = new ArrayList<>();
        for (SectionViewModel s : sections()) {
            deps.addAll(s.observables());
        }
        deps.add(variants);
        // recompute once per change (a keystroke is one change); a whole-sheet load recomputes once at its end
        InvalidationListener recompute = o -> {
            if (!loading) {
                computed.set(compute(true));
            }
        };
        deps.forEach(d -> d.addListener(recompute));
        if (initial == null) {
            computed.set(compute());
            history.restart(computed().sheet());
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

    /** The one calculation of the sheet as the form shows it: results, charts and every variant's curve. */
    private Computed compute() { return compute(false); }

    /** The calculation; after an edit of the form ({@code edit}), a measured value typed by hand is bound to the setup. */
    private Computed compute(boolean edit) {
        Worksheet ws = snapshot();
        Validation before = edit && computed.get() != null ? computed.get().sheet().validation() : null;
        if (ws.signOff().status() != SignOffStatus.APPROVED && ws.validation().hasMeasurement()) {
            // a value typed by hand (or a file that did not record it) is of the sheet's setup as it stands now
            Worksheet typed = StaleMeasurements.bind(before, ws, LocalDate.now().toString());
            if (!typed.validation().equals(ws.validation())) {
                loading = true;
                try {
                    validation.load(typed.validation());
                } finally {
                    loading = false;
                }
                ws = snapshot();
            }
        }
        List<Issue> parse = new ArrayList<>();
        for (SectionViewModel s : sections()) {
            s.collectParseIssues(parse);
        }
        SizingCalculator.Outcome o = SizingCalculator.compute(ws, parse);
        Map<String, Issue> by = new LinkedHashMap<>();
        for (Issue i : o.result().issues()) {
            by.put(i.field(), i);
        }
        Curves.Charts charts = Curves.of(o);
        return new Computed(ws, o, charts, by, variantCurves.of(ws, charts, Curves.POINTS), List.copyOf(parse),
                LatencyCurves.of(ws, o), LatencyComparison.of(ws, o));
    }

    /** The sheet exactly as the form shows it (unparsable numbers are null). */
    public Worksheet snapshot() {
        return new Worksheet(model.snapshot(), weights.snapshot(), kv.snapshot(),
                new Workloads(typical.snapshot(), heavy.snapshot(), limit.snapshot()), runtime.snapshot(), gpu.snapshot(),
                validation.snapshot(), result.snapshot(), signOff.snapshot(), variants.get());
    }

    public ReadOnlyObjectProperty<Computed> computedProperty() { return computed.getReadOnlyProperty(); }

    public Computed computed() { return computed.get(); }

    public BooleanBinding dirtyProperty() { return dirty; }

    public ReadOnlyBooleanProperty readOnlyProperty() { return readOnly.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty canUndoProperty() { return canUndo.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty canRedoProperty() { return canRedo.getReadOnlyProperty(); }

    /** Opens a sheet: fills every section, forgets history, marks it saved; Approved opens read-only. */
    public void open(Worksheet ws, Path from) {
        apply(ws);
        touchAll();
        saved.set(computed().sheet());
        file.set(from);
        boundary(null);
    }

    /** After a successful save. */
    public void markSaved(Path to) {
        saved.set(computed().sheet());
        file.set(to);
    }

    /** A recovered sheet is not saved anywhere yet. */
    public void markUnsaved() { saved.set(null); }

    /** Applies an imported model as one undoable edit; measurements of the earlier model are dropped. */
    public void applyImport(ModelImport m) { applyImport(m, false); }

    /**
     * Applies an imported model to the sheet as one undoable edit; the rest of the sheet stays. VALIDATION's measurements
     * of another model are kept only when {@code keepMeasurements} (then stale: shown, not used).
     */
    public void applyImport(ModelImport m, boolean keepMeasurements) {
        applyImported(m::applyTo, keepMeasurements);
    }

    /** An installed Ollama model: the model, the engine Ollama and its settings, as one undoable edit. */
    public void applyImport(OllamaImport o, boolean keepMeasurements) {
        applyImported(o::applyTo, keepMeasurements);
    }

    private void applyImported(UnaryOperator<Worksheet> imported, boolean keepMeasurements) {
        if (!readOnly.get()) {
            Worksheet ws = imported.apply(computed().sheet());
            boolean other = StaleMeasurements.ofAnotherModel(computed().sheet(), ws) != null;
            applyWorksheet(other && !keepMeasurements ? StaleMeasurements.dropped(ws) : ws);
        }
    }

    /** Why importing {@code m} would leave VALIDATION with measurements of another model (to ask first), or null. */
    public String measurementsOfAnotherModel(ModelImport m) {
        return StaleMeasurements.ofAnotherModel(computed().sheet(), m.applyTo(computed().sheet()));
    }

    /** Replaces the sheet's content as one undoable edit (file and saved state stay). */
    public void applyWorksheet(Worksheet ws) {
        if (readOnly.get()) {
            return;
        }
        checkpointNow();
        apply(ws);
        touchAll();
        checkpointNow();
    }

    /**
     * VALIDATION › "Calibrate from this run": RUNTIME's memory-bandwidth and compute utilizations set from the measured
     * latency, as one undoable edit. Null when done, else why it is refused (a measurement of another setup, none).
     */
    public String calibrateLatency() {
        if (readOnly.get()) {
            return "the sheet is Approved: reopen it as a Draft to calibrate";
        }
        Worksheet ws = computed().sheet();
        LatencyCalibration fit = LatencyCalibration.of(ws);
        if (fit.refused()) {
            return fit.reason();
        }
        applyWorksheet(LatencyCalibration.apply(ws, fit));
        return null;
    }

    /** RUNTIME's activation, non-torch and CUDA-graph estimates from the calibrated model (one undoable edit). */
    public void estimateNonKv() { applyWorksheet(NonKvEstimator.apply(computed().sheet())); }

    /** A copy of the shown inputs as a new variant (A, B, C...), shown next; null when done, else why not. */
    public String newVariant() { return variantEdits.add(); }

    /** Shows another variant in the form (the one shown is kept whole); null when done, else why not. */
    public String showVariant(String name) { return variantEdits.show(name); }

    public String renameVariant(String from, String to) { return variantEdits.rename(from, to); }

    public String deleteVariant(String name) { return variantEdits.delete(name); }

    public ObservableValue<Variants> variantsProperty() { return variants; }

    /**
     * Approves the sheet (SignOffFlow): records the content's fingerprint and makes the sheet read-only at once.
     * Approval is a boundary in the history: nothing before it can be undone into the approved sheet.
     *
     * @return what approval still needs (nothing approved then), or an empty list when approved
     */
    public List<String> approve() { return approval.approve(); }

    /** What stands in the way of approving the sheet as it is now (empty: nothing); approves nothing. */
    public List<String> approvalProblems() { return approval.problems(); }

    /** An Approved sheet becomes editable again only as a Draft; the approval goes to the sign-off history. */
    public void reopenAsDraft() { approval.reopenAsDraft(); }

    /** Shows {@code ws} (null: the sheet as it is) as a fresh start of the history: no undo crosses it. */
    private void boundary(Worksheet ws) {
        if (ws != null) {
            apply(ws);
        }
        history.restart(computed().sheet());
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

    /** Every number counts as visited: a loaded or applied sheet shows its problems at once. */
    private void touchAll() {
        for (SectionViewModel s : sections()) {
            s.numbers().forEach(n -> n.touchedProperty().set(true));
        }
    }

    /** Ends an edit (field left, choice made, slider released): a change since the last one becomes an undo step. */
    public void checkpointNow() {
        history.checkpoint(computed().sheet());
        updateHistoryFlags();
    }

    public void undo() {
        history.undo(computed().sheet()).ifPresent(this::apply);
        updateHistoryFlags();
    }

    public void redo() {
        history.redo(computed().sheet()).ifPresent(this::apply);
        updateHistoryFlags();
    }

    private void updateHistoryFlags() {
        canUndo.set(history.canUndo());
        canRedo.set(history.canRedo());
    }

    /** The input to fix for an unavailable figure: the one whose problem its reason names, else the first; null if none. */
    public String fieldToFix(Figure f) { return FieldToFix.of(f, computed().outcome().result()); }

    /** Whether the headline figures are estimated before launch or measured, and on what (the summary strip marks them). */
    public ReadOnlyObjectProperty<HeadlineBasis> basisProperty() { return basis.getReadOnlyProperty(); }

    public HeadlineBasis basis() { return basis.get(); }

    /** The message to show under a field, if any: a parse error or the calculator's issue. */
    public Issue issueFor(String field) { return computed().issuesByField().get(field); }

    /** Sets the slider's context (tokens per sequence). */
    public void setContext(long tokens) { result.contextLength.show(tokens); }

    /** Numbers typed and shown Russian style (decimal comma) or English style; one recalculation. */
    public void setDecimalComma(boolean on) {
        if (decimalComma == on) {
            return; // already in that style: nothing to rewrite or recalculate
        }
        decimalComma = on;
        loading = true;
        try {
            for (SectionViewModel s : sections()) {
                s.setDecimalComma(on);
            }
        } finally {
            loading = false;
        }
        computed.set(compute());
    }
}
