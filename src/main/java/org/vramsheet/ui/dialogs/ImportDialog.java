package org.vramsheet.ui.dialogs;

import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.transformation.FilteredList;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ContentDisplay;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.controlsfx.control.textfield.TextFields;
import org.controlsfx.validation.ValidationResult;
import org.controlsfx.validation.ValidationSupport;
import org.vramsheet.io.ollama.OllamaImport;
import org.vramsheet.io.catalog.ModelCatalog;
import org.vramsheet.io.gguf.GgufListing;
import org.vramsheet.io.hub.HfCache;
import org.vramsheet.io.hub.HubClient;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.Style;
import org.vramsheet.ui.text.Texts;

/** "Import model...": Hub ID, a file or folder, the local cache or the catalog; shows what was found before Apply. */
public final class ImportDialog {
    /** The tab last used in this run: the dialog opens there again (it always opened on the Hub tab, issue 31). */
    private static int lastTab;
    private final Texts tx;
    /** Apply, for the catalog's Enter and double click (the button is made after the tabs). */
    private Runnable applyNow = () -> { };
    private final ImportViewModel ivm;
    private final SheetViewModel sheet;
    private final Stage stage = new Stage();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "hub-import");
        t.setDaemon(true);
        return t;
    });

    public ImportDialog(Window owner, ImportViewModel ivm, SheetViewModel sheet, DialogService dialogs, List<String> stylesheets,
                        Texts tx) {
        this.tx = tx;
        this.ivm = ivm;
        this.sheet = sheet;
        ivm.useThreads(background, Platform::runLater);
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle(tx.t("Import model"));
        TabPane tabs = tabs();
        TextArea preview = new TextArea();
        preview.setId("import-preview");
        preview.setEditable(false);
        preview.setWrapText(true);
        preview.textProperty().bind(Bindings.createStringBinding(() -> report(tx, ivm.preview()), ivm.result));
        preview.setPrefRowCount(12);
        Label error = new Label();
        error.setId("import-error");
        error.getStyleClass().add(Style.FIELD_MESSAGE);
        error.textProperty().bind(Bindings.createStringBinding(() -> tx.lines(ivm.error.get()), ivm.error));
        error.setWrapText(true);
        Label status = new Label();
        status.setId("import-status");
        status.textProperty().bind(Bindings.createStringBinding(() -> tx.lines(ivm.status.get()), ivm.status));
        status.setWrapText(true);
        Button apply = new Button(tx.t("Apply to the sheet"));
        apply.setId("import-apply");
        apply.setDefaultButton(true);
        apply.disableProperty().bind(ivm.result.isNull().or(sheet.readOnlyProperty()));
        apply.setOnAction(e -> {
            String other = sheet.measurementsOfAnotherModel(ivm.result.get());
            boolean keep = other != null && dialogs.keepMeasurementsOfAnotherModel(other);
            if (ivm.ollama.get() != null) {
                sheet.applyImport(ivm.ollama.get(), keep); // ollama:NAME[:TAG]: with the engine and Ollama's settings
            } else {
                sheet.applyImport(ivm.result.get(), keep);
            }
            stage.close();
        });
        Button close = new Button(tx.t("Close"));
        close.setCancelButton(true);
        close.setOnAction(e -> {
            ivm.cancel();
            stage.close();
        });
        applyNow = () -> {
            if (!apply.isDisabled()) {
                apply.fire();
            }
        };
        HBox buttons = new HBox(8, apply, close);
        VBox root = new VBox(8, tabs, status, error, new Label(tx.t("What was detected and assumed:")), preview, buttons);
        root.setPadding(new Insets(10));
        VBox.setVgrow(preview, Priority.ALWAYS);
        Scene scene = new Scene(root, 760, 640);
        scene.getStylesheets().setAll(stylesheets);
        stage.setScene(scene);
        stage.setOnHidden(e -> background.shutdownNow());
    }

    public Stage stage() { return stage; }

    /** Enter or a double click on an entry applies it (the selection has read it already: a catalog read is instant). */
    private void appliesOnEnterOrDoubleClick(ListView<?> list) {
        list.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && list.getSelectionModel().getSelectedItem() != null) {
                applyNow.run();
            }
        });
        list.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && list.getSelectionModel().getSelectedItem() != null) {
                e.consume();
                applyNow.run();
            }
        });
    }

    /** The tabs, on the one used last. */
    private TabPane tabs() {
        TabPane tabs = new TabPane(new Tab(tx.t("Hugging Face Hub"), hub()), new Tab(tx.t("File or folder"), file()),
                new Tab(tx.t("Local cache"), cache()), new Tab(tx.t("Catalog"), catalog()));
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("import-tabs");
        tabs.getSelectionModel().select(Math.min(lastTab, tabs.getTabs().size() - 1));
        tabs.getSelectionModel().selectedIndexProperty().addListener((o, a, b) -> lastTab = b.intValue());
        return tabs;
    }

    /** The Hub model ID's check, as typed (ControlsFX validation). */
    private final ValidationSupport hubIdCheck = new ValidationSupport();

    /** For tests: the check of the Hub model ID field. */
    public ValidationSupport hubIdCheck() { return hubIdCheck; }

    public void show() { stage.show(); }

    private VBox hub() {
        TextField id = new TextField();
        id.setId("import-hub-id");
        id.setPromptText(tx.t("org/name, e.g. meta-llama/Llama-3.1-8B-Instruct, or ollama:NAME[:TAG]"));
        id.textProperty().bindBidirectional(ivm.hubId);
        TextField rev = new TextField();
        rev.setId("import-hub-revision");
        rev.setPromptText(tx.t("branch, tag or commit"));
        rev.textProperty().bindBidirectional(ivm.revision);
        PasswordField token = new PasswordField();
        token.setId("import-hub-token");
        token.setPromptText(ivm.envToken() ? "HF_TOKEN is set (type here to use another)" : "token for gated models");
        token.textProperty().bindBidirectional(ivm.token);
        Button fetch = new Button(tx.t("Fetch"));
        fetch.setId("import-hub-fetch");
        // ControlsFX marks the ID as it is typed (a red corner and the reason on hover); Fetch waits for a valid one
        hubIdCheck.registerValidator(id, false, (Control c, String v) -> {
            String why = v == null || v.isBlank() || OllamaImport.names(v) ? null : HubClient.idProblem(v);
            return ValidationResult.fromErrorIf(c, why == null ? "" : tx.message(why), why != null);
        });
        fetch.disableProperty().bind(ivm.busy.or(hubIdCheck.invalidProperty()));
        fetch.setOnAction(e -> ivm.fetchHub(background, Platform::runLater));
        Button cancel = new Button(tx.t("Cancel"));
        cancel.disableProperty().bind(ivm.busy.not());
        cancel.setOnAction(e -> ivm.cancel());
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(ivm.progress);
        bar.visibleProperty().bind(ivm.busy);
        bar.setMaxWidth(Double.MAX_VALUE);
        Label where = new Label(tx.t("Reads config.json, the safetensors index and each shard's header from {0} "
                + "(HF_ENDPOINT); no weights are downloaded. The token is never saved.").replace("{0}", ivm.endpoint()) + " "
                + tx.t("A repository of GGUF files without config.json lists them to choose one, read by HTTP Range."));
        where.setWrapText(true);
        VBox box = new VBox(6, new Label(tx.t("Model ID")), id, new Label(tx.t("Revision")), rev, new Label(tx.t("Token")), token,
                new HBox(8, fetch, cancel), bar, where, ggufTable());
        box.setPadding(new Insets(8));
        return box;
    }

    /**
     * A repository of GGUF files without config.json: its models (file, quantization, size; a split model once, its parts
     * summed), shown once fetched; the one chosen is read by HTTP Range (double click or "Import this file").
     */
    private VBox ggufTable() {
        TableView<GgufListing.Choice> table = new TableView<>(ivm.ggufChoices);
        table.setId("import-gguf-files");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label(tx.t("No GGUF files listed")));
        TableColumn<GgufListing.Choice, String> file = new TableColumn<>(tx.t("File"));
        file.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().file()
                + (c.getValue().parts().size() > 1 ? " " + tx.message("(" + c.getValue().parts().size() + " parts)") : "")));
        file.setPrefWidth(420);
        TableColumn<GgufListing.Choice, String> quant = new TableColumn<>(tx.t("Quantization"));
        quant.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().quantization() == null ? "?" : c.getValue().quantization()));
        TableColumn<GgufListing.Choice, String> size = new TableColumn<>(tx.t("Size"));
        size.setCellValueFactory(c -> new ReadOnlyStringWrapper(ImportViewModel.size(c.getValue(), tx)));
        table.getColumns().setAll(List.of(file, quant, size));
        table.setPrefHeight(150);
        Button pick = new Button(tx.t("Import this file"));
        pick.setId("import-gguf-pick");
        pick.disableProperty().bind(ivm.busy.or(table.getSelectionModel().selectedItemProperty().isNull()));
        pick.setOnAction(e -> ivm.importGguf(table.getSelectionModel().getSelectedItem()));
        table.setOnMouseClicked(e -> {
            if (e.getClickCount() == 2 && table.getSelectionModel().getSelectedItem() != null && !ivm.busy.get()) {
                ivm.importGguf(table.getSelectionModel().getSelectedItem());
            }
        });
        VBox box = new VBox(6, table, pick);
        box.visibleProperty().bind(Bindings.isNotEmpty(ivm.ggufChoices));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }

    private VBox file() {
        Button config = new Button(tx.t("Choose config.json or a GGUF file..."));
        config.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("config.json, GGUF", "*.json", "*.gguf"));
            File f = fc.showOpenDialog(stage);
            if (f != null) {
                ivm.fromPath(f.toPath());
            }
        });
        Button folder = new Button(tx.t("Choose a model folder..."));
        folder.setOnAction(e -> {
            File d = new DirectoryChooser().showDialog(stage);
            if (d != null) {
                ivm.fromPath(d.toPath());
            }
        });
        Label l = new Label(tx.t("A folder is read for config.json, model.safetensors.index.json and the headers of its "
                + ".safetensors files; a folder without config.json for its GGUF files (a split model as one). A GGUF file "
                + "is read for its header and tensor infos only."));
        l.setWrapText(true);
        VBox box = new VBox(8, config, folder, l);
        box.setPadding(new Insets(8));
        return box;
    }

    private VBox cache() {
        ListView<HfCache.Entry> list = new ListView<>(FXCollections.observableArrayList(ivm.cached()));
        list.setId("import-cache-list");
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                ivm.fromCache(b);
            }
        });
        Label l = new Label(list.getItems().isEmpty() ? "No models with a config.json in " + ivm.cacheRoot()
                : ivm.cacheRoot().toString());
        l.setWrapText(true);
        VBox box = new VBox(6, l, list);
        box.setPadding(new Insets(8));
        VBox.setVgrow(list, Priority.ALWAYS);
        return box;
    }

    private VBox catalog() {
        FilteredList<ModelCatalog.Entry> items = new FilteredList<>(FXCollections.observableArrayList(ivm.catalog()));
        // ControlsFX's search field (a clear button inside); it matches the ID and the licence ("apache", "llama 3.1")
        TextField filter = TextFields.createClearableTextField();
        filter.setId("import-catalog-filter");
        filter.setPromptText(tx.t("filter, e.g. qwen"));
        filter.textProperty().addListener((o, a, b) -> items.setPredicate(e -> b == null || b.isBlank()
                || (e.id() + " " + (e.licence() == null ? "" : e.licence()) + (e.gguf() ? " gguf " + e.quantization() : ""))
                        .toLowerCase(Locale.ROOT)
                        .contains(b.strip().toLowerCase(Locale.ROOT))));
        ListView<ModelCatalog.Entry> list = new ListView<>(items);
        list.setId("import-catalog-list");
        // each entry with its facts (read once, in the background): parameters, context, KV bytes per token
        Map<String, String> facts = new ConcurrentHashMap<>();
        var base = sheet.snapshot();
        Thread reader = new Thread(() -> {
            for (ModelCatalog.Entry e : ivm.catalog()) {
                facts.put(e.id(), ImportViewModel.details(e, base, tx));
            }
            Platform.runLater(list::refresh);
        }, "catalog-facts");
        reader.setDaemon(true);
        reader.start();
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(ModelCatalog.Entry e, boolean empty) {
                super.updateItem(e, empty);
                String f = e == null ? null : facts.get(e.id());
                setText(empty || e == null ? null : e.id());
                if (f == null || f.isEmpty() || empty) {
                    setGraphic(null);
                } else { // the facts on a line of their own under the ID, smaller
                    Label l = new Label(f);
                    l.getStyleClass().add("catalog-facts");
                    setGraphic(l);
                    setContentDisplay(ContentDisplay.BOTTOM);
                }
            }
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                ivm.fromCatalog(b);
            }
        });
        appliesOnEnterOrDoubleClick(list);
        VBox box = new VBox(6, new Label(tx.t("Built-in catalog (works offline; each entry names its source)")), filter, list);
        box.setPadding(new Insets(8));
        VBox.setVgrow(list, Priority.ALWAYS);
        return box;
    }

    /** The import's report in the window's language: each heading and each "  - " line translated (io.ollama's too). */
    static String report(Texts tx, String report) {
        StringBuilder b = new StringBuilder();
        for (String line : report.split("\n", -1)) {
            int dash = line.startsWith("  - ") ? 4 : 0;
            b.append(b.length() == 0 ? "" : "\n").append(line, 0, dash).append(tx.message(line.substring(dash)));
        }
        return b.toString();
    }
}
