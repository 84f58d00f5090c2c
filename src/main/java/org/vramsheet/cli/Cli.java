package org.vramsheet.cli;

import org.vramsheet.core.sheet.Edits;
import org.vramsheet.io.AppVersion;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.ResultJson;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;

/** Headless commands. Exit 0 on success, 2 with a one-line reason on bad input or file. */
public final class Cli {
    public static final int OK = 0;
    public static final int BAD_INPUT = 2;

    private Cli() { }

    public static int run(String[] args, PrintStream out, PrintStream stderr) {
        // every line on stderr is one line of at most 300 characters, control characters escaped
        PrintStream err = org.vramsheet.io.Messages.oneLinePerPrint(stderr);
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            out.print(usage());
            return OK;
        }
        return switch (args[0]) {
            case "calc" -> calc(List.of(args).subList(1, args.length), out, err);
            case "import" -> ImportCommand.run(List.of(args).subList(1, args.length), out, err, System.getenv());
            case "export" -> ReportCommands.export(List.of(args).subList(1, args.length), out, err, System.getenv());
            case "verify" -> ReportCommands.verify(List.of(args).subList(1, args.length), out, err);
            case "validate" -> ValidateCommand.run(List.of(args).subList(1, args.length), out, err);
            case "plan" -> PlanCommand.run(List.of(args).subList(1, args.length), out, err);
            case "probe" -> ProbeCommand.run(List.of(args).subList(1, args.length), out, err, System.getenv());
            case "--version", "version" -> {
                out.println("VRAM Sheet " + AppVersion.get());
                yield OK;
            }
            default -> {
                err.println("vramsheet: unknown command '" + args[0] + "' (try --help)");
                yield BAD_INPUT;
            }
        };
    }

    /** calc's options as given; null when one is wrong (the reason already printed). */
    private record CalcOptions(boolean json, boolean explain, Long context, String variant, List<String> files) { }

    private static CalcOptions calcOptions(List<String> args, PrintStream err) {
        boolean json = false;
        boolean explain = false;
        Long context = null;
        String variant = null;
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("--context") || a.equals("--variant")) && i + 1 >= args.size()) {
                err.println("vramsheet calc: " + a + (a.equals("--context") ? " needs a token count" : " needs a variant's name"));
                return null;
            }
            switch (a) {
                case "--json" -> json = true;
                case "--explain" -> explain = true;
                case "--variant" -> variant = args.get(++i);
                case "--context" -> {
                    try {
                        context = Long.parseLong(args.get(++i).replace("_", "").replace(",", ""));
                    } catch (NumberFormatException e) {
                        err.println("vramsheet calc: --context: not a whole number: '" + args.get(i) + "'");
                        return null;
                    }
                }
                default -> {
                    if (a.startsWith("-")) {
                        err.println("vramsheet calc: unknown option '" + a + "'");
                        return null;
                    }
                    files.add(a);
                }
            }
        }
        return new CalcOptions(json, explain, context, variant, files);
    }

    static int calc(List<String> args, PrintStream out, PrintStream err) {
        CalcOptions o = calcOptions(args, err);
        if (o == null) {
            return BAD_INPUT;
        }
        if (o.files().size() != 1) {
            err.println("vramsheet calc: give exactly one WORKSHEET.json");
            return BAD_INPUT;
        }
        Worksheet ws;
        try {
            ws = WorksheetJson.read(Path.of(o.files().get(0)));
        } catch (WorksheetFormatException e) {
            err.println("vramsheet calc: " + e.getMessage());
            return BAD_INPUT;
        }
        if (o.variant() != null) {
            if (!ws.variants().names().contains(o.variant())) {
                err.println("vramsheet calc: --variant: no variant is named '" + org.vramsheet.io.Messages.oneLine(o.variant())
                        + "' (the sheet has " + (ws.variants().isEmpty() ? "none" : String.join(", ", ws.variants().names())) + ")");
                return BAD_INPUT;
            }
            ws = org.vramsheet.core.sheet.Variants.switchTo(ws, o.variant());
        }
        if (o.context() != null) {
            ws = Edits.contextLength(ws, o.context());
        }
        SizingResult result = SizingCalculator.calculate(ws);
        out.print(o.json() ? ResultJson.write(result, ws)
                : org.vramsheet.io.Messages.escapeControls(header(ws) + ResultTable.render(result, o.explain())));
        if (!result.valid()) {
            int more = result.issues().size() - 1;
            err.println("vramsheet calc: bad input: " + result.issues().get(0).text()
                    + (more > 0 ? " (and " + more + " more)" : ""));
            return BAD_INPUT;
        }
        return OK;
    }

    private static String header(Worksheet ws) {
        return "VRAM Sheet " + AppVersion.get() + " - SS-007 sizing\n"
                + "MODEL    " + org.vramsheet.io.Messages.oneLine(ws.model().modelId()) + (org.vramsheet.io.Messages.oneLine(ws.model().revision()).isEmpty() ? "" : " @ " + org.vramsheet.io.Messages.oneLine(ws.model().revision()))
                + "\nRUNTIME  " + ws.runtime().engine().label() + " " + org.vramsheet.io.Messages.oneLine(ws.runtime().engineVersion())
                + ", TP " + ws.runtime().tensorParallel() + " x PP " + ws.runtime().pipelineParallel()
                + "\nGPU      " + ws.gpu().count() + " x " + org.vramsheet.io.Messages.oneLine(ws.gpu().name()) + "\n"
                + (ws.variants().isEmpty() ? "" : "VARIANT  '" + org.vramsheet.io.Messages.oneLine(ws.variants().active()) + "' of "
                        + org.vramsheet.io.Messages.oneLine(String.join(", ", ws.variants().names())) + " (--variant NAME for another)\n");
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
                  java -jar vramsheet.jar export WORKSHEET.json --xlsx OUT.xlsx --pdf OUT.pdf
                      [--letter] [--sign KEY.p12 (password: VRAMSHEET_KEY_PASSWORD or prompt)] [--force]
                  java -jar vramsheet.jar verify REPORT.pdf [-o WORKSHEET.json]
                      checks fingerprint, printed numbers and signatures (exit 1 when they do not hold)
                  java -jar vramsheet.jar validate LOG [--worksheet SHEET.json] [--json] [-o UPDATED.json]
                      read an engine startup log, compare with the sheet, explain deltas above 2 %
                  java -jar vramsheet.jar plan WORKSHEET.json [--gpus "2xH100@2.49,1xH200,4xL40S"] [--target N]
                      fewest GPUs per replica for each scenario, the fleet, and GPU choices side by side
                  java -jar vramsheet.jar --version

                Exit status: 0 success, 2 bad input or file (one-line reason on stderr), 1 verify failed.
                """;
    }

    /**
     * The sheet a command writes after changing {@code before}: an Approved sheet's approval no longer holds, so
     * it is written as a Draft (the approval kept in the sign-off history) and the command says so on err.
     */
    static Worksheet asWritten(String command, Worksheet before, Worksheet after, PrintStream err) {
        if (before.signOff().status() != org.vramsheet.core.sheet.SignOffStatus.APPROVED || before.equals(after)) {
            return after;
        }
        err.println("vramsheet " + command + ": the worksheet was Approved; the changed sheet is written as a Draft "
                + "(the approval is kept in its sign-off history)");
        return org.vramsheet.core.sheet.SignOffFlow.edited(before, after, java.time.LocalDate.now().toString());
    }
}
