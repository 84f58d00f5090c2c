package org.vramsheet.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The real dialogs. */
public final class FxDialogService implements DialogService {
    private final Window owner;
    private File lastDir;

    public FxDialogService(Window owner) {
        this.owner = owner;
    }

    private FileChooser chooser(String title) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("VRAM Sheet worksheets (*.json, *.vramsheet)", "*.json",
                "*.vramsheet"));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("VRAM Sheet reports (*.pdf)", "*.pdf"));
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
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't save", ButtonBar.ButtonData.NO);
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, "Save the changes to " + sheetName + " first?", save, discard,
                ButtonType.CANCEL);
        a.initOwner(owner);
        a.setHeaderText("Unsaved changes");
        Optional<ButtonType> r = a.showAndWait();
        if (r.isEmpty() || r.get() == ButtonType.CANCEL) {
            return Unsaved.CANCEL;
        }
        return r.get() == save ? Unsaved.SAVE : Unsaved.DISCARD;
    }

    @Override
    public boolean confirmOverwrite(Path file) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, file + " exists. Replace it?", ButtonType.YES, ButtonType.NO);
        a.initOwner(owner);
        return a.showAndWait().orElse(ButtonType.NO) == ButtonType.YES;
    }

    @Override
    public boolean offerRecovery(String description) {
        Alert a = new Alert(Alert.AlertType.CONFIRMATION, description, ButtonType.YES, ButtonType.NO);
        a.initOwner(owner);
        a.setHeaderText("Recover unsaved work?");
        return a.showAndWait().orElse(ButtonType.NO) == ButtonType.YES;
    }

    @Override
    public void error(String title, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR, message, ButtonType.OK);
        a.initOwner(owner);
        a.setHeaderText(title);
        a.showAndWait();
    }
}
