package org.vramsheet.cli;

import java.time.LocalDate;
import org.vramsheet.core.calc.StaleMeasurements;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.NumberGrammar;
import org.vramsheet.io.Secret;
import org.vramsheet.io.json.WorksheetFormatException;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.probe.EngineProbe;
import org.vramsheet.io.probe.NvidiaSmi;
import org.vramsheet.io.probe.ProbeRecord;
import org.vramsheet.io.probe.WorkloadRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code probe URL [--worksheet W.json] [--scenario typical|heavy|limit|ramp] [--max-requests N] [--max-seconds S]
 * [--max-concurrency C] [--json] [-o UPDATED.json]}: the KV pool a running engine allocated, and with a scenario the
 * workload run against it (a ramp finds the preemption boundary). The API key comes from VRAMSHEET_API_KEY only.
 */
@Command(name = "probe", mixinStandardHelpOptions = true, description = {
        "Read the KV pool a running engine (vLLM, SGLang) allocated; with --scenario, run the sheet's workload against it "
                + "(ramp: find the preemption boundary). The API key comes from VRAMSHEET_API_KEY only.",
        "Exit 0 on success, 2 with a one-line reason."})
final class ProbeCommand extends Subcommand {
    @Option(names = "--worksheet", paramLabel = "W.json", description = "compare with this sheet (and take --scenario's workload from it)")
    private Path sheet;
    @Option(names = "-o", paramLabel = "UPDATED.json", description = "write the sheet with the measurements recorded (needs --worksheet)")
    private Path output;
    @Option(names = "--scenario", paramLabel = "SCENARIO", description = "run a workload: typical, heavy, limit or ramp")
    private String scenario;
    @Option(names = "--max-requests", paramLabel = "N", description = "send at most N requests (default: 200)")
    private String maxRequests;
    @Option(names = "--max-seconds", paramLabel = "S",
            description = "end the whole run, every request included, within S seconds (default: 300)")
    private String maxSeconds;
    @Option(names = "--max-concurrency", paramLabel = "C", description = "ramp to at most C concurrent requests (default: 256)")
    private String maxConcurrency;
    @Option(names = "--nvidia-smi", paramLabel = "FILE",
            description = "with -o: record the peak of this nvidia-smi memory.used,memory.total output as the measured peak VRAM")
    private Path nvidiaSmi;
    @Option(names = "--json", description = "print one JSON object instead of the text")
    private boolean json;
    @Parameters(paramLabel = "URL", arity = "0..*", hideParamSyntax = true, description = "the server's base URL (http://HOST:PORT)")
    private List<String> urls = new ArrayList<>();

    ProbeCommand(Io io) {
        super(io);
    }

    /** The options checked: the URL, the sheet, the workload and its limits, the output. */
    private record Options(URI url, Path sheet, String scenario, int maxRequests, long maxSeconds, int maxConcurrency,
                           boolean json, Path out, Path nvidiaSmi) { }

    /** The options checked, or null when they are wrong (the reason is on err). */
    private Options options() {
        URI url = null;
        String chosen = scenario == null ? null : scenario.toLowerCase(Locale.ROOT);
        Options o;
        try {
            for (String a : urls) {
                url = URI.create(a);
            }
            o = new Options(url, sheet, chosen, positive("--max-requests", maxRequests, 200, MAX_REQUESTS),
                    positive("--max-seconds", maxSeconds, 300, MAX_SECONDS),
                    positive("--max-concurrency", maxConcurrency, 256, MAX_CONCURRENCY), json, output, nvidiaSmi);
        } catch (IllegalArgumentException e) {
            err.println("vramsheet probe: " + e.getMessage());
            return null;
        }
        if (url == null || url.getScheme() == null || !url.getScheme().startsWith("http")) {
            err.println("vramsheet probe: give the server's base URL (http://HOST:PORT) [--worksheet W.json] [--scenario "
                    + "typical|heavy|limit|ramp] [--max-requests N] [--max-seconds S] [--json] [-o UPDATED.json]");
            return null;
        }
        if (chosen != null && !List.of("typical", "heavy", "limit", "ramp").contains(chosen)) {
            err.println("vramsheet probe: --scenario is typical, heavy, limit or ramp, not '" + chosen + "'");
            return null;
        }
        if (chosen != null && sheet == null) {
            err.println("vramsheet probe: --scenario needs --worksheet (the workload comes from the sheet)");
            return null;
        }
        return o;
    }

    /** The largest limits taken: a day, a million requests, 4,096 sequences at once (one thread each). */
    static final int MAX_SECONDS = 86_400;
    static final int MAX_REQUESTS = 1_000_000;
    static final int MAX_CONCURRENCY = 4096;

    /** A positive whole number up to max (1,000 reads as 1000), or the default when the option was not given. */
    private static int positive(String option, String v, int absent, int max) {
        if (v == null) {
            return absent;
        }
        NumberGrammar.Read r = NumberGrammar.read(v, NumberGrammar.Kind.COUNT);
        if (!r.ok() || r.value() == null) {
            throw new IllegalArgumentException(r.error() == null ? "give a positive whole number" : r.error());
        }
        if (r.value() < 1) {
            throw new IllegalArgumentException(v + " is not a positive whole number");
        }
        if (r.value() > max) {
            throw new IllegalArgumentException(option + " " + v + ": at most " + String.format(Locale.ROOT, "%,d", max));
        }
        return (int) (long) r.value();
    }

    @Override
    public Integer call() {
        Options o = options();
        if (o == null) {
            return Cli.BAD_INPUT;
        }
        Secret key = Secret.of("VRAMSHEET_API_KEY", env.get("VRAMSHEET_API_KEY"));
        if (key.problem() != null) {
            err.println("vramsheet probe: " + key.problem());
            return Cli.BAD_INPUT;
        }
        try {
            Worksheet ws = o.sheet() == null ? null : WorksheetJson.read(o.sheet());
            // every request ends within 30 s and the whole run within --max-seconds
            EngineProbe probe = new EngineProbe(o.url(), key, Duration.ofSeconds(30), Duration.ofSeconds(o.maxSeconds()));
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
            ProbeReport.print(out, o.json(), ws, snap, run);
            return o.out() != null && ws != null ? record(o, ws, snap, run) : Cli.OK;
        } catch (EngineProbe.ProbeException | WorksheetFormatException e) {
            err.println("vramsheet probe: " + e.getMessage());
            return Cli.BAD_INPUT;
        } catch (IOException e) {
            err.println("vramsheet probe: cannot write: " + e.getMessage());
            return Cli.BAD_INPUT;
        }
    }

    /** Writes -o: the sheet with the probe (and the workload run, and nvidia-smi's peak) recorded. */
    private int record(Options o, Worksheet ws, EngineProbe.Snapshot snap, WorkloadRunner.Result run)
            throws IOException, WorksheetFormatException {
        Worksheet rec = ProbeRecord.apply(ws, snap, run, o.url().toString(), o.scenario());
        if (o.nvidiaSmi() != null) {
            NvidiaSmi.Reading smi = NvidiaSmi.read(WorksheetJson.readText(o.nvidiaSmi()));
            NvidiaSmi.Peak peak = smi.peak();
            if (peak == null) {
                err.println("vramsheet probe: " + o.nvidiaSmi() + ": " + (smi.error() != null ? smi.error()
                        : "no nvidia-smi memory.used readings (" + NvidiaSmi.HOW + ")"));
                return Cli.BAD_INPUT;
            }
            rec = StaleMeasurements.bind(rec.validation(), rec.withValidation(rec.validation().toBuilder()
                    .measuredPeakBytes(peak.usedBytes()).build()), LocalDate.now().toString());
        }
        WorksheetJson.save(rec, o.out());
        if (!o.json()) {
            out.println("Wrote " + o.out());
        }
        return Cli.OK;
    }
}
