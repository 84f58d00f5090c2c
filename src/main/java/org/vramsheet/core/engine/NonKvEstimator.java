package org.vramsheet.core.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * The pre-launch estimate of an engine's non-KV memory besides the weights, calibrated on the real
 * vLLM startup logs in shared/reference/calibration (method and error in docs/accuracy.md):
 *
 * <ul>
 * <li>activation peak = T x 76 KB + S x V x 11.4 B (T batched tokens of the profiling run, S sequences
 *     sampled, V vocabulary: the fp32 logits of the sampler dominate);</li>
 * <li>non-torch memory = 0.25 GiB on one GPU, 2.1 GiB with tensor parallelism (NCCL / all-reduce
 *     buffers counted since about v0.11; 0.05 GiB in v0.10 logs), 0.07 GiB with pipeline stages only;</li>
 * <li>CUDA graphs = 0.8 GiB (the 0.19 logs estimated 0.49 to 1.69 GiB), taken from the pool from v0.21;</li>
 * <li>vLLM 0.11 profiled differently: activation peak x 2.5, non-torch 0.54 GiB with TP (its logs' numbers).</li>
 * </ul>
 * Each engine module adds its own terms ({@link NonKvTerms}): vLLM 0.11's profiling, TensorRT-LLM's 1.5 GiB of non-torch
 * memory; other engines get the vLLM terms (labelled as vLLM-calibrated).
 */
public final class NonKvEstimator {
    static final double PER_TOKEN = 0.5779 * Units.GIB / 8192;
    static final double PER_VOCAB_SEQ = 1.0876e-5 * Units.GIB / 1024;
    static final long CUDA_GRAPHS = Units.gib(0.8);

    /** The three estimates per GPU and how they were made. */
    public record Estimate(long activationPeakBytes, long nonTorchBytes, long cudaGraphBytes, List<String> notes) { }

    private NonKvEstimator() { }

    public static Estimate estimate(Worksheet ws) {
        RuntimeSettings r = ws.runtime();
        List<String> notes = new ArrayList<>();
        long t = EngineDefaults.maxNumBatchedTokens(r, ws.gpu()).value();
        long s = t >= 8192 ? 1024 : 256;
        long v = ws.model().vocabSize() != null ? ws.model().vocabSize() : 128_000;
        if (ws.model().vocabSize() == null) {
            notes.add("vocabulary size unknown: 128,000 assumed (import the config.json to read it)");
        }
        long act = Math.round(t * PER_TOKEN + s * v * PER_VOCAB_SEQ);
        notes.add("activation peak = " + Units.grouped(t) + " batched tokens x 76 KB + " + s + " sequences x "
                + Units.grouped(v) + " vocabulary x 11.4 B = " + Units.gibText(act));
        Long enc = ws.weights().encoderParams();
        Integer hidden = ws.kv().hiddenSize();
        if (enc != null && enc > 0 && hidden != null && hidden > 0) {
            long peak = Math.multiplyExact(Math.multiplyExact(4L * t, (long) hidden), ws.weights().computeDtype().bytes());
            act = Math.addExact(act, peak);
            notes.add("encoder profiling (dummy image): 4 x " + Units.grouped(t) + " batched tokens x hidden " + Units.grouped(hidden)
                    + " x " + ws.weights().computeDtype().bytes() + " B = " + Units.gibText(peak) + " (multimodal embeddings, "
                    + "merger and encoder cache; not calibrated: no multimodal log in the calibration set)");
        }
        EngineVersion ver = EngineDefaults.version(r.engineVersion());
        boolean old = ver != null && !ver.atLeast(0, 11);
        NonKvTerms terms = Engines.of(r.engine()).nonKvTerms(r);
        if (terms.activationFactor() != 1) {
            act = Math.round(act * terms.activationFactor());
            notes.add(String.format(Locale.ROOT, terms.activationNote(), Units.gibText(act)));
        }
        long nonTorch;
        if (r.tensorParallel() > 1 && terms.tpNonTorchBytes() != null) {
            nonTorch = terms.tpNonTorchBytes();
            notes.add(String.format(Locale.ROOT, terms.tpNote(), r.tensorParallel()));
        } else if (r.tensorParallel() > 1) {
            nonTorch = old ? Units.gib(0.05) : Units.gib(2.1);
            notes.add("non-torch " + Units.gibText(nonTorch) + ": NCCL / custom all-reduce buffers with TP "
                    + r.tensorParallel() + (old ? " (not counted by vLLM 0.10 profiling)" : ""));
        } else if (r.pipelineParallel() > 1) {
            nonTorch = Units.gib(0.07);
            notes.add("non-torch 0.07 GiB on a pipeline stage");
        } else {
            nonTorch = old ? Units.gib(0.05) : Units.gib(0.25);
            notes.add("non-torch " + Units.gibText(nonTorch) + " on one GPU");
        }
        if (r.nodes() > 1 && r.ranks() > 1) {
            nonTorch = Math.addExact(nonTorch, CROSS_NODE);
            notes.add("replica across " + r.nodes() + " nodes: + 1.00 GiB non-torch (NCCL network buffers; a two-node TP 2 "
                    + "vLLM log held that much more than the same setup on one node)");
        }
        long cg = CUDA_GRAPHS;
        notes.add("CUDA graphs 0.80 GiB (taken from the pool by vLLM 0.21+, otherwise outside it)");
        nonTorch = Math.addExact(nonTorch, terms.extraNonTorchBytes());
        if (terms.extraNote() != null) {
            notes.add(terms.extraNote());
        }
        return new Estimate(act, nonTorch, cg, notes);
    }

    /** Extra non-torch memory per GPU when a replica spans nodes (D05 against D03 / D04 in the calibration set). */
    static final long CROSS_NODE = Units.GIB;


    /** Where one of RUNTIME's three non-KV parts comes from. */
    public enum Source {
        /** Typed into RUNTIME by the user. */
        TYPED("typed in"),
        /** From an applied engine log (VALIDATION). */
        MEASURED("measured by the engine"),
        /** Computed from the sheet on every change. */
        ESTIMATED("estimated");

        private final String label;

        Source(String label) { this.label = label; }

        public String label() { return label; }
    }

    /** One part's bytes per GPU, where they come from and how they were made. */
    public record Part(long bytes, Source source, List<String> why) { }

    /** The activation peak, non-torch memory and CUDA graphs the calculation uses. */
    public record Resolved(Part activationPeak, Part nonTorch, Part cudaGraphs) { }

    /**
     * The three parts as the calculation uses them: typed into RUNTIME wins, then measured by an applied engine log
     * (VALIDATION), else the live estimate from the sheet (model, GPU, engine, version, TP, PP); never stored.
     */
    public static Resolved resolve(Worksheet ws) {
        RuntimeSettings r = ws.runtime();
        Validation v = ws.validation();
        Estimate e = estimate(ws);
        List<String> est = new ArrayList<>(List.of("Estimated from the sheet on every change"));
        est.addAll(e.notes());
        return new Resolved(part(r.activationPeakBytes(), v.measuredActivationPeakBytes(), e.activationPeakBytes(), est),
                part(r.nonTorchBytes(), v.measuredNonTorchBytes(), e.nonTorchBytes(), est),
                part(r.cudaGraphBytes(), v.measuredCudaGraphBytes(), e.cudaGraphBytes(), est));
    }

    private static Part part(Long typed, Long measured, long estimate, List<String> notes) {
        if (typed != null) {
            return new Part(typed, Source.TYPED, List.of("Typed into RUNTIME; clear the field for the live estimate"));
        }
        if (measured != null) {
            return new Part(measured, Source.MEASURED, List.of("Measured by the engine (applied log, VALIDATION)"));
        }
        return new Part(estimate, Source.ESTIMATED, notes);
    }

    /** The fields {@link #apply} may change; every other field of the sheet is kept. */
    public static final Set<String> OWNS = Set.of("runtime.activationPeakBytes", "runtime.nonTorchBytes",
            "runtime.cudaGraphBytes");

    /** The sheet with RUNTIME's three parts cleared: they follow the live estimate (or an applied log) again. */
    public static Worksheet apply(Worksheet ws) {
        RuntimeSettings r = ws.runtime();
        return ws.withRuntime(r.toBuilder().activationPeakBytes(null).nonTorchBytes(null).cudaGraphBytes(null).build());
    }
}
