package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.MeasuredSetup;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.units.Units;

/**
 * How good the pre-launch prediction was: (predicted before launch - measured) / measured for non-KV memory, the
 * KV pool and the KV capacity, when VALIDATION holds both (the prediction is frozen when an engine log is applied).
 * Then whether VALIDATION's measurements are of this setup (stale ones are not used) and whether any is used.
 */
final class ValidationStep {
    private ValidationStep() { }

    static void run(Calc c) {
        Validation v = c.ws.validation();
        error(c, FigureKey.VALIDATION_NON_KV_ERROR, "Pre-launch error: non-KV per GPU", v.predictedNonKvBytes(),
                v.measuredNonKvBytes(), new String[] {"validation.predictedNonKvBytes", "validation.measuredNonKvBytes"});
        error(c, FigureKey.VALIDATION_KV_POOL_ERROR, "Pre-launch error: KV pool per GPU", v.predictedKvPoolBytes(),
                v.allocatedKvBytes(), new String[] {"validation.predictedKvPoolBytes", "validation.allocatedKvBytes"});
        error(c, FigureKey.VALIDATION_KV_CAPACITY_ERROR, "Pre-launch error: KV capacity", v.predictedKvCapacityTokens(),
                v.kvCapacityTokens(), new String[] {"validation.predictedKvCapacityTokens", "validation.kvCapacityTokens"});
        stale(c, FigureKey.VALIDATION_STALE_NON_KV, "Measured non-KV memory is of another setup", c.stale.nonKv(),
                "VALIDATION › Measured non-KV footprint and its parts");
        stale(c, FigureKey.VALIDATION_STALE_POOL, "Measured KV pool and capacity are of another setup", c.stale.pool(),
                "VALIDATION › Allocated KV memory, KV capacity, peak and preemption boundary");
        used(c);
    }

    private static void error(Calc c, FigureKey key, String label, Long predicted, Long measured, String[] fields) {
        List<String> stale = key.equals(FigureKey.VALIDATION_NON_KV_ERROR) ? c.stale.nonKv() : c.stale.pool();
        if (!stale.isEmpty()) {
            c.put(Figure.unavailable(key, label, Unit.RATIO, StaleMeasurements.sentence(stale) + " (not compared)"));
            return;
        }
        c.compute(key, label, Unit.RATIO, fields, Calc.n(), () -> {
            if (predicted == null || measured == null || measured == 0) {
                return null;
            }
            double e = (predicted - measured) / (double) measured;
            return Figure.ratio(key, label, e, Provenance.of("(predicted before launch - measured) / measured",
                    "(" + Units.grouped(predicted) + " - " + Units.grouped(measured) + ") / " + Units.grouped(measured),
                    "The prediction was frozen when the engine's log was first applied"));
        });
    }

    private static void stale(Calc c, FigureKey key, String label, List<String> changes, String fields) {
        c.put(Figure.flag(key, label, !changes.isEmpty(), changes.isEmpty()
                ? Provenance.of("recorded setup = the sheet's setup", "no change", fields + ": used when measured")
                : new Provenance("recorded setup ≠ the sheet's setup", String.join("; ", changes), List.of(fields
                        + ": shown struck through and not used; the sheet's own estimate takes over"))));
    }

    /** Whether a measurement is an input to the result, and on what it was measured. */
    private static void used(Calc c) {
        Validation v = c.ws.validation();
        Figure nonKv = c.get(FigureKey.POOL_NON_KV_BYTES);
        boolean measuredNonKv = v.measuredNonKvBytes() != null && nonKv != null && nonKv.available();
        NonKvEstimator.Resolved parts = NonKvEstimator.resolve(c.ws);
        boolean measuredParts = parts.activationPeak().source() == NonKvEstimator.Source.MEASURED
                || parts.nonTorch().source() == NonKvEstimator.Source.MEASURED
                || parts.cudaGraphs().source() == NonKvEstimator.Source.MEASURED;
        MeasuredSetup s = v.setup();
        String on = s == null ? "setup not recorded" : s.shortText().isBlank() ? "setup recorded" : s.shortText();
        List<String> what = new ArrayList<>();
        if (measuredNonKv) {
            what.add("measured non-KV " + Units.gibText(v.measuredNonKvBytes()) + " per GPU");
        }
        if (measuredParts) {
            what.add("the engine's profiled non-KV parts");
        }
        boolean any = !what.isEmpty();
        c.put(Figure.flag(FigureKey.VALIDATION_MEASURED_USED, "Result uses a measurement", any, any
                ? Provenance.of("a VALIDATION measurement of this setup is an input", String.join(", ", what),
                        "Measured on " + on)
                : Provenance.of("no measurement is an input", "estimated before launch",
                        "Apply this setup's engine log (VALIDATION) to replace the estimate with the engine's own numbers")));
    }
}
