package org.vramsheet.core.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.vramsheet.core.engine.spi.Choice;
import org.vramsheet.core.engine.spi.EngineVersion;
import org.vramsheet.core.engine.spi.NonKvTerms;
import org.vramsheet.core.engine.spi.OwnEstimate;
import org.vramsheet.core.engine.vllm.VllmBatchDefaults;
import org.vramsheet.core.engine.vllm.VllmForwardPeak;
import org.vramsheet.core.engine.vllm.VllmMoeWorkspace;
import org.vramsheet.core.engine.vllm.VllmProfile;
import org.vramsheet.core.sheet.Validation;
import org.vramsheet.core.sheet.Engine;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Weights;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * The pre-launch estimate of an engine's non-KV memory besides the weights, calibrated on the real
 * vLLM startup logs in shared/reference/calibration (method and error in docs/accuracy.md):
 *
 * <ul>
 * <li>vLLM's profiling run ({@link VllmProfile}): activation peak = T x perToken + S x V x perVocabSeq (+ 4 x T x H x
 *     dtype bytes for a multimodal model's encoder; the last pipeline stage holds all of it), non-torch memory by one GPU /
 *     TP / PP, CUDA graphs; the constants fitted by VllmProfileFit on real logs;</li>
 * <li>vLLM 0.10 profiling counted about 0.05 GiB of non-torch memory, with or without TP; a replica across nodes adds
 *     1 GiB of NCCL network buffers;</li>
 * <li>vLLM 0.11 profiled differently: activation peak x 2.5, non-torch 0.54 GiB with TP (its logs' numbers).</li>
 * </ul>
 * Each engine module adds its own terms ({@link NonKvTerms}): vLLM 0.11's profiling, TensorRT-LLM's 1.5 GiB of non-torch
 * memory; other engines get the vLLM terms (labelled as vLLM-calibrated).
 */
public final class NonKvEstimator {

    /** The three estimates per GPU and how they were made. */
    public record Estimate(long activationPeakBytes, long nonTorchBytes, long cudaGraphBytes, List<String> notes) { }

    private NonKvEstimator() { }

    public static Estimate estimate(Worksheet ws) { return estimate(ws, VllmProfile.FITTED); }

    /** The estimate with these profiling constants (the fitted ones, or a leave-one-out fit's). */
    public static Estimate estimate(Worksheet ws, VllmProfile.Constants c) {
        Estimate e = profiled(ws, c);
        List<String> notes = new ArrayList<>(e.notes());
        long nonTorch = withLoadBuffers(ws, e.nonTorchBytes(), notes);
        return new Estimate(e.activationPeakBytes(), nonTorch, e.cudaGraphBytes(), notes);
    }

    /**
     * The estimate as a version-2 file's import wrote it: issue 15's constants and no buffers loaded with the weights
     * (vLLM's RoPE cache was added in issue 27), so an import's numbers are still recognised.
     */
    public static Estimate asVersionTwoWroteIt(Worksheet ws) { return profiled(ws, VllmProfile.ISSUE_15_FIT); }

    private static Estimate profiled(Worksheet ws, VllmProfile.Constants c) {
        RuntimeSettings r = ws.runtime();
        OwnEstimate own = Engines.of(r.engine()).ownEstimate(ws);
        if (own != null) {
            // the engine profiles itself (TensorRT-LLM's PyTorch backend: its dry run); the vLLM constants do not apply
            return new Estimate(own.activationPeakBytes(), own.nonTorchBytes(), own.cudaGraphBytes(), own.notes());
        }
        List<String> notes = new ArrayList<>();
        VllmProfile.Features f = features(ws, notes);
        long act = VllmProfile.activation(f, c);
        long t = f.batchedTokens();
        long text = Math.round(f.batchedTokens() * c.perToken() + f.seqVocab() * c.perVocabSeq());
        notes.add(String.format(Locale.ROOT, "activation peak = %s batched tokens x %.1f KB + %d sequences x %s vocabulary x %.2f B"
                + " = %s (fitted on vLLM 0.19 H100 logs; leave-one-out errors in docs/accuracy.md)", Units.grouped(t),
                c.perToken() / 1000, f.seqs(), Units.grouped(f.vocab()), c.perVocabSeq(), Units.gibText(text)));
        if (f.encoderPeak() > 0) {
            notes.add("encoder profiling (dummy image): 4 x " + Units.grouped(t) + " batched tokens x hidden "
                    + Units.grouped(f.encoderHidden()) + " x " + f.dtypeBytes() + " B = " + Units.gibText(f.encoderPeak())
                    + " (multimodal embeddings, merger and encoder cache; checked on six multimodal vLLM 0.19 logs)");
        }
        shapedNotes(ws, f, c, notes);
        forwardNote(ws, f, c, notes);
        EngineVersion ver = EngineDefaults.version(r.engineVersion());
        boolean old = ver != null && !ver.atLeast(0, 11);
        NonKvTerms terms = Engines.of(r.engine()).nonKvTerms(r, ws.gpu());
        if (terms.activationFactor() != 1) {
            act = Math.round(act * terms.activationFactor());
            notes.add(String.format(Locale.ROOT, terms.activationNote(), Units.gibText(act)));
        }
        long nonTorch;
        if (r.tensorParallel() > 1 && terms.tpNonTorchBytes() != null) {
            nonTorch = terms.tpNonTorchBytes();
            notes.add(String.format(Locale.ROOT, terms.tpNote(), r.tensorParallel()));
        } else if (r.tensorParallel() > 1) {
            nonTorch = old ? Units.gib(0.05) : c.nonTorchTp();
            notes.add("non-torch " + Units.gibText(nonTorch) + ": NCCL / custom all-reduce buffers with TP "
                    + r.tensorParallel() + (old ? " (not counted by vLLM 0.10 profiling)" : ""));
        } else if (r.pipelineParallel() > 1) {
            nonTorch = c.nonTorchPp();
            notes.add("non-torch " + Units.gibText(nonTorch) + " on a pipeline stage");
        } else {
            nonTorch = old ? Units.gib(0.05) : c.nonTorchOne();
            notes.add("non-torch " + Units.gibText(nonTorch) + " on one GPU");
        }
        if (r.nodes() > 1 && r.ranks() > 1) {
            nonTorch = Math.addExact(nonTorch, CROSS_NODE);
            notes.add("replica across " + r.nodes() + " nodes: + 1.00 GiB non-torch (NCCL network buffers; a two-node TP 2 "
                    + "vLLM log held that much more than the same setup on one node)");
        }
        long cg = c.cudaGraphs();
        notes.add("CUDA graphs " + Units.gibText(cg) + " (the logs' median estimate; taken from the pool by vLLM 0.21+, "
                + "otherwise outside it)");
        nonTorch = Math.addExact(nonTorch, terms.extraNonTorchBytes());
        if (terms.extraNote() != null) {
            notes.add(terms.extraNote());
        }
        return new Estimate(act, nonTorch, cg, notes);
    }

    /** The notes of the terms taken from the source's shapes: held hidden states, fused-MoE workspace. */
    private static void shapedNotes(Worksheet ws, VllmProfile.Features f, VllmProfile.Constants c, List<String> notes) {
        if (c.holdsHiddenStates() && f.hiddenStates() > 0) {
            notes.add("hidden states held through the sampler's warm-up: " + Units.grouped(f.batchedTokens())
                    + " batched tokens x hidden " + Units.grouped(ws.kv().hiddenSize()) + " x " + ws.weights().computeDtype().bytes()
                    + " B = " + Units.gibText(f.hiddenStates()) + " (gpu_model_runner.profile_run; not fitted)");
        }
        if (f.moeWorkspace() <= 0) {
            return;
        }
        Weights w = ws.weights();
        notes.add("fused-MoE workspace: " + Units.grouped(Math.min(f.batchedTokens(), VllmMoeWorkspace.CHUNK)) + " tokens x "
                + w.expertsPerToken() + " experts x (max(2 x " + Units.grouped(w.expertIntermediateSize()) + " / TP "
                + f.tp() + ", hidden) + half of that) x " + w.computeDtype().bytes() + " B = "
                + Units.gibText(f.moeWorkspace()) + " (vLLM fused_moe.py's intermediate caches; not fitted)");
    }

    /** The dense forward's phase against the sampler's: which one sets the peak (VllmForwardPeak). */
    private static void forwardNote(Worksheet ws, VllmProfile.Features f, VllmProfile.Constants c, List<String> notes) {
        if (!c.holdsHiddenStates() || f.forwardPeak() <= 0) {
            return;
        }
        Double w = VllmForwardPeak.width(ws);
        String forward = "forward pass at the MLP of a layer: " + Units.grouped(f.batchedTokens()) + " batched tokens x layer width "
                + Units.grouped(Math.round(w)) + " x " + ws.weights().computeDtype().bytes() + " B = " + Units.gibText(f.forwardPeak())
                + " (residual, normalized input, gate-up output and its activation; width = (parameters - vocabulary x hidden) / "
                + "layers / hidden / TP; not fitted)";
        long sampler = VllmProfile.samplerPhase(f, c);
        notes.add(VllmProfile.forwardSetsPeak(f, c)
                ? forward + ": above the sampler phase (" + Units.gibText(sampler) + "), so it sets the peak in place of it"
                : forward + ": below the sampler phase (" + Units.gibText(sampler) + "), which sets the peak");
    }

    /** Adds the buffers the engine allocates while the weights load (vLLM's RoPE cache): in its weights, in this estimate. */
    private static long withLoadBuffers(Worksheet ws, long nonTorch, List<String> notes) {
        Choice<Long> buffers = Engines.of(ws.runtime().engine()).loadBuffersPerGpu(ws);
        if (buffers.value() <= 0) {
            return nonTorch;
        }
        notes.add(buffers.why());
        return Math.addExact(nonTorch, buffers.value());
    }

    /** What vLLM's profiling run depends on, from the sheet (T, S, V, encoder hidden size, TP, PP). */
    public static VllmProfile.Features features(Worksheet ws) { return features(ws, new ArrayList<>()); }

    private static VllmProfile.Features features(Worksheet ws, List<String> notes) {
        RuntimeSettings r = ws.runtime();
        long t = EngineDefaults.maxNumBatchedTokens(r, ws.gpu()).value();
        // the sampler warm-up runs max_num_seqs sequences (typed: vLLM's flag; other engines' field means slots or batch),
        // else vLLM's default for every engine: the estimate is vLLM-calibrated
        boolean typed = r.maxNumSeqs() != null && r.engine() == Engine.VLLM;
        long s = typed ? r.maxNumSeqs() : VllmBatchDefaults.maxNumSeqs(r, ws.gpu(), t).value();
        long v = ws.model().vocabSize() != null ? ws.model().vocabSize() : 128_000;
        if (ws.model().vocabSize() == null) {
            notes.add("vocabulary size unknown: 128,000 assumed (import the config.json to read it)");
        }
        Long enc = ws.weights() == null ? null : ws.weights().encoderParams();
        Integer hidden = ws.kv() == null ? null : ws.kv().hiddenSize();
        long h = enc != null && enc > 0 && hidden != null && hidden > 0 ? hidden : 0;
        int bytes = h > 0 ? ws.weights().computeDtype().bytes() : 0;
        long moe = ws.weights() == null ? 0 : VllmMoeWorkspace.bytes(ws.weights(), hidden, t, r.tensorParallel(),
                ws.weights().computeDtype().bytes());
        long held = hidden == null || hidden <= 0 || ws.weights() == null ? 0
                : Math.multiplyExact(Math.multiplyExact(t, (long) hidden), (long) ws.weights().computeDtype().bytes());
        long forward = VllmForwardPeak.bytes(ws, t);
        return new VllmProfile.Features(t, s, v, h, bytes, r.tensorParallel(), r.pipelineParallel(), moe, held, forward);
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

    /**
     * One part's bytes per GPU, where they come from and how they were made; {@code overflow} when the estimate is too
     * large to compute exactly (absurd input, e.g. 10^18 max positions): the figure is unavailable then, never wrapped.
     */
    public record Part(long bytes, Source source, List<String> why, boolean overflow) {
        public Part(long bytes, Source source, List<String> why) { this(bytes, source, why, false); }
    }

    /** The activation peak, non-torch memory and CUDA graphs the calculation uses. */
    public record Resolved(Part activationPeak, Part nonTorch, Part cudaGraphs) { }

    /**
     * The three parts as the calculation uses them: typed into RUNTIME wins, then measured by an applied engine log
     * (VALIDATION), else the live estimate from the sheet (model, GPU, engine, version, TP, PP); never stored.
     */
    public static Resolved resolve(Worksheet ws) {
        RuntimeSettings r = ws.runtime();
        Validation v = ws.validation();
        Estimate e;
        try {
            e = estimate(ws);
        } catch (ArithmeticException overflow) {
            Part none = new Part(0, Source.ESTIMATED, List.of("too large to compute exactly (overflow)"), true);
            return new Resolved(part(r.activationPeakBytes(), v.measuredActivationPeakBytes(), none),
                    part(r.nonTorchBytes(), v.measuredNonTorchBytes(), none), part(r.cudaGraphBytes(), v.measuredCudaGraphBytes(), none));
        }
        List<String> est = new ArrayList<>(List.of("Estimated from the sheet on every change"));
        est.addAll(e.notes());
        return new Resolved(part(r.activationPeakBytes(), v.measuredActivationPeakBytes(), new Part(e.activationPeakBytes(),
                Source.ESTIMATED, est)), part(r.nonTorchBytes(), v.measuredNonTorchBytes(), new Part(e.nonTorchBytes(),
                Source.ESTIMATED, est)), part(r.cudaGraphBytes(), v.measuredCudaGraphBytes(), new Part(e.cudaGraphBytes(),
                Source.ESTIMATED, est)));
    }

    private static Part part(Long typed, Long measured, Part estimate) {
        if (typed != null) {
            return new Part(typed, Source.TYPED, List.of("Typed into RUNTIME; clear the field for the live estimate"));
        }
        if (measured != null) {
            return new Part(measured, Source.MEASURED, List.of("Measured by the engine (applied log, VALIDATION)"));
        }
        return estimate;
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
