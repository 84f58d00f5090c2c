package org.vramsheet.core.calc;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.vramsheet.core.perf.PerfEstimator;
import org.vramsheet.core.perf.Utilizations;
import org.vramsheet.core.sheet.LatencyStep;
import org.vramsheet.core.sheet.MeasuredLatency;
import org.vramsheet.core.sheet.PerfSettings;
import org.vramsheet.core.sheet.Worksheet;

/**
 * VALIDATION › "Calibrate from this run" (issue 29): the memory-bandwidth and compute utilizations with which the
 * sheet's estimate reproduces the probe's measurement. The memory-bandwidth utilization is fitted to the measured ITL
 * p50 (a decode step is memory-bound), the compute utilization to the measured TTFT p50 (a prefill is compute-bound),
 * each minimising the sum of squared log errors over the run's steps, in turns (each moves the other's figure a little:
 * prefills stall the decoding batch, a new prompt waits for the running step) from the calibrated defaults. Values are
 * rounded to 0.001, within (0, 1]. Refused, with the reason, for a measurement of another setup (model, GPU, engine and
 * version, GPUs per replica, weight format, KV dtype) or a sheet without an estimate.
 *
 * @param memoryBandwidth the fitted memory-bandwidth utilization (null when refused)
 * @param compute         the fitted compute utilization (null when refused)
 * @param reason          why it is refused ("" when fitted)
 * @param provenance      "calibrated from probe run TIME on SETUP: ..." ("" when refused)
 */
public record LatencyCalibration(Double memoryBandwidth, Double compute, String reason, String provenance) {
    static final double LOW = 0.01;
    private static final int ROUNDS = 8;
    private static final int ITERATIONS = 40;

    public boolean refused() { return !reason.isEmpty(); }

    /** The calibration of {@code ws} from its own measurement. */
    public static LatencyCalibration of(Worksheet ws) {
        return of(ws, SizingCalculator.compute(ws).perf());
    }

    /** {@code ws} with RUNTIME's memory-bandwidth and compute utilizations set from the fit (unchanged when refused). */
    public static Worksheet apply(Worksheet ws, LatencyCalibration fit) {
        if (fit.refused()) {
            return ws;
        }
        PerfSettings p = ws.runtime().performance() == null ? PerfSettings.defaults() : ws.runtime().performance();
        return ws.withRuntime(ws.runtime().toBuilder().performance(p.withUtilizations(fit.memoryBandwidth(), fit.compute()))
                .build());
    }

    static LatencyCalibration of(Worksheet ws, PerfSweep perf) {
        MeasuredLatency m = ws.validation().latency();
        String why = LatencyComparison.reason(ws, m, perf);
        List<LatencyStep> itl = new ArrayList<>();
        List<LatencyStep> ttft = new ArrayList<>();
        if (why.isEmpty()) {
            for (LatencyStep s : m.steps()) {
                if (s.concurrency() != null && s.itlP50Ms() != null && s.itlP50Ms() > 0) {
                    itl.add(s);
                }
                if (s.concurrency() != null && s.ttftP50Ms() != null && s.ttftP50Ms() > 0) {
                    ttft.add(s);
                }
            }
            if (itl.isEmpty() && ttft.isEmpty()) {
                why = "no step of the run measured a TTFT or ITL";
            }
        }
        if (!why.isEmpty()) {
            return new LatencyCalibration(null, null, why, "");
        }
        double mem = Utilizations.CALIBRATED.memoryBandwidth();
        double compute = Utilizations.CALIBRATED.compute();
        for (int round = 0; round < ROUNDS; round++) {
            double c = compute;
            if (!itl.isEmpty()) {
                mem = best(u -> error(perf.withUtilizations(u, c), m, itl, true));
            }
            double b = mem;
            if (!ttft.isEmpty()) {
                compute = best(u -> error(perf.withUtilizations(b, u), m, ttft, false));
            }
        }
        double memFit = round(mem);
        double computeFit = round(compute);
        return new LatencyCalibration(memFit, computeFit, "", provenance(m, memFit, computeFit, itl.size(), ttft.size()));
    }

    /** Rounded to 0.001 within [0.001, 1]. */
    static double round(double u) { return Math.max(0.001, Math.min(1, Math.round(u * 1000) / 1000.0)); }

    /** The utilization in [LOW, 1] minimising {@code err}, by golden-section search on its logarithm. */
    private static double best(DoubleUnaryOperator err) {
        double a = Math.log(LOW);
        double b = 0;
        double g = (Math.sqrt(5) - 1) / 2;
        double x1 = b - g * (b - a);
        double x2 = a + g * (b - a);
        double f1 = err.applyAsDouble(Math.exp(x1));
        double f2 = err.applyAsDouble(Math.exp(x2));
        for (int i = 0; i < ITERATIONS; i++) {
            if (f1 <= f2) {
                b = x2;
                x2 = x1;
                f2 = f1;
                x1 = b - g * (b - a);
                f1 = err.applyAsDouble(Math.exp(x1));
            } else {
                a = x1;
                x1 = x2;
                f1 = f2;
                x2 = a + g * (b - a);
                f2 = err.applyAsDouble(Math.exp(x2));
            }
        }
        double x = Math.exp((a + b) / 2);
        // the search never reaches its ends exactly: an optimum at a bound is the bound
        return x > 0.9995 ? 1 : x;
    }

    /** Sum of squared log(predicted / measured) of the ITL p50 ({@code itl}) or the TTFT p50 over the steps. */
    private static double error(PerfSweep perf, MeasuredLatency m, List<LatencyStep> steps, boolean itl) {
        double sum = 0;
        for (LatencyStep s : steps) {
            PerfEstimator.Times t = perf.at(s.concurrency(), m.inputTokens(), m.generatedTokens());
            if (t == null) {
                return Double.MAX_VALUE;
            }
            double e = Math.log((itl ? t.itlMs() : t.ttftMs()) / (itl ? s.itlP50Ms() : s.ttftP50Ms()));
            sum += e * e;
        }
        return sum;
    }

    /** The calibration's provenance: which run, on what, and what each value fits. */
    static String provenance(MeasuredLatency m, double mem, double compute, int itlSteps, int ttftSteps) {
        // no apostrophe: the source is quoted in the assumptions and the window translates it by its parts
        String setup = (m.modelId().isEmpty() ? "the model of the sheet" : m.modelId()) + " ("
                + (m.engine() == null ? "engine not known" : m.engine().label()) + (m.engineVersion().isEmpty() ? "" : " "
                + m.engineVersion()) + ", " + (m.gpus() == null ? "" : m.gpus() + " x ") + (m.gpuName().isEmpty() ? "GPU"
                : m.gpuName()) + (m.weightFormat() == null ? "" : ", " + m.weightFormat()) + (m.kvDtype() == null ? ""
                : ", KV " + m.kvDtype().label()) + ")";
        return "calibrated from probe run " + (m.measuredAt().isEmpty() ? "(time not recorded)" : m.measuredAt()) + " on "
                + setup + ": memory-bandwidth utilization " + PerfEstimator.n(mem) + " fits the measured ITL p50"
                + (itlSteps == 0 ? " (no step measured one: the default kept)" : " of " + itlSteps + " step(s)")
                + ", compute utilization " + PerfEstimator.n(compute) + " the measured TTFT p50"
                + (ttftSteps == 0 ? " (no step measured one: the default kept)" : " of " + ttftSteps + " step(s)")
                + " (least squares of log errors; prompt " + m.inputTokens() + ", output " + m.generatedTokens()
                + " tokens per request)";
    }
}
