package org.vramsheet.ui.app;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.curves.Curves;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The sheet the window opens on, read and calculated once on a background thread while the JavaFX
 * toolkit starts (the second core is otherwise idle then). This moves the JSON reader's and the
 * calculator's first, cold use off the path to the first frame; the window then takes the ready sheet.
 */
public final class StartSheet {
    private static volatile FutureTask<Worksheet> pending;

    private StartSheet() { }

    /** Starts reading the default sample in the background; call before the toolkit is launched. */
    public static void prepare() {
        FutureTask<Worksheet> task = new FutureTask<>(() -> {
            Worksheet ws = FileController.sample(FileController.DEFAULT_SAMPLE);
            // the same calculation the window makes first, so that its classes are loaded and linked here
            Curves.of(SizingCalculator.compute(ws, List.of()));
            return ws;
        });
        Thread t = new Thread(task, "start-sheet");
        t.setDaemon(true);
        t.start();
        pending = task;
    }

    /** The default sample: the prepared one if {@link #prepare()} ran, else read now. */
    public static Worksheet take() {
        FutureTask<Worksheet> task = pending;
        pending = null;
        if (task != null) {
            try {
                return task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // fall through: read it here, where a failure is reported like any other
            }
        }
        return FileController.sample(FileController.DEFAULT_SAMPLE);
    }
}
