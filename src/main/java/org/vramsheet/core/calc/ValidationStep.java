package org.vramsheet.core.calc;

import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.Provenance;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.units.Units;

/**
 * How good the pre-launch prediction was: (predicted before launch - measured) / measured for non-KV memory, the
 * KV pool and the KV capacity, when VALIDATION holds both (the prediction is frozen when an engine log is applied).
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
    }

    private static void error(Calc c, FigureKey key, String label, Long predicted, Long measured, String[] fields) {
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
}
