package org.vramsheet.cli;

import java.time.LocalDate;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison;
import org.vramsheet.core.validation.LogFacts;
import org.vramsheet.core.validation.Measurement;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.logs.EngineLogParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code validate LOG [--worksheet WORKSHEET.json] [--json] [-o UPDATED.json] [--force]}: the log against the sheet. */
@Command(name = "validate", mixinStandardHelpOptions = true, description = {
        "Read an engine startup log (vLLM, SGLang), compare it with the sheet and explain every delta above 2 %%.",
        "Exit 0 on success, 2 on a bad file, a log of another model with -o (without --force) or a bad option."})
final class ValidateCommand extends Subcommand.OnFiles {
    @Option(names = "--worksheet", paramLabel = "SHEET.json", description = "compare with this sheet (default: the built-in one)")
    private Path sheet;
    @Option(names = "-o", paramLabel = "UPDATED.json", description = "write the sheet with the log's setup and measured memory applied")
    private Path output;
    @Option(names = "--json", description = "print JSON instead of the table")
    private boolean json;
    @Option(names = "--force", description = "write -o even when the log is of another model")
    private boolean force;
    @Parameters(paramLabel = "LOG", arity = "0..*", hideParamSyntax = true, description = "the engine's startup log")
    private List<Path> logs = new ArrayList<>();

    ValidateCommand(Io io) {
        super(io);
    }

    @Override
    public Integer call() {
        Path log = last(logs);
        if (log == null) {
            err.println("vramsheet validate: give an engine startup LOG (and --worksheet SHEET.json)");
            return Cli.BAD_INPUT;
        }
        String text;
        try {
            text = readCapped(log);
        } catch (IOException e) {
            err.println("vramsheet validate: cannot read " + log + ": " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        Measurement m = EngineLogParser.parse(text);
        if (m.matchedLines().isEmpty()) {
            err.println("vramsheet validate: " + log + ": " + EngineLogParser.summary(m));
            return Cli.BAD_INPUT;
        }
        Worksheet ws;
        try {
            ws = sheet != null ? WorksheetJson.read(sheet) : ImportCommand.defaultSheet();
        } catch (WorksheetFormatException e) {
            err.println("vramsheet validate: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        LogComparison.Result before = LogComparison.compare(ws, m);
        Worksheet applied = LogComparison.apply(ws, m, LocalDate.now().toString());
        LogComparison.Result after = LogComparison.compare(applied, m);
        report(out, m, before, after, json);
        if (output != null && before.mismatched() && !force) {
            err.println("vramsheet validate: " + before.modelMismatch() + " (nothing written; add --force to apply it anyway)");
            return Cli.BAD_INPUT;
        }
        if (output != null) {
            try {
                WorksheetJson.save(Cli.asWritten("validate", ws, applied, err), output);
                (json ? err : out).println("Wrote " + output); // --json: stdout is the JSON only
            } catch (IOException e) {
                err.println("vramsheet validate: cannot write " + output + ": " + e.getMessage());
                return Cli.BAD_INPUT;
            }
        }
        return Cli.OK;
    }

    private static void report(PrintStream out, Measurement m, LogComparison.Result before, LogComparison.Result after,
                               boolean json) {
        if (json) {
            ObjectNode root = WorksheetJson.shared().createObjectNode();
            root.put("engine", m.engine() == null ? null : m.engine().label());
            root.put("version", m.version());
            root.put("model", m.modelId());
            root.set("asSheetStands", tree(before));
            root.set("withTheLogApplied", tree(after));
            ArrayNode facts = root.putArray("logSays");
            LogFacts.of(m).forEach(facts::add);
            out.println(root.toPrettyString());
        } else {
            out.println(EngineLogParser.summary(m));
            LogFacts.of(m).forEach(f -> out.println("  the log says: " + f));
            out.println("\nThe sheet's own estimate at the log's setup (VALIDATION's measurements left out):");
            print(out, before);
            out.println("\nWith the log applied (the prediction frozen before launch against the log):");
            print(out, after);
        }
    }

    /** At most the first {@link EngineLogParser#MAX_LOG} bytes of a log: a 10 GB file is not read into memory. */
    private static String readCapped(Path log) throws IOException {
        try (var in = Files.newInputStream(log)) {
            return new String(in.readNBytes(EngineLogParser.MAX_LOG), StandardCharsets.UTF_8);
        }
    }

    static String fmt(Unit u, Double v) {
        if (v == null) {
            return "-";
        }
        return switch (u) {
            case BYTES -> Units.gibText(Math.round(v));
            case RATIO -> Units.two(v) + "x";
            default -> Units.grouped(Math.round(v));
        };
    }

    private static void print(PrintStream out, LogComparison.Result r) {
        out.printf(Locale.ROOT, "  %-36s %18s %18s %9s%n", "", "predicted", "measured", "delta");
        for (LogComparison.Row row : r.rows()) {
            Double d = row.delta();
            out.printf(Locale.ROOT, "  %-36s %18s %18s %9s%s%n", row.label(), fmt(row.unit(), row.predicted()),
                    fmt(row.unit(), row.measured()), d == null ? "-" : String.format(Locale.ROOT, "%+.2f%%", d * 100),
                    row.flagged() ? "  <- above 2 %" : "");
        }
        r.causes().forEach(c -> out.println("  likely cause: " + c));
        r.setupDifferences().forEach(s -> out.println("  setup differs: " + s));
    }

    private static ObjectNode tree(LogComparison.Result r) {
        ObjectNode n = WorksheetJson.shared().createObjectNode();
        ArrayNode rows = n.putArray("rows");
        for (LogComparison.Row row : r.rows()) {
            ObjectNode o = rows.addObject();
            o.put("label", row.label());
            o.put("unit", row.unit().name().toLowerCase(Locale.ROOT));
            o.put("predicted", row.predicted());
            o.put("measured", row.measured());
            o.put("delta", row.delta());
            o.put("flagged", row.flagged());
        }
        n.put("modelMismatch", r.modelMismatch().isEmpty() ? null : r.modelMismatch());
        ArrayNode c = n.putArray("causes");
        r.causes().forEach(c::add);
        ArrayNode s = n.putArray("setupDifferences");
        r.setupDifferences().forEach(s::add);
        return n;
    }
}
