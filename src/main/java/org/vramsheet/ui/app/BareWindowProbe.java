package org.vramsheet.ui.app;

import javafx.application.Application;

/** Starts {@link StartupProbe}'s bare window from the class path (a main outside the Application class). */
public final class BareWindowProbe {
    private BareWindowProbe() { }

    public static void main(String[] args) {
        Application.launch(StartupProbe.class, args);
    }
}
