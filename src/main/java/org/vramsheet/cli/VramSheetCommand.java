package org.vramsheet.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import org.vramsheet.io.AppVersion;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;

/** The top-level {@code vramsheet} command: the usage text without a command, and every subcommand under it. */
@Command(name = "vramsheet", mixinStandardHelpOptions = true)
final class VramSheetCommand implements Callable<Integer> {
    private static final String USAGE = "vramsheet";
    private static final IVersionProvider VERSION = () -> new String[] {version()};

    private final PrintStream out;

    private VramSheetCommand(PrintStream out) {
        this.out = out;
    }

    /** No command: the usage text, as --help prints it. */
    @Override
    public Integer call() {
        out.print(Cli.usage());
        return Cli.OK;
    }

    /** The hidden {@code version} command: the line --version prints. */
    @Command(name = "version", hidden = true, mixinStandardHelpOptions = true, description = "Print the version.")
    static final class Version extends Subcommand {
        Version(Io io) {
            super(io);
        }

        @Override
        public Integer call() {
            out.println(version());
            return Cli.OK;
        }
    }

    /** The line --version prints. */
    static String version() {
        return "VRAM Sheet " + AppVersion.get();
    }

    /** The command line: every subcommand, plain (uncoloured) help, and the CLI's exit codes for errors. */
    static CommandLine commandLine(Subcommand.Io io, ErrorHandlers handlers) {
        CommandLine cl = new CommandLine(new VramSheetCommand(io.out()));
        cl.getHelpSectionMap().put(USAGE, help -> Cli.usage());
        cl.setHelpSectionKeys(List.of(USAGE));
        for (Subcommand s : List.of(new CalcCommand(io), new ImportCommand(io), new ExportCommand(io), new VerifyCommand(io),
                new ValidateCommand(io), new PlanCommand(io), new ProbeCommand(io), new Version(io))) {
            cl.addSubcommand(s);
        }
        cl.addSubcommand("help", new HelpCommand());
        cl.getCommandSpec().versionProvider(VERSION);
        cl.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(VERSION));
        // repeating an option keeps the last value, and @FILE is a file name, not a file of arguments, as before picocli
        cl.setOverwrittenOptionsAllowed(true).setExpandAtFiles(false);
        cl.setColorScheme(Help.defaultColorScheme(Help.Ansi.OFF)).setUsageHelpWidth(100);
        cl.setParameterExceptionHandler(handlers).setExecutionExceptionHandler(handlers);
        return cl;
    }
}
