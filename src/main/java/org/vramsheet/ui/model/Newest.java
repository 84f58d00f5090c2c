package org.vramsheet.ui.model;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Calculations of a view that follow the sheet, run on one background thread: each result goes to the toolkit thread
 * unless a newer calculation was asked for meanwhile, so the view never shows an older sheet after a newer one.
 */
final class Newest {
    private final ExecutorService worker;
    private final Consumer<Runnable> fx;
    private long generation;

    /** A daemon thread named {@code thread}; results are handed over through {@code fx} (Platform::runLater). */
    Newest(String thread, Consumer<Runnable> fx) {
        this.worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, thread);
            t.setDaemon(true);
            return t;
        });
        this.fx = fx;
    }

    /** Calculates {@code work} in the background and gives its result to {@code done}, if it is still the newest. */
    <T> void run(Supplier<T> work, Consumer<T> done) {
        long mine = ++generation;
        worker.submit(() -> {
            T t = work.get();
            fx.accept(() -> {
                if (mine == generation) {
                    done.accept(t);
                }
            });
        });
    }
}
