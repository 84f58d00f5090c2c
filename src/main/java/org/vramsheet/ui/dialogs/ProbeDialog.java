package org.vramsheet.ui.dialogs;

import java.util.List;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.text.Texts;

/** VALIDATION's "Measure a running server...": URL, key, what to run, limits; live progress; cancel; apply. */
public final class ProbeDialog {
    private final Stage stage = new Stage();

    public ProbeDialog(Window owner, ProbeViewModel pvm, SheetViewModel sheet, Executor background, List<String> css,
                       Texts tx) {
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle(tx.t("Measure a running server"));
        TextField url = new TextField();
        url.setId("probe-url");
        url.textProperty().bindBidirectional(pvm.url);
        PasswordField key = new PasswordField();
        key.setId("probe-key");
        key.setPromptText(tx.t("optional; never saved"));
        key.textProperty().bindBidirectional(pvm.apiKey);
        ChoiceBox<ProbeViewModel.Run> run = runChoice(pvm, tx);
        TextField requests = new TextField();
        requests.textProperty().bindBidirectional(pvm.maxRequests);
        TextField seconds = new TextField();
        seconds.textProperty().bindBidirectional(pvm.maxSeconds);
        GridPane form = new GridPane();
        form.setHgap(8);
        form.setVgap(6);
        form.addRow(0, new Label(tx.t("Server URL")), url);
        form.addRow(1, new Label(tx.t("API key")), key);
        form.addRow(2, new Label(tx.t("Workload")), run);
        form.addRow(3, new Label(tx.t("At most (requests)")), requests);
        form.addRow(4, new Label(tx.t("At most (seconds)")), seconds);
        Label status = new Label();
        status.setId("probe-status");
        status.setWrapText(true);
        status.textProperty().bind(Bindings.createStringBinding(() -> tx.message(pvm.status.get()), pvm.status));
        Label result = new Label();
        result.setId("probe-result");
        result.setWrapText(true);
        result.textProperty().bind(pvm.result);
        Button start = new Button(tx.t("Measure"));
        start.setId("probe-start");
        start.setDefaultButton(true);
        start.disableProperty().bind(pvm.busy);
        start.setOnAction(e -> pvm.start(background, Platform::runLater));
        Button cancel = new Button(tx.t("Cancel the run"));
        cancel.setId("probe-cancel");
        cancel.disableProperty().bind(pvm.busy.not());
        cancel.setOnAction(e -> pvm.cancel());
        Button apply = new Button(tx.t("Record in VALIDATION"));
        apply.setId("probe-apply");
        apply.disableProperty().bind(pvm.measured.not().or(pvm.busy).or(sheet.readOnlyProperty()));
        apply.setOnAction(e -> pvm.apply());
        Button close = new Button(tx.t("Close"));
        close.setCancelButton(true);
        close.setOnAction(e -> {
            pvm.cancel();
            stage.close();
        });
        VBox root = new VBox(10, form, new HBox(8, start, cancel), status, result, new HBox(8, apply, close));
        root.setPadding(new Insets(12));
        Scene scene = new Scene(root, 640, 420);
        scene.getStylesheets().setAll(css);
        stage.setScene(scene);
        stage.setOnHidden(e -> pvm.cancel());
    }

    private static ChoiceBox<ProbeViewModel.Run> runChoice(ProbeViewModel pvm, Texts tx) {
        ChoiceBox<ProbeViewModel.Run> run = new ChoiceBox<>();
        run.setId("probe-run");
        run.getItems().setAll(ProbeViewModel.Run.values());
        run.valueProperty().bindBidirectional(pvm.run);
        run.setConverter(new StringConverter<>() {
            @Override
            public String toString(ProbeViewModel.Run r) {
                return r == null ? "" : tx.t(switch (r) {
                    case POOL_ONLY -> "Read the KV pool only";
                    case TYPICAL -> "Run Typical";
                    case HEAVY -> "Run Heavy";
                    case LIMIT -> "Run Limit";
                    case RAMP -> "Ramp to the preemption boundary";
                });
            }

            @Override
            public ProbeViewModel.Run fromString(String s) { return null; }
        });
        return run;
    }

    public void show() { stage.show(); }
}
