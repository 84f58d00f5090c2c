package org.vramsheet.ui.dialogs;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/** A DialogService whose answers a test sets up in advance, and which records the errors shown. */
public final class ScriptedDialogs implements DialogService {
    public final Deque<Path> openAnswers = new ArrayDeque<>();
    public final Deque<Path> saveAnswers = new ArrayDeque<>();
    public final Deque<Unsaved> unsavedAnswers = new ArrayDeque<>();
    public boolean overwrite = true;
    public boolean recover = true;
    public boolean applyMismatchedLog = false;
    public final List<String> mismatchQuestions = new ArrayList<>();
    public boolean keepMeasurements = false;
    public final List<String> measurementQuestions = new ArrayList<>();
    public final List<String> recoveryOffers = new ArrayList<>();
    public final List<String> errors = new ArrayList<>();
    public int unsavedAsked;

    @Override
    public Optional<Path> chooseOpen() { return Optional.ofNullable(openAnswers.poll()); }

    @Override
    public Optional<Path> chooseSave(String suggestedName) { return Optional.ofNullable(saveAnswers.poll()); }

    @Override
    public Unsaved askUnsaved(String sheetName) {
        unsavedAsked++;
        Unsaved u = unsavedAnswers.poll();
        return u == null ? Unsaved.CANCEL : u;
    }

    @Override
    public boolean confirmOverwrite(Path file) { return overwrite; }

    @Override
    public boolean offerRecovery(String description) {
        recoveryOffers.add(description);
        return recover;
    }

    @Override
    public boolean confirmMismatchedLog(String finding) {
        mismatchQuestions.add(finding);
        return applyMismatchedLog;
    }

    @Override
    public boolean keepMeasurementsOfAnotherModel(String finding) {
        measurementQuestions.add(finding);
        return keepMeasurements;
    }

    @Override
    public void error(String title, String message) { errors.add(title + ": " + message); }
}
