package org.vramsheet.ui.app;

import java.lang.management.ManagementFactory;
import java.util.function.Consumer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/**
 * Start-up measurement (docs/performance.md): milliseconds from JVM start to the first laid-out pulse
 * of a shown window. {@code -Dvramsheet.startupProbe=true} makes the real app print it and exit; this
 * class's main does the same for a bare JavaFX window, the baseline.
 */
public final class StartupProbe extends Application {
    private static final boolean ON = Boolean.getBoolean("vramsheet.startupProbe");
    private static final StringBuilder PHASES = new StringBuilder();

    /** Notes the time of a start-up phase; printed with the first-frame line when the probe is on. */
    public static void mark(String phase) {
        if (ON) {
            synchronized (PHASES) {
                PHASES.append("  ").append(sinceStart()).append(" ms ").append(phase).append('\n');
            }
        }
    }

    private static long sinceStart() {
        return System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    }
    /** Prints the time since JVM start once the scene has been laid out and shown, then exits. */
    public static void reportWhenShown(Scene scene, String what) {
        reportWhenShown(scene, what, null);
    }

    /**
     * As {@link #reportWhenShown(Scene, String)}; with {@code complete} (the real window), also waits
     * until it is true and prints that time too, then exits.
     */
    public static void reportWhenShown(Scene scene, String what, Consumer<Runnable> complete) {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(() -> {
                long ms = sinceStart();
                synchronized (PHASES) {
                    System.out.print(PHASES);
                }
                System.out.println("first frame (" + what + "): " + ms + " ms after JVM start");
                if (complete == null) {
                    exit();
                } else {
                    complete.accept(() -> {
                        System.out.println("complete window (" + what + "): " + sinceStart() + " ms after JVM start");
                        exit();
                    });
                }
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    private static void exit() {
        System.out.flush();
        Platform.exit();
        System.exit(0);
    }

    @Override
    public void start(Stage stage) {
        Scene scene = new Scene(new Label("bare JavaFX window"), 1280, 800);
        stage.setScene(scene);
        reportWhenShown(scene, "bare JavaFX window");
        stage.show();
    }

    public static void main(String[] args) {
        launch(args);
    }
}
