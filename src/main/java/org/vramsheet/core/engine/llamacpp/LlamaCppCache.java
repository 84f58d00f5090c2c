package org.vramsheet.core.engine.llamacpp;

/**
 * llama.cpp's cache sizes, exactly as its sources compute them (no fit). Two padding rules by build:
 * <ul>
 * <li>{@link Padding#B7108}: from the builds Ollama vendored as b7108 (llama-context.cpp: {@code n_ctx = GGML_PAD(n_ctx,
 * 256)}; not unified: {@code n_ctx_seq = GGML_PAD(n_ctx / n_seq_max, 256)}; llama-kv-cache-iswa.cpp: "the SWA cache is
 * always padded to 256", {@code GGML_PAD(min(size_base, n_swa x (unified ? n_seq_max : 1) + n_ubatch), 256)}).</li>
 * <li>{@link Padding#B6840}: up to b6840: n_ctx padded to {@code get_padding} (256 with flash attention, 32 without) and
 * {@code size_swa = min(size_base, GGML_PAD(n_swa x (unified ? n_seq_max : 1) + n_ubatch, n_pad))}, n_pad the same 256 / 32.</li>
 * </ul>
 * Cells are per stream: unified has one stream of n_ctx cells, otherwise n_seq_max streams of n_ctx_seq cells.
 */
public final class LlamaCppCache {
    /** The padding rule of a build. */
    public enum Padding { B6840, B7108 }

    /** A cache's shape: cells per stream and streams (the log's "(N cells, L layers, S/T seqs)": N and T). */
    public record Shape(long cells, int streams) {
        public long totalCells() { return Math.multiplyExact(cells, (long) streams); }
    }

    private LlamaCppCache() { }

    static long pad(long n, long to) { return Math.multiplyExact(Math.floorDiv(Math.addExact(n, to - 1), to), to); }

    /** The non-SWA (full) cache for a requested n_ctx, n_seq_max sequences. */
    public static Shape base(long nCtx, int nSeqMax, boolean unified, Padding rule, boolean flashAttn) {
        int seqs = Math.max(1, nSeqMax);
        if (rule == Padding.B6840) {
            long ctx = pad(nCtx, flashAttn ? 256 : 32);
            return unified ? new Shape(ctx, 1) : new Shape(ctx / seqs, seqs);
        }
        long ctx = pad(nCtx, 256);
        return unified ? new Shape(ctx, 1) : new Shape(pad(ctx / seqs, 256), seqs);
    }

    /**
     * The sliding-window cache next to {@code base} (llama_kv_cache_iswa): a unified cache (one stream) holds the window once
     * per sequence, a per-sequence cache once per stream. {@code --swa-full} gives it the base's size instead.
     */
    public static Shape swa(Shape base, long window, int nSeqMax, long nUbatch, Padding rule, boolean flashAttn) {
        long perStream = base.streams() == 1 ? Math.max(1, nSeqMax) : 1;
        long want = Math.addExact(Math.multiplyExact(window, perStream), nUbatch);
        long cells = rule == Padding.B7108 ? pad(Math.min(base.cells(), want), 256)
                : Math.min(base.cells(), pad(want, flashAttn ? 256 : 32));
        return new Shape(cells, base.streams());
    }

    /** Bytes of K and V for {@code layers} layers of {@code nEmbdK} / {@code nEmbdV} values per cell (n_embd_k_gqa). */
    public static long kvBytes(Shape s, int layers, long nEmbdK, long nEmbdV, LlamaCppCacheType k, LlamaCppCacheType v) {
        long perCell = Math.addExact(k.rowBytes(nEmbdK), v.rowBytes(nEmbdV));
        return Math.multiplyExact(Math.multiplyExact(perCell, s.totalCells()), (long) layers);
    }

    /**
     * Recurrent state (llama_memory_recurrent): R and S rows of {@code nEmbdR} / {@code nEmbdS} values in f32 per layer, for
     * max(1, n_seq_max) cells (llama-model.cpp create_memory), without rollback snapshots.
     */
    public static long stateBytes(int layers, long nEmbdR, long nEmbdS, int nSeqMax) {
        return stateBytes(layers, nEmbdR, nEmbdS, nSeqMax, 0);
    }

    /**
     * Recurrent state with {@code nRsSeq} rollback snapshots per cell (cparams.n_rs_seq, set for speculative decoding with an
     * MTP draft): llama-memory-recurrent.cpp allocates {@code n_rows = mem_size * (1 + n_rs_seq)} rows of R and of S per
     * layer, and prints "(mem_size cells, ..., n_rs_seq rs_seq)".
     */
    public static long stateBytes(int layers, long nEmbdR, long nEmbdS, int nSeqMax, int nRsSeq) {
        if (nRsSeq < 0) {
            throw new IllegalArgumentException("n_rs_seq " + nRsSeq + " < 0");
        }
        long perCell = Math.multiplyExact(Math.addExact(nEmbdR, nEmbdS), 4L);
        long rows = Math.multiplyExact((long) Math.max(1, nSeqMax), 1L + nRsSeq);
        return Math.multiplyExact(Math.multiplyExact(perCell, rows), (long) layers);
    }
}
