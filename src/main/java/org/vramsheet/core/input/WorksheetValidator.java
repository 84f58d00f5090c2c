package org.vramsheet.core.input;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.vramsheet.core.kv.KvGeometry;
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
    static final long MAX_TOKENS = Limits.TOKENS;
    public static final long MAX_SEQUENCES = Limits.SEQUENCES;
    /** Entries of an explicit sequenceLengths list. */
    public static final int MAX_LENGTHS = Limits.LENGTHS;

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
        PerfValidator.validate(ws, out);
        signOff(ws.signOff(), out);
        return out;
    }

    private static void model(Worksheet ws, Issues out) {
        range(out, "model.maxContextTokens", ws.model().maxContextTokens(), false);
        range(out, "model.vocabSize", ws.model().vocabSize(), false);
    }

    private static void weights(Weights w, Issues out) {
        range(out, "weights.totalParams", w.totalParams(), true);
        if (range(out, "weights.activeParams", w.activeParams(), false)
                && ok(out, "weights.totalParams") && w.activeParams() != null && w.totalParams() != null
                && w.activeParams() > w.totalParams()) {
            out.add("weights.activeParams", "inconsistent: more active (" + Units.grouped(w.activeParams())
                    + ") than total parameters (" + Units.grouped(w.totalParams()) + ")");
        }
        if (range(out, "weights.groupSize", w.groupSize(), false) && w.groupSize() != null
                && !w.format().quantized()) {
            out.add("weights.groupSize", "inconsistent: a group size applies only to quantized formats, not "
                    + w.format().label());
        }
        range(out, "weights.scaleBits", w.scaleBits(), false);
        range(out, "weights.zeroPointBits", w.zeroPointBits(), false);
        if (range(out, "weights.unquantizedParams", w.unquantizedParams(), false)
                && w.unquantizedParams() != null && w.totalParams() != null && ok(out, "weights.totalParams")
                && w.unquantizedParams() > w.totalParams()) {
            out.add("weights.unquantizedParams", "inconsistent: more than the total parameter count");
        }
        range(out, "weights.checkpointBytes", w.checkpointBytes(), false);
        range(out, "weights.encoderParams", w.encoderParams(), false);
        range(out, "weights.expertsPerToken", w.expertsPerToken(), false);
        range(out, "weights.expertIntermediateSize", w.expertIntermediateSize(), false);
        range(out, "weights.experts", w.experts(), false);
        if (w.experts() != null && w.expertsPerToken() != null && w.expertsPerToken() > w.experts()) {
            out.add("weights.expertsPerToken", "inconsistent: more experts per token than the routed experts ("
                    + w.experts() + ")");
        }
    }

    private static void kv(Worksheet ws, Issues out) {
        KvArchitecture k = ws.kv();
        range(out, "kv.layers", k.layers(), true);
        if (k.kind() == AttentionKind.MLA) {
            range(out, "kv.attentionHeads", k.attentionHeads(), false);
            range(out, "kv.kvLoraRank", k.kvLoraRank(), true);
            range(out, "kv.qkRopeHeadDim", k.qkRopeHeadDim(), true);
        } else {
            boolean headsOk = range(out, "kv.attentionHeads", k.attentionHeads(), true);
            kvHeads(k, headsOk, out);
            if (k.headDim() != null) {
                range(out, "kv.headDim", k.headDim(), false);
            } else if (range(out, "kv.hiddenSize", k.hiddenSize(), false)) {
                if (k.hiddenSize() == null) {
                    out.add("kv.headDim", "is required (or give the hidden size)");
                } else if (headsOk && k.hiddenSize() % k.attentionHeads() != 0) {
                    out.add("kv.headDim", "is required: hidden size " + k.hiddenSize()
                            + " does not divide by " + k.attentionHeads() + " heads");
                }
            }
        }
        WindowValidator.windows(ws, out);
        range(out, "kv.stateLayers", k.stateLayers(), false);
        range(out, "kv.stateBytesPerLayer", k.stateBytesPerLayer(), false);
        if (k.stateLayers() != null && k.stateLayers() > 0 && k.stateBytesPerLayer() == null) {
            out.add("kv.stateBytesPerLayer", "is required when there are fixed-state layers");
        }
        range(out, "kv.indexHeadDim", k.indexHeadDim(), false);
        Engine e = ws.runtime().engine();
        if (k.kvDtype() == KvDtype.FP8_DS_MLA && k.kind() != AttentionKind.MLA) {
            out.add("kv.kvDtype", "inconsistent: " + k.kvDtype().label() + " is the packed MLA latent layout of vLLM; the model "
                    + "has " + k.kind() + " attention, not MLA");
        } else if (k.kvDtype() == KvDtype.FP8_DS_MLA && !Engines.of(e).storesFp8DsMla()) {
            out.add("kv.kvDtype", "inconsistent: " + k.kvDtype().label() + " is a vLLM cache layout, not " + e.label());
        }
        boolean ggml = k.kvDtype().ggmlBlocks();
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
                if (range(out, "kv.kvHeads", kvh, true) && headsOk) {
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
        Double share = s.sharedPrefixShare();
        if (share != null && (share.isNaN() || share < 0 || share > 1)) {
            out.add(p + "sharedPrefixShare", "must be from 0 to 1 (got " + share + ")");
        }
        // a sequence longer than the max model length is not an input error: the scenario's verdict says the engine
        // refuses it (WorkloadStep, BudgetStep)
        long shortest;
        if (s.explicit()) {
            List<Long> lens = s.sequenceLengths();
            if (lens.size() > MAX_LENGTHS) {
                out.add(p + "sequenceLengths", "more than " + Units.grouped(MAX_LENGTHS) + " lengths; for many sequences of "
                        + "one length give concurrent sequences instead");
                return;
            }
            shortest = Long.MAX_VALUE;
            for (int i = 0; i < lens.size(); i++) {
                Long n = lens.get(i);
                if (n == null || n < 1) {
                    out.add(p + "sequenceLengths", "entry " + (i + 1) + " must be at least 1 token");
                    return;
                }
                if (n > Inputs.get(p + "sequenceLengths").max()) {
                    out.add(p + "sequenceLengths", "entry " + (i + 1) + " is absurdly large");
                    return;
                }
                shortest = Math.min(shortest, n);
            }
        } else {
            boolean a = range(out, p + "inputTokens", s.inputTokens(), true);
            boolean b = range(out, p + "generatedTokens", s.generatedTokens(), true);
            range(out, p + "concurrentSequences", s.concurrentSequences(), true);
            if (!a || !b) {
                return;
            }
            shortest = s.inputTokens() + s.generatedTokens();
            if (shortest < 1) {
                out.add(p + "inputTokens", "a sequence needs at least one token (input + generated is 0)");
                return;
            }
        }
        if (range(out, p + "sharedPrefixTokens", s.sharedPrefixTokens(), false)
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
        if (!range(out, "runtime.tensorParallel", r.tensorParallel(), true)) {
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
        if (range(out, "runtime.pipelineParallel", r.pipelineParallel(), true) && k.layers() != null
                && r.pipelineParallel() > k.layers()) {
            out.add("runtime.pipelineParallel", "inconsistent: more pipeline stages than layers");
        }
        if (r.utilization() != null) {
            double u = r.utilization();
            long max = Inputs.get("runtime.utilization").max();
            if (Double.isNaN(u) || u <= 0 || u > max) {
                out.add("runtime.utilization", "must be in (0, " + max + "], got " + u);
            }
        }
        range(out, "runtime.blockSize", r.blockSize(), false);
        range(out, "runtime.dataParallel", r.dataParallel(), true);
        if (range(out, "runtime.nodes", r.nodes() == null ? null : r.nodes().longValue(), false)
                && r.nodes() > r.ranks()) {
            out.add("runtime.nodes", "inconsistent: " + r.nodes() + " nodes for " + r.ranks() + " GPUs per replica (TP x PP)");
        }
        boolean ownContext = Engines.of(r.engine()).usesOllamaSettings(); // Ollama: the context is num_ctx x parallel
        if (range(out, "runtime.maxModelLen", r.maxModelLen(), false) && !ownContext) {
            Long mc = ws.model().maxContextTokens();
            if (r.maxModelLen() != null && mc != null && mc > 0 && r.maxModelLen() > mc) {
                out.add("runtime.maxModelLen", "inconsistent: above the model's maximum context ("
                        + Units.grouped(mc) + ")");
            }
        }
        if (r.maxModelLen() == null && ws.model().maxContextTokens() == null && !ownContext) {
            out.add("runtime.maxModelLen", "is required (or give the model's maximum context)");
        }
        if (range(out, "runtime.kvCacheMemoryBytes", r.kvCacheMemoryBytes(), false)
                && r.kvCacheMemoryBytes() != null && !Engines.of(r.engine()).takesKvCacheMemory()) {
            out.add("runtime.kvCacheMemoryBytes", "inconsistent: --kv-cache-memory is a vLLM setting");
        }
        range(out, "runtime.maxNumBatchedTokens", r.maxNumBatchedTokens(), false);
        range(out, "runtime.maxNumSeqs", r.maxNumSeqs(), false);
        range(out, "runtime.activationPeakBytes", r.activationPeakBytes(), false);
        range(out, "runtime.nonTorchBytes", r.nonTorchBytes(), false);
        range(out, "runtime.cudaGraphBytes", r.cudaGraphBytes(), false);
        double f = r.fragmentationPercent();
        InputDecl fd = Inputs.get("runtime.fragmentationPercent");
        if (Double.isNaN(f) || f < fd.min() || f > fd.max()) {
            out.add("runtime.fragmentationPercent", "must be between " + fd.min() + " and " + fd.max() + " %, got " + f);
        }
        if (!r.engineVersion().isEmpty() && !Engines.of(r.engine()).readsVersion(r.engineVersion())) {
            out.add("runtime.engineVersion", "not a version number like 0.19.0: '" + r.engineVersion() + "'");
        }
        CacheImplementation c = r.cacheImplementation();
        if (!Engines.of(r.engine()).runs(c)) {
            out.add("runtime.cacheImplementation", "inconsistent: " + r.engine().label() + " has no " + c.label());
        }
        LlamaCppValidator.validate(ws, out);
        OllamaValidator.validate(ws, out);
        SpeculativeValidator.validate(ws, out);
        AdapterValidator.validate(ws, out);
        ExpertValidator.validate(ws, out);
    }

    private static void gpu(Worksheet ws, Issues out) {
        Gpu g = ws.gpu();
        if (range(out, "gpu.count", g.count(), true) && ok(out, "runtime.tensorParallel")
                && ok(out, "runtime.pipelineParallel") && g.count() < ws.runtime().ranks()) {
            out.add("gpu.count", "inconsistent: TP " + ws.runtime().tensorParallel() + " x PP "
                    + ws.runtime().pipelineParallel() + " needs " + ws.runtime().ranks() + " GPUs, the sheet has "
                    + g.count());
        }
        range(out, "gpu.totalBytes", g.totalBytes(), true);
        UnifiedMemoryValidator.validate(ws, out);
    }

    private static void validation(Worksheet ws, Issues out) {
        Validation v = ws.validation();
        if (range(out, "validation.measuredNonKvBytes", v.measuredNonKvBytes(), false)
                && v.measuredNonKvBytes() != null && ws.gpu().totalBytes() != null && ok(out, "gpu.totalBytes")
                && v.measuredNonKvBytes() > ws.gpu().totalBytes()) {
            out.add("validation.measuredNonKvBytes", "inconsistent: larger than the GPU's memory ("
                    + Units.gibText(ws.gpu().totalBytes()) + ")");
        }
        range(out, "validation.allocatedKvBytes", v.allocatedKvBytes(), false);
        range(out, "validation.kvCapacityTokens", v.kvCapacityTokens(), false);
        range(out, "validation.measuredPeakBytes", v.measuredPeakBytes(), false);
        range(out, "validation.measuredActivationPeakBytes", v.measuredActivationPeakBytes(), false);
        range(out, "validation.measuredNonTorchBytes", v.measuredNonTorchBytes(), false);
        range(out, "validation.measuredCudaGraphBytes", v.measuredCudaGraphBytes(), false);
        range(out, "validation.preemptionSequences", v.preemptionSequences(), false);
        range(out, "validation.measuredOnGpus", v.measuredOnGpus() == null ? null : v.measuredOnGpus().longValue(), false);
        range(out, "validation.predictedNonKvBytes", v.predictedNonKvBytes(), false);
        range(out, "validation.predictedKvPoolBytes", v.predictedKvPoolBytes(), false);
        range(out, "validation.predictedKvCapacityTokens", v.predictedKvCapacityTokens(), false);
        DeviceMeasurementValidator.devices(ws, out);
    }

    private static void result(Worksheet ws, Issues out) {
        range(out, "result.headroomBytes", ws.result().headroomBytes(), false);
        range(out, "result.targetSequences", ws.result().targetSequences(), false);
        Long c = ws.result().contextLength();
        if (range(out, "result.contextLength", c, false) && c != null) {
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

    /** Checks the declared min <= v <= max; returns true when the field is valid (or absent and optional). */
    private static boolean range(Issues out, String field, Number v, boolean required) {
        InputDecl d = Inputs.get(field);
        long min = d.min();
        long max = d.max();
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
