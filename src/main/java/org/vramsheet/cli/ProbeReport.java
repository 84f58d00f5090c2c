package org.vramsheet.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.Locale;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.json.WorksheetJson;
import org.vramsheet.io.probe.EngineProbe;
import org.vramsheet.io.probe.ProbeRecord;
import org.vramsheet.io.probe.WorkloadRunner;

/** What {@code probe} prints: the engine's KV pool against the sheet's prediction, and the workload run's findings. */
final class ProbeReport {
    private ProbeReport() { }

    /** The probe's findings on out: one JSON object with --json, else a few lines of text. */
    static void print(PrintStream out, boolean json, Worksheet ws, EngineProbe.Snapshot snap, WorkloadRunner.Result run) {
        Long predicted = null;
        String mismatch = null;
        if (ws != null) {
            Figure f = SizingCalculator.calculate(ws).get(FigureKey.POOL_CAPACITY_TOKENS);
            predicted = f.available() ? f.value() : null;
            mismatch = ProbeRecord.mismatch(ws, snap);
        }
        if (json) {
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
                : "; the sheet predicts " + fmt(predicted) + String.format(Locale.ROOT, " (%+.2f %%)",
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

    private static String fmt(Long n) { return n == null ? "-" : String.format(Locale.ROOT, "%,d", n); }
}
