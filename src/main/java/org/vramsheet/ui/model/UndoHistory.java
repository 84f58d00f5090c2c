package org.vramsheet.ui.model;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Optional;

/**
 * Undo / redo over whole states (the sheet as the form shows it), in plain Java: an edit ends at a checkpoint, a
 * checkpoint that differs from the last one makes the last one an undo step, and a restart (opening, approving,
 * reopening a sheet) is a boundary that neither undo nor redo ever crosses.
 *
 * @param <T> the state; compared with {@code equals}
 */
public final class UndoHistory<T> {
    private final Deque<T> undo = new ArrayDeque<>();
    private final Deque<T> redo = new ArrayDeque<>();
    private T checkpoint;

    /** Starts afresh at {@code state}: nothing before it can be undone, nothing after it redone. */
    public void restart(T state) {
        undo.clear();
        redo.clear();
        checkpoint = Objects.requireNonNull(state);
    }

    /** Ends an edit at {@code now}: a change since the last checkpoint becomes one undo step and forgets the redo steps. */
    public void checkpoint(T now) {
        Objects.requireNonNull(now);
        if (checkpoint != null && !checkpoint.equals(now)) {
            undo.push(checkpoint);
            redo.clear();
        }
        checkpoint = now;
    }

    /** Ends the edit at {@code now}, then the state one step back to show; empty at the start (or at a boundary). */
    public Optional<T> undo(T now) { return step(now, undo, redo); }

    /** Ends the edit at {@code now}, then the state one step forward to show; empty when nothing was undone. */
    public Optional<T> redo(T now) { return step(now, redo, undo); }

    private Optional<T> step(T now, Deque<T> from, Deque<T> to) {
        checkpoint(now);
        if (from.isEmpty()) {
            return Optional.empty();
        }
        to.push(checkpoint);
        checkpoint = from.pop();
        return Optional.of(checkpoint);
    }

    public boolean canUndo() { return !undo.isEmpty(); }

    public boolean canRedo() { return !redo.isEmpty(); }
}
