package org.vramsheet.core.validation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vramsheet.core.calc.SizingCalculator;
import org.vramsheet.core.calc.StaleMeasurements;
import org.vramsheet.core.result.Figure;
import org.vramsheet.core.result.FigureKey;
import org.vramsheet.core.result.SizingResult;
import org.vramsheet.core.result.Unit;
import org.vramsheet.core.sheet.Edits;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Predicted against measured: non-KV memory, KV pool, capacity in tokens and maximum concurrency, with deltas. The
 * prediction is one figure everywhere: the sheet's own estimate for the log's setup (the dialog, the frozen "Predicted
 * before launch", the report). A log of another model is the first finding ({@link ModelMismatch}); a gap above 2 %
 * is explained by the causes that apply to the sheet, each with the gap it leaves ({@link LikelyCauses}); setup
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

    /**
     * Compares the sheet's own estimate for the log's setup ({@link #predictionFor}; once this log is applied, the
     * prediction frozen before launch) with the log. The likely causes explain the gap of the sheet's own estimate at
     * its own setup (the log's context), each with the gap left when it is corrected, smallest first; a log of another
     * model is the first finding.
     */
    public static Result compare(Worksheet ws, Measurement m) {
        Worksheet logSetup = logSetup(ws, m);
        SizingResult predicted = estimate(logSetup);
        List<Row> rows = new ArrayList<>(rows(predicted, m, frozenFor(ws.validation(), m)));
        rows.addAll(DeviceComparison.rows(predicted, m));
        Worksheet stands = m.concurrencyTokens() == null ? ws : Edits.contextLength(ws, m.concurrencyTokens());
        String mismatch = ModelMismatch.finding(ws, m, logSetup);
        List<String> causes = new ArrayList<>(LikelyCauses.ranked(stands, m));
        if (!mismatch.isEmpty()) {
            causes.remove(LikelyCauses.NONE);
            causes.add(0, mismatch);
        }
        return new Result(List.copyOf(rows), List.copyOf(causes), setup(ws, m), mismatch);
    }

    /**
     * The sheet's own estimate for the log's setup (its utilization, parallelism, KV dtype, GPU memory, max model length;
     * the context its concurrency refers to), with VALIDATION's measurements left out: what the dialog, the frozen
     * "Predicted before launch" and the report compare with the log.
     */
    public static SizingResult predictionFor(Worksheet ws, Measurement m) {
        return estimate(logSetup(ws, m));
    }

    /** The sheet's own estimate: the sheet with VALIDATION's measurements removed (its notes kept). */
    public static SizingResult estimate(Worksheet ws) {
        return SizingCalculator.calculate(unmeasured(ws));
    }

    /** The sheet with VALIDATION's measurements removed, its notes kept. */
    static Worksheet unmeasured(Worksheet ws) {
        return ws.withValidation(Validation.builder().notes(ws.validation().notes()).build());
    }

    /** The sheet at the log's setup, with the sheet's own runtime estimates (as {@link #apply} freezes them). */
    private static Worksheet logSetup(Worksheet ws, Measurement m) {
        Worksheet a = apply(ws, m);
        RuntimeSettings r = ws.runtime();
        Worksheet pre = a.withRuntime(a.runtime().toBuilder().activationPeakBytes(r.activationPeakBytes())
                .nonTorchBytes(r.nonTorchBytes()).cudaGraphBytes(r.cudaGraphBytes()).build());
        return m.concurrencyTokens() == null ? pre : Edits.contextLength(pre, m.concurrencyTokens());
    }

    /** VALIDATION when it holds this log's measurements and a frozen prediction (the log was applied), else null. */
    private static Validation frozenFor(Validation v, Measurement m) {
        boolean applied = (m.nonKvBytes() != null || m.kvPoolBytes() != null || m.kvTokens() != null)
                && (m.nonKvBytes() == null || m.nonKvBytes().equals(v.measuredNonKvBytes()))
                && (m.kvPoolBytes() == null || m.kvPoolBytes().equals(v.allocatedKvBytes()))
                && (m.kvTokens() == null || m.kvTokens().equals(v.kvCapacityTokens()));
        return applied && v.hasPrediction() ? v : null;
    }

    /** The four compared quantities: a result's figures against the log's. */
    static List<Row> rows(SizingResult r, Measurement m) {
        return rows(r, m, null);
    }

    /** The rows, with a frozen prediction's figures in place of the result's where it has them. */
    private static List<Row> rows(SizingResult r, Measurement m, Validation frozen) {
        Double nonKv = val(r, FigureKey.POOL_NON_KV_BYTES);
        Double pool = val(r, FigureKey.POOL_KV_POOL_BYTES);
        Double capacity = val(r, FigureKey.POOL_CAPACITY_TOKENS);
        Double concurrency = val(r, FigureKey.POOL_CONCURRENCY_RATIO);
        if (frozen != null) {
            Double frozenCapacity = dbl(frozen.predictedKvCapacityTokens());
            // concurrency is not frozen: it follows the frozen capacity (the same tokens per sequence)
            if (frozenCapacity != null && capacity != null && capacity > 0 && concurrency != null) {
                concurrency = concurrency * frozenCapacity / capacity;
            }
            nonKv = or(dbl(frozen.predictedNonKvBytes()), nonKv);
            pool = or(dbl(frozen.predictedKvPoolBytes()), pool);
            capacity = or(frozenCapacity, capacity);
        }
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Non-KV memory per GPU", Unit.BYTES, nonKv, dbl(m.nonKvBytes())));
        rows.add(new Row("KV pool per GPU", Unit.BYTES, pool, dbl(m.kvPoolBytes())));
        rows.add(new Row("KV capacity (tokens)", Unit.TOKENS, capacity, dbl(m.kvTokens())));
        rows.add(new Row("Max concurrency" + (m.concurrencyTokens() == null ? "" : " at "
                + Units.grouped(m.concurrencyTokens()) + " tokens"), Unit.RATIO, concurrency, m.concurrency()));
        return rows;
    }

    private static Double dbl(Long v) { return v == null ? null : v.doubleValue(); }

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
        Long measured = ws.validation().measuredNonKvBytes();
        if (m.nonKvBytes() != null && measured != null && !measured.equals(m.nonKvBytes())) {
            out.add("measured non-KV memory: log " + Units.gibText(m.nonKvBytes()) + ", sheet " + Units.gibText(measured));
        }
        if (m.totalBytes() != null && !m.totalBytes().equals(ws.gpu().totalBytes())) {
            out.add("GPU memory: log " + Units.gibText(m.totalBytes()) + " CUDA-visible, sheet "
                    + (ws.gpu().totalBytes() == null ? "-" : Units.gibText(ws.gpu().totalBytes())));
        }
        // with TP the other workers' own memory is in use at startup: only a one-GPU log says another process held it
        if ((m.tensorParallel() == null || m.tensorParallel() == 1) && m.freeBytes() != null && m.totalBytes() != null
                && m.totalBytes() - m.freeBytes() > 2 * Units.GIB) {
            out.add("another process held memory at startup: free " + Units.gibText(m.freeBytes()) + " of "
                    + Units.gibText(m.totalBytes()));
        }
        return out;
    }

    private static String tail(String id) {
        int i = id.lastIndexOf('/');
        return i >= 0 ? id.substring(i + 1) : id;
    }

    /** The fields {@link #apply} may change; every other field of the sheet is kept. */
    public static final Set<String> APPLY_OWNS = Set.of("runtime.engine", "runtime.engineVersion",
            "runtime.tensorParallel", "runtime.pipelineParallel", "runtime.utilization", "runtime.blockSize", "runtime.cudaGraphsInPool",
            "runtime.maxModelLen", "runtime.nodes", "runtime.maxNumSeqs", "runtime.llamaCpp.gpuLayers", "runtime.llamaCpp.tensorSplit",
            "runtime.llamaCpp.cacheTypeV", "runtime.llamaCpp.kvUnified", "runtime.llamaCpp.flashAttention", "runtime.llamaCpp.ubatch",
            "runtime.llamaCpp.batch", "runtime.activationPeakBytes", "runtime.nonTorchBytes", "runtime.cudaGraphBytes",
            "gpu.count", "gpu.totalBytes", "model.modelId", "result.contextLength", "kv.kvDtype", "validation.predictedNonKvBytes",
            "validation.predictedKvPoolBytes", "validation.predictedKvCapacityTokens", "validation.measuredOnGpus",
            "validation.measuredNonKvBytes", "validation.allocatedKvBytes", "validation.kvCapacityTokens", "validation.notes",
            "validation.measuredActivationPeakBytes", "validation.measuredNonTorchBytes", "validation.measuredCudaGraphBytes",
            "validation.measuredPeakBytes", "validation.preemptionSequences", "validation.setup.modelId",
            "validation.setup.revision", "validation.setup.weightFormat", "validation.setup.weightBytes", "validation.setup.kvDtype",
            "validation.setup.engine", "validation.setup.engineVersion", "validation.setup.gpuName", "validation.setup.gpuTotalBytes",
            "validation.setup.tensorParallel", "validation.setup.pipelineParallel", "validation.setup.utilization",
            "validation.setup.maxModelLen", "validation.setup.blockSize", "validation.setup.date", "runtime.ollama.numCtx",
            "runtime.ollama.numParallel", "runtime.ollama.kvCacheType", "runtime.ollama.flashAttention", "runtime.ollama.numGpu");

    private static Validation withNote(Validation v, String note) {
        return v.notes().contains(note) ? v : v.toBuilder().notes(v.notes().isBlank() ? note : v.notes() + "\n" + note).build();
    }

    /** The llama.cpp flags {@link #apply} sets from a llama.cpp log ("-np 4", "-ctv q4_0", ...), in llama.cpp's spelling. */
    public static List<String> llamaCppFlags(Worksheet ws, Measurement m) {
        List<String> flags = new ArrayList<>();
        LlamaCppApply.flags(ws.withRuntime(ws.runtime().toBuilder().engine(or(m.engine(), ws.runtime().engine())).build()), m, flags);
        return flags;
    }

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
                .blockSize(or(m.blockSize(), r.blockSize()))
                .cudaGraphsInPool(or(m.cudaGraphsInPool(), r.cudaGraphsInPool()))
                .nodes(or(m.nodes(), r.nodes()))
                .maxModelLen(or(m.maxModelLen(), r.maxModelLen()))
                .activationPeakBytes(m.activationPeakBytes() != null ? null : r.activationPeakBytes())
                .nonTorchBytes(m.nonTorchBytes() != null || m.freeBeforeWeightsBytes() != null ? null : r.nonTorchBytes())
                .cudaGraphBytes(m.cudaGraphEstimateBytes() != null ? null : r.cudaGraphBytes()).build();
        Gpu g = ws.gpu();
        Gpu ng = g.withCount(Math.max(g.count(), tp * pp)).withTotalBytes(or(m.totalBytes(), g.totalBytes()));
        Worksheet setup = ws.withRuntime(nr).withGpu(ng);
        KvDtype logDtype = kvDtype(m.kvCacheDtype());
        if (logDtype != null) {
            setup = setup.withKv(setup.kv().toBuilder().kvDtype(logDtype).build());
        }
        List<String> flags = new ArrayList<>();
        setup = LlamaCppApply.flags(setup, m, flags);
        nr = setup.runtime();
        if (m.maxModelLen() != null) {
            setup = Edits.contextLength(setup, m.maxModelLen());
        }
        setup = OllamaApply.settings(setup, m);
        // the prediction before launch: the log's layout, but the sheet's own estimates (no profiled or measured memory)
        Worksheet preLaunch = setup.withRuntime(nr.toBuilder().activationPeakBytes(r.activationPeakBytes())
                .nonTorchBytes(r.nonTorchBytes()).cudaGraphBytes(r.cudaGraphBytes()).build());
        Validation old = ws.validation();
        if (old.hasPrediction() && StaleMeasurements.find(setup.withValidation(old)).any()) {
            // the frozen prediction was for the earlier log's setup: this log's setup gets its own
            old = old.toBuilder().predictedNonKvBytes(null).predictedKvPoolBytes(null).predictedKvCapacityTokens(null).build();
        }
        Worksheet out = StaleMeasurements.bind(ws.validation(), setup.withValidation(freeBefore(m.toValidation(frozen(preLaunch, old),
                tp * pp), ng.totalBytes(), m)), date);
        if (!flags.isEmpty()) {
            out = out.withValidation(withNote(out.validation(), LlamaCppApply.note(flags)));
        }
        return m.nonKvBytes() == null || offByMoreThanRounding(out, m) ? backedOut(ws.validation(), out, m, date) : out;
    }

    /**
     * An engine that sizes its pool from the memory free before it loaded the weights (SGLang's "avail mem" at "Load weight
     * begin", the smallest rank's): what was in use before then (CUDA context, other processes, a desktop) is taken as
     * measured non-torch memory, so the pool rule starts from the free memory the engine saw, not the GPU's total.
     */
    private static Validation freeBefore(Validation v, Long total, Measurement m) {
        Long free = m.freeBeforeWeightsBytes();
        if (free == null || total == null || free > total || m.nonTorchBytes() != null) {
            return v;
        }
        String note = "Non-torch " + Units.gibText(total - free) + " = GPU memory " + Units.gibText(total) + " - the "
                + Units.gibText(free) + " free before the weights loaded (the engine sized its pool from the free memory)";
        return v.toBuilder().measuredNonTorchBytes(total - free).notes(v.notes().isBlank() ? note : v.notes() + "\n" + note).build();
    }

    /** The printed GiB are rounded to 0.01 (two or three of them make non-KV): the rounding a printed non-KV can carry. */
    static final long PRINTED_ROUNDING = Units.gib(0.02);

    /**
     * Whether the log's own non-KV memory gives a capacity more than 0.1 % off the printed tokens (a small pool, where the
     * rounding of the printed GiB shows): then the value within that rounding that gives the printed tokens is taken.
     */
    private static boolean offByMoreThanRounding(Worksheet out, Measurement m) {
        if (m.kvTokens() == null || m.kvTokens() == 0) {
            return false;
        }
        Figure f = SizingCalculator.calculate(out).get(FigureKey.POOL_CAPACITY_TOKENS);
        return f != null && f.available() && Math.abs(f.value() / (double) m.kvTokens() - 1) > 0.001;
    }

    /**
     * A log that prints the pool (or its tokens) but not the memory it was sized from: the non-KV memory that reproduces
     * it is backed out and used as measured, with a note saying so; without it the sheet would keep its own estimate.
     */
    private static Worksheet backedOut(Validation before, Worksheet out, Measurement m, String date) {
        NonKvBackOut.Result b = NonKvBackOut.of(out.withValidation(out.validation().toBuilder().measuredNonKvBytes(null).build()), m);
        Long printed = m.nonKvBytes();
        if (b == null || printed != null && Math.abs(b.nonKvBytes() - printed) > PRINTED_ROUNDING) {
            return out; // a real difference (not the rounding): the log's own figure stays, and the comparison shows the gap
        }
        Validation v = out.validation();
        String note = printed == null ? b.note() : "Non-KV per GPU " + Units.gibText(b.nonKvBytes()) + " taken within the rounding of "
                + "the log's printed " + Units.gibText(printed) + " (its GiB are rounded to 0.01): the value that gives the printed "
                + Units.grouped(m.kvTokens()) + " tokens";
        String notes = v.notes().isBlank() ? note : v.notes() + "\n" + note;
        Worksheet w = out.withValidation(v.toBuilder().measuredNonKvBytes(b.nonKvBytes()).measuredOnGpus(out.runtime().ranks())
                .notes(notes).build());
        return StaleMeasurements.recorded(StaleMeasurements.bind(before, w, date), date);
    }

    /**
     * VALIDATION with the sheet's pre-launch prediction at the log's setup (non-KV, KV pool, capacity) frozen in,
     * unless one was frozen already (applying a second log keeps the first prediction): {@link #estimate}'s figures,
     * the ones {@link #predictionFor} gives the dialog.
     */
    private static Validation frozen(Worksheet setup, Validation v) {
        if (v.hasPrediction()) {
            return v;
        }
        SizingResult r = estimate(setup);
        return v.toBuilder().predictedNonKvBytes(exact(r, FigureKey.POOL_NON_KV_BYTES))
                .predictedKvPoolBytes(exact(r, FigureKey.POOL_KV_POOL_BYTES))
                .predictedKvCapacityTokens(exact(r, FigureKey.POOL_CAPACITY_TOKENS)).build();
    }

    private static Long exact(SizingResult r, FigureKey key) {
        Figure f = r.get(key);
        return f.available() ? f.value() : null;
    }
}
