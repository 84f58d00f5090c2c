package org.vramsheet.ui;

import java.lang.management.ManagementFactory;
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
    /** Prints the time since JVM start once the scene has been laid out and shown, then exits. */
    public static void reportWhenShown(Scene scene, String what) {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(() -> {
                long ms = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
                System.out.println("first frame (" + what + "): " + ms + " ms after JVM start");
                Platform.exit();
                System.exit(0);
            });
        };
        scene.addPostLayoutPulseListener(once[0]);
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
