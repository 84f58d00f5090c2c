package org.vramsheet.core.validation;

import java.util.Set;
import org.vramsheet.core.engine.NonKvEstimator;
import org.vramsheet.core.sheet.Edits;
import org.vramsheet.core.result.FigureKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Predicted against measured: non-KV memory, KV pool, capacity in tokens and maximum concurrency,
 * with deltas; a delta above 2 % is explained by checking the sheet for the usual causes; setup
 * differences (model, utilization, context, parallelism) are listed so the log's values can be applied.
 */
public final class LogComparison {
    public static final double FLAG = 0.02;

    /** One compared quantity; bytes or tokens or sequences in value, ratio in x. */
    public record Row(String label, Unit unit, Double predicted, Double measured) {
        public Double delta() {
            if (predicted == null || measured == null || measured == 0) {
                return null;
            }
            return (predicted - measured) / measured;
        }

        public boolean flagged() {
            Double d = delta();
            return d != null && Math.abs(d) > FLAG;
        }
    }

    /**
     * The comparison: rows, likely causes (a model mismatch first), setup differences, and the mismatch itself
     * (empty when the log is of the sheet's model); applying a mismatched log asks for confirmation.
     */
    public record Result(List<Row> rows, List<String> causes, List<String> setupDifferences, String modelMismatch) {
        public boolean mismatched() { return !modelMismatch.isEmpty(); }
    }

    private LogComparison() { }

    private static Double val(SizingResult r, FigureKey key) {
        Figure f = r.get(key);
        if (!f.available()) {
            return null;
        }
        return f.unit() == Unit.RATIO ? f.ratio() : (double) f.value();
    }

    /** Compares the sheet's prediction (as it stands) with the log. */
    public static Result compare(Worksheet ws, Measurement m) {
        Worksheet atLogContext = ws;
        if (m.concurrencyTokens() != null) {
            atLogContext = Edits.contextLength(ws, m.concurrencyTokens());
        }
        SizingResult r = SizingCalculator.calculate(atLogContext);
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Non-KV memory per GPU", Unit.BYTES, val(r, FigureKey.POOL_NON_KV_BYTES), dbl(m.nonKvBytes())));
        rows.add(new Row("KV pool per GPU", Unit.BYTES, val(r, FigureKey.POOL_KV_POOL_BYTES), dbl(m.kvPoolBytes())));
        rows.add(new Row("KV capacity (tokens)", Unit.TOKENS, val(r, FigureKey.POOL_CAPACITY_TOKENS), dbl(m.kvTokens())));
        rows.add(new Row("Max concurrency" + (m.concurrencyTokens() == null ? "" : " at "
                + Units.grouped(m.concurrencyTokens()) + " tokens"), Unit.RATIO, val(r, FigureKey.POOL_CONCURRENCY_RATIO),
                m.concurrency()));
        String mismatch = modelMismatch(ws, m);
        List<String> causes = new ArrayList<>(causes(ws, m, r, rows));
        if (!mismatch.isEmpty()) {
            causes.remove("no single cause found on the sheet: compare the engine version's defaults and the model revision");
            causes.add(0, mismatch);
        }
        return new Result(rows, List.copyOf(causes), setup(ws, m), mismatch);
    }

    /**
     * A log of another model: the KV bytes per token its pool implies (pool / tokens, per GPU) are far from the
     * sheet's at the log's setup, or the names differ (suffixes like -Instruct / -Chat aside) and the log gives no
     * pool to compare. Names that differ over the same KV geometry (Qwen2 and Qwen2.5 7B) are a setup difference.
     */
    static String modelMismatch(Worksheet ws, Measurement m) {
        String bytes = kvBytesMismatch(ws, m);
        boolean namesDiffer = false;
        if (m.modelId() != null && !ws.model().modelId().isBlank()) {
            String a = family(m.modelId());
            String b = family(ws.model().modelId());
            namesDiffer = !a.contains(b) && !b.contains(a);
        }
        if (namesDiffer && (bytes != null || m.kvPoolBytes() == null || m.kvTokens() == null)) {
            return "another model? the log ran '" + m.modelId() + "', the sheet is '" + ws.model().modelId() + "'"
                    + (bytes != null ? "; " + bytes : "") + ": check before applying it";
        }
        return bytes != null ? "another model or another KV ARCHITECTURE? " + bytes + ": check before applying it" : "";
    }

    /** How far the KV bytes per token the log's pool implies are from the sheet's at the log's setup, when far. */
    private static String kvBytesMismatch(Worksheet ws, Measurement m) {
        if (m.kvPoolBytes() == null || m.kvTokens() == null || m.kvTokens() <= 0) {
            return null;
        }
        Figure f = SizingCalculator.calculate(apply(ws, m)).get(FigureKey.KV_CACHE_BYTES_PER_TOKEN_PER_GPU);
        if (!f.available() || f.value() <= 0) {
            return null;
        }
        double implied = m.kvPoolBytes() / (double) m.kvTokens();
        double ratio = implied / f.value();
        if (ratio >= 0.67 && ratio <= 1.5) {
            return null;
        }
        return String.format(Locale.ROOT, "the log's pool holds %s B per token per GPU, the sheet %s B (%.2fx)",
                Units.grouped(Math.round(implied)), Units.grouped(f.value()), ratio);
    }

    /** A model ID without organisation and the usual variant suffixes, for comparing names. */
    private static String family(String id) {
        return tail(id).toLowerCase(Locale.ROOT).replaceAll("[-_](instruct|chat|it|hf|base)$", "").replace('_', '-');
    }

    private static double orZero(Double d) { return d == null ? 0 : d; }

    private static Double dbl(Long v) { return v == null ? null : v.doubleValue(); }

    /** Causes read from the token and pool deltas: MLA, KV heads, windows, GB/GiB, CUDA graphs. */
    private static void architectureCauses(Worksheet ws, Measurement m, List<Row> rows, List<String> out) {
        KvArchitecture k = ws.kv();
        Row tokens = Math.abs(orZero(rows.get(2).delta())) >= Math.abs(orZero(rows.get(3).delta())) ? rows.get(2) : rows.get(3);
        Row pool = rows.get(1);
        if (tokens.predicted() != null && tokens.measured() != null && tokens.predicted() > 0) {
            double ratio = tokens.measured() / tokens.predicted();
            // causes come from the numbers, never from a model's name (a "kimi" fine-tune of Qwen is not MLA)
            if (k.kind() != AttentionKind.MLA && ratio > 6.5) {
                out.add(String.format(Locale.ROOT, "MLA treated as full attention? the engine holds %.1fx the tokens the "
                        + "sheet predicts; DeepSeek-style models cache one latent per token (choose MLA)", ratio));
            }
            if (k.kind() == AttentionKind.MHA && k.attentionHeads() != null && ratio > 1.9
                    && Math.abs(ratio - Math.rint(ratio)) < 0.1 * ratio) {
                out.add(String.format(Locale.ROOT, "KV heads taken as query heads? the engine holds %.0fx the tokens; "
                        + "check num_key_value_heads in config.json", ratio));
            }
            if (k.windows().isEmpty() && ratio > 1.05 && ratio <= 6.5) {
                out.add("sliding windows ignored? the engine holds more tokens than the sheet; a model with windowed "
                        + "layers stores less per token past its window (add them in KV ARCHITECTURE)");
            }
            if (Math.abs(ratio - 1.073741824) < 0.004 || Math.abs(ratio - 1 / 1.073741824) < 0.004) {
                out.add("GB/GiB confusion? the delta is the 7.4 % between 10^9 and 2^30 bytes");
            }
        }
        if (pool.predicted() != null && pool.measured() != null) {
            double diff = pool.predicted() - pool.measured();
            long cg = NonKvEstimator.resolve(ws).cudaGraphs().bytes();
            Long est = m.cudaGraphEstimateBytes();
            boolean inPool = EngineDefaults.cudaGraphsInPool(ws.runtime()).value();
            long probe = est != null ? est : cg;
            if (probe > 0 && Math.abs(Math.abs(diff) - probe) < 0.08 * Units.GIB) {
                out.add("CUDA graph memory " + (inPool ? "subtracted" : "not subtracted") + " by the sheet for "
                        + (m.version() == null ? "this version" : "vLLM " + m.version()) + " while the engine did"
                        + (inPool ? " not" : "") + " (" + Units.gibText(probe) + "); set RUNTIME › CUDA graphs taken from pool");
            }
        }
    }

    private static List<String> causes(Worksheet ws, Measurement m, SizingResult r, List<Row> rows) {
        List<String> out = new ArrayList<>();
        boolean any = rows.stream().anyMatch(Row::flagged);
        if (!any) {
            return out;
        }
        architectureCauses(ws, m, rows, out);
        Figure frac = r.get(FigureKey.POOL_FRACTION);
        if (m.utilization() != null && frac.available() && Math.abs(m.utilization() - frac.ratio()) > 1e-6) {
            out.add(String.format(Locale.ROOT, "utilization differs: the log ran with %.2f, the sheet uses %.2f", m.utilization(),
                    frac.ratio()));
        }
        if (m.tensorParallel() != null && m.tensorParallel() != ws.runtime().tensorParallel()) {
            out.add("tensor parallelism differs: the log ran TP " + m.tensorParallel() + ", the sheet TP "
                    + ws.runtime().tensorParallel());
        }
        // with TP the other workers' own memory is in use at startup: only a one-GPU log says another process held it
        if ((m.tensorParallel() == null || m.tensorParallel() == 1) && m.freeBytes() != null && m.totalBytes() != null
                && m.totalBytes() - m.freeBytes() > 2 * Units.GIB) {
            out.add("another process held memory at startup: free " + Units.gibText(m.freeBytes()) + " of "
                    + Units.gibText(m.totalBytes()));
        }
        if (m.totalBytes() != null && ws.gpu().totalBytes() != null
                && Math.abs(m.totalBytes() - ws.gpu().totalBytes()) > 0.02 * Units.GIB) {
            out.add("GPU memory differs: the engine saw " + Units.gibText(m.totalBytes()) + " CUDA-visible, the sheet has "
                    + Units.gibText(ws.gpu().totalBytes()));
        }
        if (ws.validation().measuredNonKvBytes() == null && m.nonKvBytes() != null) {
            out.add("the sheet still uses its estimated non-KV memory; apply the log to use the measured "
                    + Units.gibText(m.nonKvBytes()) + " (it already holds the weights)");
        }
        if (out.isEmpty()) {
            out.add("no single cause found on the sheet: compare the engine version's defaults and the model revision");
        }
        return out;
    }

    private static List<String> setup(Worksheet ws, Measurement m) {
        List<String> out = new ArrayList<>();
        RuntimeSettings r = ws.runtime();
        if (m.modelId() != null && !ws.model().modelId().isBlank()) {
            String a = tail(m.modelId());
            String b = tail(ws.model().modelId());
            if (!a.equalsIgnoreCase(b)) {
                out.add("model: the log ran '" + m.modelId() + "', the sheet is '" + ws.model().modelId() + "'");
            }
        }
        if (m.utilization() != null && (r.utilization() == null || Math.abs(r.utilization() - m.utilization()) > 1e-9)) {
            out.add("utilization: log " + m.utilization() + ", sheet " + (r.utilization() == null ? "engine default"
                    : r.utilization()));
        }
        if (m.maxModelLen() != null && !m.maxModelLen().equals(r.maxModelLen())) {
            out.add("max model length: log " + Units.grouped(m.maxModelLen()) + ", sheet "
                    + (r.maxModelLen() == null ? "-" : Units.grouped(r.maxModelLen())));
        }
        KvDtype logDtype = kvDtype(m.kvCacheDtype());
        if (logDtype != null && logDtype != ws.kv().kvDtype()) {
            out.add("KV-cache dtype: log '" + m.kvCacheDtype() + "', sheet '" + ws.kv().kvDtype().label() + "'");
        }
        if (m.tensorParallel() != null && m.tensorParallel() != r.tensorParallel()) {
            out.add("tensor parallel: log " + m.tensorParallel() + ", sheet " + r.tensorParallel());
        }
        if (m.pipelineParallel() != null && m.pipelineParallel() != r.pipelineParallel()) {
            out.add("pipeline parallel: log " + m.pipelineParallel() + ", sheet " + r.pipelineParallel());
        }
        if (m.nodes() != null && !m.nodes().equals(r.nodes())) {
            out.add("nodes per replica: log " + m.nodes() + " (Ray workers on " + m.nodes() + " machines), sheet " + r.nodes());
        }
        if (m.version() != null && !m.version().equals(r.engineVersion())) {
            out.add("engine version: log " + m.version() + ", sheet " + (r.engineVersion().isEmpty() ? "-" : r.engineVersion()));
        }
        if (m.totalBytes() != null && !m.totalBytes().equals(ws.gpu().totalBytes())) {
            out.add("GPU memory: log " + Units.gibText(m.totalBytes()) + " CUDA-visible, sheet "
                    + (ws.gpu().totalBytes() == null ? "-" : Units.gibText(ws.gpu().totalBytes())));
        }
        return out;
    }

    private static String tail(String id) {
        int i = id.lastIndexOf('/');
        return i >= 0 ? id.substring(i + 1) : id;
    }

    /** The fields {@link #apply} may change; every other field of the sheet is kept. */
    public static final Set<String> APPLY_OWNS = Set.of("runtime.engine", "runtime.engineVersion",
            "runtime.tensorParallel", "runtime.pipelineParallel", "runtime.utilization", "runtime.maxModelLen", "runtime.nodes",
            "runtime.activationPeakBytes", "runtime.nonTorchBytes", "runtime.cudaGraphBytes", "gpu.count", "gpu.totalBytes",
            "model.modelId", "result.contextLength", "kv.kvDtype", "validation.predictedNonKvBytes", "validation.predictedKvPoolBytes",
            "validation.predictedKvCapacityTokens", "validation.measuredOnGpus",
            "validation.measuredNonKvBytes", "validation.allocatedKvBytes", "validation.kvCapacityTokens", "validation.notes",
            "validation.measuredActivationPeakBytes", "validation.measuredNonTorchBytes", "validation.measuredCudaGraphBytes",
            "validation.measuredPeakBytes", "validation.preemptionSequences", "validation.setup.modelId",
            "validation.setup.revision", "validation.setup.weightFormat", "validation.setup.weightBytes", "validation.setup.kvDtype",
            "validation.setup.engine", "validation.setup.engineVersion", "validation.setup.gpuName", "validation.setup.gpuTotalBytes",
            "validation.setup.tensorParallel", "validation.setup.pipelineParallel", "validation.setup.utilization",
            "validation.setup.maxModelLen", "validation.setup.blockSize", "validation.setup.date");

    private static <T> T or(T value, T otherwise) { return value != null ? value : otherwise; }

    /** vLLM's --kv-cache-dtype as the sheet's KV dtype ("auto", "fp8", "fp8_e4m3", "fp8_e5m2", ...), or null. */
    static KvDtype kvDtype(String vllm) {
        if (vllm == null) {
            return null;
        }
        return switch (vllm.trim().toLowerCase(Locale.ROOT)) {
            case "auto" -> KvDtype.AUTO;
            case "fp8", "fp8_e4m3", "fp8_inc" -> KvDtype.FP8_E4M3;
            case "fp8_e5m2" -> KvDtype.FP8_E5M2;
            case "bfloat16", "bf16" -> KvDtype.BF16;
            case "float16", "half", "fp16" -> KvDtype.FP16;
            case "nvfp4", "fp4" -> KvDtype.FP4;
            default -> null;
        };
    }

    /** {@link #apply(Worksheet, Measurement, String)} undated. */
    public static Worksheet apply(Worksheet ws, Measurement m) { return apply(ws, m, ""); }

    /**
     * The sheet with the log's setup (utilization, context, parallelism, version, GPU memory) and VALIDATION; the
     * measurements are bound to that setup, measured on {@code date} (ISO), and old ones of another setup are cleared.
     */
    public static Worksheet apply(Worksheet ws, Measurement m, String date) {
        if (ws.model().modelId().isBlank() && m.modelId() != null) {
            ws = ws.withModel(ws.model().withModelId(m.modelId()));
        }
        RuntimeSettings r = ws.runtime();
        int tp = m.tensorParallel() != null ? m.tensorParallel() : r.tensorParallel();
        int pp = m.pipelineParallel() != null ? m.pipelineParallel() : r.pipelineParallel();
        RuntimeSettings nr = r.toBuilder().engine(or(m.engine(), r.engine())).engineVersion(or(m.version(), r.engineVersion()))
                .tensorParallel(tp).pipelineParallel(pp).utilization(or(m.utilization(), r.utilization()))
                .nodes(or(m.nodes(), r.nodes()))
                .maxModelLen(or(m.maxModelLen(), r.maxModelLen()))
                .activationPeakBytes(m.activationPeakBytes() != null ? null : r.activationPeakBytes())
                .nonTorchBytes(m.nonTorchBytes() != null ? null : r.nonTorchBytes())
                .cudaGraphBytes(m.cudaGraphEstimateBytes() != null ? null : r.cudaGraphBytes()).build();
        Gpu g = ws.gpu();
        Gpu ng = g.withCount(Math.max(g.count(), tp * pp)).withTotalBytes(or(m.totalBytes(), g.totalBytes()));
        Worksheet setup = ws.withRuntime(nr).withGpu(ng);
        KvDtype logDtype = kvDtype(m.kvCacheDtype());
        if (logDtype != null) {
            setup = setup.withKv(setup.kv().toBuilder().kvDtype(logDtype).build());
        }
        if (m.maxModelLen() != null) {
            setup = Edits.contextLength(setup, m.maxModelLen());
        }
        // the prediction before launch: the log's layout, but the sheet's own estimates (no profiled or measured memory)
        Worksheet preLaunch = setup.withRuntime(nr.toBuilder().activationPeakBytes(r.activationPeakBytes())
                .nonTorchBytes(r.nonTorchBytes()).cudaGraphBytes(r.cudaGraphBytes()).build());
        return StaleMeasurements.bind(ws.validation(), setup.withValidation(m.toValidation(frozen(preLaunch, ws.validation()),
                tp * pp)), date);
    }

    /**
     * VALIDATION with the sheet's pre-launch prediction at the log's setup (non-KV, KV pool, capacity) frozen in,
     * unless one was frozen already (applying a second log keeps the first prediction).
     */
    private static Validation frozen(Worksheet setup, Validation v) {
        if (v.hasPrediction()) {
            return v;
        }
        SizingResult r = SizingCalculator.calculate(setup.withValidation(Validation.empty()));
        return v.toBuilder().predictedNonKvBytes(exact(r, FigureKey.POOL_NON_KV_BYTES))
                .predictedKvPoolBytes(exact(r, FigureKey.POOL_KV_POOL_BYTES))
                .predictedKvCapacityTokens(exact(r, FigureKey.POOL_CAPACITY_TOKENS)).build();
    }

    private static Long exact(SizingResult r, FigureKey key) {
        Figure f = r.get(key);
        return f.available() ? f.value() : null;
    }
}
