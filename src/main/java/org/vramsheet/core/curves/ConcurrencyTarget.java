package org.vramsheet.core.curves;

import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.Worksheet;

/**
 * The line the concurrency charts draw across (issue 31, Seen 5 and 7: the charts did not carry the question): RESULT's
 * target concurrent sequences when one is typed, else the sizing scenario's concurrent sequences; with where it is read.
 *
 * @param sequences the target, in sequences (at least 1)
 * @param source    the input it is read from, e.g. "RESULT › Target concurrent sequences (fleet)" or "Limit"
 * @param fleet     true when it is RESULT's fleet target (one replica may hold less; the placement adds replicas)
 */
public record ConcurrencyTarget(long sequences, String source, boolean fleet) {
    /** The sheet's target, or null when neither RESULT's target nor the sizing scenario's sequences are set. */
    public static ConcurrencyTarget of(Worksheet ws) {
        if (ws == null || ws.result() == null) {
            return null;
        }
        Long target = ws.result().targetSequences();
        if (target != null && target > 0) {
            return new ConcurrencyTarget(target, "RESULT › Target concurrent sequences (fleet)", true);
        }
        ScenarioId id = ws.result().sizingScenario();
        Scenario s = ws.workloads() == null ? null : ws.workloads().get(id);
        if (s == null || s.concurrentSequences() == null || s.concurrentSequences() <= 0) {
            return null;
        }
        return new ConcurrencyTarget(s.concurrentSequences(), id.label(), false);
    }

    /** The legend's words: "target 64 sequences (RESULT › ...)" or "Limit: 8 sequences". */
    public String label() {
        return fleet ? "target " + sequences + " sequences (" + source + ")" : source + ": " + sequences + " sequences";
    }
}
