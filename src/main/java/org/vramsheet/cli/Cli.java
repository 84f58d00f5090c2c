package org.vramsheet.cli;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.sheet.SignOffFlow;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.Messages;
import org.vramsheet.report.SlideLanguages;
import picocli.CommandLine;

/** Headless commands. Exit 0 on success, 2 with a one-line reason on bad input or file. */
public final class Cli {
    public static final int OK = 0;
    public static final int BAD_INPUT = 2;

    private Cli() { }

    public static int run(String[] args, PrintStream out, PrintStream stderr) {
        return run(args, out, stderr, SlideLanguages.ENGLISH);
    }

    /** As {@link #run(String[], PrintStream, PrintStream)}, {@code export --pptx} writing slides in {@code slides}. */
    public static int run(String[] args, PrintStream out, PrintStream stderr, SlideLanguages slides) {
        return execute(args, out, stderr, System.getenv(), slides);
    }

    /** Runs args as the command line would, reading this environment (HF_TOKEN, VRAMSHEET_KEY_PASSWORD, ...). */
    static int execute(String[] args, PrintStream out, PrintStream stderr, Map<String, String> env) {
        return execute(args, out, stderr, env, SlideLanguages.ENGLISH);
    }

    /** As {@link #execute(String[], PrintStream, PrintStream, Map)}, with the slide's languages. */
    static int execute(String[] args, PrintStream out, PrintStream stderr, Map<String, String> env, SlideLanguages slides) {
        // every line on stderr is one line of at most 300 characters, control characters escaped
        PrintStream err = Messages.oneLinePerPrint(stderr);
        ErrorHandlers handlers = new ErrorHandlers(err);
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        CommandLine cl = VramSheetCommand.commandLine(new Subcommand.Io(out, err, env, slides), handlers);
        cl.setOut(outWriter).setErr(errWriter);
        int code;
        try {
            code = cl.execute(args);
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
        handlers.rethrowUnexpected();
        return code;
    }

    /** {@code vramsheet COMMAND ARGS...} with this environment. */
    static int execute(String command, List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        List<String> line = new ArrayList<>(List.of(command));
        line.addAll(args);
        return execute(line.toArray(String[]::new), out, err, env);
    }

    static String usage() {
        return """
                VRAM Sheet: will this LLM fit, and how many concurrent requests will it hold?

                Usage:
                  java -jar vramsheet.jar [WORKSHEET.json]     open the worksheet window
                  java -jar vramsheet.jar calc WORKSHEET.json  print every result as a table
                      --json        stable JSON instead (docs/cli.md)
                      --explain     add each figure's formula, numbers and assumptions
                      --context N   report maximum concurrency at N tokens per sequence
                      --variant V   calculate the sheet's variant V (default: the one shown when saved)
                  java -jar vramsheet.jar import (HUB_ID[@REV] | CONFIG.json | DIR | catalog:ID) [-o WORKSHEET.json]
                      read a model's config.json (Hub: HF_TOKEN, HF_ENDPOINT) into a worksheet
                      --onto SHEET.json   start from this sheet instead of the default one
                      --catalog           list the built-in models;  --cache  list the local HF cache
                  java -jar vramsheet.jar export WORKSHEET.json --xlsx OUT.xlsx --pdf OUT.pdf --pptx OUT.pptx
                      [--letter] [--sign KEY.p12 (password: VRAMSHEET_KEY_PASSWORD or prompt)] [--force]
                      [--language en|ru (the slide's; default: the window's View › Language, else English)]
                  java -jar vramsheet.jar verify REPORT.pdf [-o WORKSHEET.json]
                      checks fingerprint, printed numbers and signatures (exit 1 when they do not hold)
                  java -jar vramsheet.jar validate LOG [--worksheet SHEET.json] [--json] [-o UPDATED.json]
                      read an engine startup log, compare with the sheet, explain deltas above 2 %
                  java -jar vramsheet.jar plan WORKSHEET.json [--gpus "2xH100@2.49,1xH200,4xL40S"] [--target N]
                      fewest GPUs per replica for each scenario, the fleet, and GPU choices side by side
                  java -jar vramsheet.jar probe URL [--worksheet W.json] [--scenario typical|heavy|limit|ramp] [--json]
                      read a running engine's KV pool and find its preemption boundary
                  java -jar vramsheet.jar COMMAND --help       every option of one command (or: help COMMAND)
                  java -jar vramsheet.jar --version

                Exit status: 0 success, 2 bad input or file (one-line reason on stderr), 1 verify failed.
                """;
    }

    /**
     * The sheet a command writes after changing {@code before}: an Approved sheet's approval no longer holds, so
     * it is written as a Draft (the approval kept in the sign-off history) and the command says so on err.
     */
    static Worksheet asWritten(String command, Worksheet before, Worksheet after, PrintStream err) {
        if (before.signOff().status() != SignOffStatus.APPROVED || before.equals(after)) {
            return after;
        }
        err.println("vramsheet " + command + ": the worksheet was Approved; the changed sheet is written as a Draft "
                + "(the approval is kept in its sign-off history)");
        return SignOffFlow.edited(before, after, LocalDate.now().toString());
    }
}
