package org.vramsheet;
import javafx.application.Application;
import org.vramsheet.cli.Cli;
import org.vramsheet.ui.app.AppHome;
import org.vramsheet.ui.app.StartSheet;
import org.vramsheet.ui.app.StartupProbe;
import org.vramsheet.ui.app.VramSheetApp;
import org.vramsheet.ui.app.WindowSlideLanguages;


/**
 * Entry point of the jar. Deliberately not a JavaFX Application, so the shaded jar starts on a plain
 * JVM: with a subcommand it runs headless; with none (or a worksheet file) it opens the window.
 */
public final class Launcher {
    private Launcher() { }

    /**
     * On the command line each command says what went wrong in one line of its own: the libraries' logging (PDFBox's
     * errors and stack traces on a damaged PDF) stays off stderr, unless asked for with
     * -Dorg.apache.logging.log4j.simplelog.level=WARN. Set before anything logs.
     */
    public static void quietLibraries() {
        if (System.getProperty("org.apache.logging.log4j.simplelog.level") == null) {
            System.setProperty("org.apache.logging.log4j.simplelog.level", "OFF");
        }
    }

    public static void main(String[] args) {
        // POI and PDFBox log through log4j-api; without a backend it complains on stderr at first use
        System.setProperty("log4j2.loggerContextFactory", "org.apache.logging.log4j.simple.SimpleLoggerContextFactory");
        System.setProperty("org.apache.logging.log4j.simplelog.StatusLogger.level", "OFF");
        if (args.length == 0 || (args.length == 1 && (args[0].endsWith(".json") || args[0].endsWith(".vramsheet")
                || args[0].endsWith(".pdf")))) {
            StartupProbe.mark("main()");
            StartSheet.prepare();
            Application.launch(VramSheetApp.class, args);
            return;
        }
        quietLibraries();
        // export --pptx writes the slide in the window's languages, by default in the one View › Language saved
        int code = Cli.run(args, System.out, System.err, new WindowSlideLanguages(AppHome.standard()));
        System.out.flush();
        if (code != 0) {
            System.exit(code);
        }
    }
}
