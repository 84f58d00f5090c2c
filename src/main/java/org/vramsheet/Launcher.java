package org.vramsheet;
import org.vramsheet.cli.Cli;


/**
 * Entry point of the jar. Deliberately not a JavaFX Application, so the shaded jar starts on a plain
 * JVM: with a subcommand it runs headless; with none (or a worksheet file) it opens the window.
 */
public final class Launcher {
    private Launcher() { }

    public static void main(String[] args) {
        // POI and PDFBox log through log4j-api; without a backend it complains on stderr at first use
        System.setProperty("log4j2.loggerContextFactory", "org.apache.logging.log4j.simple.SimpleLoggerContextFactory");
        System.setProperty("org.apache.logging.log4j.simplelog.StatusLogger.level", "OFF");
        if (args.length == 0 || (args.length == 1 && (args[0].endsWith(".json") || args[0].endsWith(".vramsheet")
                || args[0].endsWith(".pdf")))) {
            org.vramsheet.ui.app.StartupProbe.mark("main()");
            org.vramsheet.ui.app.StartSheet.prepare();
            javafx.application.Application.launch(org.vramsheet.ui.app.VramSheetApp.class, args);
            return;
        }
        int code = Cli.run(args, System.out, System.err);
        System.out.flush();
        if (code != 0) {
            System.exit(code);
        }
    }
}
