package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.vramsheet.core.sheet.Gpu;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LayerWindow;
import org.vramsheet.core.sheet.Worksheet;
import org.vramsheet.core.units.Units;

/**
 * Ollama's planner ({@link OllamaPlanner}) run on a sheet, which holds no GGUF header: the model the planner reads
 * ({@link OllamaPlanModel}, io.ollama.OllamaPlanModelReader for a real header) DERIVED from MODEL / WEIGHTS / KV
 * ARCHITECTURE: the blocks = KV ARCHITECTURE › Layers; token_embd and output each n_vocab x n_embd at the model's bytes
 * per parameter (as llama.cpp's per-device figures split them, LlamaCppSheet), output_norm n_embd F32; the blocks the
 * rest of the weights (less the encoders) spread evenly; key and value lengths the head dimension; the projector the
 * encoders' bytes. The setup is the runner Ollama starts for the sheet ({@link OllamaSheet#runnerSetup}), on CUDA GPUs
 * whose free memory is the sheet's GPU memory. Each derivation and assumption is a note.
 */
public final class OllamaSheetPlan {
    private OllamaSheetPlan() { }

    /** The planner's estimate (or why there is none) and what was derived or assumed to run it. */
    public record Result(OllamaPlanned planned, List<String> notes) {
        public Result {
            notes = List.copyOf(notes);
        }
    }

    /**
     * @param weightsBytes the sheet's weights (WEIGHTS: with the encoders)
     * @param encoderBytes the encoders' bytes (0 without)
     */
    public static Result plan(Worksheet ws, long weightsBytes, long encoderBytes) {
        List<String> notes = new ArrayList<>();
        String bad = problem(ws, weightsBytes, encoderBytes);
        if (bad != null) {
            return new Result(OllamaPlanned.refused(bad), notes);
        }
        OllamaPlanModel m = model(ws, weightsBytes, encoderBytes, notes);
        if (m == null) {
            return new Result(OllamaPlanned.refused("the sheet's weights are smaller than its token embedding and output"
                    + " layer (WEIGHTS › Total parameters, MODEL › Vocabulary size)"), notes);
        }
        OllamaPlanSetup s = setup(ws, notes);
        return new Result(OllamaPlanner.plan(m, s), notes);
    }

    private static String problem(Worksheet ws, long weightsBytes, long encoderBytes) {
        KvArchitecture k = ws.kv();
        if (k.layers() == null || k.layers() < 1) {
            return "needs KV ARCHITECTURE › Layers";
        }
        if (k.attentionHeads() == null || k.attentionHeads() < 1) {
            return "needs KV ARCHITECTURE › Attention heads";
        }
        if (k.hiddenSize() == null && k.headDim() == null) {
            return "needs KV ARCHITECTURE › Hidden size or Head dimension";
        }
        Gpu g = ws.gpu();
        if (g.totalBytes() == null || g.totalBytes() < 1) {
            return "needs RUNTIME › GPU memory";
        }
        return weightsBytes - encoderBytes <= 0 ? "needs the weights (WEIGHTS)" : null;
    }

    static OllamaPlanModel model(Worksheet ws, long weightsBytes, long encoderBytes, List<String> notes) {
        KvArchitecture k = ws.kv();
        int n = k.layers();
        long heads = k.attentionHeads();
        long hidden = k.hiddenSize() != null ? k.hiddenSize() : Math.multiplyExact(heads, (long) k.headDim());
        long headDim = k.headDim() != null ? k.headDim() : hidden / heads;
        long kvHeads = k.kvHeads() != null ? k.kvHeads() : heads;
        Long vocab = ws.model().vocabSize();
        long v = vocab != null ? vocab : 128_000;
        notes.add("Ollama's planner reads a GGUF header; the sheet has none, so its model is derived from the sheet: "
                + n + " blocks (KV ARCHITECTURE › Layers), n_embd " + Units.grouped(hidden) + ", " + heads + " heads, "
                + kvHeads + " KV heads, key and value length " + headDim + ", vocabulary " + Units.grouped(v)
                + (vocab == null ? " (assumed: MODEL gives none)" : ""));
        long text = weightsBytes - encoderBytes;
        Long params = ws.weights().totalParams();
        long embd = params == null || params < 1 ? 0
                : (long) Math.ceil(Math.multiplyExact(v, hidden) * (text / (double) params));
        long norm = Math.multiplyExact(hidden, 4L);
        long blocks = text - 2 * embd - norm;
        if (blocks < n) {
            return null;
        }
        notes.add("token_embd and output " + Units.gibText(embd) + " each (n_vocab x n_embd at the bytes per parameter of the"
                + " model; assumed untied), output_norm " + Units.grouped(norm) + " B (n_embd F32), each block "
                + Units.gibText(blocks / n) + " (the rest of the weights spread evenly; a real file's blocks differ by"
                + " quantization mix)");
        OllamaPlanModel.Builder b = OllamaPlanModel.builder(arch(ws)).embedding(hidden).heads(heads).headsKv(kvHeads)
                .keyLength(headDim).valueLength(headDim).vocab(v).slidingWindow(window(k)).outputNorm(norm).output(embd)
                .tokenEmbd(embd).projectorFile(encoderBytes);
        b.layers((int) (blocks % n), blocks / n + 1).layers(n - (int) (blocks % n), blocks / n);
        if (encoderBytes > 0) {
            notes.add("The projector file " + Units.gibText(encoderBytes) + ": the encoders' bytes (WEIGHTS › Encoder parameters)");
        }
        return b.build();
    }

    private static String arch(Worksheet ws) {
        String a = ws.model().architecture();
        return a == null || a.isBlank() ? "llama" : a.strip().toLowerCase(Locale.ROOT);
    }

    private static long window(KvArchitecture k) {
        long w = 0;
        for (LayerWindow x : k.windows()) {
            w = Math.max(w, x.window() == null ? 0 : x.window());
        }
        return w;
    }

    static OllamaPlanSetup setup(Worksheet ws, List<String> notes) {
        OllamaRunnerSetup r = OllamaSheet.runnerSetup(ws);
        Gpu g = ws.gpu();
        int count = g.count() == null || g.count() < 1 ? 1 : g.count();
        List<Long> free = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            free.add(g.totalBytes());
        }
        Integer layers = OllamaSheet.gpuLayers(r.gpuLayers());
        Long set = ws.runtime().ollama().gpuOverheadBytes();
        long overhead = set == null ? 0 : set;
        notes.add("The setup of the planner: Ollama " + r.release() + ", CUDA (assumed), " + count + " GPU(s) with "
                + Units.gibText(g.totalBytes()) + " free each (the GPU memory of the sheet; Ollama sees less, without the CUDA"
                + " context and the memory of other processes), OLLAMA_GPU_OVERHEAD " + Units.grouped(overhead) + " B"
                + (set == null ? " (unset)" : " per GPU (RUNTIME › Ollama settings)") + ", " + Units.grouped(r.runnerContext().value())
                + " cells for " + r.parallel().value() + " sequences, num_batch " + r.batch().value());
        return new OllamaPlanSetup(r.release(), "cuda", free, overhead, r.runnerContext().value(), r.batch().value(),
                r.parallel().value(), layers == null ? -1 : layers, "on".equals(r.flashAttention().value()),
                r.cacheTypeK().value());
    }
}
