package org.vramsheet.ui;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/** A DialogService whose answers a test sets up in advance, and which records the errors shown. */
final class ScriptedDialogs implements DialogService {
    final Deque<Path> openAnswers = new ArrayDeque<>();
    final Deque<Path> saveAnswers = new ArrayDeque<>();
    final Deque<Unsaved> unsavedAnswers = new ArrayDeque<>();
    boolean overwrite = true;
    boolean recover = true;
    final List<String> errors = new ArrayList<>();
    int unsavedAsked;

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
    public boolean offerRecovery(String description) { return recover; }

    @Override
    public void error(String title, String message) { errors.add(title + ": " + message); }
}
