package org.vramsheet.core.calc;

import java.util.List;
import org.vramsheet.core.sheet.KvArchitecture;
import org.vramsheet.core.sheet.LoraSettings;

/**
 * The projections a LoRA adapter can adapt in a decoder layer, with their input and output widths, and how a slot of one
 * adapter at rank r is laid out per GPU: a column-parallel projection (q, k, v, gate, up) keeps A (r x in) whole and B's
 * output per TP rank; a row-parallel one (o, down) keeps A's input per rank and B (out x r) whole, as vLLM's
 * {@code lora/layers} and SGLang's {@code lora/mem_pool.py} shape them. Whole model (TP 1): r x (in + out) per projection.
 */
final class LoraModules {
    private LoraModules() { }

    /** The projections a slot covers: every one for an engine that wraps all (vLLM), else the sheet's targets. */
    static List<String> counted(LoraSettings s, boolean everyProjection) {
        return everyProjection ? LoraSettings.PROJECTIONS : s.modules();
    }

    /** One decoder layer's widths: hidden, query heads x head dim, KV heads, head dim, MLP intermediate. */
    record Dims(long hidden, long heads, long kvHeads, long headDim, long intermediate) {
        static Dims of(KvArchitecture k, Integer intermediate) {
            long heads = k.attentionHeads();
            long headDim = k.headDim() != null ? k.headDim() : k.hiddenSize() / heads;
            return new Dims(k.hiddenSize(), heads, k.kvHeads() == null ? heads : k.kvHeads(), headDim,
                    intermediate == null ? 0 : intermediate);
        }

        /** {in, out} of a projection, whole. */
        long[] widths(String m) {
            long q = heads * headDim;
            long kv = kvHeads * headDim;
            return switch (m) {
                case "q_proj" -> new long[] {hidden, q};
                case "k_proj", "v_proj" -> new long[] {hidden, kv};
                case "o_proj" -> new long[] {q, hidden};
                case "gate_proj", "up_proj" -> new long[] {hidden, intermediate};
                case "down_proj" -> new long[] {intermediate, hidden};
                default -> throw new IllegalArgumentException("not a LoRA projection: " + m);
            };
        }

        /** A slot's elements for one projection on one TP rank at rank r. */
        long perRank(String m, long r, int tp) {
            long[] w = widths(m);
            boolean row = m.equals("o_proj") || m.equals("down_proj");
            long out = w[1];
            if (m.equals("k_proj") || m.equals("v_proj")) {
                out = Math.max(1, kvHeads / tp) * headDim; // KV heads replicated past TP
            } else if (!row) {
                out = ceil(out, tp);
            }
            long in = row ? ceil(w[0], tp) : w[0];
            return Math.multiplyExact(r, Math.addExact(in, out));
        }
    }

    static long ceil(long a, long b) { return (a + b - 1) / b; }
}
