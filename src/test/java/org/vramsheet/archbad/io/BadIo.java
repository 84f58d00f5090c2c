package org.vramsheet.archbad.io;

import javafx.beans.property.SimpleStringProperty;

/** io code that uses JavaFX (ArchitectureTest's self-test). */
public final class BadIo {
    private BadIo() {
    }

    public static String text() {
        return new SimpleStringProperty("io").get();
    }
}
