package org.vramsheet.ui.dialogs;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.io.Secret;
import org.vramsheet.io.probe.EngineProbe;
import org.vramsheet.io.probe.ProbeRecord;
import org.vramsheet.io.probe.WorkloadRunner;
import org.vramsheet.ui.model.SheetViewModel;

/**
 * VALIDATION's "Measure a running server...": the server's KV pool, then (optionally) a scenario or a ramp to the
 * preemption boundary, run on a background thread with live progress and a cancel; Apply records the result in
 * VALIDATION (one undoable edit). The API key lives only in this dialog: never saved, never logged.
 */
public final class ProbeViewModel {
    /** What to run after reading the pool. */
    public enum Run { POOL_ONLY, TYPICAL, HEAVY, LIMIT, RAMP }

    public final StringProperty url = new SimpleStringProperty("http://127.0.0.1:8000");
    public final StringProperty apiKey = new SimpleStringProperty("");
    public final ObjectProperty<Run> run = new SimpleObjectProperty<>(Run.POOL_ONLY);
    public final StringProperty maxRequests = new SimpleStringProperty("200");
    public final StringProperty maxSeconds = new SimpleStringProperty("300");
    public final BooleanProperty busy = new SimpleBooleanProperty(false);
    public final StringProperty status = new SimpleStringProperty("");
    public final StringProperty result = new SimpleStringProperty("");
    public final BooleanProperty measured = new SimpleBooleanProperty(false);

    private final SheetViewModel sheet;
    private volatile WorkloadRunner runner;
    private EngineProbe.Snapshot snapshot;
    private WorkloadRunner.Result outcome;

    public ProbeViewModel(SheetViewModel sheet) { this.sheet = sheet; }

    /** Starts the measurement on {@code background}; every update reaches the window through {@code fx}. */
    public void start(Executor background, Consumer<Runnable> fx) {
        Worksheet ws = sheet.computed().sheet();
        WorkloadRunner.Limits limits;
        URI base;
        try {
            limits = new WorkloadRunner.Limits(Integer.parseInt(maxRequests.get().trim()), Long.parseLong(maxSeconds.get().trim()), 256);
            base = URI.create(url.get().trim());
            if (limits.maxRequests() < 1 || limits.maxSeconds() < 1 || base.getScheme() == null || !base.getScheme().startsWith("http")) {
                throw new IllegalArgumentException();
            }
        } catch (IllegalArgumentException e) {
            status.set("Give an http(s) URL and positive limits (requests, seconds).");
            return;
        }
        String key = apiKey.get();
        Run what = run.get();
        busy.set(true);
        measured.set(false);
        status.set("Connecting to " + base + "...");
        background.execute(() -> {
            try {
                EngineProbe probe = new EngineProbe(base, Secret.of("the API key", key), Duration.ofSeconds(30),
                        Duration.ofSeconds(limits.maxSeconds()));
                EngineProbe.Snapshot s = probe.snapshot();
                if (s.engine() == null) {
                    throw new EngineProbe.ProbeException(base + ": not an engine this app reads (no vLLM or SGLang KV metrics)");
                }
                WorkloadRunner.Result r = null;
                if (what != Run.POOL_ONLY) {
                    runner = new WorkloadRunner(probe, s.modelId(), limits, line -> fx.accept(() -> status.set(line)));
                    r = runner.run(ws, what.name());
                }
                WorkloadRunner.Result done = r;
                fx.accept(() -> finish(s, done, ws));
            } catch (EngineProbe.ProbeException e) {
                fx.accept(() -> {
                    busy.set(false);
                    status.set(e.getMessage());
                });
            }
        });
    }

    private void finish(EngineProbe.Snapshot s, WorkloadRunner.Result r, Worksheet ws) {
        snapshot = s;
        outcome = r;
        busy.set(false);
        measured.set(true);
        StringBuilder b = new StringBuilder();
        String mismatch = ProbeRecord.mismatch(ws, s);
        if (mismatch != null) {
            b.append("First finding: ").append(mismatch).append("\n");
        }
        b.append(s.engine()).append(s.engineVersion() == null ? "" : " " + s.engineVersion()).append(", KV capacity ")
                .append(String.format(Locale.ROOT, "%,d", s.capacityTokens())).append(" tokens");
        var predicted = sheet.computed().outcome().result().get(FigureKey.POOL_CAPACITY_TOKENS);
        if (predicted.available() && s.capacityTokens() != null && s.capacityTokens() > 0) {
            b.append(String.format(Locale.ROOT, "; the sheet predicts %,d (%+.2f %%)", predicted.value(),
                    (predicted.value() - s.capacityTokens()) * 100.0 / s.capacityTokens()));
        }
        if (r != null) {
            b.append("\n").append(r.requestsSent()).append(" requests; peak KV usage ").append(ProbeRecord.usage(r.peakKvUsage(),
                    r.peakKvUsageByEngine())).append("; preemption ").append(r.boundaryConcurrency() == null
                    ? "none reached (" + r.stoppedBecause() + ")" : "from " + r.boundaryConcurrency() + " concurrent sequences");
            String h = ProbeRecord.headroom(ws, r);
            if (h != null) {
                b.append("\n").append(h);
            }
        }
        result.set(b.toString());
        status.set("Done.");
    }

    /** Stops a running workload (requests in flight are abandoned). */
    public void cancel() {
        WorkloadRunner r = runner;
        if (r != null) {
            r.cancel();
        }
    }

    /** Records the measurement in VALIDATION, with where, when and how it was measured. */
    public void apply() {
        if (snapshot == null || sheet.readOnlyProperty().get()) {
            return;
        }
        sheet.applyWorksheet(ProbeRecord.apply(sheet.computed().sheet(), snapshot, outcome, url.get().trim(),
                run.get() == Run.POOL_ONLY ? "none" : run.get().name().toLowerCase(Locale.ROOT)));
    }
}
