package org.vramsheet.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** {@code export} ({@link ExportCommand}) as the command line runs it, with a given environment (VRAMSHEET_KEY_PASSWORD). */
final class ReportCommands {
    private ReportCommands() { }

    /** {@code vramsheet export ARGS...} with this environment. */
    static int export(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        return Cli.execute("export", args, out, err, env);
    }
}
