package org.vramsheet.core.engine.ollama;

import java.util.ArrayList;
import java.util.List;

/**
 * A port of Ollama's {@code GGML.GraphSize} (llm/ggml.go to 0.5.x, fs/ggml/ggml.go from 0.6.0; removed with
 * llm/memory.go in 0.12.11): the KV cache per block and the compute graph for a full and a partial offload, in Ollama's
 * own unsigned integer arithmetic (left to right: {@code embedding*vocab*105/128} multiplies before it divides).
 * <ul>
 * <li>KV: {@code context x (key_length + value_length) x head_count_kv x bytes per element} (f16 2, q8_0 1, q4_0 0.5,
 * through a float64 as Ollama does); before 0.6.3 one figure for all blocks, each block taking
 * {@code kv / block_count} (commit f66216e39 made it per block)</li>
 * <li>gemma3 from 0.6.3: five of every six blocks are sliding, {@code parallel x sliding_window + batch} cells (the
 * textbook would size them {@code min(context, ...)}; Ollama does not clamp)</li>
 * <li>gptoss from 0.11.1: even blocks {@code parallel x 4096 + batch} cells, odd blocks the context; the graph is
 * {@code 4 x heads / min head_count_kv x kv / 6}, with the kv of the uniform sizing before the sliding rule</li>
 * <li>the graphs by architecture: llama (llama4 from 0.6.7), gemma / gemma2 (gemma3 from 0.6.0, gemma3n from 0.9.3
 * times 4), command-r, qwen2, phi2, stablelm, deepseek2, chatglm (without its qkv-bias term); any other architecture
 * has no graph here and {@code EstimateGPULayers} uses {@code heads / head_count_kv x kv / 6}; the Mixtral tensor
 * shapes (ffn_gate_exps, ffn_gate.0) and mllama's cross-attention cache are not ported</li>
 * </ul>
 */
final class OllamaGraphSize {
    private static final OllamaRelease PER_BLOCK = OllamaRelease.of("0.6.3");
    private static final OllamaRelease GEMMA3 = OllamaRelease.of("0.6.0");
    private static final OllamaRelease LLAMA4 = OllamaRelease.of("0.6.7");
    private static final OllamaRelease GEMMA3N = OllamaRelease.of("0.9.3");
    private static final OllamaRelease GPTOSS = OllamaRelease.of("0.11.1");

    /** The KV bytes of each block and the two graphs; a graph of 0 means "not estimated for this architecture". */
    record Graph(List<Long> kv, long kvTotal, long partial, long full) { }

    /** What GraphSize is given: the context (all sequences' cells), the batch, the sequences and the cache type. */
    record Request(long context, long batch, int parallel, String kvType, OllamaRelease release) { }

    private OllamaGraphSize() { }

    static double bytesPerElement(String kvType) {
        return switch (kvType == null ? "" : kvType) {
            case "q8_0" -> 1;
            case "q4_0" -> 0.5;
            default -> 2;
        };
    }

    static Graph of(OllamaPlanModel m, Request q) {
        List<Long> kv = kvPerBlock(m, q);
        long total = 0;
        for (long b : kv) {
            total = Math.addExact(total, b);
        }
        long[] g = graphs(m, q, uniformTotal(m, q));
        return new Graph(kv, total, g[0], g[1]);
    }

    private static List<Long> kvPerBlock(OllamaPlanModel m, Request q) {
        int n = m.blockCount();
        double bpe = bytesPerElement(q.kvType());
        long heads = Math.multiplyExact(m.keyLength() + m.valueLength(), m.headsKvMax());
        List<Long> kv = new ArrayList<>(n);
        if (q.release().before(PER_BLOCK)) {
            long all = (long) (Math.multiplyExact(Math.multiplyExact(q.context(), n), heads) * bpe);
            for (int i = 0; i < n; i++) {
                kv.add(n == 0 ? 0 : all / n);
            }
            return kv;
        }
        long full = cells(q.context(), heads, bpe);
        boolean gemma3 = "gemma3".equals(m.architecture());
        boolean gptoss = "gptoss".equals(m.architecture()) && q.release().atLeast(GPTOSS);
        long sliding = Math.addExact(Math.multiplyExact(q.parallel(), m.slidingWindow()), q.batch());
        long ossSliding = Math.addExact(Math.multiplyExact(q.parallel(), 4096L), q.batch());
        for (int i = 0; i < n; i++) {
            if (gemma3 && (i + 1) % 6 != 0) {
                kv.add(cells(sliding, heads, bpe));
            } else if (gptoss) {
                kv.add(Math.multiplyExact((long) (heads * bpe), i % 2 == 0 ? ossSliding : q.context()));
            } else {
                kv.add(full);
            }
        }
        return kv;
    }

    private static long cells(long cells, long perCell, double bpe) {
        return (long) (Math.multiplyExact(cells, perCell) * bpe);
    }

    /** gptoss's graph reads the kv total GraphSize summed before its own per-block rule replaced the slice. */
    private static long uniformTotal(OllamaPlanModel m, Request q) {
        long heads = Math.multiplyExact(m.keyLength() + m.valueLength(), m.headsKvMax());
        return Math.multiplyExact(cells(q.context(), heads, bytesPerElement(q.kvType())), m.blockCount());
    }

    /** {partial, full}. */
    private static long[] graphs(OllamaPlanModel m, Request q, long uniformKv) {
        String a = m.architecture();
        OllamaRelease r = q.release();
        if ("llama".equals(a) || "llama4".equals(a) && r.atLeast(LLAMA4)) {
            return llama(m, q.context(), q.batch());
        }
        if ("gemma".equals(a) || "gemma2".equals(a) || "gemma3".equals(a) && r.atLeast(GEMMA3)
                || "gemma3n".equals(a) && r.atLeast(GEMMA3N)) {
            long[] g = gemma(m, q.context(), q.batch());
            int times = "gemma3n".equals(a) ? 4 : 1;
            return new long[] {g[0] * times, g[1] * times};
        }
        if ("gptoss".equals(a) && r.atLeast(GPTOSS)) {
            long full = 4 * m.headsMax() / Math.max(1, m.headsKvMin()) * uniformKv / 6;
            return new long[] {full, full};
        }
        return OllamaGraphFormulas.other(m, q.context(), q.batch());
    }

    private static long[] llama(OllamaPlanModel m, long ctx, long b) {
        long e = m.embedding();
        long h = m.headsMax();
        long full = Math.max(4 * b * (1 + 4 * e + ctx * (1 + h)), 4 * b * (e + m.vocab()));
        long eh = e / Math.max(1, h);
        long partial = 4 * b * e + Math.max(
                4 * b * (1 + e + Math.max(ctx, e)) + e * e * 9 / 16 + 4 * ctx * (b * h + eh * m.headsKvMax()),
                4 * b * (e + m.vocab()) + e * m.vocab() * 105 / 128);
        return new long[] {partial, full};
    }

    private static long[] gemma(OllamaPlanModel m, long ctx, long b) {
        long e = m.embedding();
        long h = m.headsMax();
        long k = m.keyLength();
        long full = Math.max(4 * b * (e + m.vocab()), 4 * b * (2 + ctx + ctx * h + 2 * e + 2 * k * h));
        long partial = Math.max(4 * e * b + e * m.vocab() * 105 / 128 + 4 * m.vocab() * b,
                4 * b * (2 * e + 1 + 2 * k * h + ctx + ctx * h) + 4 * k * ctx * 8 + e * k * h * 9 / 16);
        return new long[] {partial, full};
    }
}
