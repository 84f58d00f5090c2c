package org.vramsheet.ui.app;

/** Starts {@link StartupProbe}'s bare window from the class path (a main outside the Application class). */
public final class BareWindowProbe {
    private BareWindowProbe() { }

    public static void main(String[] args) {
        javafx.application.Application.launch(StartupProbe.class, args);
    }
}
