package org.vramsheet.ui.sections;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Bounds;
import javafx.scene.layout.HBox;
import javafx.util.StringConverter;
import org.vramsheet.core.result.ScenarioFigure;

import org.vramsheet.core.result.FigureKey;

import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.Button;
import org.controlsfx.control.SearchableComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.ComputeDtype;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.WeightFormat;
import org.vramsheet.core.sheet.WindowKind;
import org.vramsheet.io.catalog.GpuCatalog;
import org.vramsheet.ui.model.KvViewModel;
import org.vramsheet.ui.model.ResultViewModel;
import org.vramsheet.ui.model.RuntimeViewModel;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.model.SignOffViewModel;
import org.vramsheet.ui.model.ValidationViewModel;
import org.vramsheet.ui.model.WeightsViewModel;
import org.vramsheet.ui.model.WorkloadViewModel;
import org.vramsheet.ui.text.Texts;

/** The SS-007 form: sections in worksheet order, inputs bound to the ViewModels, results beside them. */
public final class SheetView extends ScrollPane {
    private final Label approvalProblems = new Label();
    private static final int COLUMNS = 4;
    private final SheetViewModel vm;
    private final Views v;
    private Runnable onPasteLog = () -> { };

    /** What VALIDATION's "Paste engine log..." button does (the window opens its dialog). */
    public void setOnPasteLog(Runnable r) { this.onPasteLog = r; }

    private Runnable onMeasure = () -> { };

    public void setOnMeasure(Runnable r) { this.onMeasure = r; }

    public SheetView(SheetViewModel vm, ObjectProperty<Figure> selected) {
        this.vm = vm;
        this.v = new Views(vm, selected);
        createView();
    }

    /** Sections not built yet (progressive start: built after the first frame, top to bottom). */
    private final List<Supplier<Node>> pending = new ArrayList<>();
    private VBox content;

    /** A form that shows its first sections at once and builds the others one per pulse after the first frame. */
    public SheetView(SheetViewModel vm, ObjectProperty<Figure> selected, boolean progressive) {
        this(vm, selected, progressive, Texts.ENGLISH);
    }

    public SheetView(SheetViewModel vm, ObjectProperty<Figure> selected, boolean progressive, Texts texts) {
        this.vm = vm;
        this.v = new Views(vm, selected, texts);
        v.setOnGoToField(this::goTo);
        if (progressive) {
            content = new VBox(10, model(), weights());
            pending.addAll(List.of(this::kv, this::workloads, this::runtime, this::validation, this::result, this::signOff));
            finish();
        } else {
            createView();
        }
    }

    /** Builds the remaining sections, one per pulse; returns at once. */
    public void buildRest() {
        if (pending.isEmpty()) {
            return;
        }
        Node section = pending.remove(0).get();
        content.getChildren().add(section);
        FormGrid.replace(section); // (in a narrow form: three columns)
        Platform.runLater(this::buildRest);
    }

    public boolean complete() { return pending.isEmpty(); }

    private void createView() {
        content = new VBox(10, model(), weights(), kv(), workloads(), runtime(), validation(), result(), signOff());
        finish();
    }

    private void finish() {
        content.setFillWidth(true);
        content.setStyle("-fx-padding: 10;");
        setContent(content);
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        setId("sheet");
        skinProperty().addListener((o, was, skin) -> uncacheViewport());
        uncacheViewport();
        widthProperty().addListener((o, was, w) -> {
            boolean narrow = w.doubleValue() < NARROW_BELOW;
            if (narrow != FormGrid.isNarrow(content)) {
                FormGrid.narrow(content, narrow);
            }
        });
    }

    /**
     * Narrower than this (logical px) the form's grids take three columns, not four: the window stacked at 200 % on
     * 1280x800 gives it 626 px, side by side at 100 % it has 738 (also when the divider is dragged to the right).
     */
    static final double NARROW_BELOW = 700;

    /**
     * ScrollPane's skin draws its viewport into a cached bitmap. Any change of a text in the form, even one scrolled out
     * of view (RESULT's rows move with the context), then re-renders the whole visible form into that bitmap: 30-60 ms
     * per snapped slider step in the software pipeline (issue 31, Seen 10). Without the cache, only the dirty regions
     * that are in view are painted.
     */
    private void uncacheViewport() {
        Node viewport = getSkin() == null ? null : lookup(".viewport");
        if (viewport != null && viewport.isCache()) {
            viewport.setCache(false);
        }
    }

    /** Scrolls the form so that a node is in view. */
    /** Scrolls to a worksheet field (e.g. {@code kv.kvHeads}) and puts the cursor in it; false when it is not shown. */
    public boolean goTo(String field) {
        Node n = lookup("#" + Views.id(field));
        if (n == null) {
            return false;
        }
        layout();
        reveal(n);
        n.requestFocus();
        return true;
    }

    /** What else a {@link #reveal} does with the form (the window scrolls it into view when it is stacked below the charts). */
    public void setOnReveal(Consumer<Node> r) { this.onReveal = r; }

    private Consumer<Node> onReveal = n -> { };

    public void reveal(Node n) {
        onReveal.accept(this);
        Bounds b = getContent().sceneToLocal(n.localToScene(n.getBoundsInLocal()));
        double scrollable = getContent().getBoundsInLocal().getHeight() - getViewportBounds().getHeight();
        if (scrollable > 0) {
            setVvalue(Math.max(0, Math.min(1, (b.getMinY() - 40) / scrollable)));
        }
    }

    /** Lays nodes into a grid of equal columns, in order (the tab order follows the worksheet). */
    private GridPane fill(int columns, Node... nodes) { return FormGrid.fill(v.grid(), columns, nodes); }

    static <N extends Node> N wide(N n, int columns) { return FormGrid.wide(n, columns); }

    private Node results(FigureKey... keys) {
        Node[] nodes = new Node[keys.length];
        for (int i = 0; i < keys.length; i++) {
            nodes[i] = v.result(keys[i]);
        }
        return fill(COLUMNS, nodes);
    }

    private Node model() {
        VBox s = v.section("MODEL");
        // the whole row and a tooltip: a GGUF or Ollama ID ("unsloth/Qwen3-30B-A3B-Instruct-2507-GGUF:Q4_K_M") was cut
        s.getChildren().add(fill(COLUMNS, wide(Views.wholeText(v.text("model-modelId", "Exact model ID", vm.model.modelId)),
                COLUMNS),
                v.text("model-revision", "Revision", vm.model.revision),
                v.text("model-architecture", "Architecture", vm.model.architecture), v.number(vm.model.maxContext)));
        return s;
    }

    private Node weights() {
        WeightsViewModel w = vm.weights;
        VBox s = v.section("WEIGHTS");
        s.getChildren().addAll(fill(COLUMNS, v.number(w.totalParams), v.number(w.activeParams),
                v.choice("weights-format", "Weight dtype / quantization", w.format, WeightFormat.values(), WeightFormat::label),
                v.choice("weights-computeDtype", "Model (compute) dtype", w.computeDtype, ComputeDtype.values(),
                        ComputeDtype::label),
                v.number(w.groupSize), v.number(w.scaleBits), v.number(w.zeroPointBits), v.number(w.unquantizedParams),
                v.number(w.checkpointBytes), wide(v.text("weights-checkpointFormat", "Actual checkpoint format",
                        w.checkpointFormat), 3), v.number(w.encoderParams), v.number(w.expertsPerToken),
                v.number(w.expertIntermediateSize), v.number(w.experts)),
                results(FigureKey.WEIGHTS_ESTIMATED_BYTES, FigureKey.WEIGHTS_ENCODER_BYTES, FigureKey.WEIGHTS_BYTES,
                FigureKey.WEIGHTS_BYTES_PER_PARAM, FigureKey.WEIGHTS_ACTIVE_PARAMS));
        return s;
    }

    private Node kv() {
        KvViewModel k = vm.kv;
        VBox s = v.section("KV ARCHITECTURE");
        s.getChildren().addAll(fill(COLUMNS,
                wide(v.choice("kv-kind", "Attention/cache type", k.kind, AttentionKind.values(), AttentionKind::label), 2),
                v.choice("kv-kvDtype", "KV-cache dtype", k.kvDtype, KvDtype.values(), KvDtype::label),
                v.number(k.layers), v.number(k.attentionHeads), v.number(k.kvHeads), v.number(k.headDim),
                v.number(k.hiddenSize), v.number(k.kvLoraRank), v.number(k.qkRopeHeadDim),
                v.number(k.windowLayers, "kv.windows"), v.number(k.windowTokens, "kv.windows"),
                v.number(k.windowKvHeads, "kv.windows"), v.number(k.windowHeadDim, "kv.windows"),
                v.choice("kv-windowKind", "Window kind", k.windowKind, WindowKind.values(),
                        x -> x == WindowKind.SLIDING ? "sliding window" : "chunked local"),
                v.number(k.stateLayers), v.number(k.stateBytesPerLayer), v.number(k.indexHeadDim)),
                results(FigureKey.KV_CACHE_BYTES_PER_TOKEN, FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU,
                FigureKey.KV_CACHE_QUERY_HEAD_MISTAKE_BYTES_PER_TOKEN,
                        FigureKey.KV_CACHE_BYTES_PER_TOKEN_BEYOND_WINDOWS));
        return s;
    }

    private Node workloads() {
        VBox s = v.section("WORKLOADS");
        GridPane g = v.grid();
        for (int c = 0; c < 3; c++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setPercentWidth(100.0 / 3);
            cc.setHgrow(Priority.ALWAYS);
            g.getColumnConstraints().add(cc);
        }
        int col = 0;
        for (WorkloadViewModel w : vm.workloads()) {
            ScenarioId id = w.id();
            Label h = new Label(v.t(w.id().label().toUpperCase(Locale.ROOT)));
            h.getStyleClass().add(Style.SECTION_TITLE);
            VBox column = new VBox(4, h, v.number(w.inputTokens), v.number(w.generatedTokens),
                    v.number(w.concurrentSequences), v.number(w.sharedPrefixTokens), v.number(w.sharedPrefixShare),
                    v.text(Views.id("workloads." + w.id().key() + ".sequenceLengths"), "Sequence lengths (optional list)",
                            w.sequenceLengths),
                    v.result(FigureKey.scenario(id, ScenarioFigure.ACTIVE_TOKENS)), v.result(FigureKey.scenario(id,
                            ScenarioFigure.STORED_TOKENS)), v.result(FigureKey.scenario(id, ScenarioFigure.KV_BYTES)),
                    v.result(FigureKey.scenario(id, ScenarioFigure.PHYSICAL_KV_BYTES)),
                    v.result(FigureKey.scenario(id, ScenarioFigure.FITS)), v.result(FigureKey.scenario(id, ScenarioFigure.POOL_SHARE)),
                    v.result(FigureKey.scenario(id, ScenarioFigure.CONCURRENCY_WITH_SHARING)));
            g.add(column, col++, 0);
        }
        s.getChildren().add(g);
        return s;
    }

    private Node runtime() {
        RuntimeViewModel r = vm.runtime;
        VBox s = v.section("RUNTIME");
        SearchableComboBox<GpuCatalog.Entry> catalog = gpuPicker();
        Label catLabel = new Label(v.t("GPU catalog (CUDA-visible memory; custom allowed)"));
        catLabel.getStyleClass().add(Style.FIELD_LABEL);
        Views.wraps(catLabel);
        s.getChildren().addAll(RuntimeParts.fields(v, vm, wide(new VBox(1, catLabel, catalog), 4)), RuntimeParts.results(v, r),
                RuntimeParts.speculative(v, vm), AdapterParts.of(v, vm), ExpertParts.of(v, vm), RuntimeParts.llamaCpp(v, vm),
                LatencyParts.runtime(v, vm));
        return s;
    }

    /** RUNTIME's GPU picker (ControlsFX's searchable one), on the sheet's GPU; choosing an entry is one edit. */
    private SearchableComboBox<GpuCatalog.Entry> gpuPicker() {
        // ControlsFX's searchable picker: type "h100" or "80" to narrow 27 GPUs down
        SearchableComboBox<GpuCatalog.Entry> catalog = new SearchableComboBox<>();
        catalog.setId("gpu-catalog");
        catalog.getItems().setAll(GpuCatalog.entries());
        catalog.setConverter(new StringConverter<>() {
            @Override
            public String toString(GpuCatalog.Entry e) {
                if (e == null) {
                    return "";
                }
                String[] parts = e.toString().split(" · ", 2);
                String memory = parts[1].replace(" visible", "").replace(" (estimate)", "");
                return parts[0] + " · " + v.texts().value(memory) + " " + v.t("visible")
                        + (e.cudaVisibleEstimate() ? " " + v.t("(estimate)") : "");
            }

            @Override
            public GpuCatalog.Entry fromString(String text) {
                return catalog.getItems().stream().filter(e -> toString(e).equals(text)).findFirst().orElse(null);
            }
        });
        catalog.setPromptText(v.t("Choose a GPU..."));
        catalog.setMaxWidth(Double.MAX_VALUE);
        catalog.disableProperty().bind(vm.readOnlyProperty());
        showCurrentGpu(catalog, vm.gpu.name.get(), v.t("Choose a GPU..."), v.t("Not in the catalog:"));
        vm.gpu.name.addListener((o, a, b) -> showCurrentGpu(catalog, b, v.t("Choose a GPU..."), v.t("Not in the catalog:")));
        catalog.valueProperty().addListener((o, a, e) -> {
            if (e != null && !isGpu(e, vm.gpu.name.get())) {
                vm.gpu.choose(e);
                vm.checkpointNow();
            }
        });
        return catalog;
    }

    private Node validation() {
        ValidationViewModel x = vm.validation;
        VBox s = v.section("VALIDATION");
        s.getChildren().add(new HBox(8, v.editButton("paste-log", "Paste engine log...", () -> onPasteLog.run()),
                v.editButton("measure-server", "Measure a running server...", () -> onMeasure.run())));
        List<VBox> nonKv = List.of(v.number(x.measuredNonKv), v.number(x.measuredActivationPeak), v.number(x.measuredNonTorch),
                v.number(x.measuredCudaGraphs));
        List<VBox> pool = List.of(v.number(x.allocatedKv), v.number(x.kvCapacityTokens), v.number(x.measuredPeak),
                v.number(x.preemptionSequences));
        s.getChildren().add(StaleMarks.status(vm, v, nonKv, pool));
        s.getChildren().addAll(fill(COLUMNS, nonKv.get(0), pool.get(0), pool.get(1), pool.get(2), pool.get(3),
                wide(v.textArea("validation-notes", "Notes", x.notes), 4), v.number(x.measuredOnGpus), nonKv.get(1), nonKv.get(2),
                nonKv.get(3), v.number(x.predictedNonKv), v.number(x.predictedKvPool), v.number(x.predictedKvCapacity)),
                results(FigureKey.VALIDATION_NON_KV_ERROR, FigureKey.VALIDATION_KV_POOL_ERROR, FigureKey.VALIDATION_KV_CAPACITY_ERROR),
                new MeasuredDeviceTable(v));
        return s;
    }

    private Node result() {
        ResultViewModel x = vm.result;
        VBox s = v.section("RESULT");
        s.getChildren().addAll(fill(COLUMNS, v.number(x.headroom),
                v.choice("result-sizingScenario", "Scenario that sizes the budget", x.sizingScenario, ScenarioId.values(),
                        ScenarioId::label), v.number(x.targetSequences)),
                results(FigureKey.RESULT_NON_KV_BYTES, FigureKey.RESULT_KV_BYTES, FigureKey.RESULT_FRAGMENTATION_BYTES,
                FigureKey.RESULT_HEADROOM_BYTES,
                        FigureKey.RESULT_BUDGET_BYTES, FigureKey.RESULT_GPU_CAPACITY_BYTES, FigureKey.RESULT_MARGIN_BYTES,
                        FigureKey.RESULT_FITS, FigureKey.WEIGHTS_BYTES_PER_GPU, FigureKey.POOL_NON_KV_BYTES, FigureKey.POOL_KV_POOL_BYTES,
                        FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU, FigureKey.PLACEMENT_GPUS_PER_REPLICA, FigureKey.PLACEMENT_TOTAL_GPUS,
                        FigureKey.PLACEMENT_FLEET_CONCURRENCY, FigureKey.PLACEMENT_REPLICAS_FOR_TARGET),
                LatencyParts.result(v, vm));
        return s;
    }

    private Node signOff() {
        SignOffViewModel x = vm.signOff;
        VBox s = v.section("SIGN-OFF");
        Button reopen = new Button(v.t("Reopen as Draft"));
        reopen.setId("reopen-draft");
        reopen.visibleProperty().bind(vm.readOnlyProperty());
        reopen.managedProperty().bind(reopen.visibleProperty());
        reopen.setOnAction(e -> vm.reopenAsDraft());
        Button approve = v.editButton("signOff-approve", "Approve", () -> showApproval(vm.approve()));
        Label status = new Label();
        status.setId("signOff-status");
        status.getStyleClass().add(Style.RESULT_VALUE);
        status.textProperty().bind(Bindings.createStringBinding(() -> v.t(
                x.status.get() == SignOffStatus.APPROVED ? "Status: Approved" : "Status: Draft"), x.status));
        approvalProblems.setId("signOff-problems");
        approvalProblems.getStyleClass().add(Style.FIELD_MESSAGE);
        approvalProblems.setWrapText(true);
        // the refusal follows the sheet: a problem fixed (a name typed in) goes at once, not at the next click (issue 31)
        vm.computedProperty().addListener((o, a, b) -> {
            if (!approvalProblems.getText().isEmpty()) {
                showApproval(vm.approvalProblems());
            }
        });
        s.getChildren().addAll(fill(COLUMNS, v.text("signOff-preparedBy", "Prepared by", x.preparedBy),
                v.text("signOff-preparedOn", "Prepared on (YYYY-MM-DD)", x.preparedOn, "signOff.preparedOn"),
                v.text("signOff-reviewedBy", "Reviewed by", x.reviewedBy),
                v.text("signOff-reviewedOn", "Reviewed on", x.reviewedOn, "signOff.reviewedOn"),
                v.text("signOff-approvedBy", "Approved by", x.approvedBy, "signOff.approvedBy"),
                v.text("signOff-approvedOn", "Approved on", x.approvedOn, "signOff.approvedOn")),
                new HBox(10, status, approve, reopen), approvalProblems, history(x));
        return s;
    }

    /** Earlier approvals: who approved which content when, and when it was reopened. */
    private Label history(SignOffViewModel x) {
        Label l = new Label();
        l.setId("signOff-history");
        l.setWrapText(true);
        l.getStyleClass().add(Style.RESULT_NAME);
        l.textProperty().bind(Bindings.createStringBinding(() -> {
            StringBuilder b = new StringBuilder();
            String fp = vm.snapshot().signOff().approvedFingerprint();
            if (x.status.get() == SignOffStatus.APPROVED && !fp.isEmpty()) {
                b.append(v.t("Approved content (SHA-256):")).append(' ').append(fp);
            }
            for (var a : vm.snapshot().signOff().history()) {
                b.append(b.length() == 0 ? "" : "\n").append(v.texts().message("Earlier approval: '" + a.approvedBy() + "' on '"
                        + a.approvedOn() + "', reopened as Draft on '" + a.reopenedOn() + "'"));
            }
            return b.toString();
        }, x.status, vm.computedProperty()));
        return l;
    }

    /** Why approval was refused (translated), or nothing once approved. */
    private void showApproval(List<String> problems) {
        approvalProblems.setText(problems.stream().map(v.texts()::message).collect(Collectors.joining("\n")));
    }

    /** Whether the sheet's GPU name is this catalog entry (its name, or within its full name, e.g. the nvidia-smi name). */
    private static boolean isGpu(GpuCatalog.Entry e, String name) {
        return name != null && !name.isBlank() && (e.name().equals(name) || e.fullName().contains(name));
    }

    /** The picker shows the sheet's GPU when it is one of the catalog's (else its prompt). */
    /** The picker shows the sheet's GPU; one the catalog lacks is named in the prompt ("Not in the catalog: X"). */
    private static void showCurrentGpu(SearchableComboBox<GpuCatalog.Entry> catalog, String name, String choose, String custom) {
        GpuCatalog.Entry current = catalog.getItems().stream().filter(e -> isGpu(e, name)).findFirst().orElse(null);
        catalog.setPromptText(current == null && name != null && !name.isBlank() ? custom + " " + name : choose);
        if (!Objects.equals(current, catalog.getValue())) {
            catalog.setValue(current);
        }
    }
}
