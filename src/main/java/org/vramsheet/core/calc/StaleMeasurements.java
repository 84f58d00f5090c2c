package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.input.Issues;
import org.vramsheet.core.input.WorksheetValidator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * A measurement belongs to the setup it was measured on (issue 25). VALIDATION records that setup; when the sheet's setup
 * differs in anything that changes a measured quantity, the value is stale: kept and shown, never used, and the sheet's
 * own estimate takes over. Non-KV memory (and its profiled parts) depends on the model, its weights, the engine and its
 * version and the GPU model; across TP / PP it is carried by splitting the weights again (derived, not stale). The pool,
 * the capacity, the peak and the preemption boundary depend on all of the setup. On an engine that places memory per device
 * (llama.cpp, Ollama's runner) every measured value is of its launch too ({@link LaunchText}: -c, -np, -ngl, the cache types).
 */
public final class StaleMeasurements {
    private StaleMeasurements() { }

    /**
     * What changed since the measurements were taken.
     *
     * @param nonKv what makes the non-KV memory and its parts stale (empty: still of this setup)
     * @param pool  what makes the allocated KV, the capacity, the peak and the preemption boundary stale
     * @param devices what makes the buffers measured per device stale: the pool's setup and the launch (-c, -np, -ngl, ...)
     */
    public record Stale(List<String> nonKv, List<String> pool, List<String> devices) {
        public Stale {
            nonKv = List.copyOf(nonKv);
            pool = List.copyOf(pool);
            devices = List.copyOf(devices);
        }

        static final Stale NONE = new Stale(List.of(), List.of(), List.of());

        /** Whether a measurement the calculation uses is stale (the buffers per device are compared, never used). */
        public boolean any() { return !nonKv.isEmpty() || !pool.isEmpty(); }

        /** The sheet with its stale measurements left out: what the calculation uses. */
        public Worksheet usable(Worksheet ws) {
            if (!any()) {
                return ws;
            }
            Validation.Builder b = ws.validation().toBuilder();
            if (!nonKv.isEmpty()) {
                b.measuredNonKvBytes(null).measuredActivationPeakBytes(null).measuredNonTorchBytes(null)
                        .measuredCudaGraphBytes(null);
            }
            if (!pool.isEmpty()) {
                b.allocatedKvBytes(null).kvCapacityTokens(null).measuredPeakBytes(null).preemptionSequences(null);
            }
            return ws.withValidation(b.build());
        }
    }

    /** The sheet's setup now, as a measurement taken on it records it (undated). */
    public static MeasuredSetup of(Worksheet ws) {
        Long weights = weightsNow(ws);
        RuntimeSettings r = ws.runtime();
        return new MeasuredSetup(ws.model().modelId(), ws.model().revision(), ws.weights().format(), weights,
                ws.kv().kvDtype(), r.engine(), r.engineVersion(), ws.gpu().name(), ws.gpu().totalBytes(), r.tensorParallel(),
                r.pipelineParallel(), fraction(ws), WorksheetValidator.effectiveMaxModelLen(ws), blockSize(ws), "",
                LaunchText.of(ws));
    }

    /**
     * The sheet with its setup recorded for the measurements it holds, when none is recorded (a value typed by hand, a
     * file saved before schema version 5): they are taken as measured on the sheet as it stands.
     */
    public static Worksheet recorded(Worksheet ws, String date) {
        Validation v = ws.validation();
        if (v.setup() != null || !v.hasMeasurement()) {
            return ws;
        }
        return ws.withValidation(v.toBuilder().setup(of(ws).withDate(date)).build());
    }

    /**
     * After new measured values came in (typed by hand, an applied engine log, a probe): they are of the sheet's setup now.
     * Values {@code before} held that this change did not touch and that are of another setup are cleared (they cannot be
     * of both); then the sheet's setup is recorded. Without a change of a measured value, the sheet as is.
     */
    public static Worksheet bind(Validation before, Worksheet ws, String date) {
        Validation v = ws.validation();
        if (before == null || sameMeasurements(before, v)) {
            return ws;
        }
        Stale st = find(ws);
        Validation.Builder b = v.toBuilder().setup(of(ws).withDate(date));
        if (!st.nonKv().isEmpty()) {
            b.measuredNonKvBytes(kept(before.measuredNonKvBytes(), v.measuredNonKvBytes()))
                    .measuredActivationPeakBytes(kept(before.measuredActivationPeakBytes(), v.measuredActivationPeakBytes()))
                    .measuredNonTorchBytes(kept(before.measuredNonTorchBytes(), v.measuredNonTorchBytes()))
                    .measuredCudaGraphBytes(kept(before.measuredCudaGraphBytes(), v.measuredCudaGraphBytes()));
        }
        if (!st.pool().isEmpty()) {
            b.allocatedKvBytes(kept(before.allocatedKvBytes(), v.allocatedKvBytes()))
                    .kvCapacityTokens(kept(before.kvCapacityTokens(), v.kvCapacityTokens()))
                    .measuredPeakBytes(kept(before.measuredPeakBytes(), v.measuredPeakBytes()))
                    .preemptionSequences(kept(before.preemptionSequences(), v.preemptionSequences()));
        }
        if (!st.devices().isEmpty()) {
            b.devices(Objects.equals(before.devices(), v.devices()) ? List.of() : v.devices())
                    .offloadedLayers(Objects.equals(before.offloadedLayers(), v.offloadedLayers()) ? null : v.offloadedLayers());
        }
        if (!Objects.equals(before.measuredNonKvBytes(), v.measuredNonKvBytes()) && v.measuredNonKvBytes() != null
                && Objects.equals(before.measuredOnGpus(), v.measuredOnGpus())) {
            b.measuredOnGpus(ws.runtime().ranks()); // typed on this layout
        }
        return ws.withValidation(b.build());
    }

    /** The value now if this change set it, else null (an old value of another setup). */
    private static Long kept(Long before, Long now) {
        return Objects.equals(before, now) ? null : now;
    }

    private static boolean sameMeasurements(Validation a, Validation b) {
        return Objects.equals(a.measuredNonKvBytes(), b.measuredNonKvBytes()) && Objects.equals(a.allocatedKvBytes(),
                b.allocatedKvBytes()) && Objects.equals(a.kvCapacityTokens(), b.kvCapacityTokens())
                && Objects.equals(a.measuredPeakBytes(), b.measuredPeakBytes())
                && Objects.equals(a.preemptionSequences(), b.preemptionSequences())
                && Objects.equals(a.measuredActivationPeakBytes(), b.measuredActivationPeakBytes())
                && Objects.equals(a.measuredNonTorchBytes(), b.measuredNonTorchBytes())
                && Objects.equals(a.measuredCudaGraphBytes(), b.measuredCudaGraphBytes())
                && Objects.equals(a.devices(), b.devices()) && Objects.equals(a.offloadedLayers(), b.offloadedLayers());
    }

    /**
     * Why {@code after} (a model imported onto {@code before}) holds measurements of another model, or null: VALIDATION has
     * measured values and the model ID changed. The import then asks whether to keep them (stale) or drop them.
     */
    public static String ofAnotherModel(Worksheet before, Worksheet after) {
        Validation v = after.validation();
        String was = before.model().modelId().trim();
        String now = after.model().modelId().trim();
        if (!v.hasMeasurement() || was.equalsIgnoreCase(now)) {
            return null;
        }
        return "VALIDATION holds measurements of " + (was.isEmpty() ? "the sheet's earlier model" : was)
                + (v.measuredNonKvBytes() == null ? "" : " (non-KV " + Units.gibText(v.measuredNonKvBytes()) + " per GPU)")
                + "; the sheet is now " + (now.isEmpty() ? "another model" : now);
    }

    /** The sheet without VALIDATION's measurements, their setup and the frozen prediction; the notes are kept. */
    public static Worksheet dropped(Worksheet ws) {
        return ws.withValidation(ws.validation().withoutMeasurements());
    }

    /** What changed between the recorded setup and the sheet's, per group of measured values. */
    public static Stale find(Worksheet ws) {
        Validation v = ws.validation();
        MeasuredSetup s = v.setup();
        if (s == null || !v.hasMeasurement()) {
            return Stale.NONE;
        }
        List<String> nonKv = new ArrayList<>();
        RuntimeSettings r = ws.runtime();
        text(nonKv, "model", s.modelId(), ws.model().modelId(), false);
        text(nonKv, "model revision", s.revision(), ws.model().revision(), true);
        same(nonKv, "weight format", s.weightFormat(), ws.weights().format());
        Long weights = weightsNow(ws);
        if (s.weightBytes() != null && weights != null && differs(s.weightBytes(), weights, 0.01)) {
            nonKv.add("weights: " + Units.gibText(s.weightBytes()) + " → " + Units.gibText(weights));
        }
        same(nonKv, "engine", s.engine() == null ? null : s.engine().label(), r.engine().label());
        text(nonKv, "engine version", s.engineVersion(), r.engineVersion(), true);
        text(nonKv, "GPU model", s.gpuName(), ws.gpu().name(), true);
        // llama.cpp / Ollama's runner: every buffer, the weights on the GPUs and the compute buffer as much as the KV cache,
        // is of its launch (-c, -np, -ngl, -ctk, ...), so a measurement of another launch is of another setup
        List<String> launch = LaunchText.changes(s.launch(), s.launch() == null ? null : LaunchText.of(ws));
        nonKv.addAll(launch);
        List<String> pool = new ArrayList<>(nonKv);
        same(pool, "KV-cache dtype", s.kvDtype() == null ? null : s.kvDtype().label(), ws.kv().kvDtype().label());
        Long total = ws.gpu().totalBytes();
        if (s.gpuTotalBytes() != null && total != null && differs(s.gpuTotalBytes(), total, 0.001)) {
            pool.add("memory per GPU: " + Units.gibText(s.gpuTotalBytes()) + " → " + Units.gibText(total));
        }
        if (s.tensorParallel() != null && s.pipelineParallel() != null
                && (s.tensorParallel() != r.tensorParallel() || s.pipelineParallel() != r.pipelineParallel())) {
            pool.add("TP x PP: " + s.tensorParallel() + " x " + s.pipelineParallel() + " → " + r.tensorParallel() + " x "
                    + r.pipelineParallel());
        }
        Double u = fraction(ws);
        if (s.utilization() != null && u != null && Math.abs(s.utilization() - u) > 1e-6) {
            pool.add(String.format(Locale.ROOT, "memory fraction: %.2f → %.2f", s.utilization(), u));
        }
        Long len = WorksheetValidator.effectiveMaxModelLen(ws);
        if (s.maxModelLen() != null && len != null && !s.maxModelLen().equals(len)) {
            pool.add("max model length: " + Units.grouped(s.maxModelLen()) + " → " + Units.grouped(len));
        }
        Integer bs = blockSize(ws);
        if (s.blockSize() != null && bs != null && !s.blockSize().equals(bs)) {
            pool.add("block size: " + s.blockSize() + " → " + bs);
        }
        boolean nonKvMeasured = v.measuredNonKvBytes() != null || v.measuredActivationPeakBytes() != null
                || v.measuredNonTorchBytes() != null || v.measuredCudaGraphBytes() != null;
        boolean poolMeasured = v.allocatedKvBytes() != null || v.kvCapacityTokens() != null || v.measuredPeakBytes() != null
                || v.preemptionSequences() != null;
        List<String> devices = new ArrayList<>();
        if (!v.devices().isEmpty() || v.offloadedLayers() != null) {
            devices.addAll(pool);
        }
        return new Stale(nonKvMeasured ? nonKv : List.of(), poolMeasured ? pool : List.of(), devices);
    }

    /** "measured on another setup: model a → b; weights x → y". */
    public static String sentence(List<String> changes) {
        return "measured on another setup: " + String.join("; ", changes);
    }

    private static void text(List<String> out, String what, String then, String now, boolean bothKnown) {
        String a = then == null ? "" : then.trim();
        String b = now == null ? "" : now.trim();
        if (bothKnown && (a.isEmpty() || b.isEmpty())) {
            return;
        }
        if (!a.equalsIgnoreCase(b)) {
            out.add(what + ": " + (a.isEmpty() ? "-" : a) + " → " + (b.isEmpty() ? "-" : b));
        }
    }

    private static void same(List<String> out, String what, Object then, Object now) {
        if (then != null && !Objects.equals(then, now)) {
            out.add(what + ": " + then + " → " + now);
        }
    }

    private static boolean differs(long a, long b, double tolerance) {
        return Math.abs(a - b) > tolerance * Math.max(Math.abs(a), Math.abs(b));
    }

    /** The sheet's weights (whole model) as the calculation computes them, or null when they cannot be computed. */
    private static Long weightsNow(Worksheet ws) {
        Issues issues = WorksheetValidator.validate(ws);
        Calc c = new Calc(ws, issues);
        try {
            WeightsStep.run(c);
        } catch (RuntimeException e) {
            return null;
        }
        Figure w = c.get(FigureKey.WEIGHTS_BYTES);
        return w != null && w.available() ? w.value() : null;
    }

    private static Double fraction(Worksheet ws) {
        Long total = ws.gpu().totalBytes();
        if (total == null || total <= 0) {
            return ws.runtime().utilization();
        }
        try {
            return EngineDefaults.fraction(ws.runtime(), total).value();
        } catch (RuntimeException e) {
            return ws.runtime().utilization();
        }
    }

    private static Integer blockSize(Worksheet ws) {
        try {
            return EngineDefaults.blockSize(ws.runtime(), ws.kv(), ws.gpu()).value();
        } catch (RuntimeException e) {
            return ws.runtime().blockSize();
        }
    }
}
