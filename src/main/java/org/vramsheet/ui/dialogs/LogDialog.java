package org.vramsheet.ui.dialogs;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.LogFacts;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/** VALIDATION's "Paste engine log...": paste or open a log, see predicted against measured, apply. */
public final class LogDialog {
    private final Texts tx;
    private final Stage stage = new Stage();

    public LogDialog(Window owner, LogViewModel lvm, SheetViewModel sheet, List<String> css, Texts tx) {
        this.tx = tx;
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle(tx.t("Validate against an engine log"));
        TextArea text = new TextArea();
        text.setId("log-text");
        text.setPromptText(tx.t("Paste the engine's startup log here"));
        text.textProperty().bindBidirectional(lvm.text);
        text.setPrefRowCount(10);
        Button open = openButton(lvm);
        Button read = new Button(tx.t("Read and compare"));
        read.setId("log-read");
        read.setDefaultButton(true);
        read.setOnAction(e -> lvm.read());
        Label summary = new Label();
        summary.setId("log-summary");
        // the summary is "what was read; what was skipped": each part is its own message
        summary.textProperty().bind(Bindings.createStringBinding(() -> Arrays.stream(
                lvm.summary.get().split("; ")).map(tx::message).collect(Collectors.joining("; ")),
                lvm.summary));
        TableView<LogComparison.Row> table = table();
        Label predicted = new Label(tx.t("Predicted: the sheet's own estimate at the log's setup, without VALIDATION's "
                + "measurements; once the log is applied, the prediction frozen before launch"));
        predicted.setId("log-predicted-note");
        predicted.setWrapText(true);
        ListView<String> notes = causesList();
        lvm.comparison.addListener((o, a, r) -> {
            table.setItems(r == null ? FXCollections.observableArrayList() : FXCollections.observableArrayList(r.rows()));
            var items = FXCollections.<String>observableArrayList();
            if (r != null) {
                r.causes().forEach(c -> items.add(tx.t("Likely cause:") + " " + tx.message(c)));
                r.setupDifferences().forEach(s -> items.add(tx.t("Setup differs:") + " " + tx.message(s)));
            }
            if (lvm.measurement.get() != null) {
                LogFacts.of(lvm.measurement.get()).forEach(f -> items.add(tx.t("The log says:") + " " + tx.message(f)));
            }
            notes.setItems(items);
        });
        Button apply = new Button(tx.t("Apply the log's setup and measured memory"));
        apply.setId("log-apply");
        apply.disableProperty().bind(lvm.measurement.isNull().and(lvm.smiPeak.isNull()).or(sheet.readOnlyProperty()));
        apply.setOnAction(e -> lvm.apply());
        Button close = new Button(tx.t("Close"));
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        VBox root = new VBox(8, text, new HBox(8, open, read), summary, table, predicted, notes, new HBox(8, apply, close));
        root.setPadding(new Insets(10));
        VBox.setVgrow(text, Priority.ALWAYS);
        Scene scene = new Scene(root, 820, 640);
        scene.getStylesheets().setAll(css);
        stage.setScene(scene);
    }

    private Button openButton(LogViewModel lvm) {
        Button open = new Button(tx.t("Open log file..."));
        open.setOnAction(e -> {
            File f = new FileChooser().showOpenDialog(stage);
            if (f != null) {
                try {
                    lvm.text.set(Files.readString(f.toPath(), StandardCharsets.UTF_8));
                    lvm.read();
                } catch (IOException ex) {
                    lvm.summary.set("Cannot read " + f + ": " + ex.getMessage());
                }
            }
        });
        return open;
    }

    /** Predicted against measured, one row per quantity. */
    private TableView<LogComparison.Row> table() {
        TableView<LogComparison.Row> table = new TableView<>();
        table.setId("log-table");
        String[] names = {"", "Predicted", "Measured", "Delta", ""};
        for (int i = 0; i < names.length; i++) {
            int col = i;
            TableColumn<LogComparison.Row, String> c = new TableColumn<>(tx.t(names[i]));
            c.setCellValueFactory(d -> new SimpleStringProperty(
                    tx.message(LogViewModel.cells(d.getValue())[col])));
            c.setPrefWidth(i == 0 ? 230 : 120);
            table.getColumns().add(c);
        }
        table.setPrefHeight(140);
        return table;
    }

    /** The likely causes and setup differences, wrapped. */
    private static ListView<String> causesList() {
        ListView<String> notes = new ListView<>();
        notes.setId("log-causes");
        notes.setPrefHeight(130);
        notes.setCellFactory(lv -> new ListCell<>() {
            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                setWrapText(true);
                setPrefWidth(0);
            }
        });
        return notes;
    }

    public Stage stage() { return stage; }

    public void show() { stage.show(); }
}
