package org.vramsheet.ui.dialogs;

import java.nio.file.Path;
import java.util.Optional;

/** Every question the window asks the user, behind an interface so tests can answer them. */
public interface DialogService {
    /** Answer to "save changes first?". */
    enum Unsaved { SAVE, DISCARD, CANCEL }

    Optional<Path> chooseOpen();

    Optional<Path> chooseSave(String suggestedName);

    Unsaved askUnsaved(String sheetName);

    boolean confirmOverwrite(Path file);

    boolean offerRecovery(String description);

    /** "Apply this log anyway?" when it looks like another model's (the finding says why). */
    boolean confirmMismatchedLog(String finding);

    /** "Keep the measurements of the earlier model?" when an import changes the model (true: keep them, stale). */
    boolean keepMeasurementsOfAnotherModel(String finding);

    void error(String title, String message);
}
