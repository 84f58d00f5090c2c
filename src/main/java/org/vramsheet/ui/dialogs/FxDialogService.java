package org.vramsheet.ui.dialogs;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.vramsheet.ui.text.Texts;

/** The real dialogs. */
public final class FxDialogService implements DialogService {
    private final Window owner;
    private final Texts texts;
    private File lastDir;

    /** Dialogs in the window's language: titles, buttons and messages (line by line) translated. */
    public FxDialogService(Window owner, Texts texts) {
        this.owner = owner;
        this.texts = texts;
    }

    private ButtonType button(String text, ButtonBar.ButtonData data) {
        return new ButtonType(texts.t(text), data);
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(texts.t(title));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(texts.t("VRAM Sheet worksheets (*.json, *.vramsheet)"), "*.json",
                "*.vramsheet"));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(texts.t("VRAM Sheet reports (*.pdf)"), "*.pdf"));
        if (lastDir != null && lastDir.isDirectory()) {
            fc.setInitialDirectory(lastDir);
        }
        return fc;
    }

    @Override
    public Optional<Path> chooseOpen() {
        File f = chooser("Open worksheet").showOpenDialog(owner);
        if (f != null) {
            lastDir = f.getParentFile();
        }
        return Optional.ofNullable(f).map(File::toPath);
    }

    @Override
    public Optional<Path> chooseSave(String suggestedName) {
        FileChooser fc = chooser("Save worksheet");
        fc.setInitialFileName(suggestedName);
        File f = fc.showSaveDialog(owner);
        if (f != null) {
            lastDir = f.getParentFile();
        }
        return Optional.ofNullable(f).map(File::toPath);
    }

    @Override
    public Unsaved askUnsaved(String sheetName) {
        ButtonType save = button("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = button("Don't save", ButtonBar.ButtonData.NO);
        ButtonType cancel = button("Cancel", ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, texts.message("Save the changes to '" + sheetName + "' first?"),
                save, discard, cancel);
        a.initOwner(owner);
        a.setHeaderText(texts.t("Unsaved changes"));
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == cancel) {
            return Unsaved.CANCEL;
        }
        return r.get() == save ? Unsaved.SAVE : Unsaved.DISCARD;
    }

    @Override
    public boolean confirmOverwrite(Path file) {
        ButtonType yes = button("Replace", ButtonBar.ButtonData.YES);
        ButtonType no = button("Cancel", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, texts.message("'" + file + "' exists. Replace it?"), yes, no);
        a.initOwner(owner);
        return a.showAndWait().orElse(no) == yes;
    }

    @Override
    public boolean offerRecovery(String description) {
        return ask(Alert.AlertType.CONFIRMATION, texts.lines(description), new String[] {"Restore", "Discard"},
                null, texts.t("Recover unsaved work?"));
    }

    @Override
    public boolean confirmMismatchedLog(String finding) {
        return ask(Alert.AlertType.WARNING, texts.message(finding), new String[] {"Apply anyway", "Cancel"},
                texts.t("Apply the engine log"), texts.t("This log may be of another model"));
    }

    @Override
    public boolean keepMeasurementsOfAnotherModel(String finding) {
        return ask(Alert.AlertType.CONFIRMATION, texts.message(finding) + "\n\n" + texts.t("Kept, they are shown struck "
                + "through and not used; dropped, the sheet estimates until this model's engine log is applied."),
                new String[] {"Keep them (stale)", "Drop them"}, texts.t("Import a model"),
                texts.t("The measurements are of another model"));
    }

    /** A yes / no question; {@code answers}: the yes and no labels (English, translated here). */
    private boolean ask(Alert.AlertType type, String text, String[] answers, String title, String header) {
        ButtonType yes = button(answers[0], ButtonBar.ButtonData.YES);
        ButtonType no = button(answers[1], ButtonBar.ButtonData.NO);
        Alert a = new Alert(type, text, yes, no);
        a.initOwner(owner);
        if (title != null) {
            a.setTitle(title);
        }
        a.setHeaderText(header);
        return a.showAndWait().orElse(no) == yes;
    }

    @Override
    public void error(String title, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR, texts.lines(message), button("OK", ButtonBar.ButtonData.OK_DONE));
        a.initOwner(owner);
        a.setHeaderText(texts.t(title));
        a.showAndWait();
    }
}
