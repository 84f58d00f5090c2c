package org.vramsheet.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.Locale;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.Messages;
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
            ObjectNode engines = j.putObject("peakKvUsageByEngine");
            if (run != null) {
                run.peakKvUsageByEngine().forEach(engines::put);
            }
            ObjectNode b = j.putObject("preemptionBoundary");
            b.put("concurrency", run == null ? null : run.boundaryConcurrency());
            b.put("activeTokens", run == null ? null : run.boundaryActiveTokens());
            j.put("stoppedBecause", run == null ? null : run.stoppedBecause());
            j.put("operationalHeadroom", ws == null ? null : ProbeRecord.headroom(ws, run));
            out.println(j.toPrettyString());
            return;
        }
        if (mismatch != null) {
            line(out, "FIRST FINDING: " + mismatch);
        }
        line(out, snap.engine() + (snap.engineVersion() == null ? "" : " " + snap.engineVersion()) + " serving "
                + snap.modelId());
        long cap = snap.capacityTokens() == null ? 0 : snap.capacityTokens();
        line(out, "KV capacity: " + fmt(snap.capacityTokens()) + " tokens" + (snap.numGpuBlocks() == null ? ""
                : " (" + fmt(snap.numGpuBlocks()) + " blocks x " + snap.blockSize() + ")") + (predicted == null || cap < 1 ? ""
                : "; the sheet predicts " + fmt(predicted) + String.format(Locale.ROOT, " (%+.2f %%)",
                (predicted - cap) * 100.0 / cap)));
        if (run != null) {
            line(out, "Requests sent: " + run.requestsSent() + "; peak KV usage: " + ProbeRecord.usage(run.peakKvUsage(),
                    run.peakKvUsageByEngine()) + "; " + run.stoppedBecause());
            line(out, "Preemption boundary: " + (run.boundaryConcurrency() == null ? "none reached"
                    : run.boundaryConcurrency() + " concurrent sequences (" + fmt(run.boundaryActiveTokens()) + " active tokens)"));
            String h = ws == null ? null : ProbeRecord.headroom(ws, run);
            if (h != null) {
                line(out, Character.toUpperCase(h.charAt(0)) + h.substring(1));
            }
        }
    }

    /** One line of text on out, every control character escaped (the server's strings and the sheet's alike). */
    private static void line(PrintStream out, String text) {
        out.println(Messages.escapeControls(text).replace("\n", "\\u000a"));
    }

    private static String fmt(Long n) { return n == null ? "-" : String.format(Locale.ROOT, "%,d", n); }
}
