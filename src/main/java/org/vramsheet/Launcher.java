package org.vramsheet;

import org.vramsheet.cli.Cli;

/**
 * Entry point of the jar. Deliberately not a JavaFX Application, so the shaded jar starts on a plain
 * JVM: with a subcommand it runs headless, with none it prints usage until the window exists.
 */
public final class Launcher {
    private Launcher() { }

    public static void main(String[] args) {
        int code = Cli.run(args, System.out, System.err);
        System.out.flush();
        if (code != 0) {
            System.exit(code);
        }
    }
}
