package org.vramsheet.io.probe;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.calc.StaleMeasurements;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;

/** What a probe writes into VALIDATION, with its provenance (server, engine version, time, scenario) in the notes. */
public final class ProbeRecord {
    /** The fields {@link #apply} may change; every other field of the sheet is kept. */
    public static final Set<String> OWNS = Set.of("validation.kvCapacityTokens", "validation.preemptionSequences", "validation.notes",
            "validation.latency");

    private ProbeRecord() { }

    /**
     * The operational headroom that follows from a measured boundary: the sizing scenario's concurrent sequences against
     * the concurrency at which the engine began to preempt (in the run's request shape); null without a boundary.
     */
    public static String headroom(Worksheet ws, WorkloadRunner.Result run) {
        if (run == null || run.boundaryConcurrency() == null) {
            return null;
        }
        var id = ws.result().sizingScenario();
        Long planned = ws.workloads().get(id).concurrentSequences();
        if (planned == null || planned < 1) {
            return null;
        }
        long clean = run.boundaryConcurrency() - 1L;
        double spare = (clean - planned) * 100.0 / planned;
        return String.format(Locale.ROOT, "operational headroom: %s plans %,d concurrent sequences, the engine ran %,d without "
                + "preempting (%+.0f %%)", id.label(), planned, clean, spare);
    }

    /**
     * KV usage as shown: "85 %" for one engine; each engine's when several report ("85 % (engine=0 85 %, engine=1
     * 35 %)": the fullest first, never their sum); "-" when none is known.
     */
    public static String usage(Double fullest, Map<String, Double> byEngine) {
        if (fullest == null) {
            return "-";
        }
        String top = Math.round(fullest * 100) + " %";
        if (byEngine.size() < 2) {
            return top;
        }
        StringBuilder b = new StringBuilder(top).append(" (");
        byEngine.forEach((e, u) -> b.append(b.charAt(b.length() - 1) == '(' ? "" : ", ").append(e).append(' ')
                .append(Math.round(u * 100)).append(" %"));
        return b.append(')').toString();
    }

    /** "the server runs X, the sheet is Y" when the server serves another model than the sheet's, else null. */
    public static String mismatch(Worksheet ws, EngineProbe.Snapshot snap) {
        String id = ws.model().modelId();
        if (snap.modelId() == null || id.isBlank() || snap.modelId().endsWith(id.substring(id.lastIndexOf('/') + 1))) {
            return null;
        }
        return "the server runs " + snap.modelId() + ", the sheet is " + id;
    }

    /**
     * The run's TTFT, ITL and throughput per step with the setup it ran on: the model, engine and version the server
     * said, the GPU, layout, weight format and KV dtype the sheet has (the server does not say them); null without a
     * step that measured one.
     */
    public static MeasuredLatency latency(Worksheet ws, EngineProbe.Snapshot snap, WorkloadRunner.Result run, String scenario) {
        if (run == null) {
            return null;
        }
        List<LatencyStep> steps = run.steps().stream().map(WorkloadRunner.Step::latency).filter(Objects::nonNull)
                .filter(l -> l.completed() != null && l.completed() > 0).toList();
        if (steps.isEmpty()) {
            return null;
        }
        Engine engine = Arrays.stream(Engine.values()).filter(e -> e.label().equalsIgnoreCase(snap.engine())).findFirst()
                .orElse(null);
        return new MeasuredLatency(snap.modelId(), engine, snap.engineVersion(), ws.gpu().name(), ws.runtime().ranks(),
                ws.weights().format(), ws.kv().kvDtype(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                scenario == null ? "" : scenario.toLowerCase(Locale.ROOT), run.shape().inputTokens(),
                run.shape().generatedTokens(), steps);
    }

    public static Worksheet apply(Worksheet ws, EngineProbe.Snapshot snap, WorkloadRunner.Result run, String server, String scenario) {
        Validation v = ws.validation();
        if (snap.capacityTokens() != null) {
            v = v.toBuilder().kvCapacityTokens(snap.capacityTokens()).build();
        }
        if (run != null && run.boundaryConcurrency() != null) {
            v = v.toBuilder().preemptionSequences(run.boundaryConcurrency().longValue()).build();
        }
        String when = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm zzz", Locale.ROOT));
        StringBuilder note = new StringBuilder("Measured at " + server + " (" + snap.engine()
                + (snap.engineVersion() == null ? "" : " " + snap.engineVersion()) + ", " + snap.modelId() + ") on " + when
                + ": KV capacity " + String.format(Locale.ROOT, "%,d", snap.capacityTokens()) + " tokens");
        if (run != null) {
            note.append("; scenario ").append(scenario).append(": ").append(run.requestsSent()).append(" requests, peak KV usage ")
                    .append(usage(run.peakKvUsage(), run.peakKvUsageByEngine())).append(", preemption ")
                    .append(run.boundaryConcurrency() == null ? "none up to the limits (" + run.stoppedBecause() + ")"
                            : "from " + run.boundaryConcurrency() + " concurrent sequences (" + String.format(Locale.ROOT, "%,d",
                            run.boundaryActiveTokens()) + " active tokens)");
        }
        String headroom = headroom(ws, run);
        if (headroom != null) {
            note.append("; ").append(headroom);
        }
        MeasuredLatency latency = latency(ws, snap, run, scenario);
        if (latency != null) {
            v = v.toBuilder().latency(latency).build();
        }
        String notes = v.notes().isBlank() ? note.toString() : v.notes() + "\n" + note;
        // the probe's numbers are of the sheet's setup now: old values of another setup are cleared, the setup recorded
        return StaleMeasurements.bind(ws.validation(), ws.withValidation(v.toBuilder().notes(notes).build()),
                LocalDate.now().toString());
    }
}
