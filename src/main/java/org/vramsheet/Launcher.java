package org.vramsheet;

import org.vramsheet.cli.Cli;

/**
 * Entry point of the jar. Deliberately not a JavaFX Application, so the shaded jar starts on a plain
 * JVM: with a subcommand it runs headless; with none (or a worksheet file) it opens the window.
 */
public final class Launcher {
    private Launcher() { }

    public static void main(String[] args) {
        if (args.length == 0 || (args.length == 1 && args[0].endsWith(".json"))) {
            javafx.application.Application.launch(org.vramsheet.ui.VramSheetApp.class, args);
            return;
        }
        int code = Cli.run(args, System.out, System.err);
        System.out.flush();
        if (code != 0) {
            System.exit(code);
        }
    }
}
