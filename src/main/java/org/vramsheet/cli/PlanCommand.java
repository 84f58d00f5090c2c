package org.vramsheet.cli;

import org.vramsheet.core.sheet.Edits;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.placement.Planner;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.io.catalog.GpuOptions;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;

/** {@code plan WORKSHEET.json [--gpus "2xH100@2.49,1xH200,4xL40S"] [--target N] [--max-gpus N]}. */
final class PlanCommand {
    private PlanCommand() { }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        Path sheet = null;
        String gpus = null;
        Long target = null;
        int max = 8;
        try {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                switch (a) {
                    case "--gpus" -> gpus = args.get(++i);
                    case "--target" -> target = Long.parseLong(args.get(++i).replace(",", "").replace("_", ""));
                    case "--max-gpus" -> max = Integer.parseInt(args.get(++i));
                    default -> {
                        if (a.startsWith("-")) {
                            err.println("vramsheet plan: unknown option '" + a + "'");
                            return Cli.BAD_INPUT;
                        }
                        sheet = Path.of(a);
                    }
                }
            }
        } catch (IndexOutOfBoundsException | NumberFormatException e) {
            err.println("vramsheet plan: --gpus needs a list, --target and --max-gpus a whole number");
            return Cli.BAD_INPUT;
        }
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
        if (target != null) {
            ws = Edits.targetSequences(ws, target);
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

    /** The GPU choices side by side. */
    private static void choices(PrintStream out, Worksheet ws, List<Planner.Option> options) {
        out.println("\nGPU choices (sizing scenario: " + ws.result().sizingScenario().label() + "):");
        out.println(String.format(Locale.ROOT, "  %-30s %-12s %-11s %-12s %-13s %-13s %-10s %-12s %s", "choice", "layout",
                "pool holds", "budget fits", "budget/GPU", "KV pool/GPU", "max conc.", "$/replica-h", "replicas for target"));
        for (Planner.Row r : Planner.compare(ws, options)) {
            out.println(String.format(Locale.ROOT, "  %-30s %-12s %-11s %-12s %-13s %-13s %-10s %-12s %s", r.option().name(),
                    r.layout() == null ? "-" : r.layout().toString(), r.poolHoldsSizing() ? "yes" : "NO",
                    r.fits() ? "yes" : "NO",
                    r.budgetPerGpu() == null ? "-" : Units.gibText(r.budgetPerGpu()),
                    r.kvPoolPerGpu() == null ? "-" : Units.gibText(r.kvPoolPerGpu()),
                    r.maxConcurrency() == null ? "-" : Units.grouped(r.maxConcurrency()),
                    r.costPerReplicaHour() == null ? "-" : String.format(Locale.ROOT, "%.2f", r.costPerReplicaHour()),
                    r.replicasForTarget() == null ? "-" : Long.toString(r.replicasForTarget())) + (r.note().isEmpty() ? ""
                    : "  (" + r.note() + ")"));
        }
    }
}
