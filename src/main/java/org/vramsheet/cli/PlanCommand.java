package org.vramsheet.cli;

import org.vramsheet.core.sheet.Edits;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.catalog.GpuOptions;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code plan WORKSHEET.json [--gpus "2xH100@2.49,1xH200,4xL40S"] [--target N] [--max-gpus N]}. */
@Command(name = "plan", mixinStandardHelpOptions = true, description = {
        "Fewest GPUs per replica for each scenario, the fleet, and GPU choices side by side.",
        "Exit 0 on success, 2 on a bad file, GPU list or option."})
final class PlanCommand extends Subcommand {
    private static final String NEEDS = "--gpus needs a list, --target and --max-gpus a whole number";

    @Option(names = "--gpus", paramLabel = "LIST",
            description = "GPU choices to compare, COUNTxGPU[@PRICE per GPU-hour] comma-separated: \"2xH100@2.49,1xH200,4xL40S\"")
    private String gpus;
    @Option(names = "--target", paramLabel = "N", description = "the concurrent sequences the fleet must hold")
    private String target;
    @Option(names = "--max-gpus", paramLabel = "N", description = "the most GPUs one replica may use (default: 8)")
    private String maxGpus;
    @Parameters(paramLabel = "WORKSHEET.json", arity = "0..*", hideParamSyntax = true, description = "the worksheet")
    private List<Path> sheets = new ArrayList<>();

    PlanCommand(Io io) {
        super(io);
    }

    @Override
    String missing(String option) {
        return NEEDS;
    }

    @Override
    public Integer call() {
        Long targetSequences = target == null ? null : NumberOptions.read("--target", target, NumberGrammar.Kind.COUNT);
        int max = maxGpus == null ? 8 : NumberOptions.readInt("--max-gpus", maxGpus, NumberGrammar.Kind.COUNT);
        Path sheet = last(sheets);
        if (sheet == null) {
            err.println("vramsheet plan: give WORKSHEET.json");
            return Cli.BAD_INPUT;
        }
        Worksheet ws;
        List<Planner.Option> options;
        try {
            ws = WorksheetJson.read(sheet);
            options = gpus == null ? List.of() : GpuOptions.parse(gpus);
        } catch (WorksheetFormatException | GpuOptions.BadSpec e) {
            err.println("vramsheet plan: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        if (targetSequences != null) {
            ws = Edits.targetSequences(ws, targetSequences);
        }
        var result = SizingCalculator.calculate(ws);
        out.println("Placement of one replica on " + ws.gpu().name() + " (" + (ws.gpu().totalBytes() == null ? "-"
                : Units.gibText(ws.gpu().totalBytes())) + " each):");
        for (Planner.Fit f : Planner.recommend(ws, max)) {
            out.println(String.format(Locale.ROOT, "  %-8s %s", f.scenario().label(), f.layout() == null ? f.reason()
                    : f.layout().gpus() + " GPU(s), " + f.layout() + ", max " + Units.grouped(f.maxConcurrency())
                    + " sequences at the current context"));
        }
        out.print(ResultTable.render(result, false).replaceAll("(?s).*(?=\nPLACEMENT)", ""));
        if (!options.isEmpty()) {
            choices(out, ws, options);
        }
        return Cli.OK;
    }

    /** The GPU choices side by side, ranked by the binding limit; the cheapest that meets every target marked. */
    private static void choices(PrintStream out, Worksheet ws, List<Planner.Option> options) {
        out.println("\nGPU choices (sizing scenario: " + ws.result().sizingScenario().label() + "; ranked by the binding limit):");
        String f = "  %-30s %-12s %-11s %-12s %-13s %-13s %-10s %-10s %-26s %-12s %-10s %-10s %-10s %s";
        out.println(String.format(Locale.ROOT, f, "choice", "layout", "pool holds", "budget fits", "budget/GPU",
                "KV pool/GPU", "max conc.", "binding", "binds", "$/replica-h", "replicas", "fleet $/h", "$/M out", "price"));
        List<Planner.Row> rows = Planner.ranked(Planner.compare(ws, options));
        for (Planner.Row r : rows) {
            Planner.Perf p = r.perf();
            out.println(String.format(Locale.ROOT, f, r.option().name(),
                    r.layout() == null ? "-" : r.layout().toString(), r.poolHoldsSizing() ? "yes" : "NO",
                    r.fits() ? "yes" : "NO",
                    r.budgetPerGpu() == null ? "-" : Units.gibText(r.budgetPerGpu()),
                    r.kvPoolPerGpu() == null ? "-" : Units.gibText(r.kvPoolPerGpu()),
                    r.maxConcurrency() == null ? "-" : Units.grouped(r.maxConcurrency()),
                    r.bindingConcurrency() == null ? "-" : Units.grouped(r.bindingConcurrency()), p.binds().label(),
                    r.costPerReplicaHour() == null ? "-" : String.format(Locale.ROOT, "%.2f", r.costPerReplicaHour()),
                    r.replicasForTarget() == null ? "-" : Long.toString(r.replicasForTarget()),
                    p.fleetCostPerHour() == null ? "-" : String.format(Locale.ROOT, "%.2f", p.fleetCostPerHour()),
                    p.costPerMillionOutput() == null ? "-" : String.format(Locale.ROOT, "%.2f", p.costPerMillionOutput()),
                    p.pricePerGpuHour() == null ? "none" : p.priceSource()) + (p.isCheapest() ? "  <- CHEAPEST" : "")
                    + (r.note().isEmpty() ? "" : "  (" + r.note() + ")"));
        }
        rows.stream().filter(r -> r.perf().isCheapest()).findFirst().ifPresentOrElse(
                r -> out.println("Cheapest: " + r.option().name() + " - " + r.perf().cheapest()),
                () -> out.println("Cheapest: none of these both holds the sizing scenario, meets every target and has a price"));
    }
}
