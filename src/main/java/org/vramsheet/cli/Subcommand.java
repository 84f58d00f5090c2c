package org.vramsheet.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.vramsheet.report.SlideLanguages;

/** A subcommand: where it prints, the environment it reads, and its reason when an option's value is missing. */
abstract class Subcommand implements Callable<Integer> {
    /**
     * The streams a command prints on, the environment it reads (HF_TOKEN, VRAMSHEET_API_KEY, ...) and the languages a
     * slide can be written in (the window's, handed over by the launcher).
     */
    record Io(PrintStream out, PrintStream err, Map<String, String> env, SlideLanguages slides) { }

    /** Bad input found while running: the one-line reason after "vramsheet COMMAND: ", exit 2. */
    static final class BadInput extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadInput(String reason) {
            super(reason, null, false, false);
        }
    }

    final PrintStream out;
    final PrintStream err;
    final Map<String, String> env;

    Subcommand(Io io) {
        this.out = io.out();
        this.err = io.err();
        this.env = io.env();
    }

    /** What follows "vramsheet COMMAND: " when {@code option} (as typed) was given without its value. */
    String missing(String option) {
        return option + " needs a value";
    }

    /** The last of the positional arguments (a repeated one keeps the last, as options do), or null. */
    static <T> T last(List<T> given) { return given.isEmpty() ? null : given.get(given.size() - 1); }

    @Override
    public abstract Integer call();

    /** A subcommand whose options name files: a missing value is a missing file. */
    abstract static class OnFiles extends Subcommand {
        OnFiles(Io io) {
            super(io);
        }

        @Override
        String missing(String option) {
            return option + " needs a file";
        }
    }
}
