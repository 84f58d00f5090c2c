package org.vramsheet.io.model.gguf;

/**
 * One decoder layer of a GGUF model as llama.cpp caches it (llama-hparams.cpp: {@code has_kv}, {@code is_swa},
 * {@code is_recurrent}, {@code n_embd_k_gqa(il) = n_embd_head_k x n_head_kv(il)}).
 *
 * @param index     the layer (0 first)
 * @param kv        whether the layer holds K/V cells (attention with KV heads, not sharing another layer's cache)
 * @param sliding   whether its attention is windowed (sliding or chunked)
 * @param recurrent whether it keeps a fixed recurrent state (Mamba, RWKV, short-conv, linear attention)
 * @param kvHeads   its KV heads (0 without a cache of its own)
 * @param headK     K values per head
 * @param headV     V values per head (0 where llama.cpp keeps no V rows: MLA)
 */
public record GgufLayer(int index, boolean kv, boolean sliding, boolean recurrent, int kvHeads, int headK, int headV) {
    /** K values per cell of this layer (n_embd_k_gqa). */
    public long embdK() { return kv ? (long) kvHeads * headK : 0; }

    /** V values per cell of this layer (n_embd_v_gqa). */
    public long embdV() { return kv ? (long) kvHeads * headV : 0; }
}
