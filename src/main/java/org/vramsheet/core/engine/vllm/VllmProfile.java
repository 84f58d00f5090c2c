package org.vramsheet.core.engine.vllm;

import org.vramsheet.core.units.Units;

/**
 * vLLM's memory profiling run (gpu_worker.determine_available_memory -> gpu_model_runner.profile_run) as a few terms
 * whose constants are fitted on real startup logs by {@link VllmProfileFit} (docs/accuracy.md, "Leave-one-out"):
 *
 * <ul>
 * <li>torch activation peak = the larger of the sampler's phase, T x perToken + S x V x perVocabSeq + the hidden states
 *     held (T x H), and the dense forward's live activations ({@link VllmForwardPeak}, from the shapes), plus the encoder
 *     term: T batched tokens of the dummy forward pass (max_num_batched_tokens), S sequences of the sampler's warm-up
 *     (_dummy_sampler_run, max_num_seqs) over V vocabulary entries (fp32 logits, probabilities and the top-k/top-p sort);
 *     the peak torch reads is the larger phase's, not their sum (issue 27 point 3);</li>
 * <li>a mixture-of-experts model's fused-MoE workspace ({@link VllmMoeWorkspace}, from the kernel's buffer shapes, not
 *     fitted);</li>
 * <li>encoder profiling of a multimodal model (dummy images filling the encoder budget of T tokens: embeddings, merger
 *     and encoder cache) = 4 x T x hidden size x dtype bytes, not fitted: the six multimodal logs check it;</li>
 * <li>with pipeline stages the last stage decides (it samples, so it holds the whole peak; vLLM gives every stage the
 *     blocks of the stage with the least room);</li>
 * <li>non-torch memory (CUDA context, NCCL and custom all-reduce buffers) by one GPU / TP / PP stage only;</li>
 * <li>CUDA graphs: the median of the logs' "Estimated CUDA graph memory".</li>
 * </ul>
 */
public final class VllmProfile {
    /** What the profiling run depends on, read from the sheet. */
    public record Features(long batchedTokens, long seqs, long vocab, long encoderHidden, int dtypeBytes, int tp, int pp,
                           long moeWorkspace, long hiddenStates, long forwardPeak) {

        /** The encoder's profiling peak: 4 x T x H x dtype bytes (0 for a text-only model). */
        public long encoderPeak() {
            return Math.multiplyExact(Math.multiplyExact(4L * batchedTokens, encoderHidden), (long) dtypeBytes);
        }

        /** The terms taken from the kernels' shapes, not fitted: the encoder's peak and the fused-MoE workspace. */
        public long shaped() { return Math.addExact(encoderPeak(), moeWorkspace); }

        /** Every term not fitted, the hidden states held through the sampler's run included. */
        public long shapedWithHidden() { return Math.addExact(shaped(), hiddenStates); }

        /** S x V of the sampler term. */
        public double seqVocab() { return seqs * (double) vocab; }
    }

    /**
     * The constants of the terms (bytes).
     *
     * @param perToken              activation bytes per batched token
     * @param perVocabSeq           activation bytes per sampled sequence and vocabulary entry
     * @param nonTorchOne           non-torch bytes on one GPU
     * @param nonTorchTp            non-torch bytes per GPU with tensor parallelism
     * @param nonTorchPp            non-torch bytes on a pipeline stage (no TP)
     * @param cudaGraphs            CUDA graph estimate per GPU
     * @param holdsHiddenStates     whether the peak counts the dummy run's hidden states (T x H in the compute dtype), which
     *                              profile_run keeps while _dummy_sampler_run runs (fits from issue 27 point 2 on)
     */
    public record Constants(double perToken, double perVocabSeq,
                            long nonTorchOne, long nonTorchTp, long nonTorchPp, long cudaGraphs, boolean holdsHiddenStates) {
        /** Constants of a fit without the hidden-states term (issue 15's, and synthetic ones). */
        public Constants(double perToken, double perVocabSeq, long nonTorchOne, long nonTorchTp, long nonTorchPp, long cudaGraphs) {
            this(perToken, perVocabSeq, nonTorchOne, nonTorchTp, nonTorchPp, cudaGraphs, false);
        }
    }

    /**
     * The fit on every vLLM 0.19 H100 log with profiling lines (27 calibration logs + 21 field logs with a config;
     * {@code VllmLeaveOneOutTest} checks these equal the fit within rounding). Refitted when the Llama 4 Scout and Gemma 3
     * 27B configs gained their vision towers (their encoder term now comes off their printed peaks first): 26,643 B per
     * token and 14.11 B per sequence x vocabulary entry before, 35,195 B and 13.55 B then; refitted again when the five MoE
     * logs' fused-MoE workspace ({@link VllmMoeWorkspace}) and every log's hidden states held through the sampler's run
     * (T x H x dtype bytes) came off the peaks: 4,725 B and 14.47 B.
     */
    public static final Constants FITTED = new Constants(4725, 14.47,
            Units.gib(0.25), Units.gib(2.1), Units.gib(0.07), Units.gib(0.84), true);

    /**
     * The constants before issue 27 (fitted on the 27 H100 profiling logs of the calibration set: T x 76 KB + S x V x
     * 11.4 B, CUDA graphs 0.80 GiB): what version 1 and 2 worksheets hold where an import wrote the estimate.
     */
    public static final Constants ISSUE_15_FIT = new Constants(0.5779 * Units.GIB / 8192, 1.0876e-5 * Units.GIB / 1024,
            Units.gib(0.25), Units.gib(2.1), Units.gib(0.07), Units.gib(0.8));

    private VllmProfile() { }

    /**
     * The torch activation peak of the profiling run: the shaped terms plus the larger of the sampler's phase and the dense
     * forward's (fits that hold the hidden states; issue 15's constants add no forward phase, as version 2 files wrote it).
     */
    public static long activation(Features f, Constants c) {
        long sampler = samplerPhase(f, c);
        long phase = c.holdsHiddenStates() ? Math.max(sampler, f.forwardPeak()) : sampler;
        return Math.addExact(phase, f.shaped());
    }

    /** The sampler's phase: T x perToken + S x V x perVocabSeq (+ the hidden states held, for fits that count them). */
    public static long samplerPhase(Features f, Constants c) {
        long fitted = Math.round(f.batchedTokens() * c.perToken() + f.seqVocab() * c.perVocabSeq());
        return c.holdsHiddenStates() ? Math.addExact(fitted, f.hiddenStates()) : fitted;
    }

    /** Whether the dense forward's activations, not the sampler's phase, set the peak with these constants. */
    public static boolean forwardSetsPeak(Features f, Constants c) {
        return c.holdsHiddenStates() && f.forwardPeak() > samplerPhase(f, c);
    }

    /** Non-torch memory per GPU by parallelism (v0.11+ counting; see VllmDefaults for older releases). */
    public static long nonTorch(Features f, Constants c) {
        return f.tp() > 1 ? c.nonTorchTp() : f.pp() > 1 ? c.nonTorchPp() : c.nonTorchOne();
    }
}
