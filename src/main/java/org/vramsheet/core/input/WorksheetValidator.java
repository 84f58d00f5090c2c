package org.vramsheet.core.input;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.vramsheet.core.kv.KvGeometry;
import org.vramsheet.core.engine.EngineDefaults;
import org.vramsheet.core.engine.Engines;
import org.vramsheet.core.sheet.AttentionKind;
import org.vramsheet.core.sheet.CacheImplementation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.KvDtype;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Scenario;
import org.vramsheet.core.sheet.ScenarioId;
import org.vramsheet.core.sheet.SignOff;
import org.vramsheet.core.sheet.SignOffStatus;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/** Checks every input field; each problem names the field and the reason. Never throws. */
public final class WorksheetValidator {
    static final long MAX_PARAMS = 100_000_000_000_000L;   // 100 trillion
    static final long MAX_TOKENS = 100_000_000L;           // per sequence / context
    public static final long MAX_SEQUENCES = 10_000_000L;
    static final long MAX_BYTES = 1L << 50;                // 1 PiB
    static final long MAX_GPU_BYTES = 16L << 40;           // 16 TiB per GPU
    static final int MAX_LAYERS = 10_000;
    static final int MAX_HEADS = 100_000;
    static final int MAX_DIM = 1 << 20;

    private WorksheetValidator() { }

    public static Issues validate(Worksheet ws) {
        return validate(ws, new Issues());
    }

    /** Adds this sheet's issues to {@code out}; an issue already there for a field (e.g. "not a number") wins. */
    public static Issues validate(Worksheet ws, Issues out) {
        model(ws, out);
        weights(ws.weights(), out);
        kv(ws, out);
        for (ScenarioId id : ScenarioId.values()) {
            scenario(ws, id, out);
        }
        runtime(ws, out);
        gpu(ws, out);
        validation(ws, out);
        result(ws, out);
        signOff(ws.signOff(), out);
        return out;
    }

    private static void model(Worksheet ws, Issues out) {
        range(out, "model.maxContextTokens", ws.model().maxContextTokens(), 1, MAX_TOKENS, false);
        range(out, "model.vocabSize", ws.model().vocabSize(), 1, 100_000_000L, false);
    }

    private static void weights(Weights w, Issues out) {
        range(out, "weights.totalParams", w.totalParams(), 1, MAX_PARAMS, true);
        if (range(out, "weights.activeParams", w.activeParams(), 1, MAX_PARAMS, false)
                && ok(out, "weights.totalParams") && w.activeParams() != null && w.totalParams() != null
                && w.activeParams() > w.totalParams()) {
            out.add("weights.activeParams", "inconsistent: more active (" + Units.grouped(w.activeParams())
                    + ") than total parameters (" + Units.grouped(w.totalParams()) + ")");
        }
        if (range(out, "weights.groupSize", w.groupSize(), 1, 1 << 20, false) && w.groupSize() != null
                && !w.format().quantized()) {
            out.add("weights.groupSize", "inconsistent: a group size applies only to quantized formats, not "
                    + w.format().label());
        }
        range(out, "weights.scaleBits", w.scaleBits(), 0, 64, false);
        range(out, "weights.zeroPointBits", w.zeroPointBits(), 0, 64, false);
        if (range(out, "weights.unquantizedParams", w.unquantizedParams(), 0, MAX_PARAMS, false)
                && w.unquantizedParams() != null && w.totalParams() != null && ok(out, "weights.totalParams")
                && w.unquantizedParams() > w.totalParams()) {
            out.add("weights.unquantizedParams", "inconsistent: more than the total parameter count");
        }
        range(out, "weights.checkpointBytes", w.checkpointBytes(), 1, MAX_BYTES, false);
        range(out, "weights.encoderParams", w.encoderParams(), 0, MAX_PARAMS, false);
    }

    private static void kv(Worksheet ws, Issues out) {
        KvArchitecture k = ws.kv();
        range(out, "kv.layers", k.layers(), 1, MAX_LAYERS, true);
        if (k.kind() == AttentionKind.MLA) {
            range(out, "kv.attentionHeads", k.attentionHeads(), 1, MAX_HEADS, false);
            range(out, "kv.kvLoraRank", k.kvLoraRank(), 1, MAX_DIM, true);
            range(out, "kv.qkRopeHeadDim", k.qkRopeHeadDim(), 0, MAX_DIM, true);
        } else {
            boolean headsOk = range(out, "kv.attentionHeads", k.attentionHeads(), 1, MAX_HEADS, true);
            kvHeads(k, headsOk, out);
            if (k.headDim() != null) {
                range(out, "kv.headDim", k.headDim(), 1, MAX_DIM, false);
            } else if (range(out, "kv.hiddenSize", k.hiddenSize(), 1, MAX_DIM, false)) {
                if (k.hiddenSize() == null) {
                    out.add("kv.headDim", "is required (or give the hidden size)");
                } else if (headsOk && k.hiddenSize() % k.attentionHeads() != 0) {
                    out.add("kv.headDim", "is required: hidden size " + k.hiddenSize()
                            + " does not divide by " + k.attentionHeads() + " heads");
                }
            }
        }
        WindowValidator.windows(ws, out);
        range(out, "kv.stateLayers", k.stateLayers(), 0, MAX_LAYERS, false);
        range(out, "kv.stateBytesPerLayer", k.stateBytesPerLayer(), 0, MAX_BYTES, false);
        if (k.stateLayers() != null && k.stateLayers() > 0 && k.stateBytesPerLayer() == null) {
            out.add("kv.stateBytesPerLayer", "is required when there are fixed-state layers");
        }
        Engine e = ws.runtime().engine();
        boolean ggml = k.kvDtype() == KvDtype.Q8_0 || k.kvDtype() == KvDtype.Q4_0;
        if (ggml && !Engines.of(e).loadsGgml()) {
            out.add("kv.kvDtype", "inconsistent: " + k.kvDtype().label() + " is a llama.cpp cache type, not "
                    + e.label());
        }
    }

    private static void kvHeads(KvArchitecture k, boolean headsOk, Issues out) {
        Integer kvh = k.kvHeads();
        switch (k.kind()) {
            case MHA -> {
                if (kvh != null && headsOk && !kvh.equals(k.attentionHeads())) {
                    out.add("kv.kvHeads", "inconsistent: MHA has as many KV heads as attention heads ("
                            + k.attentionHeads() + "), not " + kvh + "; choose GQA or MQA");
                }
            }
            case MQA -> {
                if (kvh != null && kvh != 1) {
                    out.add("kv.kvHeads", "inconsistent: MQA has exactly one KV head, not " + kvh);
                }
            }
            default -> {
                if (range(out, "kv.kvHeads", kvh, 1, MAX_HEADS, true) && headsOk) {
                    if (kvh > k.attentionHeads()) {
                        out.add("kv.kvHeads", "inconsistent: more KV heads (" + kvh + ") than attention heads ("
                                + k.attentionHeads() + ")");
                    } else if (k.attentionHeads() % kvh != 0) {
                        out.add("kv.kvHeads", "inconsistent: " + kvh + " KV heads do not divide "
                                + k.attentionHeads() + " attention heads");
                    }
                }
            }
        }
    }


    private static void scenario(Worksheet ws, ScenarioId id, Issues out) {
        Scenario s = ws.workloads().get(id);
        String p = "workloads." + id.key() + ".";
        // a sequence longer than the max model length is not an input error: the scenario's verdict says the engine
        // refuses it (WorkloadStep, BudgetStep)
        long shortest;
        if (s.explicit()) {
            List<Long> lens = s.sequenceLengths();
            if (lens.size() > MAX_SEQUENCES) {
                out.add(p + "sequenceLengths", "absurdly many sequences (above " + Units.grouped(MAX_SEQUENCES) + ")");
                return;
            }
            shortest = Long.MAX_VALUE;
            for (int i = 0; i < lens.size(); i++) {
                Long n = lens.get(i);
                if (n == null || n < 1) {
                    out.add(p + "sequenceLengths", "entry " + (i + 1) + " must be at least 1 token");
                    return;
                }
                if (n > MAX_TOKENS) {
                    out.add(p + "sequenceLengths", "entry " + (i + 1) + " is absurdly large");
                    return;
                }
                shortest = Math.min(shortest, n);
            }
        } else {
            boolean a = range(out, p + "inputTokens", s.inputTokens(), 0, MAX_TOKENS, true);
            boolean b = range(out, p + "generatedTokens", s.generatedTokens(), 0, MAX_TOKENS, true);
            range(out, p + "concurrentSequences", s.concurrentSequences(), 1, MAX_SEQUENCES, true);
            if (!a || !b) {
                return;
            }
            shortest = s.inputTokens() + s.generatedTokens();
            if (shortest < 1) {
                out.add(p + "inputTokens", "a sequence needs at least one token (input + generated is 0)");
                return;
            }
        }
        if (range(out, p + "sharedPrefixTokens", s.sharedPrefixTokens(), 0, MAX_TOKENS, false)
                && s.sharedPrefixTokens() != null && s.sharedPrefixTokens() > shortest) {
            out.add(p + "sharedPrefixTokens", "inconsistent: the shared prefix (" + Units.grouped(s.sharedPrefixTokens())
                    + ") is longer than a sequence (" + Units.grouped(shortest) + ")");
        }
    }

    /**
     * vLLM's ModelConfig.verify_with_parallel_config refuses a TP that does not divide the attention heads for
     * every model, MLA included; only the KV-head split does not apply to MLA's one latent.
     */
    private static void tensorParallel(RuntimeSettings r, KvArchitecture k, Issues out) {
        if (!range(out, "runtime.tensorParallel", r.tensorParallel(), 1, 1024, true)) {
            return;
        }
        Integer kvh = KvGeometry.kvHeads(k);
        int tp = r.tensorParallel();
        if (k.attentionHeads() != null && k.attentionHeads() > 0 && k.attentionHeads() % tp != 0) {
            out.add("runtime.tensorParallel", "inconsistent: TP " + tp + " does not divide the " + k.attentionHeads()
                    + " attention heads");
        } else if (k.kind() != AttentionKind.MLA && kvh != null && kvh > 0 && kvh % tp != 0 && tp % kvh != 0) {
            out.add("runtime.tensorParallel", "inconsistent: " + kvh + " KV heads cannot be split over TP " + tp
                    + " (one must divide the other)");
        }
    }

    private static void runtime(Worksheet ws, Issues out) {
        RuntimeSettings r = ws.runtime();
        KvArchitecture k = ws.kv();
        tensorParallel(r, k, out);
        if (range(out, "runtime.pipelineParallel", r.pipelineParallel(), 1, 1024, true) && k.layers() != null
                && r.pipelineParallel() > k.layers()) {
            out.add("runtime.pipelineParallel", "inconsistent: more pipeline stages than layers");
        }
        if (r.utilization() != null) {
            double u = r.utilization();
            if (Double.isNaN(u) || u <= 0 || u > 1) {
                out.add("runtime.utilization", "must be in (0, 1], got " + u);
            }
        }
        range(out, "runtime.blockSize", r.blockSize(), 1, 1 << 16, false);
        range(out, "runtime.dataParallel", r.dataParallel(), 1, 100_000, true);
        if (range(out, "runtime.nodes", r.nodes() == null ? null : r.nodes().longValue(), 1, 4096, false)
                && r.nodes() > r.ranks()) {
            out.add("runtime.nodes", "inconsistent: " + r.nodes() + " nodes for " + r.ranks() + " GPUs per replica (TP x PP)");
        }
        if (range(out, "runtime.maxModelLen", r.maxModelLen(), 1, MAX_TOKENS, false)) {
            Long mc = ws.model().maxContextTokens();
            if (r.maxModelLen() != null && mc != null && mc > 0 && r.maxModelLen() > mc) {
                out.add("runtime.maxModelLen", "inconsistent: above the model's maximum context ("
                        + Units.grouped(mc) + ")");
            }
        }
        if (r.maxModelLen() == null && ws.model().maxContextTokens() == null) {
            out.add("runtime.maxModelLen", "is required (or give the model's maximum context)");
        }
        if (range(out, "runtime.kvCacheMemoryBytes", r.kvCacheMemoryBytes(), 1, MAX_BYTES, false)
                && r.kvCacheMemoryBytes() != null && !Engines.of(r.engine()).takesKvCacheMemory()) {
            out.add("runtime.kvCacheMemoryBytes", "inconsistent: --kv-cache-memory is a vLLM setting");
        }
        range(out, "runtime.maxNumBatchedTokens", r.maxNumBatchedTokens(), 1, MAX_TOKENS, false);
        range(out, "runtime.maxNumSeqs", r.maxNumSeqs(), 1, 1_000_000, false);
        range(out, "runtime.activationPeakBytes", r.activationPeakBytes(), 0, MAX_BYTES, false);
        range(out, "runtime.nonTorchBytes", r.nonTorchBytes(), 0, MAX_BYTES, false);
        range(out, "runtime.cudaGraphBytes", r.cudaGraphBytes(), 0, MAX_BYTES, false);
        double f = r.fragmentationPercent();
        if (Double.isNaN(f) || f < 0 || f > 100) {
            out.add("runtime.fragmentationPercent", "must be between 0 and 100 %, got " + f);
        }
        if (!r.engineVersion().isEmpty() && EngineDefaults.version(r.engineVersion()) == null) {
            out.add("runtime.engineVersion", "not a version number like 0.19.0: '" + r.engineVersion() + "'");
        }
        CacheImplementation c = r.cacheImplementation();
        if (!Engines.of(r.engine()).runs(c)) {
            out.add("runtime.cacheImplementation", "inconsistent: " + r.engine().label() + " has no " + c.label());
        }
    }

    private static void gpu(Worksheet ws, Issues out) {
        Gpu g = ws.gpu();
        if (range(out, "gpu.count", g.count(), 1, 100_000, true) && ok(out, "runtime.tensorParallel")
                && ok(out, "runtime.pipelineParallel") && g.count() < ws.runtime().ranks()) {
            out.add("gpu.count", "inconsistent: TP " + ws.runtime().tensorParallel() + " x PP "
                    + ws.runtime().pipelineParallel() + " needs " + ws.runtime().ranks() + " GPUs, the sheet has "
                    + g.count());
        }
        range(out, "gpu.totalBytes", g.totalBytes(), Units.MIB, MAX_GPU_BYTES, true);
    }

    private static void validation(Worksheet ws, Issues out) {
        Validation v = ws.validation();
        if (range(out, "validation.measuredNonKvBytes", v.measuredNonKvBytes(), 1, MAX_BYTES, false)
                && v.measuredNonKvBytes() != null && ws.gpu().totalBytes() != null && ok(out, "gpu.totalBytes")
                && v.measuredNonKvBytes() > ws.gpu().totalBytes()) {
            out.add("validation.measuredNonKvBytes", "inconsistent: larger than the GPU's memory ("
                    + Units.gibText(ws.gpu().totalBytes()) + ")");
        }
        range(out, "validation.allocatedKvBytes", v.allocatedKvBytes(), 0, MAX_BYTES, false);
        range(out, "validation.kvCapacityTokens", v.kvCapacityTokens(), 0, 1L << 40, false);
        range(out, "validation.measuredPeakBytes", v.measuredPeakBytes(), 1, MAX_BYTES, false);
        range(out, "validation.measuredActivationPeakBytes", v.measuredActivationPeakBytes(), 0, MAX_BYTES, false);
        range(out, "validation.measuredNonTorchBytes", v.measuredNonTorchBytes(), 0, MAX_BYTES, false);
        range(out, "validation.measuredCudaGraphBytes", v.measuredCudaGraphBytes(), 0, MAX_BYTES, false);
        range(out, "validation.preemptionSequences", v.preemptionSequences(), 1, MAX_SEQUENCES, false);
        range(out, "validation.measuredOnGpus", v.measuredOnGpus() == null ? null : v.measuredOnGpus().longValue(), 1, 4096,
                false);
        range(out, "validation.predictedNonKvBytes", v.predictedNonKvBytes(), 0, MAX_BYTES, false);
        range(out, "validation.predictedKvPoolBytes", v.predictedKvPoolBytes(), 0, MAX_BYTES, false);
        range(out, "validation.predictedKvCapacityTokens", v.predictedKvCapacityTokens(), 0, 1L << 40, false);
    }

    private static void result(Worksheet ws, Issues out) {
        range(out, "result.headroomBytes", ws.result().headroomBytes(), 0, MAX_BYTES, false);
        range(out, "result.targetSequences", ws.result().targetSequences(), 1, MAX_SEQUENCES, false);
        Long c = ws.result().contextLength();
        if (range(out, "result.contextLength", c, 1, MAX_TOKENS, false) && c != null) {
            Long max = effectiveMaxModelLen(ws);
            if (max != null && c > max) {
                out.add("result.contextLength", "above the max model length " + Units.grouped(max));
            }
        }
    }

    private static void signOff(SignOff s, Issues out) {
        date(out, "signOff.preparedOn", s.preparedOn());
        date(out, "signOff.reviewedOn", s.reviewedOn());
        date(out, "signOff.approvedOn", s.approvedOn());
        if (s.status() == SignOffStatus.APPROVED && s.approvedBy().isBlank()) {
            out.add("signOff.approvedBy", "an Approved sheet needs the approver's name");
        }
    }

    /** RuntimeSettings max model length, else the model's maximum context; null when neither is valid. */
    public static Long effectiveMaxModelLen(Worksheet ws) {
        Long r = ws.runtime().maxModelLen();
        if (r != null && r >= 1 && r <= MAX_TOKENS) {
            return r;
        }
        Long m = ws.model().maxContextTokens();
        if (r == null && m != null && m >= 1 && m <= MAX_TOKENS) {
            return m;
        }
        return null;
    }

    private static void date(Issues out, String field, String text) {
        if (text == null || text.isBlank()) {
            return;
        }
        try {
            LocalDate.parse(text.trim());
        } catch (DateTimeParseException e) {
            out.add(field, "not a date like 2026-11-29: '" + text + "'");
        }
    }

    private static boolean ok(Issues out, String field) { return out.get(field) == null; }

    /** Checks min <= v <= max; returns true when the field is valid (or absent and optional). */
    private static boolean range(Issues out, String field, Number v, long min, long max, boolean required) {
        if (v == null) {
            if (required) {
                out.add(field, "is required");
                return false;
            }
            return true;
        }
        long n = v.longValue();
        if (n < min) {
            if (n < 0) {
                out.add(field, "must not be negative (got " + Units.grouped(n) + ")");
            } else if (n == 0) {
                out.add(field, "must be greater than zero");
            } else {
                out.add(field, "must be at least " + Units.grouped(min) + " (got " + Units.grouped(n) + ")");
            }
            return false;
        }
        if (n > max) {
            out.add(field, "absurdly large: " + Units.grouped(n) + " is above the limit " + Units.grouped(max));
            return false;
        }
        return true;
    }
}
