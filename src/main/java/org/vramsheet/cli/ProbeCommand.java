package org.vramsheet.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.probe.EngineProbe;
import org.vramsheet.io.probe.ProbeRecord;
import org.vramsheet.io.probe.WorkloadRunner;

/**
 * {@code probe URL [--worksheet W.json] [--scenario typical|heavy|limit|ramp] [--max-requests N] [--max-seconds S]
 * [--max-concurrency C] [--json] [-o UPDATED.json]}: the KV pool a running engine allocated, and with a scenario the
 * workload run against it (a ramp finds the preemption boundary). The API key comes from VRAMSHEET_API_KEY only.
 */
final class ProbeCommand {
    private ProbeCommand() { }

    private record Options(URI url, Path sheet, String scenario, int maxRequests, long maxSeconds, int maxConcurrency,
                           boolean json, Path out, Path nvidiaSmi) { }

    private static Options options(List<String> args, PrintStream err) {
        URI url = null;
        Path sheet = null;
        Path out = null;
        String scenario = null;
        int maxRequests = 200;
        long maxSeconds = 300;
        int maxConcurrency = 256;
        boolean json = false;
        Path smi = null;
        try {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("--json")) {
                    json = true;
                    continue;
                }
                if (a.startsWith("--") || a.equals("-o")) {
                    if (i + 1 >= args.size()) {
                        err.println("vramsheet probe: " + a + " needs a value");
                        return null;
                    }
                    String v = args.get(++i);
                    switch (a) {
                        case "--worksheet" -> sheet = Path.of(v);
                        case "-o" -> out = Path.of(v);
                        case "--scenario" -> scenario = v.toLowerCase(java.util.Locale.ROOT);
                        case "--max-requests" -> maxRequests = positive(v);
                        case "--max-seconds" -> maxSeconds = positive(v);
                        case "--max-concurrency" -> maxConcurrency = positive(v);
                        case "--nvidia-smi" -> smi = Path.of(v);
                        default -> {
                            err.println("vramsheet probe: unknown option '" + a + "'");
                            return null;
                        }
                    }
                } else {
                    url = URI.create(a);
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("vramsheet probe: " + e.getMessage());
            return null;
        }
        if (url == null || url.getScheme() == null || !url.getScheme().startsWith("http")) {
            err.println("vramsheet probe: give the server's base URL (http://HOST:PORT) [--worksheet W.json] [--scenario "
                    + "typical|heavy|limit|ramp] [--max-requests N] [--max-seconds S] [--json] [-o UPDATED.json]");
            return null;
        }
        if (scenario != null && !List.of("typical", "heavy", "limit", "ramp").contains(scenario)) {
            err.println("vramsheet probe: --scenario is typical, heavy, limit or ramp, not '" + scenario + "'");
            return null;
        }
        if (scenario != null && sheet == null) {
            err.println("vramsheet probe: --scenario needs --worksheet (the workload comes from the sheet)");
            return null;
        }
        return new Options(url, sheet, scenario, maxRequests, maxSeconds, maxConcurrency, json, out, smi);
    }

    private static int positive(String v) {
        int n = Integer.parseInt(v.replace(",", ""));
        if (n < 1) {
            throw new IllegalArgumentException(v + " is not a positive whole number");
        }
        return n;
    }

    static int run(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        Options o;
        try {
            o = options(args, err);
        } catch (NumberFormatException e) {
            err.println("vramsheet probe: not a whole number: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
        if (o == null) {
            return Cli.BAD_INPUT;
        }
        try {
            Worksheet ws = o.sheet() == null ? null : WorksheetJson.read(o.sheet());
            EngineProbe probe = new EngineProbe(o.url(), env.get("VRAMSHEET_API_KEY"), Duration.ofSeconds(30));
            EngineProbe.Snapshot snap = probe.snapshot();
            if (snap.engine() == null) {
                err.println("vramsheet probe: " + o.url() + ": not an engine this app reads (no vLLM or SGLang KV metrics)");
                return Cli.BAD_INPUT;
            }
            WorkloadRunner.Result run = null;
            if (o.scenario() != null) {
                WorkloadRunner runner = new WorkloadRunner(probe, snap.modelId(), new WorkloadRunner.Limits(o.maxRequests(),
                        o.maxSeconds(), o.maxConcurrency()), o.json() ? s -> { } : s -> out.println("  " + s));
                run = runner.run(ws, o.scenario());
            }
            report(out, o, ws, snap, run);
            if (o.out() != null && ws != null) {
                Worksheet rec = ProbeRecord.apply(ws, snap, run, o.url().toString(), o.scenario());
                if (o.nvidiaSmi() != null) {
                    var peak = org.vramsheet.io.probe.NvidiaSmi.parse(WorksheetJson.readText(o.nvidiaSmi()));
                    if (peak == null) {
                        err.println("vramsheet probe: " + o.nvidiaSmi() + ": no nvidia-smi memory.used,memory.total readings");
                        return Cli.BAD_INPUT;
                    }
                    rec = rec.withValidation(rec.validation().toBuilder().measuredPeakBytes(peak.usedBytes()).build());
                }
                WorksheetJson.save(rec, o.out());
                if (!o.json()) {
                    out.println("Wrote " + o.out());
                }
            }
            return Cli.OK;
        } catch (EngineProbe.ProbeException | WorksheetFormatException e) {
            err.println("vramsheet probe: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (IOException e) {
            err.println("vramsheet probe: cannot write: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
    }

    private static void report(PrintStream out, Options o, Worksheet ws, EngineProbe.Snapshot snap, WorkloadRunner.Result run) {
        Long predicted = null;
        String mismatch = null;
        if (ws != null) {
            Figure f = SizingCalculator.calculate(ws).get(FigureKey.POOL_CAPACITY_TOKENS);
            predicted = f.available() ? f.value() : null;
            mismatch = ProbeRecord.mismatch(ws, snap);
        }
        if (o.json()) {
            ObjectNode j = WorksheetJson.shared().createObjectNode();
            j.put("engine", snap.engine()).put("engineVersion", snap.engineVersion()).put("modelId", snap.modelId());
            j.put("capacityTokens", snap.capacityTokens()).put("numGpuBlocks", snap.numGpuBlocks()).put("blockSize", snap.blockSize());
            j.put("predictedCapacityTokens", predicted).put("modelMismatch", mismatch);
            j.put("peakKvUsage", run == null ? null : run.peakKvUsage()).put("requestsSent", run == null ? 0 : run.requestsSent());
            ObjectNode b = j.putObject("preemptionBoundary");
            b.put("concurrency", run == null ? null : run.boundaryConcurrency());
            b.put("activeTokens", run == null ? null : run.boundaryActiveTokens());
            j.put("stoppedBecause", run == null ? null : run.stoppedBecause());
            j.put("operationalHeadroom", ws == null ? null : ProbeRecord.headroom(ws, run));
            out.println(j.toPrettyString());
            return;
        }
        if (mismatch != null) {
            out.println("FIRST FINDING: " + mismatch);
        }
        out.println(snap.engine() + (snap.engineVersion() == null ? "" : " " + snap.engineVersion()) + " serving "
                + snap.modelId());
        out.println("KV capacity: " + fmt(snap.capacityTokens()) + " tokens" + (snap.numGpuBlocks() == null ? ""
                : " (" + fmt(snap.numGpuBlocks()) + " blocks x " + snap.blockSize() + ")") + (predicted == null ? ""
                : "; the sheet predicts " + fmt(predicted) + String.format(java.util.Locale.ROOT, " (%+.2f %%)",
                (predicted - snap.capacityTokens()) * 100.0 / Math.max(1, snap.capacityTokens()))));
        if (run != null) {
            out.println("Requests sent: " + run.requestsSent() + "; peak KV usage: " + (run.peakKvUsage() == null ? "-"
                    : Math.round(run.peakKvUsage() * 100) + " %") + "; " + run.stoppedBecause());
            out.println("Preemption boundary: " + (run.boundaryConcurrency() == null ? "none reached"
                    : run.boundaryConcurrency() + " concurrent sequences (" + fmt(run.boundaryActiveTokens()) + " active tokens)"));
            String h = ws == null ? null : ProbeRecord.headroom(ws, run);
            if (h != null) {
                out.println(Character.toUpperCase(h.charAt(0)) + h.substring(1));
            }
        }
    }

    private static String fmt(Long n) { return n == null ? "-" : String.format(java.util.Locale.ROOT, "%,d", n); }
}
