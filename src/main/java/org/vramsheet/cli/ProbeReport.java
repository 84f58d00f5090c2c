package org.vramsheet.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.LatencyStep;
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
            latencyJson(j, run);
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
            latencyText(out, run);
        }
    }

    /** {@code latency}: the run's request shape and, per step in the order run, TTFT / ITL percentiles and throughput. */
    private static void latencyJson(ObjectNode j, WorkloadRunner.Result run) {
        ObjectNode l = j.putObject("latency");
        l.put("inputTokens", run == null ? null : run.shape().inputTokens());
        l.put("generatedTokens", run == null ? null : run.shape().generatedTokens());
        var steps = l.putArray("steps");
        if (run == null) {
            return;
        }
        for (WorkloadRunner.Step s : run.steps()) {
            LatencyStep m = s.latency();
            if (m == null) {
                continue;
            }
            steps.addObject().put("concurrency", m.concurrency()).put("ttftP50Ms", m.ttftP50Ms()).put("ttftP95Ms", m.ttftP95Ms())
                    .put("ttftP99Ms", m.ttftP99Ms()).put("itlP50Ms", m.itlP50Ms()).put("itlP95Ms", m.itlP95Ms())
                    .put("itlP99Ms", m.itlP99Ms()).put("outputTokensPerSecond", m.outputTokensPerSecond())
                    .put("completed", m.completed()).put("failed", m.failed());
        }
    }

    /** The measured table: one row per step, milliseconds and tokens per second. */
    private static void latencyText(PrintStream out, WorkloadRunner.Result run) {
        List<LatencyStep> rows = run.steps().stream().map(WorkloadRunner.Step::latency).filter(Objects::nonNull)
                .toList();
        if (rows.isEmpty()) {
            return;
        }
        line(out, "Measured latency (" + fmt(run.shape().inputTokens()) + " input + " + fmt(run.shape().generatedTokens())
                + " generated tokens per request; ms):");
        line(out, String.format(Locale.ROOT, "  %5s %9s %9s %9s %8s %8s %8s %10s %5s %6s", "conc", "TTFT p50", "TTFT p95",
                "TTFT p99", "ITL p50", "ITL p95", "ITL p99", "out tok/s", "done", "failed"));
        for (LatencyStep m : rows) {
            line(out, String.format(Locale.ROOT, "  %5d %9s %9s %9s %8s %8s %8s %10s %5d %6d", m.concurrency(), ms(m.ttftP50Ms()),
                    ms(m.ttftP95Ms()), ms(m.ttftP99Ms()), ms(m.itlP50Ms()), ms(m.itlP95Ms()), ms(m.itlP99Ms()),
                    ms(m.outputTokensPerSecond()), m.completed(), m.failed()));
        }
    }

    private static String ms(Double v) { return v == null ? "-" : String.format(Locale.ROOT, "%.1f", v); }

    /** One line of text on out, every control character escaped (the server's strings and the sheet's alike). */
    private static void line(PrintStream out, String text) {
        out.println(Messages.escapeControls(text).replace("\n", "\\u000a"));
    }

    private static String fmt(Long n) { return n == null ? "-" : String.format(Locale.ROOT, "%,d", n); }
}
