package org.vramsheet.io.model.gguf;

import java.util.Arrays;
import java.util.Set;
import org.vramsheet.core.units.Units;

/**
 * Which layers of a GGUF model keep a recurrent state instead of (or beside) a KV cache, and that state's size, as
 * llama.cpp decides them:
 * <ul>
 * <li>llama-model.cpp {@code load_hparams}: mamba, mamba2, rwkv6, rwkv6qwen2, rwkv7, arwkv7 are recurrent on every layer
 * ({@code llm_arch_is_recurrent}); jamba, plamo2, granitehybrid, lfm2, lfm2moe, kimi-linear: a layer is recurrent when
 * its {@code .attention.head_count_kv} is 0; nemotron_h(_moe): when both its head_count_kv and its
 * {@code .feed_forward_length} are 0 (a layer with neither is an MLP layer: no cache, no state); qwen3next, qwen35,
 * qwen35moe: every layer but each {@code .full_attention_interval}-th (default 4) is linear attention, the trailing
 * {@code .nextn_predict_layers} are not; falcon-h1: every layer has both attention and a Mamba-2 state.</li>
 * <li>llama-hparams.cpp {@code n_embd_r} / {@code n_embd_s}, the values per layer and sequence: RWKV
 * {@code token_shift_count x n_embd} and {@code n_embd x wkv.head_size}; LFM2 short-conv {@code n_embd x
 * (shortconv.l_cache - 1)}; KDA {@code 3 x (ssm.conv_kernel - 1) x n_head x kda.head_dim} and {@code kda.head_dim^2 x
 * n_head}; Mamba and linear attention {@code (ssm.conv_kernel - 1) x (ssm.inner_size + 2 x ssm.group_count x
 * ssm.state_size)} and {@code ssm.state_size x ssm.inner_size}. llama_memory_recurrent keeps both in f32 (4 bytes).</li>
 * </ul>
 */
final class GgufRecurrent {
    static final Set<String> ALL = Set.of("mamba", "mamba2", "rwkv6", "rwkv6qwen2", "rwkv7", "arwkv7");
    static final Set<String> ZERO_KV = Set.of("jamba", "plamo2", "granitehybrid", "lfm2", "lfm2moe", "kimi-linear");
    static final Set<String> NO_KV_NO_FF = Set.of("nemotron_h", "nemotron_h_moe");
    static final Set<String> INTERVAL = Set.of("qwen3next", "qwen35", "qwen35moe");
    static final Set<String> BOTH = Set.of("falcon-h1");
    private static final String[] STATE_KEYS = {"ssm.state_size", "ssm.conv_kernel", "wkv.head_size", "shortconv.l_cache",
        "kda.head_dim"};

    private GgufRecurrent() { }

    /** Whether llama.cpp has a recurrent-layer rule for this architecture (the lists above). */
    static boolean known(String arch) {
        return ALL.contains(arch) || ZERO_KV.contains(arch) || NO_KV_NO_FF.contains(arch) || INTERVAL.contains(arch)
                || BOTH.contains(arch);
    }

    /** Whether the file describes a recurrent part at all (any architecture in the lists, or any state key). */
    static boolean any(GgufKeys k) {
        if (known(k.arch())) {
            return true;
        }
        for (String s : STATE_KEYS) {
            if (k.has(s)) {
                return true;
            }
        }
        return false;
    }

    /** The recurrent layers; kvHeads is each layer's head_count_kv, nextn the trailing MTP layers. */
    static boolean[] layers(GgufKeys k, long[] kvHeads, int nextn, GgufNotes notes) {
        int n = kvHeads.length;
        boolean[] r = new boolean[n];
        String a = k.arch();
        if (ALL.contains(a) || BOTH.contains(a)) {
            Arrays.fill(r, true);
        } else if (ZERO_KV.contains(a)) {
            for (int il = 0; il < n; il++) {
                r[il] = kvHeads[il] == 0;
            }
        } else if (NO_KV_NO_FF.contains(a)) {
            long[] ff = k.perLayer("feed_forward_length", n, 0, Long.MAX_VALUE);
            for (int il = 0; il < n; il++) {
                r[il] = kvHeads[il] == 0 && (ff == null || ff[il] == 0);
            }
        } else if (INTERVAL.contains(a)) {
            Long key = k.count("full_attention_interval", 1, GgufLimits.MAX_LAYERS);
            long interval = key == null ? 4 : key;
            for (int il = 0; il < n; il++) {
                r[il] = il < n - nextn && (il + 1) % interval != 0;
            }
            notes.detect("full attention on one layer in " + interval + (key == null ? " (no '" + k.key("full_attention_interval")
                    + "': 4, as llama.cpp defaults it)" : " ('" + k.key("full_attention_interval") + "')")
                    + ", linear attention elsewhere");
        } else if (any(k)) {
            for (int il = 0; il < n; il++) {
                r[il] = kvHeads[il] == 0;
            }
            notes.assume("'" + a + "' is not an architecture whose recurrent layers the importer knows: the layers with "
                    + "head_count_kv 0 are read as recurrent, as llama.cpp does for its hybrids");
        }
        return r;
    }

    /** Bytes of state per recurrent layer and sequence (f32), with what it was read from. */
    static long bytesPerLayer(GgufKeys k, long embd, long heads, GgufNotes notes) {
        long r;
        long s;
        String how;
        Long wkv = k.count("wkv.head_size", 1, GgufLimits.MAX_HEAD_DIM);
        Long lCache = k.count("shortconv.l_cache", 1, GgufLimits.MAX_HEAD_DIM);
        Long kda = k.count("kda.head_dim", 1, GgufLimits.MAX_HEAD_DIM);
        long conv = orZero(k, "ssm.conv_kernel", GgufLimits.MAX_HEAD_DIM);
        long inner = orZero(k, "ssm.inner_size", GgufLimits.MAX_WIDTH * 16);
        long state = orZero(k, "ssm.state_size", GgufLimits.MAX_HEAD_DIM);
        long groups = orZero(k, "ssm.group_count", GgufLimits.MAX_HEADS);
        if (wkv != null) {
            Long shift = k.count("token_shift_count", 0, 16);
            long t = shift == null ? 2 : shift;
            r = Math.multiplyExact(t, embd);
            s = Math.multiplyExact(embd, wkv);
            how = "RWKV: token shift " + t + " x " + embd + " + wkv " + embd + " x " + wkv + " ('" + k.key("wkv.head_size") + "')";
        } else if (lCache != null) {
            r = Math.multiplyExact(embd, lCache - 1);
            s = Math.multiplyExact(state, inner);
            how = "short conv " + embd + " x (" + lCache + " - 1) ('" + k.key("shortconv.l_cache") + "')";
        } else if (kda != null) {
            long c = conv > 0 ? conv - 1 : 3; // llama-hparams.cpp: ssm_d_conv - 1, or 3 without the key
            r = Math.multiplyExact(3 * c, Math.multiplyExact(heads, kda));
            s = Math.multiplyExact(Math.multiplyExact(kda, kda), heads);
            how = "KDA: conv 3 x " + c + " x " + heads + " x " + kda + " + state " + kda + " x " + kda + " x " + heads
                    + " ('" + k.key("kda.head_dim") + "')";
        } else {
            long perConv = Math.addExact(inner, Math.multiplyExact(2 * groups, state));
            r = Math.multiplyExact(Math.max(conv - 1, 0), perConv);
            s = Math.multiplyExact(state, inner);
            how = "conv (" + conv + " - 1) x (" + inner + " + 2 x " + groups + " x " + state + ") + state " + state + " x " + inner
                    + " ('" + k.key("ssm.conv_kernel") + "', '" + k.key("ssm.inner_size") + "', '" + k.key("ssm.state_size")
                    + "', '" + k.key("ssm.group_count") + "')";
        }
        long values = Math.addExact(r, s);
        notes.detect("recurrent state per layer and sequence: " + how + " = " + Units.grouped(values) + " values, f32 as "
                + "llama.cpp keeps it: " + Units.grouped(Math.multiplyExact(values, 4L)) + " B");
        return Math.multiplyExact(values, 4L);
    }

    private static long orZero(GgufKeys k, String suffix, long max) {
        Long v = k.count(suffix, 0, max);
        return v == null ? 0 : v;
    }
}
