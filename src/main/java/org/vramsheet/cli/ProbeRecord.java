package org.vramsheet.cli;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Set;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.probe.EngineProbe;
import org.vramsheet.io.probe.WorkloadRunner;

/** What a probe writes into VALIDATION, with its provenance (server, engine version, time, scenario) in the notes. */
final class ProbeRecord {
    /** The fields {@link #apply} may change; every other field of the sheet is kept. */
    static final Set<String> OWNS = Set.of("validation.kvCapacityTokens", "validation.preemptionSequences", "validation.notes");

    private ProbeRecord() { }

    static Worksheet apply(Worksheet ws, EngineProbe.Snapshot snap, WorkloadRunner.Result run, String server, String scenario) {
        Validation v = ws.validation();
        if (snap.capacityTokens() != null) {
            v = v.withKvCapacityTokens(snap.capacityTokens());
        }
        if (run != null && run.boundaryConcurrency() != null) {
            v = v.withPreemptionSequences(run.boundaryConcurrency().longValue());
        }
        String when = ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm zzz", Locale.ROOT));
        StringBuilder note = new StringBuilder("Measured at " + server + " (" + snap.engine()
                + (snap.engineVersion() == null ? "" : " " + snap.engineVersion()) + ", " + snap.modelId() + ") on " + when
                + ": KV capacity " + String.format(Locale.ROOT, "%,d", snap.capacityTokens()) + " tokens");
        if (run != null) {
            note.append("; scenario ").append(scenario).append(": ").append(run.requestsSent()).append(" requests, peak KV usage ")
                    .append(run.peakKvUsage() == null ? "-" : Math.round(run.peakKvUsage() * 100) + " %").append(", preemption ")
                    .append(run.boundaryConcurrency() == null ? "none up to the limits (" + run.stoppedBecause() + ")"
                            : "from " + run.boundaryConcurrency() + " concurrent sequences (" + String.format(Locale.ROOT, "%,d",
                            run.boundaryActiveTokens()) + " active tokens)");
        }
        String notes = v.notes().isBlank() ? note.toString() : v.notes() + "\n" + note;
        return ws.withValidation(v.withNotes(notes));
    }
}
