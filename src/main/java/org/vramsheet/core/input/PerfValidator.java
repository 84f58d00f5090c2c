package org.vramsheet.core.input;

import org.vramsheet.core.sheet.GpuSpeed;
import org.vramsheet.core.sheet.PerfSettings;
import org.vramsheet.core.sheet.SlaTargets;
import org.vramsheet.core.sheet.Worksheet;

/**
 * Checks the latency estimate's inputs (issue 29): GPU › Performance, RUNTIME's utilizations, RESULT's targets and price.
 * Each problem names the field and the reason; an empty field is not checked (the estimate says what it needs).
 */
final class PerfValidator {
    private PerfValidator() { }

    static void validate(Worksheet ws, Issues out) {
        GpuSpeed g = ws.gpu().performance();
        if (g != null) {
            positive(out, "gpu.performance.bandwidthGbPerS", g.bandwidthGbPerS());
            positive(out, "gpu.performance.bf16Tflops", g.bf16Tflops());
            positive(out, "gpu.performance.fp8Tflops", g.fp8Tflops());
            positive(out, "gpu.performance.fp4Tflops", g.fp4Tflops());
            positive(out, "gpu.performance.linkGbPerS", g.linkGbPerS());
        }
        PerfSettings p = ws.runtime().performance();
        if (p != null) {
            positive(out, "runtime.performance.memoryBandwidthUtilization", p.memoryBandwidthUtilization());
            positive(out, "runtime.performance.computeUtilization", p.computeUtilization());
            atLeastZero(out, "runtime.performance.allReduceLatencyUs", p.allReduceLatencyUs());
            atLeastZero(out, "runtime.performance.prefillOverheadMs", p.prefillOverheadMs());
            atLeastZero(out, "runtime.performance.stepOverheadMs", p.stepOverheadMs());
            atLeastZero(out, "runtime.performance.prefillAllReduceLatencyUs", p.prefillAllReduceLatencyUs());
        }
        SlaTargets s = ws.result().targets();
        positive(out, "result.sla.ttftMs", s.ttftMs());
        positive(out, "result.sla.itlMs", s.itlMs());
        positive(out, "result.sla.tokensPerSecondPerUser", s.tokensPerSecondPerUser());
        positive(out, "result.pricePerGpuHour", ws.result().pricePerGpuHour());
    }

    /** More than 0 and at most the declared maximum. */
    private static void positive(Issues out, String field, Double v) {
        if (finite(out, field, v) && v <= 0) {
            out.add(field, "must be more than 0, not " + InputText.decimal(v));
        } else {
            max(out, field, v);
        }
    }

    /** 0 or more and at most the declared maximum. */
    private static void atLeastZero(Issues out, String field, Double v) {
        if (finite(out, field, v) && v < 0) {
            out.add(field, "must not be negative (got " + InputText.decimal(v) + ")");
        } else {
            max(out, field, v);
        }
    }

    private static boolean finite(Issues out, String field, Double v) {
        if (v == null || out.get(field) != null) {
            return false;
        }
        if (v.isNaN() || v.isInfinite()) {
            out.add(field, "not a number");
            return false;
        }
        return true;
    }

    private static void max(Issues out, String field, Double v) {
        long max = Inputs.get(field).max();
        if (v != null && out.get(field) == null && !v.isNaN() && v > max) {
            out.add(field, "absurdly large: " + InputText.decimal(v) + " is above the limit " + max);
        }
    }
}
