package org.vramsheet.archbad.core;

import java.io.File;
import javafx.beans.property.SimpleStringProperty;
import org.vramsheet.archbad.ui.BadView;

/** Breaks the core rules on purpose, for ArchitectureTest's self-test: JavaFX, java.io, stdout, a layer above. */
public final class Impure {
    private Impure() {
    }

    public static String all() {
        System.out.println(new File("x"));
        return new SimpleStringProperty("x").get() + BadView.name();
    }
}
