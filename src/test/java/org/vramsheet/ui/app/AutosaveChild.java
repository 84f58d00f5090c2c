package org.vramsheet.ui.app;

import java.nio.file.Path;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;

/**
 * A separate JVM for {@link AutosaveTest}: one instance autosaving two sheets in turn, each with its own file (sheet
 * "A" of a.json, sheet "B" of b.json), until it is killed.
 */
public final class AutosaveChild {
    private AutosaveChild() { }

    public static void main(String[] args) throws Exception {
        AppHome home = new AppHome(Path.of(args[0]));
        Worksheet base = WorksheetJson.read(Path.of("assets/samples/seed003-70b-int4-80gib.json"));
        Worksheet a = base.withModel(base.model().withModelId("A"));
        Worksheet b = base.withModel(base.model().withModelId("B"));
        Path dir = Path.of(args[1]);
        home.autosave(a, dir.resolve("a.json"));
        System.out.println("SAVING");
        System.out.flush();
        for (int i = 1; ; i++) {
            home.autosave(i % 2 == 0 ? a : b, dir.resolve(i % 2 == 0 ? "a.json" : "b.json"));
        }
    }
}
