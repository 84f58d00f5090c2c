package org.vramsheet.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.sheet.Edits;
import org.vramsheet.core.sheet.Variants;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.io.AppVersion;
import org.vramsheet.io.Messages;
import org.vramsheet.io.json.ResultJson;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code calc WORKSHEET.json [--json] [--explain] [--context N] [--variant NAME] [--engine NAME] [Ollama settings]}: every
 * result as a table or JSON.
 */
@Command(name = "calc", mixinStandardHelpOptions = true, description = {"Print every result of a worksheet as a table.",
        "Exit 0 on success, 2 on a bad file or bad input (the table or JSON is still printed)."})
final class CalcCommand extends Subcommand {
    @Option(names = "--json", description = "print the stable JSON instead (docs/cli.md)")
    private boolean json;
    @Option(names = "--explain", description = "add each figure's formula, numbers and assumptions")
    private boolean explain;
    @Option(names = "--context", paramLabel = "N", description = "report maximum concurrency at N tokens per sequence")
    private String context;
    @Option(names = "--variant", paramLabel = "NAME",
            description = "calculate the sheet's variant NAME (default: the one shown when it was saved)")
    private String variant;
    @Mixin
    private EngineOptions engine = new EngineOptions();
    @Mixin
    private ExpertOptions expert = new ExpertOptions();
    @Parameters(paramLabel = "WORKSHEET.json", arity = "0..*", hideParamSyntax = true, description = "the worksheet (exactly one)")
    private List<String> files = new ArrayList<>();

    CalcCommand(Io io) {
        super(io);
    }

    @Override
    String missing(String option) {
        return option + (option.equals("--context") ? " needs a token count" : option.equals("--variant")
                ? " needs a variant's name" : " needs a value");
    }

    @Override
    public Integer call() {
        Long tokens = context == null ? null : tokens(context);
        if (files.size() != 1) {
            err.println("vramsheet calc: give exactly one WORKSHEET.json");
            return Cli.BAD_INPUT;
        }
        Worksheet ws;
        try {
            ws = WorksheetJson.read(Path.of(files.get(0)));
        } catch (WorksheetFormatException e) {
            err.println("vramsheet calc: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        if (variant != null) {
            if (!ws.variants().names().contains(variant)) {
                err.println("vramsheet calc: --variant: no variant is named '" + Messages.oneLine(variant)
                        + "' (the sheet has " + (ws.variants().isEmpty() ? "none" : String.join(", ", ws.variants().names())) + ")");
                return Cli.BAD_INPUT;
            }
            ws = Variants.switchTo(ws, variant);
        }
        if (tokens != null) {
            ws = Edits.contextLength(ws, tokens);
        }
        if (engine.any()) {
            ws = engine.apply(ws);
        }
        if (expert.any()) {
            ws = expert.apply(ws);
        }
        SizingResult result = SizingCalculator.calculate(ws);
        out.print(json ? ResultJson.write(result, ws) : Messages.escapeControls(header(ws) + ResultTable.render(result, explain)));
        if (!result.valid()) {
            int more = result.issues().size() - 1;
            err.println("vramsheet calc: bad input: " + result.issues().get(0).text()
                    + (more > 0 ? " (and " + more + " more)" : ""));
            return Cli.BAD_INPUT;
        }
        return Cli.OK;
    }

    /** --context's token count, read as RESULT's context length is: 131_072, 131,072 and 128K are 131072. */
    private static long tokens(String value) {
        return NumberOptions.read("--context", value, NumberGrammar.Kind.TOKENS);
    }

    private static String header(Worksheet ws) {
        String revision = Messages.oneLine(ws.model().revision());
        return "VRAM Sheet " + AppVersion.get() + " - SS-007 sizing\n"
                + "MODEL    " + Messages.oneLine(ws.model().modelId()) + (revision.isEmpty() ? "" : " @ " + revision)
                + "\nRUNTIME  " + ws.runtime().engine().label() + " " + Messages.oneLine(ws.runtime().engineVersion())
                + ", TP " + ws.runtime().tensorParallel() + " x PP " + ws.runtime().pipelineParallel()
                + "\nGPU      " + ws.gpu().count() + " x " + Messages.oneLine(ws.gpu().name()) + "\n"
                + (ws.variants().isEmpty() ? "" : "VARIANT  '" + Messages.oneLine(ws.variants().active()) + "' of "
                        + Messages.oneLine(String.join(", ", ws.variants().names())) + " (--variant NAME for another)\n");
    }
}
