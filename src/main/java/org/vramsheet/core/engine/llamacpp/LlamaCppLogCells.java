package org.vramsheet.core.engine.llamacpp;

/**
 * The cells a llama.cpp log's cache holds when it prints no cells count, from its context lines: the printed n_ctx is
 * already padded (llama-context.cpp pads before it prints), and a cache that is not unified holds n_ctx_seq cells in
 * each of n_seq_max streams. Also the padding Apply should give the sheet so that its capacity is those cells.
 */
public final class LlamaCppLogCells {
    /** The last build that padded n_ctx to 32 cells without flash attention (get_padding); later builds pad to 256. */
    public static final int LAST_BUILD_PADDING_32 = 6840;
    /**
     * The newest build seen with one cache for every layer of a sliding-window model (LC09, gemma3 at b5050: "kv_size =
     * 4096 ... n_layer = 26"); llama.cpp PR #13194 (May 2025) gave sliding layers their own cache. Builds between are
     * taken to have it.
     */
    public static final int NEWEST_BUILD_WITHOUT_SWA_CACHE = 5050;

    private LlamaCppLogCells() { }

    /** Cells of the (non-SWA) cache: n_ctx, or n_ctx_seq x n_seq_max when not unified; null without n_ctx. */
    public static Long cells(Long nCtx, Long nCtxSeq, Integer nSeqMax, boolean unified) {
        if (nCtx == null) {
            return null;
        }
        int seqs = nSeqMax == null ? 1 : Math.max(1, nSeqMax);
        return unified || seqs == 1 || nCtxSeq == null ? nCtx : Math.multiplyExact(nCtxSeq, (long) seqs);
    }

    /**
     * The n_ctx padding of a build ("b5050"): 32 up to b6840 without flash attention ("0", "false", "disabled"), else 256.
     * The sheet pads its context to this (the module's block size), so a padded n_ctx from a log stays what it was.
     */
    public static int padding(String build, String flashAttn) {
        Integer b = build(build);
        boolean fa = flashAttn == null || !(flashAttn.equals("0") || flashAttn.equals("false") || flashAttn.equals("disabled"));
        return b != null && b <= LAST_BUILD_PADDING_32 && !fa ? 32 : 256;
    }

    /** "b5050" as 5050, or null. */
    static Integer build(String build) {
        if (build == null || !build.matches("b[0-9]{1,7}")) {
            return null;
        }
        return Integer.valueOf(build.substring(1));
    }
}
