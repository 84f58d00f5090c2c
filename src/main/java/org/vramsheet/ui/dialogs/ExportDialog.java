package org.vramsheet.ui.dialogs;

import java.io.File;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.vramsheet.ui.model.SheetViewModel;
import org.vramsheet.ui.sections.Style;
import org.vramsheet.ui.text.Texts;

/** "Export report...": XLSX and PDF, A4 or Letter, optionally signed; runs in the background with progress. */
public final class ExportDialog {
    private final Texts tx;
    private final Stage stage = new Stage();
    private final ExecutorService background = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "report-export");
        t.setDaemon(true);
        return t;
    });

    public ExportDialog(Window owner, ExportViewModel evm, SheetViewModel sheet, DialogService dialogs,
                        List<String> css, Texts tx) {
        this.tx = tx;
        stage.initOwner(owner);
        stage.initModality(Modality.WINDOW_MODAL);
        stage.setTitle(tx.t("Export report"));
        GridPane g = files(evm);
        ProgressBar bar = new ProgressBar();
        bar.setId("export-progress");
        bar.progressProperty().bind(evm.progress);
        bar.setMaxWidth(Double.MAX_VALUE);
        Label status = status(evm);
        Label error = error(evm);
        Button export = new Button(tx.t("Export"));
        export.setId("export-run");
        export.setDefaultButton(true);
        export.disableProperty().bind(evm.busy);
        export.setOnAction(e -> {
            for (var f : evm.existing()) {
                if (!dialogs.confirmOverwrite(f)) {
                    return;
                }
            }
            sheet.checkpointNow();
            evm.export(sheet.computed(), background, Platform::runLater, () -> { });
        });
        Button close = new Button(tx.t("Close"));
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        VBox root = new VBox(10, g, bar, status, error, new HBox(8, export, close));
        root.setPadding(new Insets(12));
        Scene scene = new Scene(root, 720, 400);
        scene.getStylesheets().setAll(css);
        stage.setScene(scene);
        stage.setOnHidden(e -> background.shutdown());
    }

    /** Where to write, the page size, and the signing key. */
    private GridPane files(ExportViewModel evm) {
        GridPane g = new GridPane();
        g.setHgap(8);
        g.setVgap(6);
        TextField x = field("export-xlsx", evm.xlsx);
        TextField p = field("export-pdf", evm.pdf);
        TextField s = field("export-pptx", evm.pptx);
        g.addRow(0, new Label(tx.t("XLSX (live formulas)")), x, browse(x, "*.xlsx"));
        g.addRow(1, new Label(tx.t("PDF (signed-off report)")), p, browse(p, "*.pdf"));
        g.addRow(6, new Label(tx.t("PPTX (one slide: the decision and the concurrency chart)")), s, browse(s, "*.pptx"));
        CheckBox letter = new CheckBox(tx.t("US Letter instead of A4"));
        letter.selectedProperty().bindBidirectional(evm.letter);
        CheckBox sign = new CheckBox(tx.t("Sign the PDF with a PKCS#12 key"));
        sign.setId("export-sign");
        sign.selectedProperty().bindBidirectional(evm.sign);
        TextField key = field("export-key", evm.key);
        PasswordField pw = new PasswordField();
        pw.setId("export-password");
        pw.textProperty().bindBidirectional(evm.password);
        key.disableProperty().bind(evm.sign.not());
        pw.disableProperty().bind(evm.sign.not());
        g.addRow(2, letter);
        g.addRow(3, sign);
        g.addRow(4, new Label(tx.t("Key file (.p12)")), key, browse(key, "*.p12"));
        g.addRow(5, new Label(tx.t("Key password (not stored)")), pw);
        return g;
    }

    private Label status(ExportViewModel evm) {
        Label status = new Label();
        status.setId("export-status");
        status.textProperty().bind(Bindings.createStringBinding(() -> tx.lines(evm.status.get()), evm.status));
        status.setWrapText(true);
        return status;
    }

    private Label error(ExportViewModel evm) {
        Label error = new Label();
        error.setId("export-error");
        error.getStyleClass().add(Style.FIELD_MESSAGE);
        error.textProperty().bind(Bindings.createStringBinding(() -> tx.lines(evm.error.get()), evm.error));
        error.setWrapText(true);
        return error;
    }

    private static TextField field(String id, StringProperty p) {
        TextField t = new TextField();
        t.setId(id);
        t.setPrefColumnCount(36);
        t.textProperty().bindBidirectional(p);
        return t;
    }

    private Button browse(TextField target, String pattern) {
        Button b = new Button(tx.t("Choose..."));
        b.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(pattern, pattern));
            File f = pattern.equals("*.p12") ? fc.showOpenDialog(stage) : fc.showSaveDialog(stage);
            if (f != null) {
                target.setText(f.getPath());
            }
        });
        return b;
    }

    public Stage stage() { return stage; }

    public void show() { stage.show(); }
}
