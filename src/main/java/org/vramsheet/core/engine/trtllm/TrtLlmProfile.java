package org.vramsheet.core.engine.trtllm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.engine.spi.OwnEstimate;
import org.vramsheet.core.sheet.RuntimeSettings;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * The PyTorch backend's dry run as non-KV memory besides the weights, per GPU ({@link TrtLlmDryRun} for the engine's own
 * arithmetic): the torch activation peak of {@code max_num_tokens} context tokens in dummy requests of {@code max_seq_len - 1}
 * tokens, each sampling one token, plus the memory outside torch after the run (CUDA context, cuBLAS / attention workspaces,
 * the CUDA graphs its warm-up captured). The source does not give the activation of a forward pass or the memory outside
 * torch, so those two constants come from real logs (docs/accuracy.md, "TensorRT-LLM"):
 *
 * <ul>
 * <li>activation = T x W x perWidthToken + R x V x 4 B: T batched tokens, W a layer's active width (active parameters
 *     less the embedding, per layer, over the hidden size, per GPU: about three times a gated MLP's intermediate size),
 *     R dummy requests whose last-token fp32 logits over V entries are sampled; perWidthToken from the one log that prints
 *     its dry run's activation (TR11, 0.85 GiB for gpt-oss-120b at 8192 tokens);</li>
 * <li>CUDA graphs: the warm-up before the dry run captures decode graphs from the largest batch down into one pool, which
 *     holds the largest graph's forward pass: B x (W x perWidthToken + V x the model dtype's bytes of logits), B =
 *     min(max_batch_size, cuda_graph_config.max_batch_size), whose default is 128 ({@code CudaGraphConfig}); trtllm-bench
 *     captures up to max_batch_size (TR08: 24 batch sizes up to 4096), marked "-bench" after the version;</li>
 * <li>non-torch: the median of what the discrete-GPU logs (TR08, TR10) leave after the weights, that activation and the
 *     graphs; {@code TrtLlmLeaveOneOutTest} fits it leaving each log out.</li>
 * </ul>
 */
public final class TrtLlmProfile {
    /**
     * The two fitted constants.
     *
     * @param perWidthToken activation bytes per batched token and unit of a layer's active width
     * @param nonTorchBytes memory outside torch after the dry run, one GPU
     */
    public record Constants(double perWidthToken, long nonTorchBytes) { }

    /** TR11's activation (perWidthToken) and the median of TR08 / TR10 (non-torch); TrtLlmProfileFitTest derives both. */
    public static final Constants FITTED = new Constants(2.248, Units.gib(1.56));

    /** Activation bytes per batched token when the sheet lacks the shapes: TR11's 0.85 GiB over 8192 tokens. */
    static final double FLAT_PER_TOKEN = 0.85 * Units.GIB / 8192;

    /** Logit bytes per sampled vocabulary entry (the sampler's fp32 logits). */
    static final int LOGIT_BYTES = 4;

    /** The LLM API's default max_batch_size ({@code BaseLlmArgs}). */
    static final long DEFAULT_MAX_BATCH = 2048;

    /** {@code CudaGraphConfig}: "If neither is provided, a default max_batch_size of 128 is used." */
    static final long DEFAULT_GRAPH_BATCH = 128;

    private TrtLlmProfile() { }

    /** The dry run's terms with the shipped constants. */
    public static OwnEstimate estimate(Worksheet ws) { return estimate(ws, FITTED); }

    /** The dry run's terms with these constants (the shipped ones, or a leave-one-out fit's). */
    public static OwnEstimate estimate(Worksheet ws, Constants c) {
        RuntimeSettings r = ws.runtime();
        List<String> notes = new ArrayList<>();
        // the typed max_num_tokens, else the LLM API's default (EngineDefaults' rule, without its package: no cycle)
        long t = r.maxNumBatchedTokens() != null ? r.maxNumBatchedTokens() : TrtLlmNonKv.maxNumTokens(r).value();
        long seqLen = maxSeqLen(ws, t);
        long requests = TrtLlmDryRun.requests(t, seqLen);
        long vocab = ws.model() != null && ws.model().vocabSize() != null ? ws.model().vocabSize() : 128_000;
        long logits = Math.multiplyExact(Math.multiplyExact(requests, vocab), (long) LOGIT_BYTES);
        Double width = width(ws);
        long forward = Math.round(t * (width == null ? FLAT_PER_TOKEN : width * c.perWidthToken()));
        long act = Math.addExact(forward, logits);
        if (width == null) {
            notes.add(String.format(Locale.ROOT, "TensorRT-LLM dry run: %s tokens x %.1f KB (the shapes are not on the sheet: TR11's "
                    + "activation per token) + %s requests x %s vocabulary x 4 B = %s", Units.grouped(t), FLAT_PER_TOKEN / 1000,
                    Units.grouped(requests), Units.grouped(vocab), Units.gibText(act)));
        } else {
            notes.add(String.format(Locale.ROOT, "TensorRT-LLM dry run: %s tokens x layer width %s x %.3f B + %s requests x %s "
                    + "vocabulary x 4 B = %s (max_num_tokens of prompts of %s tokens, each sampling one token)", Units.grouped(t),
                    Units.grouped(Math.round(width)), c.perWidthToken(), Units.grouped(requests), Units.grouped(vocab),
                    Units.gibText(act), Units.grouped(TrtLlmDryRun.requestTokens(t, seqLen))));
        }
        long graphs = graphs(ws, width, c, vocab, notes);
        notes.add("TensorRT-LLM PyTorch backend: " + Units.gibText(c.nonTorchBytes()) + " outside torch after the dry run (CUDA "
                + "context, workspaces; fitted on real logs, leave-one-out in docs/accuracy.md)");
        if (r.tensorParallel() > 1) {
            notes.add("with tensor parallelism the all-reduce workspaces are not in this fit (no TensorRT-LLM TP log here)");
        }
        return new OwnEstimate(act, c.nonTorchBytes(), graphs, notes);
    }

    /** The decode graphs' pool: the largest captured batch's forward pass and its logits in the model's dtype. */
    static long graphs(Worksheet ws, Double width, Constants c, long vocab, List<String> notes) {
        RuntimeSettings r = ws.runtime();
        long maxBatch = r.maxNumSeqs() != null && r.maxNumSeqs() > 0 ? r.maxNumSeqs() : DEFAULT_MAX_BATCH;
        long batch = TrtLlmNonKv.bench(r) ? maxBatch : Math.min(maxBatch, DEFAULT_GRAPH_BATCH);
        int dtype = ws.weights() == null || ws.weights().computeDtype() == null ? 2 : ws.weights().computeDtype().bytes();
        double perToken = (width == null ? FLAT_PER_TOKEN : width * c.perWidthToken()) + vocab * (double) dtype;
        long bytes = Math.round(batch * perToken);
        notes.add(String.format(Locale.ROOT, "TensorRT-LLM CUDA graphs of its warm-up: the largest batch %s x (%.1f KB forward + %s "
                + "vocabulary x %d B logits) = %s (%s)", Units.grouped(batch), (perToken - vocab * (double) dtype) / 1000,
                Units.grouped(vocab), dtype, Units.gibText(bytes), TrtLlmNonKv.bench(r) ? "trtllm-bench captures up to "
                + "max_batch_size" : "cuda_graph_config.max_batch_size 128 by default, at most max_batch_size"));
        return bytes;
    }

    /** max_seq_len of the dry run: the sheet's max model length, else the model's context, else max_num_tokens + 1. */
    static long maxSeqLen(Worksheet ws, long maxNumTokens) {
        Long typed = ws.runtime().maxModelLen();
        if (typed != null && typed > 0) {
            return typed;
        }
        Long model = ws.model() == null ? null : ws.model().maxContextTokens();
        return model != null && model > 0 ? model : maxNumTokens + 1;
    }

    /**
     * A layer's active width per GPU: (active parameters - vocabulary x hidden) / layers / hidden / TP, null when the sheet
     * does not hold those shapes.
     */
    public static Double width(Worksheet ws) {
        if (ws.weights() == null || ws.kv() == null || ws.model() == null) {
            return null;
        }
        Long params = ws.weights().activeParams() != null ? ws.weights().activeParams() : ws.weights().totalParams();
        Integer hidden = ws.kv().hiddenSize();
        Integer layers = ws.kv().layers();
        Long vocab = ws.model().vocabSize();
        if (params == null || hidden == null || layers == null || vocab == null || hidden <= 0 || layers <= 0) {
            return null;
        }
        double body = params - vocab * (double) hidden;
        return body <= 0 ? null : body / layers / hidden / ws.runtime().tensorParallel();
    }
}
