package org.vramsheet.cli;

import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/** Maps picocli's parse errors to exit 2 with the CLI's one-line reasons; unexpected exceptions still reach the caller. */
final class ErrorHandlers implements IParameterExceptionHandler, IExecutionExceptionHandler {
    private final PrintStream err;
    private RuntimeException unexpected;
    private Error fatal;

    ErrorHandlers(PrintStream err) {
        this.err = err;
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        List<String> unmatched = ex instanceof UnmatchedArgumentException u ? u.getUnmatched() : List.of();
        if (!(cl.getCommand() instanceof Subcommand command)) {
            err.println(unmatched.isEmpty() ? "vramsheet: " + ex.getMessage()
                    : "vramsheet: unknown command '" + unmatched.get(0) + "' (try --help)");
            return Cli.BAD_INPUT;
        }
        String prefix = "vramsheet " + cl.getCommandName() + ": ";
        if (!unmatched.isEmpty()) {
            String a = unmatched.get(0);
            err.println(prefix + (a.startsWith("-") ? "unknown option '" : "unexpected argument '") + a + "'");
        } else if (ex instanceof MissingParameterException m && !m.getMissing().isEmpty()
                && m.getMissing().get(0) instanceof OptionSpec option) {
            err.println(prefix + command.missing(typed(option, args)));
        } else {
            err.println(prefix + ex.getMessage());
        }
        return Cli.BAD_INPUT;
    }

    /** The option's name as the command line spelled it ({@code -o} or {@code --output}). */
    private static String typed(OptionSpec option, String[] args) {
        for (int i = args.length - 1; i >= 0; i--) {
            for (String name : option.names()) {
                if (args[i].equals(name) || args[i].startsWith(name + "=")) {
                    return name;
                }
            }
        }
        return option.longestName();
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parsed) {
        if (ex instanceof Subcommand.BadInput) {
            err.println("vramsheet " + cl.getCommandName() + ": " + ex.getMessage());
            return Cli.BAD_INPUT;
        }
        if (ex instanceof ExecutionException e && e.getCause() instanceof Error error) {
            fatal = error;
        } else if (ex instanceof RuntimeException r) {
            unexpected = r;
        } else {
            unexpected = new IllegalStateException(ex);
        }
        return Cli.BAD_INPUT;
    }

    /** Throws what a command threw unexpectedly, as {@link Cli#run} did before picocli ran the commands. */
    void rethrowUnexpected() {
        if (fatal != null) {
            throw fatal;
        }
        if (unexpected != null) {
            throw unexpected;
        }
    }
}
