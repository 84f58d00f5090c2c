package org.vramsheet.core.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;
import org.vramsheet.core.validation.LogComparison.Row;

/**
 * Why the sheet as it stands is off the log: each cause that applies to the sheet is corrected on a copy of it (the KV
 * dtype, utilization, TP, GPU memory or measured non-KV memory set to the log's; windows off; MLA on; ...), the copy is
 * calculated again and the gap left is its residual ({@link #worst}). Causes that leave the gap as it was are not
 * listed; the rest are listed by residual, smallest first.
 */
final class LikelyCauses {
    static final String NONE = "no single cause found on the sheet: compare the engine version's defaults and the model revision";

    /**
     * A cause and the sheet with it corrected; a fact (the log's setup differs from the sheet's) is listed whatever its
     * residual, a guess (the non-KV estimate, windows, MLA, CUDA graphs, ...) only when it narrows the gap.
     */
    private record Candidate(String text, Worksheet corrected, boolean fact) {
        Candidate(String text, Worksheet corrected) {
            this(text, corrected, false);
        }
    }

    private record Ranked(String text, double residual, boolean narrows) { }

    private LikelyCauses() { }

    /** The causes of the gap between the sheet's own estimate (at the log's context) and the log, smallest residual first. */
    static List<String> ranked(Worksheet stands, Measurement m) {
        Worksheet ws = LogComparison.unmeasured(stands);
        List<Row> rows = LogComparison.rows(SizingCalculator.calculate(ws), m);
        Row worst = worst(rows);
        if (worst == null || !worst.flagged()) {
            return List.of();
        }
        double gap = worst.delta();
        List<Ranked> out = new ArrayList<>();
        for (Candidate c : candidates(ws, stands.validation().measuredNonKvBytes(), m, rows)) {
            List<Row> after = LogComparison.rows(SizingCalculator.calculate(c.corrected()), m);
            boolean sameRows = true;
            for (int i = 0; i < rows.size(); i++) {
                sameRows &= rows.get(i).delta() == null || after.get(i).delta() != null;
            }
            Row left = worst(after);
            if (!sameRows || left == null) {
                continue; // the corrected sheet cannot give every figure: nothing to say how much it explains
            }
            double residual = left.delta();
            boolean narrows = Math.abs(residual) <= 0.9 * Math.abs(gap) && Math.abs(gap) - Math.abs(residual) >= 0.005;
            if (narrows || c.fact()) {
                out.add(new Ranked(c.text() + " — corrected, the gap goes from " + pct(gap) + " to " + pct(residual),
                        Math.abs(residual), narrows));
            }
        }
        out.sort(Comparator.comparingDouble(Ranked::residual));
        List<String> texts = new ArrayList<>();
        out.forEach(r -> texts.add(r.text()));
        if (out.stream().noneMatch(Ranked::narrows)) {
            texts.add(NONE); // no one correction narrows the gap (it may take two: see each one's residual)
        }
        return texts;
    }

    /**
     * The gap: the larger delta of the KV capacity and the concurrency (what the engine holds), else of the KV pool,
     * else of the non-KV memory; null when none has one.
     */
    static Row worst(List<Row> rows) {
        for (List<Row> tier : List.of(rows.subList(2, 4), rows.subList(1, 2), rows.subList(0, 1))) {
            Row worst = null;
            for (Row r : tier) {
                if (r.delta() != null && (worst == null || Math.abs(r.delta()) > Math.abs(worst.delta()))) {
                    worst = r;
                }
            }
            if (worst != null) {
                return worst;
            }
        }
        return null;
    }

    /** "+98.0 %", "-0.4 %", "+0.0 %" (never "-0.0 %"). */
    static String pct(double delta) {
        double tenths = Math.round(delta * 1000) / 10.0;
        return String.format(Locale.ROOT, "%+.1f %%", tenths == 0 ? 0.0 : tenths);
    }

    /** The causes that apply to the sheet (without its measurements; {@code measured}: VALIDATION's non-KV memory). */
    private static List<Candidate> candidates(Worksheet ws, Long measured, Measurement m, List<Row> rows) {
        List<Candidate> out = new ArrayList<>();
        setupCauses(ws, m, out);
        memoryCauses(ws, measured, m, rows, out);
        architectureCauses(ws, rows, out);
        return out;
    }

    /** The log's setup where the sheet's differs: KV dtype, utilization, TP, PP, GPU memory. */
    private static void setupCauses(Worksheet ws, Measurement m, List<Candidate> out) {
        RuntimeSettings r = ws.runtime();
        KvDtype logDtype = LogComparison.kvDtype(m.kvCacheDtype());
        if (logDtype != null && logDtype != ws.kv().kvDtype()) {
            out.add(new Candidate("KV-cache dtype: log '" + m.kvCacheDtype() + "', sheet '" + ws.kv().kvDtype().label() + "'",
                    ws.withKv(ws.kv().toBuilder().kvDtype(logDtype).build()), true));
        }
        Figure frac = SizingCalculator.calculate(ws).get(FigureKey.POOL_FRACTION);
        if (m.utilization() != null && frac.available() && Math.abs(m.utilization() - frac.ratio()) > 1e-6) {
            out.add(new Candidate(String.format(Locale.ROOT, "utilization differs: the log ran with %.2f, the sheet uses %.2f",
                    m.utilization(), frac.ratio()), ws.withRuntime(r.toBuilder().utilization(m.utilization()).build()), true));
        }
        int tp = m.tensorParallel() != null ? m.tensorParallel() : r.tensorParallel();
        int pp = m.pipelineParallel() != null ? m.pipelineParallel() : r.pipelineParallel();
        int count = ws.gpu().count() == null ? 1 : ws.gpu().count();
        Worksheet layout = ws.withGpu(ws.gpu().withCount(Math.max(count, tp * pp)));
        if (tp != r.tensorParallel()) {
            out.add(new Candidate("tensor parallelism differs: the log ran TP " + tp + ", the sheet TP " + r.tensorParallel(),
                    layout.withRuntime(r.toBuilder().tensorParallel(tp).build()), true));
        }
        if (pp != r.pipelineParallel()) {
            out.add(new Candidate("pipeline parallelism differs: the log ran PP " + pp + ", the sheet PP " + r.pipelineParallel(),
                    layout.withRuntime(r.toBuilder().pipelineParallel(pp).build()), true));
        }
        Long total = ws.gpu().totalBytes();
        if (m.totalBytes() != null && total != null && Math.abs(m.totalBytes() - total) > 0.02 * Units.GIB) {
            out.add(new Candidate("GPU memory differs: the engine saw " + Units.gibText(m.totalBytes()) + " CUDA-visible, the sheet has "
                    + Units.gibText(total), ws.withGpu(ws.gpu().withTotalBytes(m.totalBytes())), true));
        }
        if (m.totalBytes() == null && total != null && total > 0 && (total % Units.GB == 0) != (total % Units.GIB == 0)) {
            boolean gb = total % Units.GB == 0;
            out.add(new Candidate(gb ? "GB/GiB confusion? the sheet's GPU memory is a whole number of GB: as many GiB"
                    : "GB/GiB confusion? the sheet's GPU memory is a whole number of GiB: as many GB",
                    ws.withGpu(ws.gpu().withTotalBytes(gb ? total / Units.GB * Units.GIB : total / Units.GIB * Units.GB))));
        }
    }

    /** The sheet's non-KV estimate against the log's measurement; CUDA graphs counted the other way. */
    private static void memoryCauses(Worksheet ws, Long measured, Measurement m, List<Row> rows, List<Candidate> out) {
        if (m.nonKvBytes() != null) {
            int tp = m.tensorParallel() != null ? m.tensorParallel() : ws.runtime().tensorParallel();
            int pp = m.pipelineParallel() != null ? m.pipelineParallel() : ws.runtime().pipelineParallel();
            String log = Units.gibText(m.nonKvBytes());
            String text = measured == null ? "the sheet still uses its estimated non-KV memory; apply the log to use the measured "
                    + log + " (it already holds the weights)"
                    : m.nonKvBytes().equals(measured) ? "the sheet's non-KV estimate is off the measured " + log
                    + "; the sheet uses the measurement"
                    : "the sheet's non-KV estimate is off; apply the log to use its measured " + log + " instead of "
                    + Units.gibText(measured);
            out.add(new Candidate(text, ws.withValidation(ws.validation().toBuilder().measuredNonKvBytes(m.nonKvBytes())
                    .measuredOnGpus(tp * pp).build())));
        }
        Row pool = rows.get(1);
        if (pool.predicted() != null && pool.measured() != null) {
            double diff = pool.predicted() - pool.measured();
            long cg = NonKvEstimator.resolve(ws).cudaGraphs().bytes();
            Long est = m.cudaGraphEstimateBytes();
            boolean inPool = EngineDefaults.cudaGraphsInPool(ws.runtime()).value();
            long probe = est != null ? est : cg;
            if (probe > 0 && Math.abs(Math.abs(diff) - probe) < 0.08 * Units.GIB) {
                out.add(new Candidate("CUDA graph memory " + (inPool ? "subtracted" : "not subtracted") + " by the sheet for "
                        + (m.version() == null ? "this version" : "vLLM " + m.version()) + " while the engine did"
                        + (inPool ? " not" : "") + " (" + Units.gibText(probe) + "); set RUNTIME › CUDA graphs taken from pool",
                        ws.withRuntime(ws.runtime().toBuilder().cudaGraphsInPool(!inPool).build())));
            }
        }
    }

    /**
     * The sheet's KV architecture read the way the engine may have: its windows as full attention, its MLA fields as
     * MLA, its query heads as fewer KV heads. Only what the sheet has: no window cause without windows, no MLA cause
     * without MLA's latent rank.
     */
    private static void architectureCauses(Worksheet ws, List<Row> rows, List<Candidate> out) {
        KvArchitecture k = ws.kv();
        if (!k.windows().isEmpty()) {
            out.add(new Candidate("sliding windows not used by the engine? it may size the windowed layers as full attention",
                    ws.withKv(k.toBuilder().windows(List.of()).build())));
        }
        Row tokens = Math.abs(orZero(rows.get(2).delta())) >= Math.abs(orZero(rows.get(3).delta())) ? rows.get(2) : rows.get(3);
        if (tokens.predicted() == null || tokens.measured() == null || tokens.predicted() <= 0) {
            return;
        }
        double ratio = tokens.measured() / tokens.predicted();
        if (k.kind() != AttentionKind.MLA && k.kvLoraRank() != null && k.kvLoraRank() > 0) {
            out.add(new Candidate(String.format(Locale.ROOT, "MLA treated as full attention? the engine holds %.1fx the tokens the "
                    + "sheet predicts; DeepSeek-style models cache one latent per token (choose MLA)", ratio),
                    ws.withKv(k.toBuilder().kind(AttentionKind.MLA).build())));
        }
        long times = Math.round(ratio);
        if (k.kind() == AttentionKind.MHA && k.attentionHeads() != null && ratio > 1.9 && Math.abs(ratio - times) < 0.1 * ratio
                && k.attentionHeads() % times == 0) {
            out.add(new Candidate(String.format(Locale.ROOT, "KV heads taken as query heads? the engine holds %.0fx the tokens; "
                    + "check num_key_value_heads in config.json", ratio), ws.withKv(k.toBuilder().kind(AttentionKind.GQA)
                    .kvHeads((int) (k.attentionHeads() / times)).build())));
        }
    }

    private static double orZero(Double d) { return d == null ? 0 : d; }
}
