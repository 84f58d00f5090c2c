package org.vramsheet.ui.app;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.util.Duration;

/** The window's one autosave timer: saves the sheet for crash recovery every 15 seconds while it runs. */
final class Autosave {
    static final Duration EVERY = Duration.seconds(15);
    private final Timeline timer;

    Autosave(Runnable save) {
        timer = new Timeline(new KeyFrame(EVERY, e -> save.run()));
        timer.setCycleCount(Timeline.INDEFINITE);
    }

    /** Starts the timer (again after a stop); starting it while it runs changes nothing. */
    void start() {
        timer.play();
    }

    void stop() {
        timer.stop();
    }
}
